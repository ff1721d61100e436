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
"""Queries of one host's inventory rows, as the conductor applies reports.

load() reads them in a constant number of statements; only changed rows
are written.  Rows binding holds are never deleted: the deletes re-check
``in_use`` and the RESTRICT foreign keys refuse the rest, in a
savepoint.  Callers hold the host's row lock (host.lock).
"""

import collections

from oslo_db import exception as db_exc
from oslo_utils import timeutils
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg.db import api as db_api
from cyborg.db import models

DEV = models.Device.__table__
CPID = models.ControlpathID.__table__
DEP = models.Deployable.__table__
ATTR = models.Attribute.__table__
AH = models.AttachHandle.__table__
ARQ = models.ExtendedAcceleratorRequest.__table__
CFG = models.DeviceConfig.__table__
_TELEMETRY = models.DeviceTelemetry.__table__

TABLES = {'devices': DEV, 'controlpath_ids': CPID, 'deployables': DEP,
          'attributes': ATTR, 'attach_handles': AH}


class Snapshot:
    """One host's stored inventory as plain dicts, with the held ids."""

    def __init__(self):
        self.devices = {}
        self.controlpaths = {}
        self.deployables = {}
        self.attributes = collections.defaultdict(list)
        self.handles = collections.defaultdict(list)
        self.held_handles = set()
        self.held_deployables = set()
        self.device_classes = []
        self._reshaped = None

    def devices_by_id(self):
        return {row['id']: row for row in self.devices.values()}

    def reshaping(self, device_id):
        """Whether the device keeps a gone deployable (hold.RESHAPING)."""
        if self._reshaped is None:
            self._reshaped = {row['device_id']
                              for row in self.deployables.values()
                              if row['removed_at'] is not None}
        return device_id in self._reshaped

    def drop(self, name):
        """Forget the deployable *name*, deleted since the snapshot."""
        self.deployables.pop(name, None)
        self._reshaped = None


def _host_devices(hostname):
    return sa.select(DEV.c.id).where(DEV.c.hostname == hostname)


def _host_deployables(hostname):
    return sa.select(DEP.c.id).where(
        DEP.c.device_id.in_(_host_devices(hostname)))


def _rows_in(context, table, column, ids):
    """The rows of *table* whose *column* is in *ids* (a subquery)."""
    return context.session.execute(sa.select(table).where(column.in_(ids))
                                   .order_by(table.c.id)).mappings()


@db_api.context_manager.reader
def load(context, hostname):
    """Read a host's inventory rows in six statements (a Snapshot)."""
    session = context.session
    deployables = _host_deployables(hostname)
    snap = Snapshot()
    # With the state of the device's desired configuration.
    for row in session.execute(
            sa.select(DEV, CFG.c.state.label('config_state'))
            .outerjoin(CFG, CFG.c.device_uuid == DEV.c.uuid)
            .where(DEV.c.hostname == hostname)
            .order_by(DEV.c.id)).mappings():
        snap.devices[row['uuid']] = dict(row)
    for row in _rows_in(context, CPID, CPID.c.device_id,
                        _host_devices(hostname)):
        snap.controlpaths.setdefault(row['device_id'], dict(row))
    for row in _rows_in(context, DEP, DEP.c.id, deployables):
        snap.deployables[row['name']] = dict(row)
    for row in _rows_in(context, ATTR, ATTR.c.deployable_id, deployables):
        snap.attributes[row['deployable_id']].append(dict(row))
    handle_deployable = {}
    for row in _rows_in(context, AH, AH.c.deployable_id, deployables):
        snap.handles[row['deployable_id']].append(dict(row))
        handle_deployable[row['id']] = row['deployable_id']
        if row['in_use'] or row['clean_state']:
            # In use, or held by its own clean: kept while it is gone.
            snap.held_handles.add(row['id'])
    host_handles = sa.select(AH.c.id).where(
        AH.c.deployable_id.in_(deployables))
    for handle_id, deployable_id in session.execute(
            sa.select(ARQ.c.attach_handle_id, ARQ.c.deployable_id).where(
                sa.or_(ARQ.c.deployable_id.in_(deployables),
                       ARQ.c.attach_handle_id.in_(host_handles)))):
        if handle_id is not None:
            snap.held_handles.add(handle_id)
        if deployable_id is not None:
            snap.held_deployables.add(deployable_id)
    snap.held_deployables.update(handle_deployable[h]
                                 for h in snap.held_handles
                                 if h in handle_deployable)
    # A device held by its clean keeps its rows while it is gone: it
    # comes back held (device_state).
    held_devices = {row['id'] for row in snap.devices.values()
                    if row['clean_state']}
    snap.held_deployables.update(row['id']
                                 for row in snap.deployables.values()
                                 if row['device_id'] in held_devices)
    return snap


