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
"""Queries of accelerator requests (table extended_accelerator_requests).

An ARQ as the API shows it joins its device profile and, once bound, its
attach handle, read in one statement whatever the number of rows.  The
conductor's statements are built once and run with db_api.execute,
usually in its transaction (a bind, an unbind, a delete).
"""

import functools

from oslo_serialization import jsonutils
from oslo_utils import timeutils
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import exception
from cyborg import states
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import paginate

ARQ = models.ExtendedAcceleratorRequest
TABLE = ARQ.__table__
DP_TABLE = models.DeviceProfile.__table__
AH_TABLE = models.AttachHandle.__table__

# Every column of an ARQ: what the API shows of it follows its type.
_ARQ_COLUMNS = tuple(TABLE.c.keys())


def joined(*joins):
    """SELECT of ARQs as the API shows them: their own columns, their
    profile's name and, once bound, their attach handle; *joins* are
    further (table, on clause) inner joins.
    """
    source = TABLE.join(DP_TABLE, TABLE.c.device_profile_id == DP_TABLE.c.id)
    for table, onclause in joins:
        source = source.join(table, onclause)
    source = source.outerjoin(AH_TABLE, TABLE.c.attach_handle_id ==
                              AH_TABLE.c.id)
    return sa.select(
        *[TABLE.c[name] for name in _ARQ_COLUMNS],
        DP_TABLE.c.name.label('device_profile_name'),
        AH_TABLE.c.uuid.label('ah_uuid'),
        AH_TABLE.c.attach_type.label('ah_type'),
        AH_TABLE.c.attach_info.label('ah_info')).select_from(source)


# Every read of ARQs by their own columns, with paginate.select_page;
# MariaDB/MySQL read the ARQs first, in the order of the query.  Left to
# itself, MariaDB starts a page from the few device profiles and sorts
# every ARQ of the project: 24 ms for a page of 20 among 10,000 ARQs,
# 0.8 ms with the ARQs first (tools/bench/list_scale.py).
_SHOWN = joined().prefix_with('STRAIGHT_JOIN', dialect='mysql')

# What create() adds to the columns it inserts: a new ARQ is unbound.
_NEW = dict(dict.fromkeys(name for name in _ARQ_COLUMNS if name != 'id'),
            attach_handle_uuid=None, attach_handle_type='')


def to_dict(row):
    """A joined() row as a dict (attach handle fields only once Bound)."""
    values = {name: row[name] for name in _ARQ_COLUMNS}
    values['device_profile_name'] = row['device_profile_name']
    ah_uuid, ah_type = row['ah_uuid'], row['ah_type']
    bound = values['state'] == states.BOUND and ah_uuid is not None
    values['attach_handle_uuid'] = ah_uuid if bound else None
    values['attach_handle_type'] = ah_type if bound else ''
    info = jsonutils.loads(row['ah_info']) if bound else {}
    if bound and ah_type == 'MDEV':
        # The mediated device bears its handle's uuid.
        info['mdev_uuid'] = ah_uuid
    values['attach_handle_info'] = info
    return values


def _shown(context, filters, **page):
    """ARQs by their own columns (None values are no filter), as dicts."""
    filters = {name: value for name, value in filters.items()
               if value is not None}
    return [to_dict(row) for row in paginate.select_page(
        context, TABLE, filters, base=_SHOWN, **page).mappings()]


