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
"""Queries of the device_classes table (cyborg.common.device_class)."""

from oslo_db import exception as db_exc
from oslo_serialization import jsonutils
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg import exception
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import paginate

_COLUMNS = ('id', 'uuid', 'name', 'description', 'cleaning', 'created_at',
            'updated_at')
TABLE = models.DeviceClass.__table__
_DEVICES = models.Device.__table__
_DEPLOYABLES = models.Deployable.__table__
_ATTRIBUTES = models.Attribute.__table__
_HANDLES = models.AttachHandle.__table__


def to_dict(row):
    values = {name: getattr(row, name) for name in _COLUMNS}
    values['selector'] = jsonutils.loads(row.selector)
    return values


@db_api.context_manager.writer
def create(context, uuid, name, selector, description=None, cleaning=None):
    """Insert a device class; the new row as a dict.

    :param name: its name, upper case (device_class.normalize_name).
    :param selector: its list of conditions (checked by the caller).
    :param cleaning: as cyborg.common.cleaning.normalize() gives it.
    :raises: DeviceClassExists
    """
    row = models.DeviceClass(
        uuid=uuid, name=name, description=description, cleaning=cleaning,
        selector=jsonutils.dumps(selector), created_at=timeutils.utcnow())
    try:
        context.session.add(row)
        context.session.flush()
    except db_exc.DBDuplicateEntry:
        raise exception.DeviceClassExists(name=name)
    return to_dict(row)


_BY_NAME = sa.select(TABLE).where(TABLE.c.name == sa.bindparam('b_name'))


@db_api.context_manager.reader
def get_by_name(context, name, for_update=False):
    """*for_update* locks: a class is deleted or rolled out one at a time
    (a delete sees the rollout that read the class before it).

    :raises: DeviceClassNotFound
    """
    query = _BY_NAME.with_for_update() if for_update else _BY_NAME
    return to_dict(db_api.one(db_api.execute(context, query, {'b_name': name}),
                              exception.DeviceClassNotFound, name=name))


@db_api.context_manager.reader
def get_all(context, limit=None, marker=None, sort_key='id',
            sort_dir='asc'):
    """A page of device classes (dicts).

    :raises: MarkerNotFound
    """
    return [to_dict(row) for row in paginate.select_page(
        context, TABLE, None, limit, marker, sort_key, sort_dir)]


_MATCHING = sa.select(TABLE.c.name, TABLE.c.selector,
                      TABLE.c.cleaning).order_by(TABLE.c.id)


@db_api.context_manager.reader
def get_selectors(context):
    """``[{name, selector, cleaning}]`` of all classes (the Placement push)."""
    return [{'name': row.name, 'selector': jsonutils.loads(row.selector),
             'cleaning': row.cleaning}
            for row in db_api.execute(context, _MATCHING, {})]


@db_api.context_manager.writer
def update(context, name, values):
    """Change a device class's *values* (description, cleaning); the row
    as a dict.

    :raises: DeviceClassNotFound
    """
    row = get_by_name(context, name)
    context.session.execute(sa.update(TABLE).where(
        TABLE.c.id == row['id']).values(updated_at=timeutils.utcnow(),
                                        **values))
    return get_by_name(context, name)


@db_api.context_manager.writer
def delete(context, name):
    """Delete a device class; the deleted row as a dict.

    :raises: DeviceClassNotFound
    """
    row = get_by_name(context, name, for_update=True)
    context.session.execute(sa.delete(TABLE).where(TABLE.c.id == row['id']))
    return row


_HOSTS = sa.select(_DEVICES.c.hostname).distinct()


@db_api.context_manager.reader
def hosts_with_devices(context):
    """The hosts with devices (sorted): those a class change may concern."""
    return sorted(row.hostname
                  for row in db_api.execute(context, _HOSTS, {}))


@db_api.context_manager.reader
def deployables(context, device_uuids=None):
    """Every deployable not gone (of *device_uuids*, else all) with what a
    selector is matched on, as Cyborg has it now (whatever was last
    pushed), in four statements.

    :returns: ``[(device, deployable, attributes, handles)]`` (dicts), by
        deployable id: device_class.facts()'s arguments.
    """
    query = (sa.select(_DEPLOYABLES)
             .join(_DEVICES, _DEVICES.c.id == _DEPLOYABLES.c.device_id)
             .where(_DEPLOYABLES.c.removed_at.is_(None))
             .order_by(_DEPLOYABLES.c.id))
    if device_uuids is not None:
        query = query.where(_DEVICES.c.uuid.in_(list(device_uuids)))
    found = [dict(row) for row in db_api.execute(context, query).mappings()]
    if not found:
        return []
    ids = [row['id'] for row in found]
    devices = {row['id']: dict(row) for row in db_api.execute(
        context, sa.select(_DEVICES).where(_DEVICES.c.id.in_(
            {row['device_id'] for row in found}))).mappings()}
    attributes, handles = {}, {}
    for rows, table in ((attributes, _ATTRIBUTES), (handles, _HANDLES)):
        for row in db_api.execute(context, sa.select(table).where(
                table.c.deployable_id.in_(ids))
                .order_by(table.c.id)).mappings():
            rows.setdefault(row['deployable_id'], []).append(dict(row))
    return [(devices[row['device_id']], row, attributes.get(row['id'], []),
             handles.get(row['id'], [])) for row in found]
