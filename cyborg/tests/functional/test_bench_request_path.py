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
import shutil
import subprocess
import sys

import fixtures
from oslo_db.sqlalchemy import provision

from cyborg.tests import base
from cyborg.tests.fixtures import backends

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

    def _run(self, script, *args, common=None, cwd=None):
        result = subprocess.run(
            [sys.executable, os.path.join(BENCH, script)] + list(args) +
            (self.common if common is None else common),
            capture_output=True, text=True, timeout=400, check=False,
            cwd=cwd)
        self.assertEqual(0, result.returncode, result.stderr[-3000:])
        return [json.loads(line) for line in result.stdout.splitlines()]

    def test_arq_lifecycle(self):
        lines = self._run('arq_lifecycle.py', '--start', '--iterations',
                          '3', '--warmup', '1', '--concurrency', '1,2',
                          '--fpgas', '2')
        self.assertEqual(['params', 'lifecycles', 'events', 'lifecycles',
                          'events'], [line['phase'] for line in lines])
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

    def test_arq_lifecycle_compare(self):
        # Two deployments, the first from a source tree (this one), one
        # lean client in turns of 2 lifecycles.  Each deployment makes a
        # RabbitMQ vhost of its own, as root can (CI).
        if not shutil.which('rabbitmqctl') or os.geteuid() != 0:
            self.skipTest('needs rabbitmqctl, as root')
        tree = os.path.abspath(os.path.join(BENCH, '..', '..'))
        lines = self._run('arq_lifecycle.py', '--start', '--compare', tree,
                          '--iterations', '5', '--block', '2',
                          '--warmup', '1', '--fpgas', '1',
                          '--client', 'lean', common=self.common[:2])
        self.assertEqual(['compare', 'compare', 'difference'],
                         [line['phase'] for line in lines])
        # B runs the tree this process imports: here the same one.  Both
        # run their services in it (python -m imports from there).
        self.assertEqual([('A', tree, [tree]), ('B', tree, [tree])],
                         [(line['deployment'], line['tree'],
                           line['services_cwd']) for line in lines[:2]])
        for record in lines[:2]:
            self.assertEqual((5, 5, 0, 'lean'), (record['iterations'],
                                                 record['completed'],
                                                 record['errors'],
                                                 record['client']))
            self.assertEqual({5}, {phase['n']
                                   for phase in record['ms'].values()})
            # Each deployment's own processes, not the client's.
            self.assertEqual({'agent', 'api', 'conductor', 'placement'},
                             set(record['cpu_ms_per_lifecycle']))
            self.assertGreater(record['cpu_ms_per_lifecycle']['api'], 0)
        self.assertEqual(
            ['bind', 'create', 'delete', 'profile', 'resolve'],
            sorted(lines[2]['p50']))

    def test_arq_lifecycle_compare_needs_a_tree(self):
        result = subprocess.run(
            [sys.executable, os.path.join(BENCH, 'arq_lifecycle.py'),
             '--start', '--compare', BENCH], capture_output=True,
            text=True, timeout=60, check=False)
        self.assertEqual(2, result.returncode)
        self.assertIn('holds no cyborg package', result.stderr)

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
