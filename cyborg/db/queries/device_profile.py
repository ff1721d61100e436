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
"""Queries of the device_profiles table."""

from oslo_db import exception as db_exc
from oslo_serialization import jsonutils
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg import exception
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import paginate

_COLUMNS = ('id', 'uuid', 'name', 'description', 'created_at',
            'updated_at')
# Reads select the table's columns (Core): a fifth less CPU than the ORM.
TABLE = models.DeviceProfile.__table__


def to_dict(row):
    values = {name: getattr(row, name) for name in _COLUMNS}
    values['groups'] = jsonutils.loads(row.profile_json)['groups']
    return values


@db_api.retrying_writer
def create(context, uuid, name, groups, description=None):
    """Insert a device profile; the new row as a dict."""
    row = models.DeviceProfile(
        uuid=uuid, name=name, description=description,
        profile_json=jsonutils.dumps({'groups': groups}),
        created_at=timeutils.utcnow())
    try:
        context.session.add(row)
        context.session.flush()
    except db_exc.DBDuplicateEntry as exc:
        if 'name' in (exc.columns or []):
            raise exception.DeviceProfileNameConflict(name=name)
        raise exception.DeviceProfileUUIDConflict(uuid=uuid)
    return to_dict(row)


# One profile by uuid or by name, built once.
_BY = {key: sa.select(TABLE).where(TABLE.c[key] == sa.bindparam('b_value'))
       for key in ('uuid', 'name')}


def _get(context, key, value):
    return db_api.one(db_api.execute(context, _BY[key], {'b_value': value}),
                      exception.DeviceProfileNotFound, key=key, value=value)


@db_api.context_manager.reader
def get_by_uuid(context, uuid):
    """:raises: DeviceProfileNotFound"""
    return to_dict(_get(context, 'uuid', uuid))


@db_api.context_manager.reader
def get_by_name(context, name):
    """:raises: DeviceProfileNotFound"""
    return to_dict(_get(context, 'name', name))


@db_api.context_manager.reader
def get_all(context, names=None, limit=None, marker=None, sort_key='id',
            sort_dir='asc'):
    """Device profiles (dicts), optionally only those named in *names*."""
    filters = None if names is None else {'name': list(names)}
    return [to_dict(row) for row in paginate.select_page(
        context, TABLE, filters, limit, marker, sort_key, sort_dir)]


@db_api.retrying_writer
def delete(context, uuids=(), names=()):
    """Delete the profiles of *uuids* and *names*, all or nothing; how many.

    :raises: DeviceProfileNotFound, DeviceProfileInUse
    """
    table = models.DeviceProfile
    rows = {}
    for column, values in ((table.uuid, uuids), (table.name, names)):
        if not values:
            continue
        found = {getattr(row, column.key): row for row in
                 context.session.execute(
                     sa.select(table).where(column.in_(values))).scalars()}
        for value in values:
            if value not in found:
                raise exception.DeviceProfileNotFound(
                    key=column.key, value=value)
            rows[found[value].id] = found[value]
    if not rows:
        return 0
    arq = models.ExtendedAcceleratorRequest
    in_use = context.session.execute(
        sa.select(arq.device_profile_id, sa.func.count())
        .where(arq.device_profile_id.in_(rows))
        .group_by(arq.device_profile_id)).first()
    if in_use is not None:
        raise exception.DeviceProfileInUse(name=rows[in_use[0]].name,
                                           count=in_use[1])
    context.session.execute(sa.delete(table).where(table.id.in_(rows)))
    return len(rows)