@db_api.context_manager.writer
def create(context, profile, project_id, group_counts,
           attachment_uuid=None, uuids=None):
    """Create the ARQs of one device profile; the new ARQs as dicts, in
    group order, as get_all shows them (without their ``id``), built from
    what was inserted instead of read back.

    :param profile: the device profile (its ``id`` and ``name``).
    :param group_counts: for each group index, how many ARQs to create.
    :param attachment_uuid: the attach-instance that makes them (None:
        POST /v2/accelerator_requests).
    :param uuids: the new ARQs' uuids, in group order; None: new ones.
    """
    # Whole seconds: what a DATETIME column keeps on MariaDB, so the
    # answer shows what a read of the row would.
    now = timeutils.utcnow().replace(microsecond=0)
    given = iter(uuids or ())
    rows = []
    for group_id, count in enumerate(group_counts):
        for _ in range(count):
            rows.append({'uuid': next(given, None) or
                         uuidutils.generate_uuid(),
                         'state': states.INITIAL,
                         'device_profile_id': profile['id'],
                         'device_profile_group_id': group_id,
                         'project_id': project_id,
                         'attachment_uuid': attachment_uuid,
                         'created_at': now})
    if rows:
        db_api.execute(context, _INSERT, rows)
    return [dict(_NEW, device_profile_name=profile['name'],
                 attach_handle_info={}, **row) for row in rows]


@db_api.context_manager.reader
def get(context, uuid, project_id=None):
    """One ARQ, if visible to *project_id*.

    :raises: AcceleratorRequestNotFound
    """
    rows = _shown(context, {'uuid': uuid, 'project_id': project_id})
    if not rows:
        raise exception.AcceleratorRequestNotFound(uuid=uuid)
    return rows[0]


@db_api.context_manager.reader
def get_all(context, project_id=None, instance_uuid=None, states_in=None,
            uuids=None, limit=None, marker=None, sort_key='id',
            sort_dir='asc', attachment_uuids=None):
    """ARQs (dicts) visible to *project_id*, filtered in SQL (None: no
    filter).

    :raises: MarkerNotFound, also for an ARQ *project_id* does not see.
    """
    return _shown(
        context,
        {'project_id': project_id, 'instance_uuid': instance_uuid,
         'state': None if states_in is None else list(states_in),
         'uuid': None if uuids is None else list(uuids),
         'attachment_uuid': (None if attachment_uuids is None
                             else list(attachment_uuids))},
        limit=limit, marker=marker, sort_key=sort_key, sort_dir=sort_dir,
        marker_scope=('project_id',))


@db_api.context_manager.reader
def get_all_on_driver(context, host, driver_name):
    """ARQs (dicts) bound or binding to a driver's devices on a host."""
    dep, dev = models.Deployable.__table__, models.Device.__table__
    query = (joined((dep, TABLE.c.deployable_id == dep.c.id),
                     (dev, dep.c.device_id == dev.c.id))
             .where(dev.c.hostname == host, dev.c.driver_name == driver_name,
                    TABLE.c.attach_handle_id.is_not(None))
             .order_by(TABLE.c.id))
    return [to_dict(row) for row in
            db_api.execute(context, query).mappings()]


@functools.lru_cache(maxsize=None)
def _transition_statement(name, columns, with_project):
    """UPDATE of one ARQ by uuid, in a state the transition *name* leaves,
    setting its state, updated_at and *columns*.
    """
    sources = sorted(states.TRANSITIONS[name].sources)
    return _of_project(sa.update(TABLE).where(
        TABLE.c.uuid == sa.bindparam('b_uuid'),
        TABLE.c.state.in_(sources) if len(sources) > 1
        else TABLE.c.state == sources[0]), with_project).values(
        {name: sa.bindparam('v_' + name)
         for name in columns + ('state', 'updated_at')})


@db_api.retrying_writer
def transition(context, uuid, name, values=None, project_id=None):
    """Move one ARQ along the transition *name* (states.TRANSITIONS) to
    a state, setting *values* too, in one UPDATE.  Only
    cyborg.conductor.arq.lifecycle calls it.

    :param project_id: the caller's project (None: any).
    :raises: AcceleratorRequestNotFound, AcceleratorRequestBadState
    """
    values = values or {}
    target = states.TRANSITIONS[name].target
    stmt = _transition_statement(name, tuple(sorted(values)),
                                 project_id is not None)
    params = {'v_' + name: value for name, value in values.items()}
    params.update(b_uuid=uuid, b_project=project_id, v_state=target,
                  v_updated_at=timeutils.utcnow())
    if db_api.execute(context, stmt, params).rowcount == 1:
        return
    # A locking read sees the last committed row, not the snapshot.
    current = db_api.execute(context, _of_project(
        sa.select(TABLE.c.state).where(TABLE.c.uuid == uuid),
        project_id is not None).with_for_update(read=True),
        {'b_project': project_id}).scalar_one_or_none()
    if current is None:
        raise exception.AcceleratorRequestNotFound(uuid=uuid)
    raise exception.AcceleratorRequestBadState(
        uuid=uuid, state=current, target=target)


