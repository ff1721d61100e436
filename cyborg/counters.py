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
"""Cost counters of one operation, per thread: statements on Cyborg's
engine, Placement calls (the conductor returns an agent report's cost
with its answer).  It imports nothing of Cyborg: the database layer sets
the statement hook.
"""

import contextlib
import threading
import time
import weakref

_local = threading.local()
_watched = weakref.WeakSet()
_watch_lock = threading.Lock()
# on_statement(engine, callback) of the database layer (set_statement_hook).
_statement_hook = None

# Statements that only manage the transaction.
_CONTROL = ('BEGIN', 'COMMIT', 'ROLLBACK', 'SAVEPOINT', 'RELEASE')
_WRITES = ('INSERT', 'UPDATE', 'DELETE')


class Cost:
    """What one operation cost so far."""

    def __init__(self):
        self.db_statements = 0
        self.db_writes = 0
        self.placement_calls = 0
        self._started = time.monotonic()
        self.ms = None

    def as_dict(self):
        ms = self.ms
        if ms is None:
            ms = (time.monotonic() - self._started) * 1000.0
        return {'db_statements': self.db_statements,
                'db_writes': self.db_writes,
                'placement_calls': self.placement_calls,
                'ms': round(ms, 3)}

    def _add(self, other):
        self.db_statements += other.db_statements
        self.db_writes += other.db_writes
        self.placement_calls += other.placement_calls


def current():
    return getattr(_local, 'cost', None)


@contextlib.contextmanager
def measure(engine=None):
    """Count, as the Cost yielded, what the block costs in this thread
    (nested blocks count for the enclosing one too); *engine* None counts
    Placement calls only.
    """
    if engine is not None:
        watch(engine)
    outer = current()
    cost = Cost()
    _local.cost = cost
    try:
        yield cost
    finally:
        cost.ms = (time.monotonic() - cost._started) * 1000.0
        _local.cost = outer
        if outer is not None:
            outer._add(cost)


def set_statement_hook(hook):
    """``hook(engine, callback)`` calls *callback* with the SQL text of
    each statement sent on *engine*.
    """
    global _statement_hook
    _statement_hook = hook


def watch(engine):
    """Count the statements sent on *engine* (idempotent)."""
    if _statement_hook is None:
        raise RuntimeError('cyborg.counters has no statement hook: '
                           'cyborg.db.api sets it')
    with _watch_lock:
        if engine in _watched:
            return
        _statement_hook(engine, _on_statement)
        _watched.add(engine)


def _on_statement(statement):
    cost = current()
    if cost is None:
        return
    verb = statement.lstrip()[:9].upper()
    if verb.startswith(_CONTROL):
        return
    cost.db_statements += 1
    if verb.startswith(_WRITES):
        cost.db_writes += 1


def count_placement_call():
    cost = current()
    if cost is not None:
        cost.placement_calls += 1
