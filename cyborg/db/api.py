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
"""The enginefacade transaction context manager of Cyborg's database.

Query functions (cyborg/db/queries) take the request context as their
first argument and are decorated with ``context_manager.reader`` or
``context_manager.writer``; the session is ``context.session``.  Called in
another decorated function's transaction, they join it: a conductor
operation decorates its own function with ``writer`` (or opens
``writer.using(context)``) and calls query functions with the context.
No function takes or passes a session, and no SQL is written outside
cyborg/db (cyborg/tests/unit/db/test_layering.py checks both).
"""

import functools

from oslo_db import api as oslo_db_api
from oslo_db import exception as db_exc
from oslo_db.sqlalchemy import enginefacade
import sqlalchemy as sa

from cyborg import counters


def on_engine_create(engine):
    """On SQLite, take the write lock at BEGIN.

    SQLite's default deferred transactions deadlock when two connections
    read and then both write: the second writer fails at once with
    "database is locked" instead of waiting.  BEGIN IMMEDIATE makes
    writers queue behind each other (up to the busy timeout), which the
    conductor's concurrent threads need.

    oslo.db starts each SQLite transaction with a plain ``BEGIN`` of its
    own (pysqlite's implicit transactions are off).  SQLAlchemy's
    documented way to change a statement on its way to the database, a
    ``before_cursor_execute`` listener with ``retval=True``, makes it
    ``BEGIN IMMEDIATE``.  (Ordering a "begin" listener before oslo.db's
    is not possible: SQLAlchemy 2.1 ignores ``insert=True`` for
    connection events.)  ``tests/unit/db/test_api.py`` fails if oslo.db
    starts its transactions another way.
    """
    if engine.dialect.name != 'sqlite':
        return

    def _begin_immediate(conn, cursor, statement, parameters, context,
                         executemany):
        if statement == 'BEGIN':
            statement = 'BEGIN IMMEDIATE'
        return statement, parameters

    sa.event.listen(engine, 'before_cursor_execute', _begin_immediate,
                    retval=True)


context_manager = enginefacade.transaction_context()
context_manager.append_on_engine_create(on_engine_create)


def in_transaction(context):
    """Whether *context* is in a transaction of a caller's."""
    try:
        context.session
    except db_exc.NoEngineContextEstablished:
        return False
    return True


# The pauses before the retries of retry_on_deadlock, in seconds: oslo.db
# doubles the first up to the longest, 1.
_PAUSES = (0.05, 0.1, 0.2, 0.4, 0.8)
#: What a transaction is run again for: it was rolled back.
RETRIED = (db_exc.DBDeadlock, db_exc.DBConnectionError)


def pauses():
    """The pauses before the tries retry_on_deadlock makes again, for a
    caller that runs its transaction itself (it keeps what each try
    returned).
    """
    return iter(_PAUSES)


def retry_on_deadlock(func):
    """Run *func*'s transaction again when the database reports a deadlock
    or the connection to it was lost.

    Put it above ``context_manager.writer``, so that each try is a new
    transaction.  (oslo.db's own ``retry_on_deadlock`` only marks a
    function for its DBAPI loader, which Cyborg does not use: alone it
    retries nothing.)  Called inside a caller's transaction, *func* does
    not retry: the deadlock rolled back the caller's work too, so the
    caller's own retry must run it all again.

    A lost connection (``DBConnectionError``: the server restarted, a
    failover, a network blip) rolled the transaction back just as a
    deadlock does, so it is retried the same way, on a new connection.
    """
    retrying = oslo_db_api.wrap_db_retry(
        max_retries=len(_PAUSES), retry_on_deadlock=True,
        retry_on_disconnect=True, retry_interval=_PAUSES[0],
        inc_retry_interval=True, max_retry_interval=1)(func)

    @functools.wraps(func)
    def wrapper(context, *args, **kwargs):
        if in_transaction(context):
            return func(context, *args, **kwargs)
        return retrying(context, *args, **kwargs)
    return wrapper


def execute(context, statement, params=None):
    """Run a Core *statement* (of tables, not mapped classes) on the
    connection of the caller's transaction (``context.session``: call it
    from a function decorated with ``context_manager.reader`` or
    ``.writer``).

    The ORM's ``Session.execute`` costs about twice as much per statement
    (its compile state, the synchronisation of UPDATE and DELETE with the
    identity map), and building a statement anew at each call costs more
    than running it: the conductor's statements on Nova's path are built
    once, with bound parameters, and run here (about 80 µs each instead
    of 200 to 350 µs).  Nothing is synchronised with the session: the
    transactions that use this read rows, not mapped objects, of the
    tables they change this way.  Pending objects are not flushed first.

    :param params: a dict of bound parameters, or a list of dicts
        (executemany).
    :returns: the CursorResult.
    """
    return context.session.connection().execute(statement, params)


