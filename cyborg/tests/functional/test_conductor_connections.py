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
"""A conductor whose RPC threads outnumber its database connections, hit
by a burst of agents' reports, on MariaDB and PostgreSQL (whose engines
have a bounded pool; SQLite's have none): no report fails (issue 42).

The conductor runs in process (cyborg.service.RPCService, as
cyborg-conductor runs it) on the fake transport, with a pool of its
database connections as small as its work pool and periodic tasks need,
plus one.  Each report's transaction is held open (an SQLAlchemy
``before_cursor_execute`` listener waits on an event) until the test lets
them all go; before that, the test waits until a report failed or twice
the pool's timeout passed.  A conductor that ran a report on every RPC
thread failed those that found no connection within ``pool_timeout``
(``TimeoutError: QueuePool limit ... reached``).
"""

import concurrent.futures
import threading

import fixtures
from oslo_messaging import opts as messaging_opts
import sqlalchemy as sa

from cyborg import service
from cyborg.conductor import manager
from cyborg.conductor import rpcapi
from cyborg.tests import base
from cyborg.tests.fixtures import backends
from cyborg.tests.fixtures import database as db_fixture
from cyborg.tests.functional.fixtures import services

CONF = base.CONF

# Seconds a thread waits for a free connection before TimeoutError.
POOL_TIMEOUT = 0.5
# The hash reports' one statement (cyborg.db.queries.host.heartbeat).
REPORT_STATEMENT = 'UPDATE hosts'


class _HeldReports:
    """Holds every report's transaction open, after its first statement,
    until ``release`` is set; counts the reports inside at once.
    """

    def __init__(self, engine):
        self.release = threading.Event()
        self.entered = threading.Semaphore(0)
        self.inside = 0
        self.most_inside = 0
        self._lock = threading.Lock()
        self.engine = engine

    def listen(self, test):
        sa.event.listen(self.engine, 'before_cursor_execute', self._hold)
        test.addCleanup(sa.event.remove, self.engine,
                        'before_cursor_execute', self._hold)
        # Whatever fails, nothing stays held.
        test.addCleanup(self.release.set)

    def _hold(self, conn, cursor, statement, parameters, context,
              executemany):
        if not statement.startswith(REPORT_STATEMENT):
            return
        with self._lock:
            self.inside += 1
            self.most_inside = max(self.most_inside, self.inside)
        self.entered.release()
        try:
            self.release.wait()
        finally:
            with self._lock:
                self.inside -= 1


class _ConnectionsMixin:

    BACKEND = None

    def setUp(self):
        super().setUp()
        backends.check(self, self.BACKEND)
        # oslo.messaging registers its server's options with its first
        # server; the test sets one before.
        [defaults] = [opts for group, opts in messaging_opts.list_opts()
                      if group is None]
        CONF.register_opts(defaults)
        # No periodic task runs during the test (their first run is at a
        # random point of an hour); they and the work pool keep their
        # share of the connections all the same.
        self.flags(report_interval=3600)
        self.flags(group='conductor', workers_pool_size=1,
                   work_poll_interval=3600)
        self.flags(group='placement', sync_interval=3600)
        mgr = manager.ConductorManager('c1', rpcapi.TOPIC)
        self.kept = 1 + len(mgr.periodic_tasks())
        # One connection for RPC calls, and twice as many RPC threads as
        # connections in all.
        pool = {'max_pool_size': self.kept + 1, 'max_overflow': 0,
                'pool_timeout': POOL_TIMEOUT}
        self.flags(group='database', **pool)
        self.threads = 2 * (self.kept + 1)
        self.flags(executor_thread_pool_size=self.threads)
        self.db = self.useFixture(db_fixture.Database(self.BACKEND,
                                                      pool=pool))
        self.held = _HeldReports(self.db.engine)
        self.held.listen(self)
        self.logs = self.useFixture(fixtures.FakeLogger(
            name='cyborg.conductor.call_threads'))
        self.svc = service.RPCService(mgr, rpcapi.TOPIC, host='c1',
                                      owns_transport=False)
        self.svc.start()
        self.addCleanup(self.svc.stop)
        self.mgr = mgr
        # The work the start kicked (due jobs and events) is done: the
        # test's reports are all that uses the connections.
        services.wait_for(lambda: mgr.pool.free() == mgr.pool.size,
                          interval=0.05, message='the start\'s work')

    def _report(self, host):
        return rpcapi.ConductorAPI().report(
            self.context, host=host, generation=1, inventory_hash='h',
            timeout=60)

    def test_a_burst_beyond_the_connections_waits_and_none_fails(self):
        hosts = ['rack-%d' % i for i in range(self.threads)]
        with concurrent.futures.ThreadPoolExecutor(len(hosts)) as clients:
            reports = [clients.submit(self._report, h) for h in hosts]
            self.assertTrue(self.held.entered.acquire(timeout=60))
            # A report that found no connection fails pool_timeout after
            # it asked; none may, so wait for one to end or for twice
            # that time, then let them all go.
            concurrent.futures.wait(
                reports, timeout=4 * POOL_TIMEOUT,
                return_when=concurrent.futures.FIRST_COMPLETED)
            self.held.release.set()
            answers = [r.result(timeout=60) for r in reports]
        # Every report was handled (no host has a stored inventory: each
        # is asked for its full report), none failed on the pool.
        self.assertEqual(['resend'] * len(hosts),
                         [a['status'] for a in answers])
        # Never more reports inside a transaction than the connections
        # left for RPC calls.
        self.assertEqual(1, self.held.most_inside)
        self.assertIn('runs at most 1 RPC calls at once', self.logs.output)


class MySQLConnectionsTestCase(_ConnectionsMixin, base.TestCase):
    BACKEND = 'mysql'


class PostgreSQLConnectionsTestCase(_ConnectionsMixin, base.TestCase):
    BACKEND = 'postgresql'
