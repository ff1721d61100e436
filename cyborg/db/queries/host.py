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
"""Queries of the hosts table: last reports and pending Placement pushes.

``needs_sync`` marks a host to push.  claim_sync() clears it; the push runs
with no transaction open; a change committed meanwhile marks it again.
"""

import datetime

from oslo_db import exception as db_exc
from oslo_serialization import jsonutils
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg.db import api as db_api
from cyborg.db import models

STORED = 'stored'
UNCHANGED = 'unchanged'
RESEND = 'resend'

_TABLE = models.Host.__table__

_COLUMNS = ('hostname', 'inventory_hash', 'generation', 'agent_generation',
            'last_report_at', 'rp_name', 'compute_rp_uuid',
            'compute_rp_name', 'agent_up',
            'needs_sync', 'gone_held', 'created_at', 'updated_at')


def _to_dict(row):
    values = {name: getattr(row, name) for name in _COLUMNS}
    values['hardware'] = jsonutils.loads(row.hardware or '[]')
    return values


@db_api.retrying_writer
def heartbeat(context, host, agent_generation, inventory_hash,
              rp_name=None):
    """A hash-only report, in one UPDATE; False: the agent must resend."""
    return context.session.execute(
        sa.update(_TABLE)
        .where(_TABLE.c.hostname == host,
               _TABLE.c.inventory_hash == inventory_hash,
               _TABLE.c.rp_name.is_not_distinct_from(rp_name))
        .values(last_report_at=timeutils.utcnow(),
                agent_generation=agent_generation)).rowcount == 1


@db_api.context_manager.writer
def lock(context, host):
    """Lock a host's row (Host or None) for the caller's transaction.

    Two conductors never apply two reports of one host at once.  SQLite
    has no row locks: a no-op UPDATE takes its write lock instead.
    """
    session = context.session
    if session.get_bind().dialect.name == 'sqlite':
        session.execute(sa.update(_TABLE).where(_TABLE.c.hostname == host)
                        .values(generation=_TABLE.c.generation))
    return session.execute(
        sa.select(models.Host).where(models.Host.hostname == host)
        .with_for_update()).scalar_one_or_none()


@db_api.retrying_writer
def create(context, host, reporting=False):
    """Insert a host's row unless it has one; another conductor doing it
    too is fine.

    *reporting*: last report is now, so a liveness check does not find
    it down before the report's transaction.
    """
    if context.session.execute(sa.select(_TABLE.c.id).where(
            _TABLE.c.hostname == host)).first() is not None:
        return
    now = timeutils.utcnow()
    try:
        with db_api.savepoint(context):
            context.session.execute(sa.insert(_TABLE).values(
                hostname=host, generation=0, needs_sync=False,
                # A host that reports has its agent up.
                agent_up=True, created_at=now,
                last_report_at=now if reporting else None))
    except db_exc.DBDuplicateEntry:
        pass


@db_api.context_manager.writer
def record_report(context, host, agent_generation, inventory_hash,
                  hardware_json=None, rp_name=None):
    """Record a report, hash-gated; (STORED|UNCHANGED|RESEND, generation).

    The host's row must exist: create() inserts it in a transaction of its
    own first (locking a missing row locks an index gap on MariaDB, where
    two new hosts would deadlock).
    """
    now = timeutils.utcnow()
    row = lock(context, host)
    row.last_report_at = now
    row.agent_generation = agent_generation
    same = (row.inventory_hash == inventory_hash and
            row.hardware is not None and row.rp_name == rp_name)
    if hardware_json is None or same:
        return (UNCHANGED if same else RESEND), row.generation
    if row.rp_name != rp_name:
        # Another compute node resource provider: look it up again.
        row.rp_name = rp_name
        row.compute_rp_uuid = row.compute_rp_name = None
    row.hardware = hardware_json
    row.inventory_hash = inventory_hash
    row.generation = (row.generation or 0) + 1
    row.needs_sync = True
    row.updated_at = now
    return STORED, row.generation


@db_api.context_manager.writer
def mark_needs_sync(context, host):
    """Mark the host for a push."""
    mark_hosts_need_sync(context, [host])


@db_api.context_manager.writer
def mark_hosts_need_sync(context, hosts):
    """Mark the hosts for a push, in one UPDATE."""
    if not hosts:
        return
    context.session.execute(
        sa.update(_TABLE).where(_TABLE.c.hostname.in_(sorted(set(hosts))))
        .values(needs_sync=True))


