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
"""The conductor's RPC threads, sized by its database connections
(cyborg.conductor.call_threads); the burst itself is in
functional/test_conductor_connections.py.
"""

import fixtures
from oslo_messaging import opts as messaging_opts

from cyborg.conductor import call_threads
from cyborg.conductor import manager
from cyborg.conductor import rpcapi
from cyborg.db import api as db_api
from cyborg.tests import base

CONF = base.CONF


class CallThreadsTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        [defaults] = [opts for group, opts in messaging_opts.list_opts()
                      if group is None]
        CONF.register_opts(defaults)
        self.logs = self.useFixture(fixtures.FakeLogger(
            name='cyborg.conductor.call_threads',
            format='%(levelname)s %(message)s'))

    def _limit(self, connections):
        self.useFixture(fixtures.MockPatchObject(
            db_api, 'connection_limit', autospec=True,
            return_value=connections))

    def test_sqlite_has_no_limit(self):
        # The unit tests' (and the embedded mode's) SQLite: every
        # executor thread runs a call.
        self.assertIsNone(db_api.connection_limit(CONF))
        self.flags(executor_thread_pool_size=500)
        self.assertEqual(500, call_threads.size(CONF, 6))
        self.assertEqual('', self.logs.output)

    def test_the_defaults_run_what_the_pool_serves(self):
        # oslo's defaults: 64 RPC threads, 5 + 50 connections, of which
        # the 12 workers of the pool and 5 periodic tasks keep 17.
        self._limit(55)
        self.assertEqual(38, call_threads.size(CONF, 5))
        self.assertIn('INFO This conductor runs at most 38 RPC calls at '
                      'once, not [DEFAULT] executor_thread_pool_size 64',
                      self.logs.output)

    def test_threads_the_pool_serves_are_kept(self):
        self._limit(100)
        self.flags(executor_thread_pool_size=20)
        self.assertEqual(20, call_threads.size(CONF, 6))
        self.assertIn('runs up to 20 RPC calls at once', self.logs.output)

    def test_a_pool_too_small_for_the_work_pool_warns(self):
        # 5 + 0 connections for 12 workers and 6 tasks: one call at a
        # time, and the operator is told what to raise.
        self._limit(5)
        self.flags(group='database', max_pool_size=5, max_overflow=0)
        self.assertEqual(1, call_threads.size(CONF, 6))
        self.assertTrue(self.logs.output.startswith('WARNING '))
        self.assertIn('Raise max_overflow to at least 14', self.logs.output)

    def test_the_manager_counts_its_periodic_tasks(self):
        self._limit(55)
        self.flags(group='conductor', handle_audit_interval=0,
                   instance_audit_interval=0, usage_audit_interval=0)
        mgr = manager.ConductorManager('c1', rpcapi.TOPIC)
        self.addCleanup(mgr.pool.stop)
        self.assertEqual(4, len(mgr.periodic_tasks()))
        self.assertEqual(55 - 12 - 4, mgr.rpc_threads())
