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
"""The conductor's one pool of worker threads.

Everything a conductor runs outside its RPC workers and its periodic
tasks runs here: the bind jobs (cyborg.conductor.arq.jobs) and the work an
RPC method starts before it answers (kick(): events for Nova, due work,
Placement pushes).  One futurist executor of ``[conductor]
workers_pool_size`` threads, as ironic's conductor has.

spawn() hands the work to a free worker, or queues it while the queue
holds fewer than *backlog* pieces (as many as there are workers, as in
ironic), or raises NoFreeConductorWorker.  A caller never loses work by
it, because every piece of work spawned is recorded in the database
before (a due bind job, an event for Nova, a host marked for a Placement
push, a driver decision) and a periodic task or the agent's next
heartbeat does it when no worker could; each caller says which.  stop()
refuses new work and waits for all the work accepted, queued or running:
nothing accepted is cancelled (issue 37).

Nova's ARQ calls are not pool work: they run on the RPC workers, a few at
a time (``[conductor] arq_concurrency``, the turns of
cyborg.conductor.arq.endpoint).
"""

import itertools
import threading

import futurist
from oslo_log import log as logging

from cyborg import exception

LOG = logging.getLogger(__name__)

THREAD_PREFIX = 'cyborg-pool'


class WorkerPool:
    """A fixed number of worker threads and a bounded queue.

    :param size: the number of workers (``[conductor] workers_pool_size``).
    :param backlog: the most pieces of work that wait for a worker;
        default: *size*.
    :param name: the prefix of the workers' thread names.
    """

    def __init__(self, size, backlog=None, name=THREAD_PREFIX):
        self.size = size
        self.backlog = size if backlog is None else backlog
        self._name = name
        self._executor = futurist.ThreadPoolExecutor(max_workers=size)
        # Work accepted and not finished (running or queued); never more
        # than size + backlog.
        self._busy = 0
        self._stopped = False
        self._lock = threading.Lock()
        self._numbers = itertools.count(1)
        # The functions kick_due() runs or will run again: {func: whether
        # it runs again}.
        self._due = {}
        self._due_lock = threading.Lock()

    def free(self):
        """:returns: the number of workers free now (0 once stopped): the
            work spawned now that starts at once.
        """
        with self._lock:
            return 0 if self._stopped else max(0, self.size - self._busy)

    def spawn(self, func, *args, **kwargs):
        """Run ``func(*args, **kwargs)`` on a free worker, or on the
        first one free.

        :returns: its future.
        :raises: NoFreeConductorWorker when every worker is busy and the
            queue is full, or the pool is stopping (stop() was called).
        """
        with self._lock:
            if self._stopped or self._busy >= self.size + self.backlog:
                raise exception.NoFreeConductorWorker(
                    size=self.size,
                    state='stopping' if self._stopped else 'busy')
            self._busy += 1
            # Under the lock: stop() shuts the executor down only after
            # every submit that got here returned (futurist's shutdown
            # holds its own lock while it waits, so a submit must not
            # reach it then).
            try:
                return self._executor.submit(self._run, func, args, kwargs)
            except Exception:
                self._busy -= 1
                raise

    def kick(self, func, *args):
        """Run work an RPC method started, after its answer.

        Every kick's work is in the database first, so a kick the pool
        refuses (every worker busy and its queue full, or stopping) is
        only late: the conductor's periodic tasks do what is due (see
        cyborg.conductor.manager), and an agent's next heartbeat asks
        for what was meant for it.

        :returns: whether the pool took it.
        """
        try:
            self.spawn(func, *args)
        except exception.NoFreeConductorWorker as exc:
            LOG.debug('%(func)s left for the periodic tasks: %(exc)s',
                      {'func': getattr(func, '__qualname__', func),
                       'exc': exc})
            return False
        return True

    def kick_due(self, func, context):
        """Kick ``func(context)``, a function that does what is due (runs
        due jobs, sends queued or due events): a kick while it runs, or
        waits for a worker, makes it run once more after that, not
        beside it.  So a burst of binds holds one worker, not one each,
        and their events go together (up to a batch per request).
        """
        with self._due_lock:
            if func in self._due:
                self._due[func] = True
                return
            self._due[func] = False
        if not self.kick(self._run_due, func, context):
            with self._due_lock:
                del self._due[func]

    def _run_due(self, func, context):
        while True:
            try:
                func(context)
            except Exception:
                LOG.exception('%s failed; retried by the periodic tasks',
                              getattr(func, '__qualname__', func))
            with self._due_lock:
                if not self._due[func]:
                    del self._due[func]
                    return
                self._due[func] = False

    def _run(self, func, args, kwargs):
        thread = threading.current_thread()
        if not thread.name.startswith(self._name):
            # futurist's workers are anonymous: named after the pool,
            # they show in thread dumps and the logs' thread names.
            thread.name = '%s-%d' % (self._name, next(self._numbers))
        try:
            return func(*args, **kwargs)
        except Exception:
            # Callers that care hold the future; the others (kicks) would
            # lose the error otherwise.
            LOG.exception('Work %s of the conductor pool failed', func)
            raise
        finally:
            with self._lock:
                self._busy -= 1

    def stop(self):
        """Take no more work; wait for the work accepted (running or
        queued) to end.
        """
        with self._lock:
            self._stopped = True
        self._executor.shutdown(wait=True)
