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
"""How many RPC calls a conductor runs at once: what its DB pool serves.

oslo.db opens at most ``max_pool_size + max_overflow`` connections; a
thread finding none fails after ``pool_timeout``.  The RPC server gets
those left once the pool and periodic tasks have one each (see
doc/source/install/ha.rst).
"""

from oslo_log import log as logging

from cyborg.db import api as db_api

LOG = logging.getLogger(__name__)


def size(conf, periodic_tasks):
    """The conductor's RPC server threads (at least 1); logs why."""
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
