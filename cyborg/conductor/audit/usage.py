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
"""Checking that usage intervals and ARQs agree, and repairing them.

Binds, unbinds and deletes keep an interval open exactly while its ARQ
is Bound, so only a database edited or restored breaks that.  An open
interval without binding closes at the ARQ's last change (or the audit's
time when the ARQ is gone); a binding without interval gets one from the
ARQ's last change.  Each is re-checked under its ARQ's row lock.
"""

import dataclasses

from oslo_log import log as logging
from oslo_utils import timeutils

from cyborg import exception
from cyborg import states
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.audit import record
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import deployable as deployable_queries
from cyborg.db.queries import usage as usage_queries
from cyborg.notifications import usage as usage_notify

LOG = logging.getLogger(__name__)

ORPHAN = 'open interval without binding'
UNRECORDED = 'binding without interval'


@dataclasses.dataclass(kw_only=True)
class UsageFinding(record.Finding):
    """A usage interval (None: none open) and an ARQ that disagree."""

    arq: str
    interval: str | None = None
    project: str | None = None


def _gone_since(row, now):
    """(when the binding of an orphan went away, how that is known)."""
    if row['arq_state'] is None:
        return now, 'its ARQ is gone, when is not recorded'
    state = ('is %s' % row['arq_state'] if row['arq_state'] !=
             states.BOUND else 'is bound to another instance')
    return row['arq_updated_at'] or now, 'its ARQ %s since then' % state


@db_api.retrying_writer
def _settle_orphan(context, found, heal, now):
    """Re-check and close an orphan under its ARQ's lock (None: fine now)."""
    arq_queries.lock_state(context, found['arq_uuid'])
    rows = usage_queries.orphans(context, interval_id=found['id'])
    if not rows:
        return None
    [row] = rows
    ended, why = _gone_since(row, now)
    ended = max(ended, row['started_at'])
    detail = 'open since %s, %s' % (row['started_at'].isoformat(), why)
    if not heal:
        return '%s (heal: close it at %s)' % (
            detail, usage_queries.to_second(ended).isoformat()), None, None
    usage_queries.close_one(context, row['id'], ended, now)
    closed = dict(row, ended_at=usage_queries.to_second(ended),
                  ended_by=usage_queries.AUDIT)
    return ('%s; closed at %s' % (detail, closed['ended_at'].isoformat()),
            True, closed)


@db_api.retrying_writer
def _settle_unrecorded(context, arq_uuid, heal):
    """Re-check a Bound ARQ without interval and open one (None: fine now)."""
    arq_queries.lock_state(context, arq_uuid)
    if not usage_queries.unrecorded(context, arq_uuid=arq_uuid):
        return None
    try:
        arq = arq_queries.get(context, arq_uuid)
    except exception.AcceleratorRequestNotFound:
        return None
    since = arq['updated_at'] or arq['created_at']
    detail = 'Bound since %s or earlier, no open interval' % (
        since.isoformat())
    if not heal:
        return detail + ' (heal: open one from then)', None
    target = deployable_queries.bind_target(
        context, arq['device_rp_uuid'], arq['hostname']) or {
        'rc': None, 'traits': [], 'uuid': None, 'device_uuid': None,
        'hostname': arq['hostname']}
    record = arq_bind.usage_record(
        dict(arq, profile_name=arq['device_profile_name']), arq, target,
        None)
    usage_queries.open_interval(context, arq_uuid, since, record)
    return detail + '; opened from then', True


def audit(context, host=None, heal=False):
    """Find (and with *heal*, repair) disagreements; UsageFinding list.

    Closed intervals are notified once committed.
    """
    now = timeutils.utcnow()
    found, closed = [], []
    for row in usage_queries.orphans(context, host=host):
        settled = _settle_orphan(context, row, heal, now)
        if settled is None:
            continue
        detail, repaired, interval = settled
        if interval is not None:
            closed.append(interval)
        found.append(UsageFinding(
            kind=ORPHAN, host=row['hostname'], arq=row['arq_uuid'],
            interval=row['uuid'], project=row['project_id'],
            detail=detail, repaired=repaired))
    for arq in usage_queries.unrecorded(context, host=host):
        settled = _settle_unrecorded(context, arq['uuid'], heal)
        if settled is not None:
            found.append(UsageFinding(
                kind=UNRECORDED, host=arq['hostname'], arq=arq['uuid'],
                detail=settled[0], repaired=settled[1]))
    usage_notify.audited(context, closed)
    return found


def periodic(context):
    """The conductor's periodic audit: heal, and log what it healed."""
    found = audit(context, heal=True)
    for finding in found:
        LOG.warning('Usage of ARQ %(arq)s on %(host)s: %(kind)s: '
                    '%(detail)s', finding.as_dict())
    return found
