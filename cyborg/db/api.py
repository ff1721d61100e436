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

Query functions (cyborg/db/queries) take the request context first and are
decorated with ``context_manager.reader`` or ``.writer`` (or
retrying_writer); called in another decorated function's transaction,
they join it.  No function passes a
session, and no SQL is written outside cyborg/db
(cyborg/tests/unit/db/test_layering.py checks both).
"""

import contextlib
import functools

from oslo_db import api as oslo_db_api
from oslo_db import exception as db_exc
from oslo_db.sqlalchemy import enginefacade
from oslo_log import log as logging
import sqlalchemy as sa
from sqlalchemy import orm

from cyborg import context as cyborg_context
from cyborg import counters

LOG = logging.getLogger(__name__)

def on_engine_create(engine):
    """On SQLite, take the write lock at BEGIN.

    With deferred transactions, of two connections that read and then
    write, the second fails at once with "database is locked"; BEGIN
    IMMEDIATE makes writers queue (up to the busy timeout).  oslo.db sends
    its own plain ``BEGIN``: a ``before_cursor_execute`` listener rewrites
    it (SQLAlchemy 2.1 cannot order a "begin" listener before oslo.db's).
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
# Query functions find their session on Cyborg's request context (see
# cyborg.context: it is made a transaction context here, by the module
# every query imports).
enginefacade.transaction_context_provider(cyborg_context.RequestContext)


def in_transaction(context):
    """Whether *context* is in a transaction of a caller's."""
    try:
        context.session
    except db_exc.NoEngineContextEstablished:
        return False
    return True


# The pauses before the retries of retry_on_deadlock, in seconds.
_PAUSES = (0.05, 0.1, 0.2, 0.4, 0.8)
#: What a transaction is run again for: it was rolled back.
RETRIED = (db_exc.DBDeadlock, db_exc.DBConnectionError)


def pauses():
    """retry_on_deadlock's pauses, for a caller that retries itself."""
    return iter(_PAUSES)


def retry_on_deadlock(func):
    """Run *func*'s transaction again after a deadlock or a lost
    connection (either rolled it back).

    Put it above ``context_manager.writer`` (``retrying_writer`` does),
    so that each try is a new transaction.  Inside a caller's transaction
    *func* does not retry: the rollback undid the caller's work too, which
    the caller's retry redoes.
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


@contextlib.contextmanager
def savepoint(context):
    """``context.session.begin_nested()``, a deadlock or a lost
    connection in it raised as itself: MariaDB rolls a deadlocked
    transaction back whole, its savepoints with it, so that the
    savepoint's own rollback fails ("SAVEPOINT ... does not exist") and
    would hide what the caller's retry_on_deadlock retries.
    """
    try:
        with context.session.begin_nested():
            yield
    except db_exc.DBError as exc:
        cause = exc
        while cause is not None and not isinstance(cause, RETRIED):
            cause = cause.__context__
        if cause is None or cause is exc:
            raise
        raise cause from exc


def retrying_writer(func):
    """``context_manager.writer`` under retry_on_deadlock (each try a new
    transaction): the query functions' usual pair of decorators.
    """
    return retry_on_deadlock(context_manager.writer(func))


# Keys of Session.info: (context, what the transaction owes) until it
# ends, and the same once it committed.
_OWED = 'cyborg.owed'
_COMMITTED = 'cyborg.committed'


def after_commit(context, make):
    """What the caller's writer transaction owes once it commits: the
    object ``make()`` returned at the first call in this transaction, the
    same at the next calls (add to it).

    Once the outermost transaction committed and its connection went back
    to the pool, it is called with a copy of *context* (the transaction
    is still the original's until the writer returns: SQL on the copy
    runs in transactions of its own), on this thread, before the writer
    returns; never after a rollback, and once for a transaction run again
    (each try is a transaction of its own).  What it raises is logged.
    Not inside a savepoint, which may roll back alone.
    """
    session = context.session
    if session.in_nested_transaction():
        raise RuntimeError('after_commit() inside a savepoint')
    owed = session.info.get(_OWED)
    if owed is None:
        owed = session.info[_OWED] = (context, make())
    return owed[1]


@sa.event.listens_for(orm.Session, 'after_commit')
def _committed(session):
    # Also sent for a savepoint's release, which commits nothing yet.
    if _OWED in session.info and not session.in_nested_transaction():
        session.info[_COMMITTED] = session.info[_OWED]


@sa.event.listens_for(orm.Session, 'after_transaction_end')
def _ended(session, transaction):
    if transaction.parent is not None or _OWED not in session.info:
        return
    del session.info[_OWED]
    owed = session.info.pop(_COMMITTED, None)
    if owed is None:
        return
    context, effects = owed
    try:
        effects(type(context).from_dict(context.to_dict(), overwrite=False))
    except Exception:
        LOG.exception('What a committed transaction owed failed: %s',
                      effects)


def execute(context, statement, params=None):
    """Run a Core *statement* (with a dict of parameters, or a list for
    executemany) on the connection of the caller's transaction.

    About half the cost of ``Session.execute``; nothing is synchronised
    with the session, and pending objects are not flushed first.
    """
    return context.session.connection().execute(statement, params)


def one(result, not_found, **kwargs):
    """The one row of *result* (a Result, its scalars() or mappings());
    raises ``not_found(**kwargs)`` (an exception class) when it has none.
    """
    row = result.one_or_none()
    if row is None:
        raise not_found(**kwargs)
    return row


def row_by_uuid(context, model, uuid, not_found, locked=False):
    """The *model* row of *uuid* in the caller's transaction (*locked*:
    for update); raises *not_found* (an exception class) when none.
    """
    query = sa.select(model).where(model.uuid == uuid)
    if locked:
        query = query.with_for_update()
    return one(context.session.execute(query).scalars(), not_found,
               uuid=uuid)


def where_given(query, *conditions):
    """*query* with each ``(column, value)`` of *conditions* whose value is
    not None (None: no filter): ``column == value``, or ``column IN
    value`` for a list, tuple or set.
    """
    for column, value in conditions:
        if isinstance(value, (list, tuple, set, frozenset)):
            query = query.where(column.in_(list(value)))
        elif value is not None:
            query = query.where(column == value)
    return query


def on_statement(engine, callback):
    """Call *callback* with the SQL text of each statement sent on
    *engine* (cyborg.counters counts them).
    """
    def _before(conn, cursor, statement, parameters, context, executemany):
        callback(statement)

    sa.event.listen(engine, 'before_cursor_execute', _before)


counters.set_statement_hook(on_statement)


# oslo.db's default, "utf8", is MySQL's three-byte utf8mb3, which refuses
# four-byte characters.
MYSQL_CHARSET = 'utf8mb4'

# Seconds an SQLite connection waits for a write lock: pysqlite's 5 s is
# shorter than a burst of binds holds it on a loaded machine.
SQLITE_TIMEOUT = 30


def with_connection_defaults(url):
    """*url* (or None) with MYSQL_CHARSET or SQLITE_TIMEOUT if it has none."""
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
    """The enginefacade options for a dict of ``[database]`` options."""
    options = dict(options)
    for key in ('connection', 'slave_connection'):
        if key in options:
            options[key] = with_connection_defaults(options[key])
    # SQLite (unit tests, the embedded mode) enforces foreign keys only when
    # asked to; the other backends always do.
    options['sqlite_fk'] = True
    # oslo.db yields (sleep(0)) at each connection's checkin, for eventlet's
    # green threads; Cyborg runs on native threads, which the interpreter
    # switches by itself: the yield was a system call and a GIL hand-off
    # per transaction, for nothing.  No [database] option has it.
    options['thread_checkin'] = False
    return options


def configure(conf):
    """Point the context manager at ``[database] connection``, once per
    process before the first query (the engine is created at that query).
    """
    context_manager.configure(**engine_options(conf.database.items()))


def get_engine():
    """The writer engine (migrations, tests and tools)."""
    return context_manager.writer.get_engine()


def connection_limit(conf):
    """The most connections this process's pool opens at once
    (cyborg.conductor.call_threads sizes the RPC threads by it).

    QueuePool (MariaDB/MySQL, PostgreSQL) opens ``max_pool_size`` plus
    up to ``max_overflow``, also with ``max_pool_size = 0``.

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
