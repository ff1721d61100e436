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
"""How many RPC calls a conductor runs at once: no more than its database
connections serve.

oslo.messaging runs each call a conductor receives on one of ``[DEFAULT]
executor_thread_pool_size`` threads (64 by default), and nearly every call
opens a database transaction.  oslo.db's pool opens at most ``[database]
max_pool_size + max_overflow`` connections (5 + 50 by default) for the
whole process: the RPC threads, the work pool (``[conductor]
workers_pool_size``, cyborg.conductor.pool) and the periodic tasks.  A
thread that finds no free connection waits ``[database] pool_timeout`` (30
s by default), then fails with ``TimeoutError: QueuePool limit ...
reached``.  So a burst of calls (a rack of agents starting together) on
a conductor whose RPC threads outnumbered its connections failed calls
that nothing was wrong with (issue 42: 500 RPC threads on 20 + 50
connections, and one agent's report failed).

The conductor therefore starts its RPC server with as many threads as its
connections serve once the work pool's threads and the periodic tasks
have one each: ``max_pool_size + max_overflow - workers_pool_size -
periodic tasks``, when that is fewer than ``executor_thread_pool_size``.
A call beyond them waits for a thread in the conductor, its message not
yet acknowledged (RabbitMQ counts it among the queue's messages; it goes
back to the queue if the conductor dies), for as long as it takes: the
time a caller waits is bounded by its own timeout, never by the pool's.
Each thread holds one connection at most (a call's transactions follow
each other, none opens a second one inside the first), so no thread of
the conductor ever waits on the pool, and a ``pool_timeout`` keeps its
meaning: a connection held by a stuck transaction or leaked.

SQLite (the embedded mode, the unit tests) has no such limit, and neither
has a pool of ``max_overflow = -1``: the RPC server then has
``executor_thread_pool_size`` threads.  The sizing rule
for operators is in doc/source/install/ha.rst.
"""

from oslo_log import log as logging

from cyborg.db import api as db_api

LOG = logging.getLogger(__name__)


def size(conf, periodic_tasks):
    """The number of threads of the conductor's RPC server; logs how it
    was chosen.

    :param conf: the ConfigOpts (``[DEFAULT] executor_thread_pool_size``,
        registered by oslo.messaging's server, ``[database]`` and
        ``[conductor] workers_pool_size``).
    :param periodic_tasks: how many periodic tasks the conductor runs
        (each may hold a connection while it runs).
    :returns: a number of threads, at least 1.
    """
    executor = conf.executor_thread_pool_size
    limit = db_api.connection_limit(conf)
    if limit is None:
        return executor
    kept = conf.conductor.workers_pool_size + periodic_tasks
    calls = limit - kept
    numbers = {'executor': executor, 'limit': limit, 'kept': kept,
               'workers': conf.conductor.workers_pool_size,
               'tasks': periodic_tasks,
               'size': conf.database.max_pool_size,
               'overflow': conf.database.max_overflow}
    if calls < 1:
        LOG.warning(
            'The database pool of this conductor ([database] max_pool_size '
            '%(size)d + max_overflow %(overflow)d = %(limit)d connections) '
            'is smaller than its work pool ([conductor] workers_pool_size '
            '%(workers)d) and its %(tasks)d periodic tasks need, with one '
            'more for RPC calls: they may wait [database] pool_timeout for '
            'a connection and fail.  It runs one RPC call at a time.  '
            'Raise max_overflow to at least %(needed)d.',
            dict(numbers, needed=kept + 1 - conf.database.max_pool_size))
        return 1
    if executor > calls:
        LOG.info(
            'This conductor runs at most %(calls)d RPC calls at once, not '
            '[DEFAULT] executor_thread_pool_size %(executor)d: its '
            'database pool has %(limit)d connections ([database] '
            'max_pool_size %(size)d + max_overflow %(overflow)d), of which '
            '%(kept)d are kept for its work pool and periodic tasks.  The '
            'other calls wait for a thread, unacknowledged.  Raise '
            'max_overflow (and the database\'s max_connections) to run '
            'more at once.', dict(numbers, calls=calls))
        return calls
    LOG.info('This conductor runs up to %(executor)d RPC calls at once '
             '([DEFAULT] executor_thread_pool_size); its database pool '
             'serves them ([database] max_pool_size %(size)d + '
             'max_overflow %(overflow)d, %(kept)d of them kept for its '
             'work pool and periodic tasks)', numbers)
    return executor
