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
"""Tests of cyborg.rpc's tuning of oslo.messaging's idle polling."""

import fixtures
from oslo_messaging._drivers import amqpdriver

from cyborg import rpc
from cyborg.tests import base

CONSTANT = ('oslo_messaging._drivers.amqpdriver.'
            'ACK_REQUEUE_EVERY_SECONDS_MIN')


class IdlePollingTestCase(base.TestCase):

    def test_oslo_messaging_still_has_the_constant(self):
        # An upgrade of oslo.messaging that renames it must not silently
        # bring back the 1 ms polling.
        self.assertIsInstance(amqpdriver.ACK_REQUEUE_EVERY_SECONDS_MIN,
                              float)

    def test_init_raises_the_floor(self):
        self.useFixture(fixtures.MonkeyPatch(CONSTANT, 0.001))
        rpc.cleanup()
        rpc.init(base.CONF, url='fake:/')
        self.assertEqual(rpc.IDLE_POLL_FLOOR,
                         amqpdriver.ACK_REQUEUE_EVERY_SECONDS_MIN)

    def test_a_longer_timeout_is_kept(self):
        self.useFixture(fixtures.MonkeyPatch(CONSTANT, 0.2))
        rpc.cleanup()
        rpc.init(base.CONF, url='fake:/')
        self.assertEqual(0.2, amqpdriver.ACK_REQUEUE_EVERY_SECONDS_MIN)

    def test_without_the_constant_init_warns(self):
        self.useFixture(fixtures.MonkeyPatch(CONSTANT,
                                             fixtures.MonkeyPatch.delete))
        log = self.useFixture(fixtures.FakeLogger(name='cyborg.rpc'))
        rpc.cleanup()
        rpc.init(base.CONF, url='fake:/')
        self.assertIn('ACK_REQUEUE_EVERY_SECONDS_MIN', log.output)
        self.assertFalse(hasattr(amqpdriver,
                                 'ACK_REQUEUE_EVERY_SECONDS_MIN'))
        self.assertIsNotNone(rpc.TRANSPORT)
