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
"""tools/bench/fleet.py at a tiny size: a first start, two short
"minutes" of heartbeats, telemetry, Nova's churn with cleans, a
rollout, usage queries and scrapes, and nothing Cyborg owns missing from
Placement at the end, nor any usage interval, Nova event, clean or
configuration (no time is asserted).
"""

import json
import os
import shutil
import subprocess
import sys

from oslo_db.sqlalchemy import provision
import pytest

from cyborg.tests import base
from cyborg.tests import bench
from cyborg.tests.fixtures import backends

pytestmark = pytest.mark.slow(1)

FLEET = os.path.join(bench.BENCH, 'fleet.py')


class FleetBenchTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        backends.check(self, 'mysql')
        backends.check(self, 'rabbit')

    def test_tiny_run(self):
        admin = provision.Backend.backend_for_database_type('mysql').url
        result = subprocess.run(
            [sys.executable, FLEET, '--hosts', '3', '--devices',
             'fpga=1,gpu=1', '--minutes', '2', '--minute', '4',
             '--heartbeat-interval', '2', '--telemetry-interval', '2',
             '--changed', '0.5', '--churn', '0.5', '--hold', '2',
             '--clean-hosts', '1', '--clean-share', '1',
             '--clean-seconds', '0.2', '--usage-interval', '2',
             '--scrape-interval', '2', '--rollout-seconds', '0.2',
             '--threads', '4', '--steady-threads', '8',
             '--placement-workers', '1', '--settle', '1',
             '--db-admin-url', admin.render_as_string(hide_password=False),
             '--transport-url', backends.rabbit_url()],
            capture_output=True, text=True, timeout=300, check=False)
        self.assertEqual(0, result.returncode, result.stderr[-3000:])
        lines = [json.loads(line) for line in result.stdout.splitlines()]
        self.assertEqual(['params', 'first_start', 'minute', 'minute',
                          'end_check'], [line['phase'] for line in lines])
        params, first, one, two, end = lines
        self.assertEqual((2, ['FPGA', 'PGPU']), (
            params['deployables_per_host'], params['resource_classes']))
        # Every host stored; Placement counted at its side: the compute
        # node lookup, the creates, one reshaper, the traits (the custom
        # trait once).
        self.assertEqual(3, first['stored'])
        self.assertEqual(3, first['placement']['POST /reshaper']['n'])
        self.assertEqual(6, first['placement'][
            'POST /resource_providers']['n'])
        self.assertEqual(first['placement_requests'], sum(
            kind['n'] for kind in first['placement'].values()))
        for minute in (one, two):
            calls = minute['calls']
            # A hello of each host every 2 s, a telemetry report of each
            # every 2 s: about 6 of each in 4 s; none failed.
            for kind in ('hello', 'telemetry'):
                self.assertGreaterEqual(calls[kind]['n'], 3, minute)
            # A usage query and a scrape every 2 s.
            for kind in ('usage', 'scrape'):
                self.assertGreaterEqual(calls[kind]['n'], 1, minute)
            # A bind may be refused: its GPU taken by the rollout
            # between Nova's look at Placement and the bind (below).
            self.assertEqual({0}, {c['errors'] for kind, c in calls.items()
                                   if kind != 'bind'}, minute)
            self.assertGreater(minute['cpu_s']['conductor0'], 0)
            self.assertIn('api', minute['cpu_s'])
            self.assertIn('placement', minute['cpu_s'])
            # MariaDB's statements and writes, RabbitMQ's traffic (read
            # by rabbitmqctl, as root).
            db = minute['backends']['db']
            self.assertGreater(db['questions'], db['com_insert'] +
                               db['com_update'] + db['com_delete'], minute)
            self.assertGreater(db['com_update'], 0, minute)
            if shutil.which('rabbitmqctl') and os.geteuid() == 0:
                self.assertGreater(
                    minute['backends']['rabbit']['recv_cnt'], 0, minute)
            # Half of 2 devices changed: one upsert, the heartbeat
            # and who holds the devices.
            self.assertEqual(3, calls['telemetry']['cost'][
                'db_statements'] // calls['telemetry']['n'])
        # Half of 6 devices bound a minute: the binds went through the API
        # and the conductor, resolved, and were deleted.
        churn = [minute['calls'] for minute in (one, two)]
        self.assertGreaterEqual(sum(c.get('arq_resolve', {}).get('n', 0)
                                    for c in churn), 2)
        self.assertGreaterEqual(sum(c.get('arq_delete', {}).get('n', 0)
                                    for c in churn), 1)
        # Each bind resolved has its usage interval, open while bound,
        # and its event at Nova; the binds take the cleaned GPU first:
        # its deletes started cleans, each ended before Placement offered
        # it again.
        self.assertEqual(
            (end['binds_resolved'],) * 2,
            (end['usage_intervals'], end['nova_bound_events']))
        # Nova deleted what was still bound at the end: every interval
        # closed.
        self.assertEqual([], [kind for kind, c in end[
            'calls_after_last_minute'].items()
            if c['errors'] and kind != 'bind'], end)
        self.assertEqual((end['binds_resolved'], 0),
                         (end['deletes'], end['usage_intervals_open']))
        cleans = [one['cleans'], two['cleans'], end['cleans']]
        self.assertGreaterEqual(sum(c['ended'] for c in cleans), 1, cleans)
        self.assertEqual(0, sum(c['dirty'] for c in cleans), cleans)
        self.assertEqual(0, end['cleans_pending'])
        self.assertEqual(end['binds_failed'], sum(
            m['calls'].get('bind', {}).get('errors', 0) for m in (one, two)))
        # The rollout over the GPU of the second host: handed by a hello,
        # applied, reported, done.
        self.assertEqual((1, 1), (params['rollout_hosts'], sum(
            m['rollout']['applied'] for m in (one, two))))
        self.assertEqual(('completed', {'done': 1, 'failed': 0,
                                        'in_progress': 0, 'skipped': 0,
                                        'waiting': 0}),
                         (end['rollout']['state'],
                          end['rollout']['progress']))
        self.assertTrue(end['rollout']['complete'])
        self.assertTrue(end['nothing_missing'], end)
        self.assertEqual((6, 6, 0, 0), (
            end['providers_sent'], end['providers_found'],
            end['missing_count'], end['audit_findings']))
