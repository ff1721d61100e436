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
"""The random order of the suite keeps each gabbi file whole and in order."""

import os
import subprocess
import sys

import pytest

from cyborg.tests import base
from cyborg.tests.fixtures import order

pytestmark = pytest.mark.slow(3)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..',
                                    '..', '..'))


class _Item:
    """What the ordering reads of a pytest item."""

    def __init__(self, nodeid, cls=None):
        self.nodeid = nodeid
        self.name = nodeid.rpartition('::')[2]
        self.originalname = self.name.partition('[')[0]
        self.cls = cls

    def __repr__(self):
        return self.nodeid


def _gabbi(path, loader, suite, tests):
    ids = ['start_%s:%s_%s' % (loader, suite, tests[0])]
    ids += ['%s:%s_%s' % (loader, suite, test) for test in tests]
    ids += ['stop_%s:%s_%s' % (loader, suite, tests[0])]
    return [_Item('%s::test_pytest[%s]' % (path, i)) for i in ids]


def _collected():
    items = _gabbi('t/test_api.py', 'sqlite', 'devices', ['a', 'b', 'c'])
    items += _gabbi('t/test_api.py', 'sqlite', 'arqs', ['x', 'y_z'])
    items += [_Item('t/test_api.py::test_other_%d' % i) for i in range(5)]
    items += [_Item('t/test_x.py::T::test_%d' % i, cls=object)
              for i in range(5)]
    items += [_Item('t/test_y.py::test_%d' % i) for i in range(5)]
    return items


class ShuffleTestCase(base.TestCase):

    def _runs(self, shuffled, collected):
        """The runs of consecutive items of one sequence (or None)."""
        runs = []
        for item in shuffled:
            key = order.gabbi_sequence(item)
            if runs and runs[-1][0] == key and key is not None:
                runs[-1][1].append(item)
            else:
                runs.append((key, [item]))
        return runs

    def test_sequences_whole_and_in_order(self):
        collected = _collected()
        for seed in range(20):
            shuffled = order.shuffle(collected, seed, order.gabbi_sequence)
            self.assertCountEqual(collected, shuffled)
            runs = [r for r in self._runs(shuffled, collected) if r[0]]
            self.assertEqual(2, len(runs), shuffled)
            for key, members in runs:
                self.assertEqual(
                    [i for i in collected
                     if order.gabbi_sequence(i) == key], members)

    def test_same_seed_same_order_other_seeds_differ(self):
        collected = _collected()
        first = order.shuffle(collected, 7, order.gabbi_sequence)
        self.assertEqual(first, order.shuffle(list(collected), 7,
                                              order.gabbi_sequence))
        orders = {tuple(i.nodeid for i in order.shuffle(
            collected, seed, order.gabbi_sequence)) for seed in range(20)}
        self.assertGreater(len(orders), 10)
        self.assertNotIn(tuple(i.nodeid for i in collected), orders)

    def test_heavier_files_first(self):
        collected = _collected()
        weights = {'t/test_y.py': 3, 't/test_x.py': 1}

        def weight_of(item):
            return weights.get(item.nodeid.partition('::')[0], 0)

        for seed in range(20):
            shuffled = order.shuffle(collected, seed, order.gabbi_sequence,
                                     weight_of)
            self.assertCountEqual(collected, shuffled)
            files = []
            for item in shuffled:
                path = item.nodeid.partition('::')[0]
                if not files or files[-1] != path:
                    files.append(path)
            self.assertEqual(['t/test_y.py', 't/test_x.py', 't/test_api.py'],
                             files)
            # Within a file the order is still the seed's.
            self.assertEqual(
                [i for i in order.shuffle(collected, seed,
                                          order.gabbi_sequence)
                 if i.nodeid.startswith('t/test_x.py')],
                [i for i in shuffled if i.nodeid.startswith('t/test_x.py')])

    def test_weight_of_a_marked_file(self):
        class Marked(_Item):
            def __init__(self, nodeid, marker):
                super().__init__(nodeid)
                self.marker = marker

            def get_closest_marker(self, name):
                return self.marker if name == 'slow' else None

        class Marker:
            def __init__(self, *args):
                self.args = args

        self.assertEqual(0, order.weight(Marked('t.py::a', None)))
        self.assertEqual(1, order.weight(Marked('t.py::a', Marker())))
        self.assertEqual(3, order.weight(Marked('t.py::a', Marker(3))))

    def test_not_gabbi(self):
        self.assertIsNone(order.gabbi_sequence(_Item('t.py::test_pytest')))
        self.assertIsNone(order.gabbi_sequence(_Item('t.py::test_x[a:b]')))
        self.assertEqual(
            't/test_api.py::mysql:policy-legacy',
            order.gabbi_sequence(_Item(
                't/test_api.py::test_pytest[stop_mysql:policy-legacy_a_b]')))


class CollectionTestCase(base.TestCase):
    """pytest itself, on the gabbi files: random, each file in order."""

    def _collect(self, *args):
        out = subprocess.run(
            [sys.executable, '-m', 'pytest', '--collect-only', '-q',
             '-p', 'no:cacheprovider', 'cyborg/tests/functional/test_api.py']
            + list(args), cwd=ROOT, capture_output=True, text=True,
            timeout=300)
        self.assertEqual(0, out.returncode, out.stdout + out.stderr)
        ids = [line for line in out.stdout.splitlines() if '::' in line]
        self.assertTrue(ids, out.stdout)
        return ids, out.stdout

    def test_random_order_keeps_files_in_order(self):
        # Two collections (each costs seconds of CPU): the usual order, and
        # a random one that differs from it only in the files' order.
        plain, _out = self._collect('-p', 'no:randomly')
        by_file = {}
        for nodeid in plain:
            by_file.setdefault(self._file(nodeid), []).append(nodeid)
        ids, out = self._collect('-p', 'randomly', '--randomly-seed=1')
        self.assertIn('--randomly-seed=1', out)
        self.assertCountEqual(plain, ids)
        files = [self._file(nodeid) for nodeid in ids]
        runs = [f for i, f in enumerate(files)
                if i == 0 or files[i - 1] != f]
        self.assertEqual(len(runs), len(set(runs)), runs)
        for name, members in by_file.items():
            self.assertEqual(members,
                             [i for i in ids if self._file(i) == name])
        self.assertNotEqual(list(by_file), runs)

    @staticmethod
    def _file(nodeid):
        # test_pytest[sqlite:devices_list] -> sqlite:devices
        return nodeid.partition('[')[2].partition('_')[0]
