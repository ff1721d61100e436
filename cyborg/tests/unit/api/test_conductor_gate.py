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
"""Tests of the API's conductor gate: it refuses only what it observed."""

import os
import threading

import oslo_messaging as messaging

from cyborg import exception
from cyborg.api import conductor_gate
from cyborg.api import heartbeat
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.db.queries import service as service_queries
from cyborg.tests import base


class BlockedConductorAPI:
    """A hello still under way (connecting, or waiting for an answer)
    until ``release`` is set.
    """

    def __init__(self):
        self.release = threading.Event()

    def hello(self, context, **kwargs):
        self.release.wait(60)
        raise messaging.MessagingTimeout()


class Unrouted:
    """A call that RabbitMQ returns *times* times (no conductor queue
    yet), then reaches a conductor.
    """

    def __init__(self, times):
        self.times = times
        self.calls = 0

    def __call__(self, context, **kwargs):
        self.calls += 1
        if self.calls <= self.times:
            raise messaging.MessageUndeliverable(
                None, 'cyborg', conductor_rpcapi.TOPIC, {})
        return 'answered'


class ConductorGateTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.rpc_servers.start_conductor()
        self.gate = conductor_gate.GatedConductorAPI()

    def _process_heartbeat(self, beat):
        heartbeat._STARTED[os.getpid()] = beat
        self.addCleanup(heartbeat._STARTED.pop, os.getpid(), None)
        return beat

    def test_a_hello_waiting_for_an_answer_is_no_refusal(self):
        # Issue 38: the first hello had not finished within
        # messaging_wait_timeout (it waits report_interval for a
        # conductor's answer) and writes were refused "RabbitMQ cannot be
        # reached".  The probe before it says whether RabbitMQ took it.
        self.flags(group='api', messaging_wait_timeout=1)
        api = BlockedConductorAPI()
        # The probe (RabbitMQ's; here the in-memory transport takes it).
        beat = self._process_heartbeat(heartbeat.Heartbeat(api, probe=True))
        beat.start()
        self.addCleanup(beat.stop)
        self.addCleanup(api.release.set)  # first: the hello ends
        service_queries.heartbeat(self.context, 'c1', 'cyborg-conductor')
        self.assertIsNone(self.gate.check(wait=0))
        self.assertEqual((True, None), beat.messaging_verdict())
        self.assertIsNone(beat.routable)  # the hello is under way

    def test_an_unreachable_backend_is_refused(self):
        beat = self._process_heartbeat(heartbeat.Heartbeat())
        beat._verdict(False, 'connection refused')
        exc = self.assertRaises(exception.MessagingUnavailable,
                                self.gate.check)
        self.assertIn('connection refused', str(exc))

    def test_no_conductor_is_refused_after_the_wait(self):
        self.flags(group='api', conductor_wait_timeout=0)
        beat = self._process_heartbeat(heartbeat.Heartbeat())
        beat.beat()
        exc = self.assertRaises(exception.ConductorUnavailable,
                                self.gate.device_profile_create,
                                self.context, device_profile={})
        self.assertIn('none has sent a heartbeat', str(exc))

    def test_a_method_is_wrapped_once(self):
        self.assertIs(self.gate.arq_create, self.gate.arq_create)
        self.assertIs(self.gate._api.client, self.gate.client)

    def test_an_unrouted_call_is_sent_again(self):
        call = Unrouted(times=2)
        self.assertEqual('answered', conductor_gate._send_when_routable(
            float('inf'), call, self.context))
        self.assertEqual(3, call.calls)

    def test_an_unrouted_call_is_refused_at_the_deadline(self):
        call = Unrouted(times=1000)
        exc = self.assertRaises(
            exception.ConductorUnavailable,
            conductor_gate._send_when_routable, 0, call, self.context)
        self.assertIn('no queue of cyborg-conductor', str(exc))
        self.assertEqual(1, call.calls)
