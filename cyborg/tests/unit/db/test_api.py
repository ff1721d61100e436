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
"""cyborg.db.api: retries on deadlock and on a lost connection, what a
transaction owes after its commit, utf8mb4 on MySQL, BEGIN IMMEDIATE and
the lock wait on SQLite.
"""

from unittest import mock

import fixtures
from oslo_db import exception as db_exc
import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.db import api as db_api
from cyborg.tests import base

CONF = cyborg_conf.CONF


class RetryOnDeadlockTestCase(base.DbTestCase):

    def _flaky(self, failures, error=db_exc.DBDeadlock):
        calls = []

        @db_api.retry_on_deadlock
        @db_api.context_manager.writer
        def write(context, value):
            calls.append(value)
            if len(calls) <= failures:
                raise error()
            return value

        return write, calls

    def test_a_deadlock_runs_the_transaction_again(self):
        write, calls = self._flaky(failures=2)
        self.assertEqual('v', write(self.context, 'v'))
        self.assertEqual(['v', 'v', 'v'], calls)

    def test_a_lost_connection_runs_the_transaction_again(self):
        write, calls = self._flaky(failures=2,
                                   error=db_exc.DBConnectionError)
        self.assertEqual('v', write(self.context, 'v'))
        self.assertEqual(['v', 'v', 'v'], calls)

    def test_it_gives_up(self):
        write, calls = self._flaky(failures=100)
        self.assertRaises(db_exc.DBDeadlock, write, self.context, 'v')
        self.assertEqual(6, len(calls))

    def test_no_retry_inside_a_callers_transaction(self):
        write, calls = self._flaky(failures=1)

        @db_api.context_manager.writer
        def outer(context):
            return write(context, 'v')

        self.assertRaises(db_exc.DBDeadlock, outer, self.context)
        self.assertEqual(['v'], calls)


class _Owed:
    """What a test's transaction owes: records each call."""

    def __init__(self):
        self.calls = []

    def __call__(self, context):
        # SQL on the context it is given runs in a transaction of its own.
        self.calls.append((context.request_id,
                           db_api.in_transaction(context), _count(context)))


@db_api.context_manager.reader
def _count(context):
    return context.session.execute(sa.text(
        'SELECT count(*) FROM hosts')).scalar()


@db_api.context_manager.writer
def _insert(context, name):
    context.session.execute(sa.text(
        "INSERT INTO hosts (hostname, generation) VALUES (:n, 0)"),
        {'n': name})
    return db_api.after_commit(context, _Owed)


class AfterCommitTestCase(base.DbTestCase):
    """What a transaction owes runs once its outermost transaction
    committed, never after a rollback, once for one run again.
    """

    def test_once_after_the_outermost_commit(self):
        @db_api.context_manager.writer
        def outer(context):
            first, second = _insert(context, 'h1'), _insert(context, 'h2')
            self.assertIs(first, second)
            self.assertEqual([], first.calls)
            return first
        owed = outer(self.context)
        self.assertEqual([(self.context.request_id, False, 2)], owed.calls)

    def test_never_after_a_rollback(self):
        made = []

        @db_api.context_manager.writer
        def outer(context):
            made.append(_insert(context, 'h1'))
            raise exception.Conflict(reason='raced')
        self.assertRaises(exception.Conflict, outer, self.context)
        self.assertEqual([[]], [owed.calls for owed in made])
        self.assertEqual(0, _count(self.context))

    def test_once_for_a_transaction_run_again(self):
        made = []

        @db_api.retry_on_deadlock
        @db_api.context_manager.writer
        def outer(context):
            made.append(_insert(context, 'h1'))
            if len(made) == 1:
                raise db_exc.DBDeadlock()
        outer(self.context)
        self.assertEqual([[], [(self.context.request_id, False, 1)]],
                         [owed.calls for owed in made])

    def test_not_inside_a_savepoint(self):
        @db_api.context_manager.writer
        def outer(context):
            with context.session.begin_nested():
                db_api.after_commit(context, _Owed)
        self.assertRaises(RuntimeError, outer, self.context)


