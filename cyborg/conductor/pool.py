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
"""The conductor's one pool of worker threads (``workers_pool_size``).

Bind jobs and the work an RPC method starts before it answers (kick())
run here.  The standard library's executor: a stop wakes idle threads at
once (futurist's look once a second).  Work is recorded in the database
first, so refused work is only late.  Nova's ARQ calls run on RPC workers.
"""

from concurrent import futures
import threading

from oslo_log import log as logging

from cyborg import exception

LOG = logging.getLogger(__name__)

THREAD_PREFIX = 'cyborg-pool'


class WorkerPool:
    """A fixed number of worker threads and a bounded queue."""

    def __init__(self, size, backlog=None, name=THREAD_PREFIX):
        self.size = size
        self.backlog = size if backlog is None else backlog
        self._executor = futures.ThreadPoolExecutor(
            max_workers=size, thread_name_prefix=name)
        # Work accepted and not finished (running or queued).
        self._busy = 0
        self._stopped = False
        self._lock = threading.Lock()
        # The functions kick_due() runs or will run again: {func: whether
        # it runs again}.
        self._due = {}
        self._due_lock = threading.Lock()

    def free(self):
        """The number of workers free now (0 once stopped)."""
        with self._lock:
            return 0 if self._stopped else max(0, self.size - self._busy)

    def spawn(self, func, *args, **kwargs):
        """Run *func* on a free worker; its future.

        :raises: NoFreeConductorWorker when the queue is full or stopped.
        """
        with self._lock:
            if self._stopped or self._busy >= self.size + self.backlog:
                raise exception.NoFreeConductorWorker(
                    size=self.size,
                    state='stopping' if self._stopped else 'busy')
            self._busy += 1
            # Under the lock: stop() never shuts the executor down during
            # a submit, which would raise.
            try:
                return self._executor.submit(self._run, func, args, kwargs)
            except Exception:
                self._busy -= 1
                raise

    def kick(self, func, *args):
        """Run work an RPC method started, after its answer; whether taken."""
        try:
            self.spawn(func, *args)
        except exception.NoFreeConductorWorker as exc:
            LOG.debug('%(func)s left for the periodic tasks: %(exc)s',
                      {'func': getattr(func, '__qualname__', func),
                       'exc': exc})
            return False
        return True

    def kick_due(self, func, context):
        """Kick ``func(context)``, which does what is due.

        A kick while it runs or waits makes it run once more after, not beside
        it: a burst of binds holds one worker, and their events go together.
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
        """Take no more work; wait for the work accepted to end."""
        with self._lock:
            self._stopped = True
        self._executor.shutdown(wait=True)
