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
"""The connection pool on every backend, as oslo.db and SQLAlchemy set it
up: a dead connection is found before it is used, a transaction whose
connection was lost runs again, a connection never goes back to the pool
inside a transaction.
"""

import threading
import time

import fixtures
import sqlalchemy as sa

from cyborg.db import api as db_api
from cyborg.tests import base

_ID = {
    'mysql': 'SELECT CONNECTION_ID()',
    'postgresql': 'SELECT pg_backend_pid()',
}
_KILL = {
    'mysql': 'KILL %d',
    'postgresql': 'SELECT pg_terminate_backend(%d)',
}


@db_api.context_manager.reader
def _backend_id(context):
    return context.session.execute(
        sa.text(_ID[context.session.bind.dialect.name])).scalar()


@db_api.context_manager.reader
def _count(context, table):
    return context.session.execute(
        sa.select(sa.func.count()).select_from(sa.table(table))).scalar()


@db_api.context_manager.reader
def _generations(context):
    return dict(context.session.execute(sa.text(
        "SELECT hostname, generation FROM hosts "
        "WHERE hostname IN ('x', 'y')")).all())


class _PoolMixin:

    def setUp(self):
        super().setUp()
        self.engine = db_api.get_engine()
        self.dialect = self.engine.dialect
        self.calls = []
        for name in ('do_ping', 'do_rollback'):
            self._count_calls(name)

    def _count_calls(self, name):
        real = getattr(self.dialect, name)

        def counted(dbapi_connection):
            self.calls.append(name)
            return real(dbapi_connection)
        self.useFixture(fixtures.MockPatchObject(self.dialect, name, counted))

    def test_a_dead_connection_is_replaced_before_use(self):
        dead = _backend_id(self.context)
        admin = sa.create_engine(self.engine.url, poolclass=sa.pool.NullPool)
        self.addCleanup(admin.dispose)
        with admin.connect() as conn:
            conn.execute(sa.text(_KILL[self.dialect.name] % dead))
            conn.commit()
        # No error: the ping before each checkout (oslo.db's
        # pool_pre_ping) found the killed connection, and the pool gave
        # a new one.
        self.assertNotEqual(dead, _backend_id(self.context))
        self.assertIn('do_ping', self.calls)

    def test_a_connection_lost_in_a_transaction_is_retried(self):
        # The database drops the connection of a writer in the middle of
        # its transaction (a restart, a failover): the whole transaction
        # runs again on a new connection (issue 18, defect 6).
        admin = sa.create_engine(self.engine.url, poolclass=sa.pool.NullPool)
        self.addCleanup(admin.dispose)
        tries = []

        @db_api.retry_on_deadlock
        @db_api.context_manager.writer
        def write(context):
            session = context.session
            tries.append(session.execute(
                sa.text(_ID[self.dialect.name])).scalar())
            session.execute(sa.text(
                "INSERT INTO hosts (hostname, generation) "
                "VALUES (:name, 0)"), {'name': 'h%d' % len(tries)})
            if len(tries) == 1:
                with admin.connect() as conn:
                    conn.execute(sa.text(_KILL[self.dialect.name] %
                                         tries[0]))
                    conn.commit()
            session.execute(sa.text('SELECT 1'))

        write(self.context)
        self.assertEqual(2, len(tries))
        self.assertNotEqual(tries[0], tries[1])
        # The first try's insert went with its connection.
        self.assertEqual(1, _count(self.context, 'hosts'))

    def test_a_deadlock_in_a_savepoint_runs_the_transaction_again(self):
        # Seen in the fleet benchmark: MariaDB chose a report's
        # transaction as a deadlock's victim inside the telemetry's
        # savepoint and rolled it back whole; the savepoint's rollback
        # then failed ("SAVEPOINT ... does not exist"), an error not
        # retried, and the report's heartbeat was lost with it.
        admin = sa.create_engine(self.engine.url, poolclass=sa.pool.NullPool)
        self.addCleanup(admin.dispose)
        with admin.begin() as conn:
            conn.execute(sa.text(
                "INSERT INTO hosts (hostname, generation) "
                "VALUES ('x', 0), ('y', 0)"))
        other = admin.connect()
        self.addCleanup(other.close)
        # The other transaction holds y and weighs more (a deadlock's
        # victim is the transaction that changed fewer rows).
        other.execute(sa.text("UPDATE hosts SET generation = 1 "
                              "WHERE hostname = 'y'"))
        for i in range(20):
            other.execute(sa.text(
                "INSERT INTO hosts (hostname, generation) "
                "VALUES (:name, 0)"), {'name': 'filler%d' % i})
        tries = []

        def close_the_circle():
            # Once the first try waits for y, ask for x, which it holds.
            time.sleep(1)
            other.execute(sa.text("UPDATE hosts SET generation = 1 "
                                  "WHERE hostname = 'x'"))
            other.commit()

        @db_api.retrying_writer
        def write(context):
            session = context.session
            tries.append(None)
            session.execute(sa.text("UPDATE hosts SET generation = 2 "
                                    "WHERE hostname = 'x'"))
            with db_api.savepoint(context):
                session.execute(sa.text("UPDATE hosts SET generation = 2 "
                                        "WHERE hostname = 'y'"))

        closer = threading.Thread(target=close_the_circle)
        closer.start()
        try:
            write(self.context)
        finally:
            closer.join()
        self.assertEqual(2, len(tries))
        self.assertEqual({'x': 2, 'y': 2}, _generations(self.context))

    def test_an_open_transaction_is_rolled_back_on_return(self):
        # A connection handed back inside a transaction (not through a
        # Connection or a Session, which end theirs) is rolled back: its
        # insert is gone and holds no lock.
        raw = self.engine.raw_connection()
        cursor = raw.cursor()
        cursor.execute("INSERT INTO hosts (hostname, generation) "
                       "VALUES ('left-open', 0)")
        cursor.close()
        del self.calls[:]
        raw.close()
        self.assertEqual(['do_rollback'], self.calls)
        self.assertEqual(0, _count(self.context, 'hosts'))


    def test_the_connection_limit_is_the_pools(self):
        # QueuePool: max_pool_size + max_overflow connections at most
        # (cyborg.conductor.call_threads sizes the RPC threads by it);
        # max_overflow -1 is no limit.
        self.assertIsInstance(self.engine.pool, sa.pool.QueuePool)
        self.flags(group='database', max_pool_size=3, max_overflow=4)
        self.assertEqual(7, db_api.connection_limit(base.CONF))
        self.flags(group='database', max_pool_size=0)
        self.assertEqual(4, db_api.connection_limit(base.CONF))
        self.flags(group='database', max_overflow=-1)
        self.assertIsNone(db_api.connection_limit(base.CONF))


class TestPoolMySQL(_PoolMixin, base.DbTestCase):
    BACKEND = 'mysql'


class TestPoolPostgreSQL(_PoolMixin, base.DbTestCase):
    BACKEND = 'postgresql'
