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
"""A loop on a thread of its own: how each long-lived thread of Cyborg
starts, stops, paces its turns, survives a failed one and is named.
Unlike oslo.service's looping calls and futurist's periodics, it runs a
turn on demand (kick()) and names its thread.
"""

import threading

from oslo_log import log as logging

LOG = logging.getLogger(__name__)

# Seconds between a failed turn and the next, where the loop would
# otherwise go on at once: a turn that fails at once does not spin.
PAUSE_AFTER_FAILURE = 0.5


class Loop:
    """Calls *turn* on a daemon thread named *name* until stop(); an
    exception is logged and the loop goes on.  A turn bounds its own
    waits: stop() waits for it.  *interval*: seconds from the end of a
    turn to the next, a callable returning them, or None: when kicked.
    """

    def __init__(self, turn, name, interval=None):
        self._turn = turn
        self.name = name
        self._interval = interval
        self._lock = threading.Lock()
        self._thread = None
        # Each start's own events: a thread left running by a stop that
        # did not wait never sees the next start's.
        self._stopping = self._wake = threading.Event()
        self._stopping.set()

    def start(self):
        """Start the thread (unless it runs); the first turn is at once."""
        with self._lock:
            if self._thread is not None:
                return
            self._stopping, self._wake = threading.Event(), threading.Event()
            self._thread = threading.Thread(
                target=self._run, args=(self._stopping, self._wake),
                name=self.name, daemon=True)
            self._thread.start()

    @property
    def running(self):
        return self._thread is not None

    @property
    def stopping(self):
        return self._stopping.is_set()

    def kick(self):
        """Have the next turn come at once (after the one under way)."""
        self._wake.set()

    def stop(self, timeout=None):
        """No turn after the one under way; whether the thread ended
        within *timeout* seconds (None: as long as it takes).
        """
        with self._lock:
            self._stopping.set()
            self._wake.set()
            thread, self._thread = self._thread, None
        if thread is None or thread is threading.current_thread():
            return True
        thread.join(timeout)
        return not thread.is_alive()

    def _pause(self):
        interval = self._interval
        return interval() if callable(interval) else interval

    def _run(self, stopping, wake):
        while not stopping.is_set():
            wake.clear()
            try:
                self._turn()
                pause = self._pause()
            except Exception:
                LOG.exception('A turn of %s failed; it goes on', self.name)
                pause = self._pause() or PAUSE_AFTER_FAILURE
            if not stopping.is_set():
                wake.wait(pause)


def once(func, name):
    """Run *func* once on a daemon thread of its own named *name* (a Loop
    of one turn: its failure is logged).

    :returns: a threading.Event set when *func* has returned.
    """
    done = threading.Event()

    def turn():
        try:
            func()
        finally:
            runner.stop(timeout=0)
            done.set()

    runner = Loop(turn, name)
    runner.start()
    return done
