# Copyright 2026 The Cyborg Authors
#
# Licensed under the Apache License, Version 2.0 (the "License"); you may
# not use this file except in compliance with the License. You may obtain
# a copy of the License at
#
#      http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS, WITHOUT
# WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the
# License for the specific language governing permissions and limitations
# under the License.
"""A write answered 503 is not done by a paused conductor that resumes.

A real cyborg-api (``rpc_response_timeout`` of 2 s) and cyborg-conductor
over RabbitMQ, on MariaDB.  The conductor is paused (SIGSTOP to its
processes) while it still counts as up (a long ``service_down_time``),
so the API sends a device profile create and answers 503 when no answer
comes.  The conductor resumes (SIGCONT) and finds the call in its queue:
it drops it and logs so.  The client's retry then creates the profile,
once.  Before the deadlines, the resumed conductor created the profile
the client was told was not created, and the retry answered 409.

With a long ``rpc_response_timeout``, the API finds a paused conductor out
sooner: once its heartbeat's hellos have gone unanswered for two
``report_interval`` and no conductor has written its own heartbeat for as
long (``heartbeat.STALL_FLOOR`` at least), writes answer 503 at once and
are not sent.
"""

import os
import signal
import time

from oslo_serialization import jsonutils
import pytest
import requests

from cyborg.api import heartbeat
from cyborg.tests.functional import base
from cyborg.tests.functional.faults import base as faults_base
from cyborg.tests.functional.fixtures import services

pytestmark = pytest.mark.slow(1)

TIMEOUT = 2
HUNG = 60
DROPPED = 'Dropped the device_profile_create call'


class _PausedConductorBase(base.ServiceTestCase):

    RPC_TIMEOUT = TIMEOUT

    def service_config(self, host, **groups):
        config = super().service_config(host, **groups)
        # The paused conductor stays up for the API: it sends the call.
        config['DEFAULT']['service_down_time'] = 60
        return config

    def setUp(self):
        super().setUp()
        self.port = services.free_port()
        self.url = 'http://127.0.0.1:%d/v2' % self.port
        self.conductor = self.start_service('cyborg-conductor',
                                            self.host('cond'))
        self.start_service(
            'cyborg-api', self.host('api'),
            DEFAULT={'auth_strategy': 'noauth',
                     'rpc_response_timeout': self.RPC_TIMEOUT},
            api={'host_ip': '127.0.0.1', 'port': self.port,
                 'api_workers': 1, 'api_threads': 4})
        services.wait_for(lambda: self._create('first') == 201, timeout=60,
                          message='no conductor ever answered the API')

    def _create(self, name):
        try:
            response = requests.post(
                self.url + '/device_profiles', timeout=HUNG,
                json=[{'name': name, 'groups': [{'resources:FPGA': '1'}]}])
        except requests.ConnectionError:
            return None
        if response.status_code == 503:
            return jsonutils.loads(
                response.json()['error_message'])['error_code']
        return response.status_code

    def _names(self):
        return sorted(p['name'] for p in requests.get(
            self.url + '/device_profiles',
            timeout=HUNG).json()['device_profiles'])

    def _signal(self, sig):
        pid = self.conductor.process.pid
        for each in [pid] + faults_base.children(pid):
            os.kill(each, sig)


class ConductorPausedTestCase(_PausedConductorBase):

    def test_write_answered_503_is_dropped_on_resume(self):
        self._signal(signal.SIGSTOP)
        self.addCleanup(self._signal, signal.SIGCONT)
        self.assertEqual('cyborg.conductor.unavailable',
                         self._create('late'))
        self._signal(signal.SIGCONT)
        # The resumed conductor reads the call: it drops it (and says
        # so), or, without deadlines, creates the profile.
        services.wait_for(
            lambda: DROPPED in self.conductor.log() or
            'late' in self._names(), timeout=30,
            message='the resumed conductor never handled the call')
        self.assertEqual(['first'], self._names())
        self.assertIn(DROPPED, self.conductor.log())
        # The client's retry creates it, once.
        self.assertEqual(201, self._create('late'))
        self.assertEqual(['first', 'late'], self._names())


class ConductorStalledTestCase(_PausedConductorBase):

    RPC_TIMEOUT = HUNG
    SILENT = 'No answer from a conductor to the heartbeat'

    def test_a_paused_conductor_is_found_out_sooner(self):
        api = self.processes[-1]
        silent = api.log().count(self.SILENT)
        self._signal(signal.SIGSTOP)
        self.addCleanup(self._signal, signal.SIGCONT)
        # Hellos unanswered (report_interval 1, each waits one) for longer
        # than STALL_FLOOR: the conductor's last heartbeat, written before
        # the pause and maybe after the first of them was sent, is older.
        missed = int(heartbeat.STALL_FLOOR) + 2
        services.wait_for(
            lambda: api.log().count(self.SILENT) >= silent + missed,
            timeout=60, message='the API never missed its hellos')
        started = time.monotonic()
        self.assertEqual('cyborg.conductor.unavailable',
                         self._create('refused'))
        elapsed = time.monotonic() - started
        # Not the RPC_TIMEOUT (60 s) of a call sent to a paused conductor.
        self.assertLess(elapsed, HUNG / 4,
                        'the 503 took %.1f s' % elapsed)
        self._signal(signal.SIGCONT)
        services.wait_for(lambda: self._create('after') == 201,
                          timeout=60,
                          message='the resumed conductor never answered')
        # The refused write was never sent: nothing creates it late.
        self.assertEqual(['after', 'first'], self._names())
