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
"""The agent's one work thread: the one thread that touches the hardware.

Work runs one at a time, in order; a discovery asked while one waits
joins it ("discover soon").
"""

import collections
from concurrent import futures
import dataclasses
import threading
import typing

from cyborg.common import loop


@dataclasses.dataclass
class Discovery:
    """A discovery waiting for the work thread (*ids*: requests it answers)."""

    context: typing.Any
    reasons: list
    driver: typing.Optional[str]
    ids: list

    def join(self, reason, driver, discovery_id):
        if reason not in self.reasons:
            self.reasons.append(reason)
        if driver != self.driver:
            self.driver = None
        if discovery_id is not None and discovery_id not in self.ids:
            self.ids.append(discovery_id)


class Worker:
    """One thread, fed by a cyborg.common.loop.Loop; *discover* runs one."""

    def __init__(self, discover, name='cyborg-agent-work'):
        self._discover = discover
        self._cond = threading.Condition()
        self._queue = collections.deque()
        # The discovery queued and not started, which new requests join.
        self._pending = None
        self._busy = False
        self._stopped = False
        self._loop = loop.Loop(self._turn, name)

    def start(self):
        """Start the thread (the work queued before runs first)."""
        with self._cond:
            self._stopped = False
        self._loop.start()

    def stop(self, timeout=None):
        """Take no more work, wait *timeout* (None: forever); if ended."""
        with self._cond:
            self._stopped = True
            self._queue.clear()
            self._pending = None
        return self._loop.stop(timeout)

    def _put(self, func, args):
        """Queue ``func(*args)`` and wake the thread (locked)."""
        self._queue.append((func, args))
        self._loop.kick()

    def submit(self, func, *args):
        """Run ``func(*args)`` after the work already queued."""
        with self._cond:
            if not self._stopped:
                self._put(func, args)

    def call(self, func, *args):
        """A Future of ``func(*args)`` run after the queued work."""
        future = futures.Future()

        def run():
            future.set_running_or_notify_cancel()
            try:
                future.set_result(func(*args))
            except Exception as exc:
                future.set_exception(exc)

        with self._cond:
            queued = self._loop.running and not self._stopped
            if queued:
                self._put(run, ())
        if not queued:
            run()
        return future

    def discover_soon(self, context, reason, driver=None,
                      discovery_id=None):
        """Queue a discovery (True) or join the one waiting (False)."""
        with self._cond:
            if self._stopped:
                return False
            if self._pending is not None:
                self._pending.join(reason, driver, discovery_id)
                return False
            self._pending = Discovery(
                context, [reason], driver,
                [discovery_id] if discovery_id is not None else [])
            self._put(self._start_discovery, (self._pending,))
            return True

    def _start_discovery(self, discovery):
        with self._cond:
            if self._pending is discovery:
                # This one may look at the hardware before a new request.
                self._pending = None
        self._discover(discovery)

    def wait_idle(self, timeout=None):
        """Wait until idle; False when the timeout passed first."""
        with self._cond:
            return self._cond.wait_for(
                lambda: not self._queue and not self._busy, timeout)

    def _turn(self):
        """Run the first queued work; whether there was any."""
        with self._cond:
            if not self._queue:
                return False
            func, args = self._queue.popleft()
            if self._queue:
                self._loop.kick()
            self._busy = True
        try:
            func(*args)
        finally:
            with self._cond:
                self._busy = False
                self._cond.notify_all()
        return True
