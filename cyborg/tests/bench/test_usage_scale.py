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
"""tools/bench/usage_scale.py at a tiny size on MariaDB: its queries and
its purge beside a writer run, and their counts add up (no time is
asserted).
"""

from cyborg.tests import base
from cyborg.tests import bench


class UsageScaleBenchTestCase(base.TestCase):

    def test_queries_and_purge(self):
        lines = bench.run_on_mysql(
            self, 'usage_scale.py', '--fill', '400', '--projects', '3',
            '--hosts', '2', '--rounds', '2', '--warmup', '0', '--purge',
            '--batch-size', '50', '--write-every', '1')
        self.assertEqual(['fill'] + ['query'] * 9 + ['purge'],
                         [line['phase'] for line in lines])
        returned = {line['query']: line['rows_returned']
                    for line in lines if line['phase'] == 'query'}
        # Three projects of three resource classes each, each of four sets
        # of device classes, each of them of one class; every interval (a
        # page of 1000).
        self.assertEqual((9, 36, 9, 400), (
            returned['all_month'], returned['all_month_device_class'],
            returned['all_month_one_class'], returned['page']))
        self.assertEqual({2}, {line['ms']['n'] for line in lines[1:10]})
        purge = lines[-1]
        # All but the one in 20 still open, 50 a batch.
        self.assertEqual((380, 8), (purge['deleted'],
                                    purge['batch_ms']['n']))
        self.assertGreater(purge['writer_ms']['n'], 0)
        self.assertIn('writer_lock_waits_over_1s', purge)