def on_statement(engine, callback):
    """Call *callback* with each statement sent on *engine*, before it is
    sent (cyborg.counters counts them).

    :param callback: a function of one argument, the SQL text.
    """
    def _before(conn, cursor, statement, parameters, context, executemany):
        callback(statement)

    sa.event.listen(engine, 'before_cursor_execute', _before)


counters.set_statement_hook(on_statement)


# The character set of MySQL/MariaDB connections whose URL names none.
# oslo.db's default, "utf8", is MySQL's three-byte utf8mb3: any four-byte
# character (an emoji in a device profile's name) is then refused, or
# compared with the utf8mb4 columns as an "Illegal mix of collations".
MYSQL_CHARSET = 'utf8mb4'

# Seconds an SQLite connection waits for another connection's write lock
# when its URL names no timeout.  pysqlite's default, 5 s, is shorter
# than a burst of binds holds the lock on a loaded machine (the embedded
# mode, the unit tests): the statement then failed with "database is
# locked".  Transactions begin IMMEDIATE (see above), so the wait is the
# busy handler's, not a lock upgrade's, and a longer one cannot deadlock.
SQLITE_TIMEOUT = 30


def with_connection_defaults(url):
    """*url*, with Cyborg's connection defaults where it names none.

    MySQL/MariaDB: ``charset=utf8mb4``; SQLite: ``timeout=30``
    (SQLITE_TIMEOUT).  What the URL names is kept.

    :param url: a database URL (string), or None.
    :returns: the URL to connect with (a string, or None).
    """
    if not url:
        return url
    parsed = sa.engine.make_url(url)
    backend = parsed.get_backend_name()
    if backend == 'mysql' and 'charset' not in parsed.query:
        parsed = parsed.update_query_dict({'charset': MYSQL_CHARSET})
    elif backend == 'sqlite' and 'timeout' not in parsed.query:
        parsed = parsed.update_query_dict({'timeout': str(SQLITE_TIMEOUT)})
    else:
        return url
    return parsed.render_as_string(hide_password=False)


def engine_options(options):
    """The enginefacade options of Cyborg for ``[database]`` *options*.

    :param options: a dict of ``[database]`` options (at least
        ``connection``).
    :returns: a new dict for ``configure()`` of a transaction context.
    """
    options = dict(options)
    for key in ('connection', 'slave_connection'):
        if key in options:
            options[key] = with_connection_defaults(options[key])
    # SQLite (unit tests, the embedded mode) enforces foreign keys only when
    # asked to; the other backends always do.
    options['sqlite_fk'] = True
    return options


def configure(conf):
    """Point the context manager at ``[database] connection``.

    Must run once per process before the first query; the engine itself is
    created lazily, at the first query (after a fork, in the child).
    MySQL/MariaDB connections use utf8mb4 unless the URL names a charset,
    SQLite ones wait 30 s for a lock (see with_connection_defaults).

    :param conf: the ConfigOpts holding the [database] group.
    """
    context_manager.configure(**engine_options(conf.database.items()))


def get_engine():
    """The writer engine (migrations, tests and tools)."""
    return context_manager.writer.get_engine()


def connection_limit(conf):
    """The most connections the database pool of this process opens at
    once (cyborg.conductor.call_threads sizes the conductor's RPC threads
    by it).

    oslo.db gives MariaDB/MySQL and PostgreSQL engines SQLAlchemy's
    QueuePool: ``[database] max_pool_size`` connections kept, and up to
    ``max_overflow`` more opened while they are all taken; a thread that
    finds none free waits ``pool_timeout``, then fails.  SQLite's engines
    have no limit (NullPool, or one shared connection for ``:memory:``).
    QueuePool counts the connections beyond the first *max_pool_size* up
    to *max_overflow*, also with ``max_pool_size = 0`` (which only keeps
    every connection it opened): the limit is their sum unless
    ``max_overflow`` is -1.

    :param conf: the ConfigOpts holding the [database] group.
    :returns: a number of connections, or None when there is no limit
        (SQLite, ``max_overflow = -1``).
    """
    if not isinstance(get_engine().pool, sa.pool.QueuePool):
        return None
    overflow = conf.database.max_overflow
    if overflow is None or overflow < 0:
        return None
    return conf.database.max_pool_size + overflow


def dispose_engine():
    """Close every pooled connection, e.g. before a process forks."""
    context_manager.dispose_pool()
