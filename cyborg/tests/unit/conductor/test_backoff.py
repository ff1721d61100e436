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
"""Tests of the conductor's one back-off formula."""

from cyborg.conductor import backoff
from cyborg.tests import base


class BackoffTestCase(base.TestCase):

    def test_doubles_from_one_second(self):
        self.flags(group='nova', events_retry_max_interval=100)
        self.assertEqual([1, 2, 4, 8, 16],
                         [backoff.delay(n) for n in range(1, 6)])

    def test_capped(self):
        self.flags(group='nova', events_retry_max_interval=60)
        self.assertEqual(60, backoff.delay(30))
        self.flags(group='nova', events_retry_max_interval=5)
        self.assertEqual([4, 5, 5], [backoff.delay(n) for n in (3, 4, 40)])

    def test_no_attempt_yet_waits_one_second(self):
        self.flags(group='nova', events_retry_max_interval=60)
        self.assertEqual(1, backoff.delay(0))