_INSERT = sa.insert(TABLE)


def _of_project(statement, with_project):
    """*statement* limited to the ARQs of the project ``b_project``."""
    if with_project:
        statement = statement.where(
            TABLE.c.project_id == sa.bindparam('b_project'))
    return statement


# ARQs by uuid, by uuids (a list) or by instance: ``b_key``.
_KEYS = {'uuid': TABLE.c.uuid == sa.bindparam('b_key'),
         'uuids': TABLE.c.uuid.in_(sa.bindparam('b_key', expanding=True)),
         'instance': TABLE.c.instance_uuid == sa.bindparam('b_key')}


@functools.lru_cache(maxsize=None)
def _rows_statement(by, with_project, locked=False):
    """SELECT of ARQs' own columns (_KEYS), in id order; *locked*: FOR
    UPDATE.  Built once per shape: building costs more than running.
    """
    query = _of_project(sa.select(*[TABLE.c[name] for name in _ARQ_COLUMNS])
                        .where(_KEYS[by]), with_project).order_by(TABLE.c.id)
    if locked:
        query = query.with_for_update()
    return query


def _rows(context, by, key, project_id, locked=False):
    return [dict(row) for row in db_api.execute(
        context, _rows_statement(by, project_id is not None, locked),
        {'b_key': key, 'b_project': project_id}).mappings()]


@db_api.context_manager.reader
def get_row(context, uuid, project_id=None):
    """An ARQ's own columns (no joins).

    :raises: AcceleratorRequestNotFound
    """
    rows = _rows(context, 'uuid', uuid, project_id)
    if not rows:
        raise exception.AcceleratorRequestNotFound(uuid=uuid)
    return rows[0]


@db_api.context_manager.writer
def lock_rows(context, uuids):
    """The ARQs of *uuids* that still exist (own columns), locked until
    the end of the caller's transaction (as last committed).
    """
    return _rows(context, 'uuids', list(uuids), None, locked=True)


_HANDLE_COLUMNS = ('uuid', 'deployable_id', 'attach_type', 'attach_info')


@functools.lru_cache(maxsize=None)
def _delete_rows_statement(by, with_project):
    """_rows_statement(by, with_project, locked=True) with each ARQ's
    attach handle outer-joined (columns ``h_*``): the handle a delete lets
    go of.
    """
    return (_rows_statement(by, with_project)
            .add_columns(*[AH_TABLE.c[name].label('h_' + name)
                           for name in _HANDLE_COLUMNS])
            .select_from(TABLE.outerjoin(
                AH_TABLE, TABLE.c.attach_handle_id == AH_TABLE.c.id))
            .with_for_update(of=TABLE))


def _delete_rows(context, by, key, project_id):
    rows = []
    for row in db_api.execute(
            context, _delete_rows_statement(by, project_id is not None),
            {'b_key': key, 'b_project': project_id}).mappings():
        arq = {name: row[name] for name in _ARQ_COLUMNS}
        arq['attach_handle'] = None if row['h_uuid'] is None else {
            'id': arq['attach_handle_id'], 'uuid': row['h_uuid'],
            'deployable_id': row['h_deployable_id'],
            'attach_type': row['h_attach_type'],
            'attach_info': jsonutils.loads(row['h_attach_info'])}
        rows.append(arq)
    return rows


