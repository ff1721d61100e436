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
"""Tests of the messaging backend of /healthcheck."""

import os

from cyborg.api import healthcheck
from cyborg.api import heartbeat
from cyborg.tests import base


class MessagingHealthcheckTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.check = healthcheck.MessagingHealthcheck(
            self.conf_fixture.conf, {})

    def _with_heartbeat(self):
        beat = heartbeat.Heartbeat()
        heartbeat._STARTED[os.getpid()] = beat
        self.addCleanup(heartbeat._STARTED.pop, os.getpid(), None)
        return beat

    def test_without_a_heartbeat_not_checked(self):
        result = self.check.healthcheck(6666)
        self.assertTrue(result.available)
        self.assertIn('not checked', result.reason)

    def test_before_the_first_hello_connecting(self):
        self._with_heartbeat()._beat_started = None
        result = self.check.healthcheck(6666)
        self.assertTrue(result.available)
        self.assertEqual('messaging: connecting', result.reason)

    def test_unreachable_fails(self):
        self._with_heartbeat()._verdict(False, 'connection refused')
        result = self.check.healthcheck(6666)
        self.assertFalse(result.available)
        self.assertEqual('messaging: unreachable (connection refused)',
                         result.reason)

    def test_reachable(self):
        self._with_heartbeat()._verdict(True)
        result = self.check.healthcheck(6666)
        self.assertTrue(result.available)
        self.assertEqual('messaging: reachable', result.reason)
