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
"""Queries of a device's clean between two tenants (devices.clean_*).

A device whose policy cleans it (clean_steps not NULL) becomes
``cleaning`` in the transaction that ends its last binding (mark(): one
UPDATE); it is held out of scheduling (cyborg.db.queries.hold) until its
clean succeeds, or ``clean_failed`` until an operator retries or releases
it.  The conductor stamps clean_started_at when it hands the clean to
the agent (once: a re-hand keeps it, so the timeout runs from the
first); an outcome counts only while the stamp matches.
"""

from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg import states
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import hold

_DEV = models.Device.__table__
_DEP = models.Deployable.__table__
_ARQ = models.ExtendedAcceleratorRequest.__table__
_HOST = models.Host.__table__
_HANDLE = models.AttachHandle.__table__
_CONFIG = models.DeviceConfig.__table__

# The ARQ states that hold a device's deployable.
_HOLDING = (states.BIND_STARTED, states.BOUND)
_OTHER = _DEP.alias('other')
_TO_MARK = (
    sa.select(_DEV.c.id, _DEV.c.hostname)
    .where(_DEV.c.id.in_(
        sa.select(_DEP.c.device_id)
        .where(_DEP.c.id.in_(sa.bindparam('b_deps', expanding=True)))),
        _DEV.c.clean_steps.is_not(None), _DEV.c.clean_state.is_(None),
        ~sa.exists().where(_ARQ.c.deployable_id == _OTHER.c.id,
                           _OTHER.c.device_id == _DEV.c.id,
                           _ARQ.c.state.in_(_HOLDING))))
_MARK = (
    sa.update(_DEV)
    .where(_DEV.c.id.in_(sa.bindparam('b_ids', expanding=True)),
           _DEV.c.clean_state.is_(None))
    .values(clean_state=hold.CLEANING, clean_started_at=None,
            clean_reason=None))


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def mark(context, deployable_ids):
    """The devices of *deployable_ids* that are cleaned and no ARQ holds
    any more become ``cleaning``, in the caller's transaction, which has
    locked their rows (device_state.lock()).

    :returns: the hosts of the devices marked: their reservation is
        pushed once the transaction commits.
    """
    ids = sorted({i for i in deployable_ids if i is not None})
    if not ids:
        return set()
    found = db_api.execute(context, _TO_MARK, {'b_deps': ids}).all()
    if found:
        db_api.execute(context, _MARK, {'b_ids': [r.id for r in found]})
    return {r.hostname for r in found}


_IN_USE = sa.exists().where(
    _HANDLE.c.in_use.is_(sa.true()), _HANDLE.c.deployable_id == _DEP.c.id,
    _DEP.c.device_id == _DEV.c.id)
_CLEANING = (
    sa.select(_DEV.c.uuid, _DEV.c.hostname, _DEV.c.driver_name,
              _DEV.c.clean_steps, _DEV.c.clean_started_at,
              _HOST.c.agent_up, _HOST.c.needs_sync,
              _IN_USE.label('in_use'), _CONFIG.c.state.label('config_state'))
    .select_from(_DEV.outerjoin(_HOST, _HOST.c.hostname == _DEV.c.hostname)
                 .outerjoin(_CONFIG, _CONFIG.c.device_uuid == _DEV.c.uuid))
    .where(_DEV.c.clean_state == hold.CLEANING).order_by(_DEV.c.id))


@db_api.context_manager.reader
def cleaning(context):
    """The devices being cleaned, with what their hand-off waits for:
    ``[{uuid, hostname, driver_name, clean_steps, clean_started_at,
    agent_up, needs_sync, in_use (a handle of theirs), config_state}]``.
    """
    return [dict(row._mapping) for row in db_api.execute(context, _CLEANING)]


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def stamp(context, device_uuid, started_at):
    """Record that the clean of a cleaning device was handed to its agent
    at *started_at*, unless it was before; :returns: the stamp it has.
    """
    db_api.execute(context, sa.update(_DEV).where(
        _DEV.c.uuid == device_uuid, _DEV.c.clean_state == hold.CLEANING,
        _DEV.c.clean_started_at.is_(None)).values(
            clean_started_at=started_at))
    return db_api.execute(context, sa.select(_DEV.c.clean_started_at).where(
        _DEV.c.uuid == device_uuid,
        _DEV.c.clean_state == hold.CLEANING)).scalar()


