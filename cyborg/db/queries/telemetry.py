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
"""Queries of device_telemetry: the latest sample of each device.

A changed sample costs one upsert; an unchanged report costs nothing.
The same statement keeps ``idle_since``: cleared while busy, set at the
first idle sample, left as it is by a stale one.
"""

import functools
import importlib

from oslo_serialization import jsonutils
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg import exception
from cyborg import states
from cyborg.common import telemetry
from cyborg.db import api as db_api
from cyborg.db import models

TABLE = models.DeviceTelemetry.__table__
_DEVICES = models.Device.__table__
_DEPLOYABLES = models.Deployable.__table__
_ARQS = models.ExtendedAcceleratorRequest.__table__
_HOSTS = models.Host.__table__

#: What a sample does to ``idle_since``.
_KEEP, _CLEAR, _START = 'keep', 'clear', 'start'
_IDLE = sa.bindparam('b_idle', type_=sa.String)
_READ_AT = sa.bindparam('b_read_at', type_=sa.DateTime)
_NOW = sa.bindparam('b_now', type_=sa.DateTime)
_SAMPLE = sa.bindparam('b_sample', type_=sa.Text)
_STALE = sa.bindparam('b_stale', type_=sa.String)

@functools.lru_cache(maxsize=None)
def _upsert(dialect):
    """One upsert statement per sample of a device of *host*, for *dialect*.

    Not an UPDATE that may miss plus an INSERT: on MariaDB an UPDATE of a
    missing row locks the gap other hosts' first samples insert into.
    """
    # The backend's own INSERT (each of the three has its upsert), from
    # the dialect its engine has loaded already: importing the other two
    # at start cost a conductor or cyborg-api 55 ms of CPU.
    insert = importlib.import_module('sqlalchemy.dialects.' + dialect).insert
    statement = insert(TABLE).from_select(
        ['device_uuid', 'sample', 'read_at', 'stale_reason', 'idle_since',
         'created_at', 'updated_at'],
        sa.select(_DEVICES.c.uuid, _SAMPLE, _READ_AT, _STALE,
                  sa.bindparam('b_idle_since', type_=sa.DateTime), _NOW,
                  _NOW)
        .where(_DEVICES.c.uuid == sa.bindparam('b_uuid'),
               _DEVICES.c.hostname == sa.bindparam('b_host')))
    values = {'sample': _SAMPLE, 'read_at': _READ_AT,
              'stale_reason': _STALE, 'updated_at': _NOW,
              'idle_since': sa.case(
                  (_IDLE == _CLEAR, sa.null()),
                  (_IDLE == _START, sa.func.coalesce(TABLE.c.idle_since,
                                                     _READ_AT)),
                  else_=TABLE.c.idle_since)}
    if dialect == 'mysql':
        return statement.on_duplicate_key_update(**values)
    return statement.on_conflict_do_update(index_elements=['device_uuid'],
                                           set_=values)


@db_api.retrying_writer
def write(context, host, samples):
    """Store *host*'s samples; the uuids of devices it has no row of.
    Under a savepoint: in a caller's transaction, a write that fails
    rolls back alone.
    """
    with db_api.savepoint(context):
        return _write(context, host, samples)


def _write(context, host, samples):
    now = timeutils.utcnow()
    statement = _upsert(context.session.get_bind().dialect.name)
    unknown = []
    for uuid, payload in sorted(samples.items()):
        read_at = timeutils.normalize_time(
            timeutils.parse_isotime(payload['read_at']))
        # What the sample does to idle_since.
        busy = payload['values'].get('busy')
        idle = (_KEEP if payload.get('stale') or busy is None
                else _CLEAR if busy else _START)
        params = {'b_uuid': uuid, 'b_host': host, 'b_read_at': read_at,
                  'b_now': now, 'b_idle': idle,
                  'b_idle_since': read_at if idle == _START else None,
                  'b_sample': jsonutils.dumps(
                      telemetry.clean(payload['values']), sort_keys=True),
                  'b_stale': (payload.get('stale') or None) and
                  payload['stale'][:255]}
        if not db_api.execute(context, statement, params).rowcount:
            unknown.append(uuid)
    return unknown


_BINDINGS = (
    sa.select(_DEVICES.c.uuid, _ARQS.c.instance_uuid, _ARQS.c.project_id)
    .select_from(_ARQS.join(_DEPLOYABLES,
                            _ARQS.c.deployable_id == _DEPLOYABLES.c.id)
                 .join(_DEVICES, _DEPLOYABLES.c.device_id == _DEVICES.c.id))
    .where(_DEVICES.c.hostname == sa.bindparam('b_host'),
           _ARQS.c.state == states.BOUND,
           _ARQS.c.instance_uuid.is_not(None))
    .distinct())


@db_api.context_manager.reader
def bindings(context, host):
    """``{device uuid: [{instance, project}]}`` of *host*, one statement."""
    found = {}
    for uuid, instance, project in db_api.execute(
            context, _BINDINGS, {'b_host': host}):
        found.setdefault(uuid, []).append(
            {'instance': instance, 'project': project})
    return {uuid: sorted(held, key=lambda h: (h['instance'],
                                              h['project'] or ''))
            for uuid, held in found.items()}


_GET = (
    sa.select(_DEVICES.c.uuid.label('device_uuid'), _DEVICES.c.hostname,
              _DEVICES.c.driver_name, TABLE.c.sample, TABLE.c.read_at,
              TABLE.c.stale_reason, TABLE.c.idle_since, TABLE.c.updated_at,
              _HOSTS.c.last_report_at)
    .select_from(_DEVICES.outerjoin(TABLE, TABLE.c.device_uuid ==
                                    _DEVICES.c.uuid)
                 .outerjoin(_HOSTS, _HOSTS.c.hostname == _DEVICES.c.hostname))
    .where(_DEVICES.c.uuid == sa.bindparam('b_uuid')))


@db_api.context_manager.reader
def get(context, device_uuid):
    """A device's latest sample (values {} until one), host's last report."""
    values = dict(db_api.one(db_api.execute(
        context, _GET, {'b_uuid': device_uuid}).mappings(),
        exception.DeviceNotFound, uuid=device_uuid))
    values['values'] = jsonutils.loads(values.pop('sample') or '{}')
    return values


_OF_DEVICES = sa.select(TABLE).where(
    TABLE.c.device_uuid.in_(sa.bindparam('b_uuids', expanding=True)))


@db_api.context_manager.reader
def get_many(context, device_uuids):
    """The samples of *uuids* that have one, in one statement."""
    if not device_uuids:
        return {}
    return {row.device_uuid: {
        'values': jsonutils.loads(row.sample), 'read_at': row.read_at,
        'stale_reason': row.stale_reason, 'idle_since': row.idle_since}
        for row in db_api.execute(context, _OF_DEVICES,
                                  {'b_uuids': sorted(set(device_uuids))})}