@db_api.context_manager.writer
def rows_to_delete(context, uuids=None, instance_uuid=None,
                   project_id=None, missing_ok=False):
    """The ARQs a delete names (own columns, and ``attach_handle``: the
    handle it holds, without ``in_use``, or None), locked until the end
    of the caller's transaction: the lock waits for an uncommitted bind,
    so that the delete frees the handle that bind took.

    :param uuids: these ARQs: every one must exist and be visible (unless
        *missing_ok*).
    :param instance_uuid: or every ARQ of this instance.
    :raises: AcceleratorRequestNotFound for the first unknown uuid.
    """
    if uuids is None:
        return _delete_rows(context, 'instance', instance_uuid, project_id)
    rows = _delete_rows(context, 'uuids', list(uuids), project_id)
    if missing_ok:
        return rows
    found = {row['uuid'] for row in rows}
    for uuid in uuids:
        if uuid not in found:
            raise exception.AcceleratorRequestNotFound(uuid=uuid)
    return rows


@functools.lru_cache(maxsize=None)
def _bind_rows_statement(with_project):
    """SELECT ... FOR UPDATE of ARQs by uuids: their state and device
    profile, read in a scalar subquery that the lock leaves alone (binds
    of one profile do not wait for each other on its row).
    """
    def profile(column):
        return (sa.select(column)
                .where(DP_TABLE.c.id == TABLE.c.device_profile_id)
                .scalar_subquery())

    query = sa.select(TABLE.c.uuid, TABLE.c.state, TABLE.c.project_id,
                      TABLE.c.device_profile_group_id,
                      profile(DP_TABLE.c.profile_json).label('profile_json'),
                      profile(DP_TABLE.c.name).label('profile_name')).where(
        TABLE.c.uuid.in_(sa.bindparam('b_uuids', expanding=True)))
    return _of_project(query, with_project).order_by(
        TABLE.c.id).with_for_update(of=TABLE)


@db_api.retrying_writer
def lock_for_bind(context, uuids, project_id=None):
    """Lock the ARQs a bind names, until the end of the caller's
    transaction, and read their state and device profile group (as last
    committed), in one statement.

    :param project_id: the caller's project (None: any).
    :returns: ``{arq uuid: {'state', 'project_id', 'group' (a dict),
        'profile_name'}}``; unknown uuids, and those of another project,
        are left out.
    """
    rows = db_api.execute(context, _bind_rows_statement(
        project_id is not None), {'b_uuids': list(uuids),
                                  'b_project': project_id})
    return {row.uuid: {
        'state': row.state, 'project_id': row.project_id,
        'profile_name': row.profile_name,
        'group': jsonutils.loads(row.profile_json)['groups'][
            row.device_profile_group_id]} for row in rows}


_LOCK_STATE = (
    sa.select(TABLE.c.state, TABLE.c.instance_uuid,
              TABLE.c.attach_handle_id)
    .where(TABLE.c.uuid == sa.bindparam('b_uuid')).with_for_update())


@db_api.context_manager.writer
def lock_state(context, uuid):
    """Lock an ARQ's row until the end of the caller's transaction:
    ``{state, instance_uuid, attach_handle_id}``, or None when it is gone.
    """
    row = db_api.execute(context, _LOCK_STATE,
                         {'b_uuid': uuid}).mappings().one_or_none()
    return None if row is None else dict(row)


_DELETE = sa.delete(TABLE).where(
    TABLE.c.uuid.in_(sa.bindparam('b_uuids', expanding=True)))


@db_api.retrying_writer
def delete(context, uuids):
    """Delete ARQs by uuid (the lifecycle's transitions to states.GONE)."""
    if uuids:
        db_api.execute(context, _DELETE, {'b_uuids': list(uuids)})


DEP_TABLE = models.Deployable.__table__
DEV_TABLE = models.Device.__table__

TELEMETRY_TABLE = models.DeviceTelemetry.__table__

