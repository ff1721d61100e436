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
"""tools/bench/arq_lifecycle.py and tools/bench/list_scale.py at a tiny
size: they run against real processes and their counts add up (no time
is asserted).
"""

import json
import os
import subprocess
import sys

import fixtures
from oslo_db.sqlalchemy import provision
import pytest

from cyborg.tests import base
from cyborg.tests.fixtures import backends

pytestmark = pytest.mark.slow(3)

BENCH = os.path.join(os.path.dirname(__file__), '..', '..', '..', 'tools',
                     'bench')


class RequestPathBenchTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        backends.check(self, 'mysql')
        backends.check(self, 'rabbit')
        admin = provision.Backend.backend_for_database_type('mysql').url
        self.common = ['--db-admin-url',
                       admin.render_as_string(hide_password=False),
                       '--transport-url', backends.rabbit_url()]

    def _call(self, script, *args, common=None, cwd=None, timeout=900):
        result = subprocess.run(
            [sys.executable, os.path.join(BENCH, script)] + list(args) +
            (self.common if common is None else common),
            capture_output=True, text=True, timeout=timeout, check=False,
            cwd=cwd)
        self.assertEqual(0, result.returncode, result.stderr[-3000:])
        return result

    def _run(self, script, *args, common=None, cwd=None):
        result = self._call(script, *args, common=common, cwd=cwd)
        return [json.loads(line) for line in result.stdout.splitlines()]

    def test_arq_lifecycle(self):
        lines = self._run('arq_lifecycle.py', '--start', '--iterations',
                          '3', '--warmup', '1', '--concurrency', '1,2',
                          '--fpgas', '2', '--floor', '4')
        self.assertEqual(['params', 'lifecycles', 'events', 'lifecycles',
                          'events', 'floor'],
                         [line['phase'] for line in lines])
        # The floors, measured on the same deployment, and each phase of
        # the first level as a multiple of the steps it cannot avoid.
        floor = lines[5]
        self.assertEqual({'http': 4, 'rpc': 4, 'txn': 4},
                         {step: ms['n'] for step, ms in floor['ms'].items()})
        self.assertEqual(1, floor['concurrency'])
        self.assertEqual(
            {'profile': 'http+txn', 'create': 'http+rpc+txn',
             'bind': 'http+rpc+txn', 'resolve': 'http+txn',
             'delete': 'http+rpc+txn'},
            {phase: m['steps'] for phase, m in floor['multiples'].items()})
        for phase, m in floor['multiples'].items():
            self.assertEqual(lines[1]['ms'][phase]['p50'], m['p50_ms'])
            self.assertEqual(round(m['p50_ms'] / m['floor_ms'], 1),
                             m['multiple'])
            self.assertEqual({'api', 'conductor'}, set(m['cpu_ms']))
            self.assertTrue(all(ms >= 0 for ms in m['cpu_ms'].values()))
        # Each phase's CPU in each service, over 4 lifecycles of one client.
        self.assertGreater(sum(sum(m['cpu_ms'].values())
                               for m in floor['multiples'].values()), 0)
        # floor.py's table of runs (here the same one twice).
        run = os.path.join(self.useFixture(fixtures.TempDir()).path,
                           'run.jsonl')
        with open(run, 'w') as f:
            f.writelines(json.dumps(line) + '\n' for line in lines)
        text = self._call('floor.py', run, run, common=[]).stdout
        self.assertIn('floor rpc', text)
        self.assertIn('bind (PATCH)', text)
        self.assertIn('CPU ms api+conductor', text)
        self.assertIn('lifecycles per second: %.1f, %.1f' % (
            lines[1]['lifecycles_per_s'], lines[1]['lifecycles_per_s']),
            text)
        self.assertEqual(2, lines[0]['targets'])
        for run, events, clients in ((lines[1], lines[2], 1),
                                     (lines[3], lines[4], 2)):
            self.assertEqual((clients, 3 * clients, 3 * clients, 0),
                             (run['concurrency'], run['iterations'],
                              run['completed'], run['errors']))
            self.assertEqual(
                ['bind', 'create', 'delete', 'profile', 'resolve'],
                sorted(run['ms']))
            self.assertEqual({3 * clients},
                             {phase['n'] for phase in run['ms'].values()})
            self.assertIn('api', run['cpu_ms_per_lifecycle'])
            # Every bind's event reached the recording Nova.
            self.assertEqual((3 * clients, 3 * clients, 0),
                             (events['expected'], events['received'],
                              events['missing']))
            # From the PATCH sent to the event: what a boot waits for.
            self.assertEqual(3 * clients, events['from_patch_ms']['n'])

    def test_arq_lifecycle_compare_rounds(self):
        # The method at a tiny size: this tree against itself, one round
        # each (A B or B A, each on fresh services), two levels.  Its
        # table is printed, and its records and summaries are whole.
        # The alternation of more rounds and the interval of their
        # ratios (at least two pairs) are tools/bench/ab.py's, tested in
        # unit/test_bench_ab.py without starting four deployments.
        tree = os.path.abspath(os.path.join(BENCH, '..', '..'))
        out = os.path.join(self.useFixture(fixtures.TempDir()).path, 'aa')
        result = self._call('arq_lifecycle.py', '--start', '--compare',
                            tree, tree, '--rounds', '1', '--iterations',
                            '3', '--warmup', '1', '--fpgas', '1',
                            '--concurrency', '1,2', '--client', 'lean',
                            '--confidence', '99.9', '--output', out,
                            # Two deployments started and stopped: on a
                            # loaded machine each takes minutes.
                            timeout=3600)
        lines = [json.loads(line) for line in result.stdout.splitlines()]
        self.assertEqual(['params'] + ['round'] * 2 + ['summary'] * 2,
                         [line['phase'] for line in lines])
        plan = lines[0]['plan']
        self.assertIn(plan, (['A0', 'B0'], ['B0', 'A0']))
        for record in lines[1:3]:
            self.assertEqual([tree], record['services_cwd'])
            self.assertGreater(record['placement_p50'], 0)
            for level, clients in (('1', 1), ('2', 2)):
                run = record['levels'][level]
                self.assertEqual((3 * clients, 0),
                                 (run['completed'], run['errors']))
                # Every bind's event reached the recording Nova.
                self.assertEqual((3 * clients, 0),
                                 (run['events']['expected'],
                                  run['events']['missing']))
                self.assertEqual(3 * clients,
                                 run['events']['from_patch_ms']['n'])
        for summary in lines[3:]:
            rate = summary['figures']['lifecycles_per_s']
            self.assertEqual(1, len(rate['A']['rounds']))
            self.assertEqual(1, len(rate['B']['rounds']))
            # One pair: a ratio, no interval, no verdict.
            ab = rate['B/A']
            self.assertEqual((1, None, None, 'too few rounds'),
                             (ab['pairs'], ab['low'], ab['high'],
                              ab['verdict']))
            self.assertGreater(ab['ratio'], 0)
        self.assertIn('concurrency 2: median (min-max) of the rounds',
                      result.stderr)
        with open(out + '.txt') as f:
            self.assertIn('lifecycles/s', f.read())
        with open(out + '.jsonl') as f:
            self.assertEqual(5, len(f.readlines()))

    def test_arq_lifecycle_compare_needs_a_tree(self):
        result = subprocess.run(
            [sys.executable, os.path.join(BENCH, 'arq_lifecycle.py'),
             '--start', '--compare', BENCH], capture_output=True,
            text=True, timeout=60, check=False)
        self.assertEqual(2, result.returncode)
        self.assertIn('holds no cyborg package', result.stderr)

    def test_list_scale_capacity(self):
        lines = self._run('list_scale.py', '--rows', '24', '--hosts', '3',
                          '--arqs', '2', '--requests', '2', '--warmup', '1',
                          '--arqs-per-call', '2', '--capacity',
                          '--calls', 'capacity,capacity_host,devices_page',
                          '--limit', '4', '--placement')
        self.assertEqual([True, 2], [lines[0]['capacity'],
                                     lines[0]['arqs']])
        # Placement's own list, of as many providers as a page holds.
        placement = lines[-1]
        self.assertEqual(('placement', 'resource_providers', 4, 2),
                         (placement['tables'], placement['call'],
                          placement['rows_returned'],
                          placement['ms']['n']))
        returned = {(line['tables'], line['call']): line['rows_returned']
                    for line in lines if line['phase'] == 'list' and
                    line['tables'] != 'placement'}
        # Hosts: one with a QAT first, then three (24 deployables over
        # 3 hosts: 2 QATs of 4 each on the two others).
        self.assertEqual({
            ('few', 'devices_page'): 1, ('few', 'capacity'): 1,
            ('few', 'capacity_host'): 1,
            ('many', 'devices_page'): 4, ('many', 'capacity'): 3,
            ('many', 'capacity_host'): 1}, returned)

    def test_capacity_statement(self):
        # Both sides this tree's statement: the same rows read, on the
        # shape the fill made.
        backend = provision.Backend.backend_for_database_type('mysql')
        name = 'cyborg_capbench_%d' % os.getpid()
        backend.create_named_database(name)
        self.addCleanup(backend.drop_named_database, name, True)
        url = backend.provisioned_database_url(name)
        tree = os.path.abspath(os.path.join(BENCH, '..', '..'))
        result = self._call(
            'capacity_statement.py', '--connection',
            url.render_as_string(hide_password=False), '--fill', '30',
            '--tree', tree, '--rounds', '2', '--warmup', '0', '--limit',
            '5', '--seed', '1', common=[])
        lines = result.stdout.splitlines()
        self.assertIn('view(limit=5), 2 rounds', lines[0])
        work = [line.split(': ', 1) for line in lines[-2:]]
        self.assertEqual(['a', 'b'], [side for side, _ in work])
        self.assertEqual(work[0][1], work[1][1])
        self.assertIn("'tmp_disk_tables': 0", work[1][1])

    def test_list_scale(self):
        # Started elsewhere, the services still run in --tree.
        tree = os.path.abspath(os.path.join(BENCH, '..', '..'))
        elsewhere = self.useFixture(fixtures.TempDir()).path
        lines = self._run('list_scale.py', '--rows', '40', '--hosts', '3',
                          '--requests', '3', '--warmup', '1',
                          '--limit', '5', '--arqs-per-call', '10',
                          '--tree', tree, cwd=elsewhere)
        self.assertEqual([tree], lines[0]['services_cwd'])
        phases = [line['phase'] for line in lines]
        self.assertEqual(['params'] + ['list'] * 5 + ['fill'] +
                         ['list'] * 5, phases)
        fill = lines[6]
        self.assertEqual((2, 40), (fill['hosts_stored'],
                                   fill['arqs_created']))
        returned = {(line['tables'], line['call']): line['rows_returned']
                    for line in lines if line['phase'] == 'list'}
        self.assertEqual({
            ('few', 'arqs_by_instance'): 0, ('few', 'arqs_page'): 3,
            ('few', 'deployables_page'): 4, ('few', 'devices_page'): 1,
            ('few', 'device_profiles'): 2,
            ('many', 'arqs_by_instance'): 0, ('many', 'arqs_page'): 5,
            ('many', 'deployables_page'): 5, ('many', 'devices_page'): 5,
            ('many', 'device_profiles'): 2}, returned)
        lists = [line for line in lines if line['phase'] == 'list']
        self.assertEqual({3}, {line['ms']['n'] for line in lists})
        self.assertEqual({3}, {line['ms_requests']['n'] for line in lists})
        # The API's worker spends CPU on every request.
        self.assertTrue(all(line['api_cpu_ms'] >= 0 for line in lists))
        self.assertGreater(sum(line['api_cpu_ms'] for line in lists), 0)
