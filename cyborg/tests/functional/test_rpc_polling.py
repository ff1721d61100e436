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
"""Idle polling of RPC consumers over RabbitMQ (cyborg.rpc._tune_polling).

An RPC server and a client in this process, on a vhost of their own:
calls and casts arrive as before, and after a call the consumers wake up
a handful of times while idle instead of about ten times.  What is
counted is wake-ups (calls of the driver's ``consume``), never a
duration.
"""

import collections
import threading
import time

import fixtures
import oslo_messaging as messaging
from oslo_messaging._drivers import impl_rabbit
from oslo_utils import uuidutils

from cyborg import rpc
from cyborg.tests import base
from cyborg.tests.fixtures import backends

# With back-off from 50 ms, an idle consumer starts its waits at 0, 50,
# 150 and 350 ms after a message: 4 in IDLE seconds, 5 if a heartbeat
# frame of RabbitMQ (one every 30 s at most) ends a wait early.  From
# 1 ms it was 8 per consumer here.
IDLE = 0.4
MOST_WAKEUPS = 5


class _Endpoint:
    target = messaging.Target(version='1.0')

    def __init__(self):
        self.casts = []
        self.cast_done = threading.Event()

    @messaging.expose
    def echo(self, context, value):
        return value

    @messaging.expose
    def note(self, context, value):
        self.casts.append(value)
        self.cast_done.set()


class IdlePollingTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        backends.check(self, 'rabbit')
        self.flags(control_exchange='cyborg')
        rpc.init(base.CONF, url=backends.rabbit_url())
        topic = 'cyborg-test-polling-' + uuidutils.generate_uuid()[:8]
        self.endpoint = _Endpoint()
        self.server = rpc.get_server(
            messaging.Target(topic=topic, server='s1'), [self.endpoint])
        self.server.start()
        self.addCleanup(self.server.wait)
        self.addCleanup(self.server.stop)
        self.client = rpc.get_client(messaging.Target(topic=topic))
        self.wakeups = collections.Counter()
        original = impl_rabbit.Connection.consume

        def counting(connection, timeout=None):
            # Thread names end with their target: "(poll)" is the
            # client's reply waiter, "(_runner)" the server's listener.
            self.wakeups[threading.current_thread().name.rpartition(
                '(')[2].rstrip(')')] += 1
            return original(connection, timeout=timeout)
        self.useFixture(fixtures.MonkeyPatch(
            'oslo_messaging._drivers.impl_rabbit.Connection.consume',
            counting))

    def _call(self, value):
        # The first call may be sent before the server's queue is bound:
        # a lost call times out, the next one gets through.
        for _ in range(10):
            try:
                return self.client.prepare(timeout=3).call(
                    self.context, 'echo', value=value)
            except messaging.MessagingTimeout:
                continue
        self.fail('no answer from the RPC server')

    def test_calls_and_casts_are_delivered(self):
        self.assertEqual('a', self._call('a'))
        self.assertEqual(['b', 'c'], [self._call('b'), self._call('c')])
        self.client.cast(self.context, 'note', value='d')
        self.assertTrue(self.endpoint.cast_done.wait(10))
        self.assertEqual(['d'], self.endpoint.casts)

    def test_idle_consumers_wake_up_a_few_times(self):
        self._call('warm-up')
        self.assertEqual('x', self._call('x'))
        self.wakeups.clear()
        time.sleep(IDLE)
        counts = dict(self.wakeups)
        self.assertLessEqual(counts.get('poll', 0), MOST_WAKEUPS, counts)
        self.assertLessEqual(counts.get('_runner', 0), MOST_WAKEUPS, counts)
        self.assertGreater(counts.get('poll', 0), 0, counts)
