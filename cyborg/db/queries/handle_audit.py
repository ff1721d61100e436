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
"""Queries of the attach-handle audit (cyborg.conductor.audit.handles).

Each candidate is settled in the caller's transaction, which locks the
handle first (lock_handle()); every fix repeats its condition.
"""

from oslo_serialization import jsonutils
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg import states
from cyborg.db import api as db_api
from cyborg.db import models

# An ARQ in these states holds its handle (in no other does it
# reference one).
LIVE = (states.BIND_STARTED, states.BOUND, states.DELETING)

_AH = models.AttachHandle.__table__
_ARQ = models.ExtendedAcceleratorRequest.__table__
_DEP = models.Deployable.__table__
_DEV = models.Device.__table__
_JOBS = models.BindJob.__table__

_LIVE_HOLDER = sa.exists().where(_ARQ.c.attach_handle_id == _AH.c.id,
                                 _ARQ.c.state.in_(LIVE))
_ANY_HOLDER = sa.exists().where(_ARQ.c.attach_handle_id == _AH.c.id)
_HANDLE_COLUMNS = (_AH.c.id, _AH.c.uuid, _AH.c.in_use, _AH.c.attach_type,
                   _AH.c.attach_info, _DEP.c.id.label('deployable_id'),
                   _DEP.c.name.label('deployable_name'),
                   _DEP.c.driver_name, _DEV.c.hostname)


def _handles():
    return (sa.select(*_HANDLE_COLUMNS)
            .join(_DEP, _AH.c.deployable_id == _DEP.c.id)
            .join(_DEV, _DEP.c.device_id == _DEV.c.id))


def _handle_dict(row):
    return {'id': row.id, 'uuid': row.uuid, 'in_use': row.in_use,
            'attach_type': row.attach_type,
            'attach_info': jsonutils.loads(row.attach_info),
            'deployable_id': row.deployable_id,
            'deployable_name': row.deployable_name,
            'driver_name': row.driver_name, 'host': row.hostname}


@db_api.context_manager.reader
def candidates(context, host=None):
    """``(unheld, held_free)`` handles on *host* (None: all), without locks."""
    unheld = _handles().where(_AH.c.in_use == sa.true(), ~_LIVE_HOLDER)
    held_free = (_handles().add_columns(_ARQ.c.uuid.label('arq_uuid'),
                                        _ARQ.c.state.label('arq_state'))
                 .join(_ARQ, _ARQ.c.attach_handle_id == _AH.c.id)
                 .where(_AH.c.in_use == sa.false()))
    unheld, held_free = (db_api.where_given(query, (_DEV.c.hostname, host))
                         for query in (unheld, held_free))
    named = job_handle_ids(context, lock=False)
    found = [_handle_dict(row) for row in
             context.session.execute(unheld.order_by(_AH.c.id))
             if row.id not in named]
    free = [dict(_handle_dict(row), arq_uuid=row.arq_uuid,
                 arq_state=row.arq_state)
            for row in context.session.execute(
                held_free.order_by(_AH.c.id))]
    return found, free


@db_api.context_manager.writer
def lock_handle(context, handle_id):
    """Lock a handle's row for the transaction, as committed; None if gone."""
    row = context.session.execute(
        _handles().where(_AH.c.id == handle_id)
        .with_for_update(of=_AH)).one_or_none()
    return None if row is None else _handle_dict(row)


@db_api.context_manager.writer
def holders(context, handle_id):
    """``[(uuid, state)]`` of the ARQs referencing a handle, locked."""
    return [tuple(row) for row in context.session.execute(
        sa.select(_ARQ.c.uuid, _ARQ.c.state)
        .where(_ARQ.c.attach_handle_id == handle_id).with_for_update())]


@db_api.context_manager.reader
def job_handle_ids(context, lock=True):
    """Ids of handles named by bind jobs (each owns its handle until done)."""
    query = sa.select(_JOBS.c.payload)
    if lock:
        query = query.with_for_update(read=True)
    ids = set()
    for (payload,) in context.session.execute(query):
        handle_id = jsonutils.loads(payload or '{}').get('handle_id')
        if handle_id is not None:
            ids.add(handle_id)
    return ids


def _set_in_use(context, handle_id, in_use, condition):
    """Set a handle's in_use where it differs and *condition* holds."""
    return context.session.execute(
        sa.update(_AH).where(_AH.c.id == handle_id,
                             _AH.c.in_use == (not in_use), condition)
        .values(in_use=in_use, updated_at=timeutils.utcnow())
    ).rowcount == 1


@db_api.context_manager.writer
def free_unheld(context, handle_id):
    """Free an in-use handle that no ARQ references; whether it was."""
    return _set_in_use(context, handle_id, False, ~_ANY_HOLDER)


@db_api.retrying_writer
def mark_held(context, handle_id):
    """Mark a free handle a live ARQ references in use; whether it was."""
    return _set_in_use(context, handle_id, True, _LIVE_HOLDER)


@db_api.context_manager.writer
def drop_stale_references(context, handle_id):
    """Make ARQs not live forget a handle they reference; how many."""
    return context.session.execute(
        sa.update(_ARQ).where(_ARQ.c.attach_handle_id == handle_id,
                              _ARQ.c.state.not_in(LIVE))
        .values(attach_handle_id=None, deployable_id=None,
                updated_at=timeutils.utcnow())).rowcount
