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
"""Queries of device_configs: devices' configurations as desired state
(cyborg.common.device_config; the flow is cyborg.conductor.devices.
configuration's).
"""

from oslo_serialization import jsonutils
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg.common import device_config
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
def get(context, device_uuid):
    """:returns: the configuration of the device (a dict), or None."""
    row = db_api.execute(context, _BY_DEVICE,
                         {'b_uuid': device_uuid}).one_or_none()
    return None if row is None else to_dict(row)


_BY_DEVICES = sa.select(TABLE).where(
    TABLE.c.device_uuid.in_(sa.bindparam('b_uuids', expanding=True)))


@db_api.context_manager.reader
def get_many(context, device_uuids):
    """:returns: ``{device uuid: configuration}`` of those that have one
    (one statement).
    """
    if not device_uuids:
        return {}
    return {row.device_uuid: to_dict(row) for row in db_api.execute(
        context, _BY_DEVICES, {'b_uuids': list(device_uuids)})}


_BY_HOST = sa.select(TABLE).where(
    TABLE.c.hostname == sa.bindparam('b_host')).order_by(
        TABLE.c.device_uuid)


@db_api.context_manager.reader
def for_host(context, hostname):
    """:returns: the configurations of the devices of *hostname*, by
    device uuid.
    """
    return [to_dict(row) for row in db_api.execute(
        context, _BY_HOST, {'b_host': hostname})]


_STATES_BY_HOST = sa.select(TABLE.c.device_uuid, TABLE.c.state).where(
    TABLE.c.hostname == sa.bindparam('b_host'))


@db_api.context_manager.reader
def states_for_host(context, hostname):
    """``{device uuid: state}`` of the host's configurations, read in the
    caller's transaction if it has one (the Placement push's snapshot).
    """
    return {row.device_uuid: row.state for row in db_api.execute(
        context, _STATES_BY_HOST, {'b_host': hostname})}


_BY_STATE = sa.select(TABLE).where(
    TABLE.c.state == sa.bindparam('b_state')).order_by(TABLE.c.id)


@db_api.context_manager.reader
def in_state(context, state):
    """:returns: every configuration in *state*, oldest first."""
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
    """The configurations whose device is gone from the tables, or held
    because its driver fails.

    :returns: a list of configurations (dicts), each with
        ``device_gone`` (bool) and ``device_reason`` (why the driver
        fails, or None), by host and device.
    """
    return [dict(to_dict(row), device_gone=row.device_id is None,
                 device_reason=row.device_reason)
            for row in db_api.execute(context, _OF_FAILED_DEVICES)]


def _bound_instances_query():
    deployables = sa.select(_DEPLOYABLES.c.id).join(
        _DEVICES, _DEVICES.c.id == _DEPLOYABLES.c.device_id).where(
            _DEVICES.c.uuid == sa.bindparam('b_uuid'))
    return sa.select(_ARQS.c.instance_uuid).distinct().where(
        _ARQS.c.deployable_id.in_(deployables),
        _ARQS.c.instance_uuid.is_not(None)).order_by(_ARQS.c.instance_uuid)


_BOUND = _bound_instances_query()


@db_api.context_manager.reader
def bound_instances(context, device_uuid):
    """The instances holding accelerator requests bound (or binding) to a
    deployable of the device, in the caller's transaction.

    :returns: a sorted list of instance uuids.
    """
    return [row.instance_uuid for row in db_api.execute(
        context, _BOUND, {'b_uuid': device_uuid})]


@db_api.context_manager.writer
def set_desired(context, device_uuid, hostname, desired, state, drain,
                now=None):
    """Store a new desired configuration of a device, in the caller's
    writer transaction: one generation more than the last, its state
    *state* and no reason.

    :returns: the configuration (a dict).
    """
    now = now or timeutils.utcnow()
    row = db_api.execute(context, _BY_DEVICE.with_for_update(),
                         {'b_uuid': device_uuid}).one_or_none()
    values = {'hostname': hostname, 'desired': jsonutils.dumps(
        desired, sort_keys=True), 'state': state, 'reason': None,
        'drain': bool(drain), 'updated_at': now}
    if row is None:
        values.update(device_uuid=device_uuid, generation=1, created_at=now)
        db_api.execute(context, TABLE.insert().values(**values))
    else:
        values['generation'] = row.generation + 1
        db_api.execute(context, TABLE.update().where(
            TABLE.c.id == row.id).values(**values))
    return get(context, device_uuid)


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def set_state(context, device_uuid, generation, state, reason=None,
              from_states=None, applied=False):
    """Move the configuration of *generation* to *state*.

    :param generation: the generation the change is about: a newer one
        is left alone (its own change will come).
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


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def mark_handed(context, hostname):
    """The host's pending configurations go to ``applying``: its agent
    has them.

    :returns: how many changed.
    """
    return db_api.execute(context, TABLE.update().where(
        TABLE.c.hostname == hostname,
        TABLE.c.state == device_config.PENDING).values(
            state=device_config.APPLYING,
            updated_at=timeutils.utcnow())).rowcount


@db_api.context_manager.writer
def delete(context, device_uuid):
    """Forget a device's desired state, in the caller's writer
    transaction.

    :returns: whether there was one.
    """
    return db_api.execute(context, TABLE.delete().where(
        TABLE.c.device_uuid == device_uuid)).rowcount > 0