def _set(context, device_uuid, from_states, values, started_at=False):
    """Move a device out of one of *from_states* (and the stamp
    *started_at* unless False), its host marked for a push.

    :returns: ``{hostname, driver_name, clean_state, clean_started_at}``
        of the device before, or None when it was not so.
    """
    where = [_DEV.c.uuid == device_uuid, _DEV.c.clean_state.in_(from_states)]
    if started_at is not False:
        where.append(_DEV.c.clean_started_at == started_at)
    row = db_api.execute(context, sa.select(
        _DEV.c.hostname, _DEV.c.driver_name, _DEV.c.clean_state,
        _DEV.c.clean_started_at).where(*where).with_for_update()
    ).one_or_none()
    if row is None:
        return None
    db_api.execute(context, sa.update(_DEV).where(*where).values(**values))
    db_api.execute(context, sa.update(_HOST).where(
        _HOST.c.hostname == row.hostname).values(needs_sync=True))
    return dict(row._mapping)


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def finish(context, device_uuid, started_at, reason=None):
    """End the clean handed at *started_at*: clean (offered again), or
    ``clean_failed`` for *reason*; the host is marked for a push.

    :returns: ``{hostname, driver_name}``, or None when the clean is no
        longer that one (retried, released, timed out).
    """
    if reason is None:
        values = {'clean_state': None, 'clean_started_at': None,
                  'clean_reason': None}
    else:
        values = {'clean_state': hold.CLEAN_FAILED,
                  'clean_reason': reason[:65535]}
    return _set(context, device_uuid, [hold.CLEANING], values, started_at)


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def start(context, device_uuid):
    """Clean a device that is not held and no ARQ holds (an operator's
    clean): with its policy's steps, else its driver's default ones.

    :returns: as finish(), None when it was held or in use.
    """
    in_use = sa.exists().where(
        _ARQ.c.deployable_id == _DEP.c.id, _DEP.c.device_id == _DEV.c.id,
        _ARQ.c.state.in_(_HOLDING))
    where = [_DEV.c.uuid == device_uuid, _DEV.c.clean_state.is_(None),
             ~in_use]
    row = db_api.execute(context, sa.select(
        _DEV.c.hostname, _DEV.c.driver_name).where(*where)).one_or_none()
    if row is None:
        return None
    db_api.execute(context, sa.update(_DEV).where(*where).values(
        clean_state=hold.CLEANING, clean_started_at=None, clean_reason=None,
        clean_steps=sa.func.coalesce(_DEV.c.clean_steps, '[]')))
    db_api.execute(context, sa.update(_HOST).where(
        _HOST.c.hostname == row.hostname).values(needs_sync=True))
    return dict(row._mapping)


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def retry(context, device_uuid):
    """Clean a ``clean_failed`` device anew (handed again, a new stamp).

    :returns: as finish(), None when it was not clean_failed.
    """
    return _set(context, device_uuid, [hold.CLEAN_FAILED], {
        'clean_state': hold.CLEANING, 'clean_started_at': None,
        'clean_reason': None})


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def release(context, device_uuid, by, reason):
    """Offer a held device (cleaning or clean_failed) again uncleaned,
    recording who did, when and why (an administrator's decision).

    :returns: as finish(), None when it was not held.
    """
    return _set(context, device_uuid, hold.CLEAN_STATES, {
        'clean_state': None, 'clean_started_at': None,
        'clean_reason': reason, 'clean_released_by': by,
        'clean_released_at': timeutils.utcnow()})


@db_api.context_manager.reader
def held(context, host=None):
    """``{device uuid: clean_state}`` of the held devices (of *host*)."""
    query = sa.select(_DEV.c.uuid, _DEV.c.clean_state).where(
        _DEV.c.clean_state.is_not(None))
    if host is not None:
        query = query.where(_DEV.c.hostname == host)
    return {row.uuid: row.clean_state
            for row in db_api.execute(context, query)}