@db_api.context_manager.writer
def forget_compute_node(context, host):
    """Look the compute node provider up again at a push, marked now."""
    context.session.execute(
        sa.update(_TABLE).where(_TABLE.c.hostname == host)
        .values(compute_rp_uuid=None, compute_rp_name=None,
                needs_sync=True))


@db_api.context_manager.reader
def get_needing_sync(context):
    """Names of hosts to push (marked, or push left unfinished)."""
    now = timeutils.utcnow()
    return sorted(context.session.execute(
        sa.select(_TABLE.c.hostname).where(sa.or_(
            _TABLE.c.needs_sync.is_(sa.true()),
            sa.and_(_TABLE.c.sync_claim.is_not(None),
                    _TABLE.c.sync_claimed_until < now)))).scalars())


@db_api.context_manager.reader
def needs_sync(context, host):
    """Whether the host waits for a push (marked, under way, unfinished)."""
    row = context.session.execute(
        sa.select(_TABLE.c.needs_sync, _TABLE.c.sync_claim).where(
            _TABLE.c.hostname == host)).one_or_none()
    return row is not None and bool(row.needs_sync or row.sync_claim)


@db_api.context_manager.reader
def get_gone_held(context):
    """The hosts whose last report left held hardware, by name."""
    return sorted(context.session.execute(
        sa.select(_TABLE.c.hostname).where(
            _TABLE.c.gone_held.is_(sa.true()))).scalars())


@db_api.retrying_writer
def claim_sync(context, host, token, seconds):
    """Claim a host needing a push for *seconds* under *token*; if taken."""
    now = timeutils.utcnow()
    return context.session.execute(
        sa.update(_TABLE).where(
            _TABLE.c.hostname == host,
            sa.or_(_TABLE.c.needs_sync.is_(sa.true()),
                   _TABLE.c.sync_claim.is_not(None)),
            sa.or_(_TABLE.c.sync_claim.is_(None),
                   _TABLE.c.sync_claimed_until < now))
        .values(needs_sync=False, sync_claim=token,
                sync_claimed_until=now + datetime.timedelta(
                    seconds=seconds))).rowcount == 1


@db_api.retrying_writer
def release_sync(context, host, token, again):
    """Let go of a claim; False when it expired and another took it.

    *again*: the push was incomplete, mark the host again.
    """
    values = {'sync_claim': None, 'sync_claimed_until': None}
    if again:
        values['needs_sync'] = True
    return context.session.execute(
        sa.update(_TABLE).where(_TABLE.c.hostname == host,
                               _TABLE.c.sync_claim == token)
        .values(**values)).rowcount == 1


@db_api.retrying_writer
def record_compute_node(context, host, rp_name, uuid, name):
    """Record the compute node provider, unless *rp_name* changed."""
    context.session.execute(
        sa.update(_TABLE).where(_TABLE.c.hostname == host,
                               _TABLE.c.rp_name.is_not_distinct_from(rp_name))
        .values(compute_rp_uuid=uuid, compute_rp_name=name))


@db_api.retrying_writer
def set_liveness(context, host, agent_up):
    """Record liveness and mark for a push; True when it changed."""
    return context.session.execute(
        sa.update(_TABLE).where(
            _TABLE.c.hostname == host,
            _TABLE.c.agent_up.is_distinct_from(agent_up))
        .values(agent_up=agent_up, needs_sync=True)).rowcount == 1


@db_api.context_manager.reader
def get_sync_state(context, host):
    """What a push needs from the host's row (reported: device uuids)."""
    row = context.session.execute(
        sa.select(models.Host).where(models.Host.hostname == host)
    ).scalar_one_or_none()
    if row is None:
        return None
    return {'hostname': row.hostname, 'rp_name': row.rp_name,
            'compute_rp_uuid': row.compute_rp_uuid,
            'compute_rp_name': row.compute_rp_name,
            'agent_up': row.agent_up,
            'reported': {r['uuid'] for r in jsonutils.loads(
                row.hardware or '[]')}}


@db_api.context_manager.reader
def is_recorded_down(context, host):
    """Whether the host's agent is recorded as down (False: unknown)."""
    return context.session.execute(
        sa.select(models.Host.agent_up).where(
            models.Host.hostname == host)).scalar() is False


@db_api.context_manager.reader
def get_all(context, host=None):
    """Every host's row (or one host's), as dicts, by host name."""
    query = db_api.where_given(
        sa.select(models.Host).order_by(models.Host.hostname),
        (models.Host.hostname, host))
    return [_to_dict(row) for row in context.session.execute(query).scalars()]
