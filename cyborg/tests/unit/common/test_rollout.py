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
"""Tests of the rollouts' vocabulary (common.rollout)."""

import testtools

from cyborg import exception
from cyborg.common import rollout


class UnavailableTestCase(testtools.TestCase):

    def test_count_and_percentage(self):
        self.assertEqual([2, 2, 1, 1, 4], [
            rollout.unavailable('2', 10), rollout.unavailable(2, 10),
            rollout.unavailable('5%', 10), rollout.unavailable('1%', 10),
            rollout.unavailable('100%', 4)])

    def test_a_whole_float_is_its_count(self):
        # JSON's 1.0 is 1 (issue 64: it was refused as another code).
        self.assertEqual((1, '1'), (rollout.unavailable(1.0, 4),
                                    rollout.as_text(1.0)))

    def test_out_of_range(self):
        for value in (0, '0', 1.5, '101%', '0%', 'x', '1000000'):
            self.assertRaises(exception.RolloutInvalid,
                              rollout.unavailable, value, 4)
