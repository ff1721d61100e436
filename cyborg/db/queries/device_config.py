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
"""Queries of device_configs: devices' desired configurations
(cyborg.common.device_config).
"""

from oslo_serialization import jsonutils
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg.common import health_states
from cyborg.db import api as db_api
from cyborg.db import models

TABLE = models.DeviceConfig.__table__
_DEVICES = models.Device.__table__
_DEPLOYABLES = models.Deployable.__table__
_ARQS = models.ExtendedAcceleratorRequest.__table__

_COLUMNS = ('device_uuid', 'hostname', 'generation', 'state', 'reason',
            'drain', 'applied_at', 'created_at', 'updated_at')


def to_dict(row):
    values = {name: getattr(row, name) for name in _COLUMNS}
    values['drain'] = bool(values['drain'])
    values['desired'] = jsonutils.loads(row.desired)
    return values


_BY_DEVICE = sa.select(TABLE).where(
    TABLE.c.device_uuid == sa.bindparam('b_uuid'))


@db_api.context_manager.reader
def get(context, device_uuid, for_update=False):
    """:param for_update: lock the row (in the caller's writer).
    :returns: the configuration of the device (a dict), or None.
    """
    query = _BY_DEVICE.with_for_update() if for_update else _BY_DEVICE
    row = db_api.execute(context, query,
                         {'b_uuid': device_uuid}).one_or_none()
    return None if row is None else to_dict(row)


_BY_DEVICES = sa.select(TABLE).where(
    TABLE.c.device_uuid.in_(sa.bindparam('b_uuids', expanding=True)))


@db_api.context_manager.reader
def get_many(context, device_uuids):
    """``{device uuid: configuration}`` of those that have one."""
    if not device_uuids:
        return {}
    return {row.device_uuid: to_dict(row) for row in db_api.execute(
        context, _BY_DEVICES, {'b_uuids': list(device_uuids)})}


_BY_HOST = sa.select(TABLE).where(
    TABLE.c.hostname == sa.bindparam('b_host')).order_by(
        TABLE.c.device_uuid)


@db_api.context_manager.reader
def for_host(context, hostname):
    """The configurations of the devices of *hostname*, by device uuid."""
    return [to_dict(row) for row in db_api.execute(
        context, _BY_HOST, {'b_host': hostname})]


_BY_STATE = sa.select(TABLE).where(
    TABLE.c.state == sa.bindparam('b_state')).order_by(TABLE.c.id)


@db_api.context_manager.reader
def in_state(context, state):
    """Every configuration in *state*, oldest first."""
    return [to_dict(row) for row in db_api.execute(
        context, _BY_STATE, {'b_state': state})]


_OF_FAILED_DEVICES = (
    sa.select(TABLE, _DEVICES.c.id.label('device_id'),
              _DEVICES.c.health_reason.label('device_reason'))
    .outerjoin(_DEVICES, _DEVICES.c.uuid == TABLE.c.device_uuid)
    .where(sa.or_(_DEVICES.c.id.is_(None),
                  _DEVICES.c.health == health_states.DRIVER_ERROR))
    .order_by(TABLE.c.hostname, TABLE.c.device_uuid))


@db_api.context_manager.reader
def of_failed_devices(context):
    """The configurations whose device is gone, or held because its
    driver fails, each with ``device_gone`` and ``device_reason``.
    """
    return [dict(to_dict(row), device_gone=row.device_id is None,
                 device_reason=row.device_reason)
            for row in db_api.execute(context, _OF_FAILED_DEVICES)]


_PUBLISHED = (
    sa.select(_DEVICES.c.health, _DEVICES.c.clean_state, _DEPLOYABLES.c.id,
              _DEPLOYABLES.c.rp_state)
    .select_from(_DEVICES.outerjoin(
        _DEPLOYABLES, _DEPLOYABLES.c.device_id == _DEVICES.c.id))
    .where(_DEVICES.c.uuid == sa.bindparam('b_uuid')))


@db_api.context_manager.reader
def published(context, device_uuid):
    """The device's health, its clean state and what the push last wrote
    of the resource provider of each of its deployables.

    :returns: ``(health, clean_state, [rp_state JSON text or None])``, or
        None when the device is gone.
    """
    rows = db_api.execute(context, _PUBLISHED,
                          {'b_uuid': device_uuid}).all()
    if not rows:
        return None
    return rows[0].health, rows[0].clean_state, [
        row.rp_state for row in rows if row.id is not None]


_BOUND = sa.select(_ARQS.c.instance_uuid).distinct().where(
    _ARQS.c.deployable_id.in_(
        sa.select(_DEPLOYABLES.c.id).join(
            _DEVICES, _DEVICES.c.id == _DEPLOYABLES.c.device_id).where(
                _DEVICES.c.uuid == sa.bindparam('b_uuid'))),
    _ARQS.c.instance_uuid.is_not(None)).order_by(_ARQS.c.instance_uuid)


@db_api.context_manager.reader
def bound_instances(context, device_uuid):
    """Instances (sorted uuids) whose ARQs hold a deployable of the device."""
    return [row.instance_uuid for row in db_api.execute(
        context, _BOUND, {'b_uuid': device_uuid})]


@db_api.context_manager.writer
def set_desired(context, device_uuid, hostname, desired, state, drain,
                after=0):
    """Store a new desired configuration of a device (a generation more
    than the last, no reason) and return it.

    :param after: a generation the new one must pass (the one its agent
        last reported applying: a configuration stored after one was
        forgotten is never taken for it).
    """
    now = timeutils.utcnow()
    row = db_api.execute(context, _BY_DEVICE.with_for_update(),
                         {'b_uuid': device_uuid}).one_or_none()
    values = {'hostname': hostname, 'desired': jsonutils.dumps(
        desired, sort_keys=True), 'state': state, 'reason': None,
        'drain': bool(drain), 'updated_at': now}
    if row is None:
        values.update(device_uuid=device_uuid, generation=after + 1,
                      created_at=now)
        db_api.execute(context, TABLE.insert().values(**values))
    else:
        values['generation'] = max(row.generation, after) + 1
        db_api.execute(context, TABLE.update().where(
            TABLE.c.id == row.id).values(**values))
    return get(context, device_uuid)


@db_api.retrying_writer
def set_state(context, device_uuid, generation, state, reason=None,
              from_states=None, applied=False):
    """Move the configuration of *generation* to *state*.

    :param generation: the generation the change is about (a newer one
        is left alone).
    :param from_states: only from one of these states (None: any).
    :param applied: also record now as ``applied_at``.
    :returns: whether a row changed.
    """
    now = timeutils.utcnow()
    values = {'state': state, 'reason': reason and reason[:255],
              'updated_at': now}
    if applied:
        values['applied_at'] = now
    query = TABLE.update().where(
        TABLE.c.device_uuid == device_uuid,
        TABLE.c.generation == generation)
    if from_states:
        query = query.where(TABLE.c.state.in_(list(from_states)))
    return db_api.execute(context, query.values(**values)).rowcount > 0


@db_api.context_manager.writer
def delete(context, device_uuid):
    """Forget a device's desired state; whether there was one."""
    return db_api.execute(context, TABLE.delete().where(
        TABLE.c.device_uuid == device_uuid)).rowcount > 0
