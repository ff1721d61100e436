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
"""What the capacity view counts, and why each accelerator is reserved.

An accelerator is an attach handle: **bound**, **reserved** in Placement
(counted under each of its REASONS) or **free**.
"""

from cyborg import servicegroup
from cyborg.db.queries import capacity as capacity_queries
from cyborg.db.queries import hold

# Why a free handle is reserved (cyborg.db.queries.hold).
REASONS = hold.REASONS

COUNTS = ('total', 'free', 'bound', 'reserved')


def counts(group, agent_up):
    """The values of COUNTS, then of REASONS, of a capacity Group."""
    unbound = group.total - group.bound
    if agent_up:
        free, reserved, down = unbound - group.held, group.held, 0
    else:
        free, reserved, down = 0, unbound, unbound
    return [group.total, free, group.bound, reserved] + [
        down if reason == hold.AGENT_DOWN else
        getattr(group, capacity_queries.held_column(reason))
        for reason in REASONS]


def _row_entry(row):
    return {'resource_class': row.resource_class, 'total': row.total,
            'free': row.total - row.bound - row.reserved,
            'bound': row.bound, 'reserved': row.reserved,
            'reserved_because': {
                reason: getattr(row, capacity_queries.held_column(reason))
                for reason in REASONS}}


def _row_key(row):
    # A deployable without a resource class sorts last.
    return (row.resource_class is None, row.resource_class or '')


def _summed(rows):
    """The totals of *rows* (view() Rows) by resource class, as Rows."""
    sums = {}
    for row in rows:
        known = sums.get(row.resource_class)
        sums[row.resource_class] = row if known is None else known._make(
            [known.host, known.resource_class] +
            [a + b for a, b in zip(known[2:-1], row[2:-1])] + [None])
    return list(sums.values())


def render(hosts, totals=None, sort_hosts=True):
    """The capacity view of *hosts* and *totals* (None: summed), by RC."""
    by_host = {}
    for row in hosts:
        by_host.setdefault(row.host, []).append(row)
    names = sorted(by_host) if sort_hosts else by_host
    result = []
    for name in names:
        rows = by_host[name]
        if len(rows) > 1:
            rows.sort(key=_row_key)
        result.append({
            'host': name,
            'agent': servicegroup.UP if rows[0].agent_up
            else servicegroup.DOWN,
            'resource_classes': [_row_entry(row) for row in rows]})
    totals = _summed(hosts if totals is None else totals)
    return {'hosts': result, 'total': {'resource_classes': [
        _row_entry(row) for row in sorted(totals, key=_row_key)]}}
