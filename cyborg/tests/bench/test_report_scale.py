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
"""tools/bench/report_scale.py at a tiny size: it runs and its figures add
up (no time is asserted).
"""

import json
import os
import re
import shutil
import subprocess
import sys

import fixtures
from oslo_db.sqlalchemy import provision
import pytest

from cyborg.tests import base
from cyborg.tests.fixtures import backends

pytestmark = pytest.mark.slow(1)

BENCH = os.path.join(os.path.dirname(__file__), '..', '..', '..',
                     'tools', 'bench', 'report_scale.py')


class _BenchTestCase(base.TestCase):
    """A benchmark's tiny run: MariaDB and RabbitMQ."""

    def setUp(self):
        super().setUp()
        backends.check(self, 'mysql')
        backends.check(self, 'rabbit')


class ReportScaleBenchTestCase(_BenchTestCase):

    def test_tiny_run(self):
        admin = provision.Backend.backend_for_database_type('mysql').url
        tmp = self.useFixture(fixtures.TempDir()).path
        # --config-file: the deployment's own options (the HA layout's,
        # in doc/source/admin/performance.rst) reach the conductors.
        extra = os.path.join(tmp, 'extra.conf')
        with open(extra, 'w') as f:
            f.write('[database]\nmax_overflow = 7\n')
        result = subprocess.run(
            [sys.executable, BENCH, '--hosts', '3', '--devices',
             'fpga=1,qat=1', '--threads', '3', '--placement-workers', '1',
             '--db-admin-url', admin.render_as_string(hide_password=False),
             '--transport-url', backends.rabbit_url(),
             '--config-file', extra, '--keep-logs'],
            capture_output=True, text=True, timeout=300, check=False)
        self.assertEqual(0, result.returncode, result.stderr[-3000:])
        [logs] = [json.loads(line)['logs']
                  for line in result.stderr.splitlines()
                  if line.startswith('{"logs"')]
        self.addCleanup(shutil.rmtree, logs, True)
        with open(os.path.join(logs, 'cyborg.conf')) as f:
            self.assertTrue(f.read().endswith('\nmax_overflow = 7\n'))
        with open(os.path.join(logs, 'cond0.conf')) as f:
            self.assertIn('hostname = bench-cond0', f.read())
        lines = {r['phase']: r for r in map(json.loads,
                                            result.stdout.splitlines())}
        self.assertEqual(['first_report', 'one_change', 'params',
                          'steady_state'], sorted(lines))
        self.assertEqual((3, 5), (lines['params']['hosts'],
                                  lines['params']['deployables_per_host']))
        first = lines['first_report']
        self.assertEqual((3, 15, 15), (first['stored'], first['providers'],
                                       first['providers_expected']))
        # Per host: the compute node's lookup, its 5 providers created,
        # their inventories in one reshape, their traits; then each QAT
        # trait and class (4 + 1) and the fake driver's trait made by the
        # hosts that found them missing, one to three of them (a race).
        self.assertTrue(3 * 12 + 6 <= first['placement_calls'] <= 3 * 18,
                        first['placement_calls'])
        with open(os.path.join(logs, 'placement.log')) as f:
            requests = re.findall(r'"([A-Z]+ [^ "?]+)', f.read())
        self.assertEqual(3, requests.count('POST /reshaper'))
        self.assertEqual([], [r for r in requests if 'inventories' in r])
        steady = lines['steady_state']
        self.assertEqual(3, steady['unchanged'])
        self.assertEqual(0, steady['placement_calls_total'])
        self.assertEqual(1, steady['db_writes']['max'])
        self.assertEqual(1, steady['db_statements']['max'])
        change = lines['one_change']
        self.assertEqual(['resend', 'stored'], change['answers'])
        self.assertEqual(2, change['placement_calls'])
        # What the conductor and Placement spent: the first start costs
        # both some CPU, a steady report no Placement request; the
        # conductor's memory is measured.
        self.assertGreater(lines['params']['conductor_rss_mib_at_start'], 0)
        usage = first['usage']
        self.assertGreater(usage['conductor_cpu_s'], 0)
        self.assertGreater(usage['placement_cpu_s'], 0)
        self.assertTrue(0 < usage['placement_share'] < 1, usage)
        self.assertGreater(usage['conductor_rss_mib'], 0)
        self.assertEqual({'conductor_cpu_s', 'placement_cpu_s',
                          'placement_share', 'conductor_rss_mib'},
                         set(steady['usage']))


TELEMETRY = os.path.join(os.path.dirname(BENCH), 'telemetry_scale.py')


