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
"""What an ARQ's state change implies, written once.

The caller changes the ARQs' rows and calls move() in the same writer
transaction: entering Bound opens each one's usage interval; leaving it
(unbind, delete, a forced driver uninstall) closes it, so that usage
stops at the unbind, and what a tenant had is left to clean when its
device's policy cleans it (cyborg.db.queries.device_state.ended()).
move() returns what it changed (Moved), and announce() sends the
notifications of those rows once the transaction committed.
"""

import dataclasses

from oslo_utils import timeutils

from cyborg import notifications
from cyborg import states
from cyborg.db.queries import device_state
from cyborg.db.queries import usage as usage_queries
from cyborg.notifications import usage as usage_notify

# Who ends a binding, by the ARQ's new state.
_ENDED_BY = {states.UNBOUND: usage_queries.UNBIND,
             states.DELETING: usage_queries.DELETE}


@dataclasses.dataclass
class Moved:
    """What a move() changed: the usage intervals it closed (dicts of
    cyborg.db.queries.usage, read only when notifications are on) and the
    cleans it started, by host (their reservation is pushed once it
    committed).
    """

    closed: list = dataclasses.field(default_factory=list)
    cleaning: dict = dataclasses.field(default_factory=dict)


def move(context, uuids, state, since=None, usage=None, handles=()):
    """ARQs entered *state* (their rows already written), in the caller's
    writer transaction.

    :param uuids: the ARQs.
    :param state: BOUND (entered), UNBOUND (unbound: they left Bound, if
        they were) or DELETING (deleted or being deleted).
    :param since: when the caller's transaction began (its first try):
        BOUND's intervals start then; the intervals closed since then, an
        earlier try's whose answer was lost included, are announced.
    :param usage: for BOUND, what the interval records
        (cyborg.common.usage.FIELDS).
    :param handles: for the others, the ids of the attach handles they
        held (what their tenants had may be left to clean; the caller
        locked their devices, device_state.lock()).
    :returns: Moved.
    """
    now = timeutils.utcnow()
    if state == states.BOUND:
        for uuid in uuids:
            usage_queries.open_interval(context, uuid, since or now, usage)
        return Moved()
    ended_by = _ENDED_BY[state]
    usage_queries.close(context, uuids, now, ended_by)
    moved = Moved(cleaning=device_state.ended(context, handles))
    if notifications.is_enabled():
        moved.closed = usage_queries.closed_since(
            context, list(uuids), since or now, ended_by)
    return moved


@notifications.safe
def announce(context, moved):
    """The notifications of what move() changed, once it committed."""
    usage_notify.send(context, moved.closed)