class SQLiteBeginTestCase(base.DbTestCase):
    """Each SQLite transaction starts with BEGIN IMMEDIATE and nothing
    else: cyborg's listener runs before oslo.db's, whose plain BEGIN is
    skipped.  Fails if oslo.db stops honouring the ``in_transaction``
    marker, or starts its transactions another way.
    """

    def _statements(self, work):
        engine = db_api.get_engine()
        statements = []

        def record(conn, cursor, statement, *args):
            statements.append(statement)
        sa.event.listen(engine, 'before_cursor_execute', record)
        self.addCleanup(sa.event.remove, engine, 'before_cursor_execute',
                        record)
        work(self.context)
        return statements

    def test_a_writer_begins_immediate(self):
        @db_api.context_manager.writer
        def write(context):
            context.session.execute(sa.text(
                "INSERT INTO hosts (hostname, generation) "
                "VALUES ('h1', 0)"))

        statements = self._statements(write)
        self.assertEqual('BEGIN IMMEDIATE', statements[0])
        self.assertEqual(1, sum(1 for statement in statements
                                if statement.startswith('BEGIN')))

    def test_each_transaction_begins_once(self):
        @db_api.context_manager.reader
        def read(context):
            return context.session.execute(sa.text(
                'SELECT count(*) FROM hosts')).scalar()

        def twice(context):
            read(context)
            read(context)
        self.assertEqual(
            ['BEGIN IMMEDIATE', 'SELECT count(*) FROM hosts'] * 2,
            self._statements(twice))


class ConnectionDefaultsTestCase(base.TestCase):
    """MySQL connections are utf8mb4 unless the URL names a charset;
    SQLite connections wait 30 s for a lock unless it names a timeout.
    """

    def test_mysql_without_charset(self):
        self.assertEqual(
            'mysql+pymysql://u:p@db/cyborg?charset=utf8mb4',
            db_api.with_connection_defaults('mysql+pymysql://u:p@db/cyborg'))
        self.assertEqual(
            'mysql://db/cyborg?charset=utf8mb4&plugin=x',
            db_api.with_connection_defaults('mysql://db/cyborg?plugin=x'))

    def test_sqlite_without_timeout(self):
        self.assertEqual(
            'sqlite:////tmp/c.sqlite?timeout=30',
            db_api.with_connection_defaults('sqlite:////tmp/c.sqlite'))
        self.assertEqual('sqlite://?timeout=30',
                         db_api.with_connection_defaults('sqlite://'))

    def test_named_values_and_other_databases_are_kept(self):
        for url in ('mysql+pymysql://db/cyborg?charset=utf8',
                    'sqlite:////tmp/c.sqlite?timeout=2',
                    'postgresql+psycopg2://db/cyborg', None, ''):
            self.assertEqual(url, db_api.with_connection_defaults(url))

    def test_sqlite_connections_wait_for_the_lock(self):
        # pysqlite's own default is 5 s (busy_timeout 5000).
        path = self.useFixture(fixtures.TempDir()).join('c.sqlite')
        engine = sa.create_engine(
            db_api.with_connection_defaults('sqlite:///' + path))
        self.addCleanup(engine.dispose)
        with engine.connect() as conn:
            self.assertEqual(
                db_api.SQLITE_TIMEOUT * 1000,
                conn.exec_driver_sql('PRAGMA busy_timeout').scalar())

    def test_options_of_the_database_group(self):
        self.flags(group='database',
                   connection='mysql+pymysql://u:p@db/cyborg',
                   slave_connection='mysql+pymysql://u:p@replica/cyborg')
        options = db_api.engine_options(dict(CONF.database.items()))
        self.assertEqual('mysql+pymysql://u:p@db/cyborg?charset=utf8mb4',
                         options['connection'])
        self.assertEqual(
            'mysql+pymysql://u:p@replica/cyborg?charset=utf8mb4',
            options['slave_connection'])
        self.assertTrue(options['sqlite_fk'])


class CheckinTestCase(base.DbTestCase):

    def test_no_yield_at_checkin(self):
        # Native threads: no sleep(0) for eventlet's green threads at each
        # connection's checkin (oslo.db's thread_checkin).
        with mock.patch('time.sleep', autospec=True) as sleep:
            with self.db.engine.connect() as conn:
                conn.exec_driver_sql('SELECT 1')
        sleep.assert_not_called()