class TelemetryScaleBenchTestCase(_BenchTestCase):
    """tools/bench/telemetry_scale.py at a tiny size: the devices' first
    samples stored, then one statement per changed device, none for an
    unchanged one; an agent's intervals leave its inventory's hash alone.
    """

    def test_tiny_run(self):
        admin = provision.Backend.backend_for_database_type('mysql').url
        result = subprocess.run(
            [sys.executable, TELEMETRY, '--hosts', '3', '--devices',
             'gpu=3,qat=1', '--changed', '0.5', '--threads', '3',
             '--agent-gpus', '2', '--intervals', '2',
             '--db-admin-url', admin.render_as_string(hide_password=False),
             '--transport-url', backends.rabbit_url()],
            capture_output=True, text=True, timeout=300, check=False)
        self.assertEqual(0, result.returncode, result.stderr[-3000:])
        lines = {r['phase']: r for r in map(json.loads,
                                            result.stdout.splitlines())}
        self.assertEqual(['agent_interval', 'first_report', 'params',
                          'telemetry_first', 'telemetry_quiet',
                          'telemetry_steady'], sorted(lines))
        first = lines['telemetry_first']
        self.assertEqual((3, 0, 4), (first['reports'], first['unknown'],
                                     first['sent_per_report']['max']))
        # One statement per device, the first sample as the next ones (a
        # deadlock retried would count its statements twice: not the
        # median's).
        self.assertEqual(1.0, first['statements_per_changed_device']['p50'])
        steady = lines['telemetry_steady']
        # The heartbeat, who holds the devices, one statement per changed
        # device (2 of 4).
        self.assertEqual((2, 4, 1.0), (
            steady['sent_per_report']['max'],
            steady['db_statements']['max'],
            steady['statements_per_changed_device']['max']))
        self.assertEqual(2, lines['telemetry_quiet']['db_statements']['max'])
        agent = lines['agent_interval']
        self.assertEqual({'unchanged': 2}, agent['reports'])
        self.assertEqual({'read', 'report', 'scrape'}, set(agent['cpu_ms']))


RACK_START = os.path.join(os.path.dirname(BENCH), 'rack_start.py')


class RackStartBenchTestCase(_BenchTestCase):
    """tools/bench/rack_start.py at a tiny size: a burst and a spread
    start of three agents after a power cut (their inventory reserved in
    Placement), with the conductor's own RPC threads; nothing fails,
    nothing waits for a connection.
    """

    def test_tiny_run(self):
        admin = provision.Backend.backend_for_database_type('mysql').url
        result = subprocess.run(
            [sys.executable, RACK_START, '--hosts', '3', '--devices',
             'fpga=1', '--jitter', '0,1', '--power-cut',
             '--placement-workers', '1',
             '--db-admin-url', admin.render_as_string(hide_password=False),
             '--transport-url', backends.rabbit_url()],
            capture_output=True, text=True, timeout=300, check=False)
        self.assertEqual(0, result.returncode, result.stderr[-3000:])
        lines = [json.loads(line) for line in result.stdout.splitlines()]
        self.assertEqual(['params', 'populate', 'rack_start', 'rack_start'],
                         [line['phase'] for line in lines])
        params, populate, burst, spread = lines
        # The conductor chose its RPC threads itself (its database pool
        # serves fewer than the 64 of executor_thread_pool_size).
        [threads] = params['conductor_rpc_threads']
        self.assertTrue(1 <= threads < 64, threads)
        self.assertEqual(3, populate['stored'])
        self.assertEqual([0.0, 1.0], [burst['jitter_s'],
                                      spread['jitter_s']])
        for start in (burst, spread):
            self.assertEqual(
                (3, {'unchanged': 3}, {}, 0, 0),
                (start['hosts'], start['answers'], start['failed'],
                 start['reports_failed'], start['pool_timeouts']), start)
            self.assertEqual({'hello', 'report'}, set(start['rtt_ms']))
            self.assertLessEqual(start['spread_s'], start['seconds'])
            # Every host was recorded down; each hello restored its own
            # (a pool job of the conductor, which may still run).
            self.assertTrue(0 <= start['recorded_down_after'] <= 3, start)
            for depth in (start['in_flight'], start['queue_messages']):
                if depth is not None:
                    self.assertLessEqual(depth['p50'], depth['max'])
        # The power cut reserved the hosts' inventory in Placement, the
        # starts restored it: both spent CPU.
        self.assertEqual({'conductor_cpu_s', 'placement_cpu_s',
                          'placement_share', 'conductor_rss_mib'},
                         set(burst['usage']))