@db_api.context_manager.writer
def adopt_devices(context, hostname, names):
    """Move upstream devices stored under *names* to *hostname*; how many.

    Only those no agent of this Cyborg reported yet (no ``driver_name``); a
    name that is one of this Cyborg's agent hosts is left alone.
    """
    names = [n for n in names if n and n != hostname]
    if not names:
        return 0
    hosts = models.Host.__table__
    return context.session.execute(
        sa.update(DEV).where(
            DEV.c.hostname.in_(names), DEV.c.driver_name.is_(None),
            ~sa.exists().where(hosts.c.hostname == DEV.c.hostname))
        .values(hostname=hostname, updated_at=timeutils.utcnow())).rowcount


@db_api.context_manager.writer
def insert(context, table_name, rows):
    """Insert rows into one of TABLES in one statement; {uuid: id}."""
    if not rows:
        return {}
    table = TABLES[table_name]
    now = timeutils.utcnow()
    values = [dict(row, uuid=row.get('uuid') or uuidutils.generate_uuid(),
                   created_at=now) for row in rows]
    return dict(context.session.execute(
        sa.insert(table).returning(table.c.uuid, table.c.id), values).all())


@db_api.context_manager.reader
def taken_names(context, names):
    """The deployable names among *names* that exist (on any host)."""
    if not names:
        return set()
    return set(context.session.execute(
        sa.select(DEP.c.name).where(DEP.c.name.in_(names))).scalars())


@db_api.context_manager.writer
def update(context, table_name, row_id, values):
    """Set some columns of one row of one of the TABLES."""
    table = TABLES[table_name]
    context.session.execute(
        sa.update(table).where(table.c.id == row_id)
        .values(updated_at=timeutils.utcnow(), **values))


@db_api.context_manager.writer
def forget_rp_state(context, hostname, names=None):
    """Make the next push write the providers of *names* (None: all)."""
    context.session.execute(db_api.where_given(
        sa.update(DEP).where(DEP.c.id.in_(_host_deployables(hostname))),
        (DEP.c.name, names)).values(rp_state=None))


@db_api.context_manager.writer
def delete_attributes(context, ids):
    """Delete attributes by id (nothing holds them)."""
    if ids:
        context.session.execute(sa.delete(ATTR).where(ATTR.c.id.in_(ids)))


# A handle neither in use nor held by its own clean.
_UNHELD = sa.and_(AH.c.in_use.is_(sa.false()), AH.c.clean_state.is_(None))


@db_api.context_manager.writer
def delete_free_handles(context, ids):
    """Delete the handles among *ids* nothing holds; the ids deleted."""
    if not ids:
        return set()
    where = sa.and_(AH.c.id.in_(ids), _UNHELD,
                    AH.c.id.not_in(sa.select(ARQ.c.attach_handle_id).where(
                        ARQ.c.attach_handle_id.is_not(None))))
    free = {row_id for row_id, in context.session.execute(
        sa.select(AH.c.id).where(where))}
    if free:
        context.session.execute(sa.delete(AH).where(
            AH.c.id.in_(free), _UNHELD))
    return free


@db_api.context_manager.writer
def delete_deployable(context, deployable_id):
    """Delete a gone deployable unless held or back; whether deleted."""
    session = context.session
    try:
        with db_api.savepoint(context):
            if session.execute(sa.select(DEP.c.removed_at).where(
                    DEP.c.id == deployable_id)).scalar() is None:
                raise _Held()
            session.execute(sa.delete(AH).where(
                AH.c.deployable_id == deployable_id, _UNHELD))
            remaining = session.execute(
                sa.select(sa.func.count()).select_from(AH).where(
                    AH.c.deployable_id == deployable_id)).scalar()
            if remaining:
                raise _Held()
            session.execute(sa.delete(ATTR).where(
                ATTR.c.deployable_id == deployable_id))
            if session.execute(sa.delete(DEP).where(
                    DEP.c.id == deployable_id,
                    DEP.c.removed_at.is_not(None))).rowcount != 1:
                raise _Held()
    except (_Held, db_exc.DBReferenceError):
        return False
    return True


@db_api.context_manager.writer
def delete_device(context, device_id):
    """Delete a device and its cpids unless referenced or held by its clean."""
    session = context.session
    try:
        with db_api.savepoint(context):
            if session.execute(sa.select(DEV.c.clean_state).where(
                    DEV.c.id == device_id)).scalar() is not None:
                raise _Held()
            session.execute(sa.delete(CPID).where(
                CPID.c.device_id == device_id))
            session.execute(sa.delete(_TELEMETRY).where(
                _TELEMETRY.c.device_uuid == sa.select(DEV.c.uuid).where(
                    DEV.c.id == device_id).scalar_subquery()))
            session.execute(sa.delete(DEV).where(DEV.c.id == device_id))
    except (_Held, db_exc.DBReferenceError):
        return False
    return True


class _Held(Exception):
    """Rolls a savepoint back: something still holds the row."""