_DEVICE_HEALTH = (
    sa.select(DEP_TABLE.c.id, DEV_TABLE.c.health, DEV_TABLE.c.health_reason,
              DEV_TABLE.c.health_since, TELEMETRY_TABLE.c.sample,
              TELEMETRY_TABLE.c.idle_since)
    .join(DEV_TABLE, DEP_TABLE.c.device_id == DEV_TABLE.c.id)
    .outerjoin(TELEMETRY_TABLE,
               TELEMETRY_TABLE.c.device_uuid == DEV_TABLE.c.uuid)
    .where(DEP_TABLE.c.id.in_(sa.bindparam('b_ids', expanding=True))))


@db_api.context_manager.reader
def device_health(context, arqs):
    """``{arq uuid: {health, health_reason, health_since, utilization,
    idle_since}}`` of the device behind each ARQ (dict) that holds one,
    with its latest telemetry, in one query.
    """
    ids = {arq['deployable_id'] for arq in arqs
           if arq.get('deployable_id') is not None}
    if not ids:
        return {}
    by_deployable = {
        row['id']: {'health': row['health'],
                    'health_reason': row['health_reason'],
                    'health_since': row['health_since'],
                    'utilization': jsonutils.loads(row['sample']).get(
                        'utilization') if row['sample'] else None,
                    'idle_since': row['idle_since']}
        for row in db_api.execute(context, _DEVICE_HEALTH,
                                  {'b_ids': sorted(ids)}).mappings()}
    return {arq['uuid']: dict(
        by_deployable[arq['deployable_id']], idle_since=idle_since(
            by_deployable[arq['deployable_id']]['idle_since'], arq))
        for arq in arqs if arq.get('deployable_id') in by_deployable}


def idle_since(stored, arq):
    """Since when the device of *arq* (a dict) is idle for it: the
    device's ``idle_since``, never before a Bound ARQ's bind (its last
    change).
    """
    bound = arq.get('updated_at') or arq.get('created_at')
    if stored is None or arq.get('state') != states.BOUND or bound is None:
        return stored
    return max(stored, bound)


_DEVICE_OF = (
    sa.select(TABLE.c.project_id, TABLE.c.state, TABLE.c.created_at,
              TABLE.c.updated_at, DEV_TABLE.c.uuid.label('device_uuid'))
    .select_from(TABLE.outerjoin(DEP_TABLE,
                                 TABLE.c.deployable_id == DEP_TABLE.c.id)
                 .outerjoin(DEV_TABLE, DEP_TABLE.c.device_id ==
                            DEV_TABLE.c.id))
    .where(TABLE.c.uuid == sa.bindparam('b_uuid')))


@db_api.context_manager.reader
def device_of(context, uuid, project_id=None):
    """An ARQ visible to *project_id* (None: any) with the uuid of the
    device behind it, in one statement: a dict of ``device_uuid``,
    ``state``, ``created_at`` and ``updated_at`` (for idle_since()).

    :raises: AcceleratorRequestNotFound, AcceleratorRequestWithoutDevice
    """
    row = db_api.execute(context, _DEVICE_OF,
                         {'b_uuid': uuid}).mappings().one_or_none()
    if row is None or (project_id is not None and
                       row['project_id'] != project_id):
        raise exception.AcceleratorRequestNotFound(uuid=uuid)
    if row['device_uuid'] is None:
        raise exception.AcceleratorRequestWithoutDevice(uuid=uuid)
    return dict(row)


@db_api.context_manager.reader
def on_devices(context, device_ids):
    """The ARQs (dicts) of an instance that hold a deployable of each
    device (ids): bound, or binding; in one query.

    :returns: ``{device id: [ARQ]}`` by ARQ id, every id present.
    """
    result = {device_id: [] for device_id in device_ids}
    if not result:
        return result
    query = (joined((DEP_TABLE, TABLE.c.deployable_id == DEP_TABLE.c.id))
             .add_columns(DEP_TABLE.c.device_id.label('on_device'))
             .where(DEP_TABLE.c.device_id.in_(sorted(result)),
                    TABLE.c.instance_uuid.is_not(None))
             .order_by(TABLE.c.id))
    for row in db_api.execute(context, query).mappings():
        result[row['on_device']].append(to_dict(row))
    return result
