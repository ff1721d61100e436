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
"""Queries of the hosts table: each agent host's last hardware report,
and what must still be pushed to Placement.

``needs_sync`` marks a host whose resource providers must be pushed.  A
conductor takes the host (claim_sync() clears the mark), pushes with no
transaction open and lets go (release_sync()); a change committed
meanwhile marks it again.  An expired claim is an unfinished push.
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


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def heartbeat(context, host, agent_generation, inventory_hash,
              rp_name=None):
    """Record a report that carries only the agent's hash, in one UPDATE.

    :param agent_generation: the agent's counter of inventory changes.
    :param rp_name: the compute node resource provider the agent names.
    :returns: True when the stored hash (and provider name) are the
        agent's; False: resend.
    """
    result = context.session.execute(
        sa.update(_TABLE)
        .where(_TABLE.c.hostname == host,
               _TABLE.c.inventory_hash == inventory_hash,
               _TABLE.c.rp_name.is_not_distinct_from(rp_name))
        .values(last_report_at=timeutils.utcnow(),
                agent_generation=agent_generation))
    return result.rowcount == 1


@db_api.context_manager.writer
def lock(context, host):
    """Lock a host's row until the end of the caller's writer
    transaction (two conductors never apply two reports of one host at
    once); the Host model object, or None.

    SQLite has no row locks: a no-op UPDATE takes its write lock instead.
    """
    session = context.session
    if session.get_bind().dialect.name == 'sqlite':
        session.execute(sa.update(_TABLE).where(_TABLE.c.hostname == host)
                        .values(generation=_TABLE.c.generation))
    return session.execute(
        sa.select(models.Host).where(models.Host.hostname == host)
        .with_for_update()).scalar_one_or_none()


@db_api.context_manager.reader
def exists(context, host):
    """Whether the host has a row (it reported, or was asked to)."""
    return context.session.execute(
        sa.select(_TABLE.c.id).where(_TABLE.c.hostname == host)
    ).first() is not None


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def create(context, host, reporting=False):
    """Insert a host's row; another conductor doing it too is fine.

    :param reporting: the row is made for the host's report: its last
        report is now (a liveness check before the report's transaction
        must not find it down).
    """
    now = timeutils.utcnow()
    try:
        with context.session.begin_nested():
            context.session.execute(sa.insert(_TABLE).values(
                hostname=host, generation=0, needs_sync=False,
                # A host that reports has its agent up.
                agent_up=True, created_at=now,
                last_report_at=now if reporting else None))
    except db_exc.DBDuplicateEntry:
        pass


def record_report(context, host, agent_generation, inventory_hash,
                  hardware_json=None, rp_name=None):
    """Record an agent's report, hash-gated, under the host's lock.

    A host's first row is inserted in a transaction of its own first:
    locking a missing row would lock an index gap on MariaDB, where two
    new hosts would deadlock.

    :param hardware_json: the full inventory (JSON text), or None for a
        heartbeat carrying the hash only.
    :returns: (status, generation): status STORED, UNCHANGED (the stored
        hash is the agent's) or RESEND (the agent must send the full
        inventory).
    """
    if not exists(context, host):
        create(context, host, reporting=True)
    return _record(context, host, agent_generation, inventory_hash,
                   hardware_json, rp_name)


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def _record(context, host, agent_generation, inventory_hash, hardware_json,
            rp_name):
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


def _claimable(now):
    return sa.or_(_TABLE.c.sync_claim.is_(None),
                  _TABLE.c.sync_claimed_until < now)


@db_api.context_manager.writer
def forget_compute_node(context, host):
    """Look the host's compute node provider up again at its next push,
    and mark it for one.
    """
    context.session.execute(
        sa.update(_TABLE).where(_TABLE.c.hostname == host)
        .values(compute_rp_uuid=None, compute_rp_name=None,
                needs_sync=True))


@db_api.context_manager.reader
def get_needing_sync(context):
    """The hosts whose resource providers must be pushed (marked, or
    whose push was left unfinished), by name.
    """
    now = timeutils.utcnow()
    return sorted(context.session.execute(
        sa.select(_TABLE.c.hostname).where(sa.or_(
            _TABLE.c.needs_sync.is_(sa.true()),
            sa.and_(_TABLE.c.sync_claim.is_not(None),
                    _TABLE.c.sync_claimed_until < now)))).scalars())


@db_api.context_manager.reader
def needs_sync(context, host):
    """Whether the host's resource providers wait for a push (marked, or
    a push under way or left unfinished).
    """
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


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def claim_sync(context, host, token, seconds):
    """Take a host to push it, when it needs a push and no other
    conductor has it, for *seconds*; clears its mark.

    :param token: the claim (a uuid of the caller's).
    :returns: True when the caller has the host.
    """
    now = timeutils.utcnow()
    result = context.session.execute(
        sa.update(_TABLE).where(
            _TABLE.c.hostname == host,
            sa.or_(_TABLE.c.needs_sync.is_(sa.true()),
                   _TABLE.c.sync_claim.is_not(None)),
            _claimable(now))
        .values(needs_sync=False, sync_claim=token,
                sync_claimed_until=now + datetime.timedelta(
                    seconds=seconds)))
    return result.rowcount == 1


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def release_sync(context, host, token, again):
    """Let go of a host taken by claim_sync(); False when the claim had
    expired and another conductor took the host since.

    :param again: the push was incomplete: mark the host again.
    """
    values = {'sync_claim': None, 'sync_claimed_until': None}
    if again:
        values['needs_sync'] = True
    result = context.session.execute(
        sa.update(_TABLE).where(_TABLE.c.hostname == host,
                               _TABLE.c.sync_claim == token)
        .values(**values))
    return result.rowcount == 1


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def record_compute_node(context, host, rp_name, uuid, name):
    """Record the compute node provider of a host (None, None: look it up
    again), unless the agent named another one than *rp_name* meanwhile.
    """
    context.session.execute(
        sa.update(_TABLE).where(_TABLE.c.hostname == host,
                               _TABLE.c.rp_name.is_not_distinct_from(rp_name))
        .values(compute_rp_uuid=uuid, compute_rp_name=name))


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def set_liveness(context, host, agent_up):
    """Record the agent's liveness, and mark the host for a push, when it
    changed; True when this call changed it.
    """
    result = context.session.execute(
        sa.update(_TABLE).where(
            _TABLE.c.hostname == host,
            _TABLE.c.agent_up.is_distinct_from(agent_up))
        .values(agent_up=agent_up, needs_sync=True))
    return result.rowcount == 1


@db_api.context_manager.reader
def get_sync_state(context, host):
    """What a push of the host needs from its row, or None.

    :returns: ``{hostname, rp_name, compute_rp_uuid, compute_rp_name,
        agent_up, reported (the device uuids of its last report)}``.
    """
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
    query = sa.select(models.Host)
    if host is not None:
        query = query.where(models.Host.hostname == host)
    query = query.order_by(models.Host.hostname)
    return [_to_dict(row) for row in context.session.execute(query).scalars()]
