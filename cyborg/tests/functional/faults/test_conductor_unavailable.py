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
"""Writes while no conductor can answer: 503 cyborg.conductor.unavailable.

In process (webtest, oslo.messaging's in-memory transport); the services
table decides whether a conductor is up.  The same with real processes
over RabbitMQ is in test_conductor_stop.
"""

import os

from oslo_serialization import jsonutils

from cyborg.api import heartbeat
from cyborg.db.queries import service as service_queries
from cyborg.tests.functional import api_base
from cyborg.tests.functional.fixtures import services

PROFILE = [{'name': 'p1', 'groups': [{'resources:FPGA': '1'}]}]


def _error(response):
    return jsonutils.loads(response.json['error_message'])


class ConductorDownTestCase(api_base.APITestCase):
    """The process's heartbeat reads the services table (as in a
    cyborg-api worker); the conductor still serves, but its own heartbeat
    is older than service_down_time.
    """

    def setUp(self):
        super().setUp()
        # A write waits this long for a conductor to come up (issue 38)
        # before its 503.
        self.flags(group='api', conductor_wait_timeout=1)
        clock = self.time_fixture()
        clock.advance(self.conf_fixture.conf.service_down_time + 1)
        self.beat = heartbeat.ensure_started()
        self.addCleanup(heartbeat._STARTED.pop, os.getpid(), None)
        self.addCleanup(self.beat.stop)

    def _profiles(self):
        return self.app.get('/v2/device_profiles').json['device_profiles']

    def test_no_conductor_up_is_refused_without_a_call(self):
        response = self.app.post_json('/v2/device_profiles', PROFILE,
                                      expect_errors=True)
        self.assertEqual(503, response.status_int, response.text)
        fault = _error(response)
        self.assertEqual('cyborg.conductor.unavailable',
                         fault['error_code'])
        self.assertEqual('Server', fault['faultcode'])
        self.assertIn('Retry later', fault['faultstring'])
        # No call was made: nothing was created.
        self.assertEqual([], self._profiles())
        # Reads are the database's: they answer.
        self.app.get('/v2/devices', status=200)

    def test_a_conductor_up_back_is_called_again(self):
        self.app.post_json('/v2/device_profiles', PROFILE, status=503)
        service_queries.heartbeat(self.context, 'c1', 'cyborg-conductor')
        # The process's next heartbeat sees it.
        services.wait_for(lambda: self.beat.conductors_up, timeout=30,
                          message='the heartbeat never saw c1 up')
        self.app.post_json('/v2/device_profiles', PROFILE, status=201)
        self.assertEqual(['p1'], [p['name'] for p in self._profiles()])


class ConductorSilentTestCase(api_base.APITestCase):
    """A conductor is up per the services table but does not answer (it
    hangs, or died within service_down_time).
    """

    def configure(self):
        self.flags(rpc_response_timeout=1)
        # The topic's only consumer is gone; its heartbeat is recent.
        self.conductor_server.stop()
        self.conductor_server.wait()

    def test_no_answer_is_a_503(self):
        response = self.app.post_json('/v2/device_profiles', PROFILE,
                                      expect_errors=True)
        self.assertEqual(503, response.status_int, response.text)
        self.assertEqual('cyborg.conductor.unavailable',
                         _error(response)['error_code'])
        self.assertIn('no answer within 1 seconds',
                      _error(response)['faultstring'])
