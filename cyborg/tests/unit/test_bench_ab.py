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
"""The A/B method of tools/bench/ab.py on made-up figures (no timing)."""

import os
import random
import sys

from cyborg.tests import base

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..', '..',
                                'tools', 'bench'))
import ab  # noqa: E402


def _rounds(rates_a, rates_b, bind_a=10.0, bind_b=10.0):
    records = []
    for index, (a, b) in enumerate(zip(rates_a, rates_b)):
        for side, rate, bind in (('A', a, bind_a), ('B', b, bind_b)):
            records.append({'side': side, 'round': index,
                            'placement_p50': 2.0, 'levels': {'1': {
                                'lifecycles_per_s': rate,
                                'ms': {'bind': {'p50': bind}},
                                'cpu_ms_per_lifecycle': {'api': 10.0}}}})
    return records


class ABTestCase(base.TestCase):

    def test_schedule_alternates_from_a_random_side(self):
        firsts = set()
        for seed in range(20):
            plan = ab.schedule(['A', 'B'], 3, random.Random(seed))
            self.assertEqual(6, len(plan))
            labels = [label for label, _ in plan]
            self.assertEqual(labels[0::2], [labels[0]] * 3)
            self.assertNotIn(labels[0], labels[1::2])
            self.assertEqual([0, 0, 1, 1, 2, 2], [i for _, i in plan])
            firsts.add(labels[0])
        self.assertEqual({'A', 'B'}, firsts)

    def test_same_distribution_is_no_difference(self):
        # A against A: the figures of both sides drawn alike (seeded).
        rng = random.Random(7)
        a = [20.0 * rng.uniform(0.8, 1.2) for _ in range(6)]
        b = [20.0 * rng.uniform(0.8, 1.2) for _ in range(6)]
        result = ab.ratio(a, b)
        self.assertEqual(ab.NO_DIFFERENCE, result['verdict'])
        self.assertLessEqual(result['low'], 1.0)
        self.assertGreaterEqual(result['high'], 1.0)
        self.assertEqual(6, result['pairs'])

    def test_a_steady_difference_is_measured(self):
        # B 30 % faster in every pair, whatever the drift of the machine.
        drift = [10.0, 20.0, 14.0, 25.0, 12.0]
        result = ab.ratio(drift, [d * 1.3 for d in drift])
        self.assertEqual('higher', result['verdict'])
        self.assertAlmostEqual(1.3, result['ratio'], places=3)
        result = ab.ratio(drift, [d * 0.7 for d in drift])
        self.assertEqual('lower', result['verdict'])

    def test_one_pair_has_no_interval(self):
        result = ab.ratio([10.0], [12.0])
        self.assertEqual((1.2, None, None, 'too few rounds'),
                         (result['ratio'], result['low'], result['high'],
                          result['verdict']))

    def test_two_far_pairs_at_99_9_do_not_overflow(self):
        # t(1) at 99.9 % is 636.6: two pairs far apart made exp() overflow.
        result = ab.ratio([1.0, 1.0], [1e-3, 1e3], confidence=99.9)
        self.assertEqual((2, ab.NO_DIFFERENCE),
                         (result['pairs'], result['verdict']))
        self.assertLess(result['low'], 1.0)
        self.assertGreater(result['high'], 1.0)

    def test_wider_at_99_9(self):
        a, b = [10.0, 11.0, 9.0], [11.0, 11.5, 10.5]
        narrow, wide = ab.ratio(a, b), ab.ratio(a, b, 99.9)
        self.assertLess(wide['low'], narrow['low'])
        self.assertGreater(wide['high'], narrow['high'])

    def test_summary_and_table(self):
        summary = ab.summarize(_rounds([10.0, 12.0, 11.0], [15.0, 18.0, 16.5],
                                       bind_b=5.0), ['A', 'B'])
        [level] = summary
        rate = level['figures']['lifecycles_per_s']
        self.assertEqual({'median': 11.0, 'min': 10.0, 'max': 12.0,
                          'rounds': [10.0, 12.0, 11.0]}, rate['A'])
        self.assertEqual('higher', rate['B/A']['verdict'])
        self.assertEqual('lower',
                         level['figures']['p50.bind']['B/A']['verdict'])
        text = ab.table(summary, {'A': 'old', 'B': 'new'})
        self.assertIn('A: old', text)
        self.assertIn('concurrency 1: median (min-max)', text)
        self.assertIn('lifecycles/s', text)
        self.assertIn('B: 1.500', text)
