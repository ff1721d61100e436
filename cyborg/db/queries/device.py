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
"""Queries of the devices table (read by the API, status by operators)."""

from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg import exception
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import paginate

ENABLED = 'enabled'
MAINTAINING = 'maintaining'
STATUSES = (ENABLED, MAINTAINING)

_COLUMNS = ('id', 'uuid', 'type', 'vendor', 'model', 'std_board_info',
            'vendor_board_info', 'hostname', 'status', 'driver_name',
            'created_at', 'updated_at')


TABLE = models.Device.__table__


def to_dict(row):
    return {name: getattr(row, name) for name in _COLUMNS}


@db_api.context_manager.reader
def get(context, uuid):
    """:raises: DeviceNotFound
    :returns: the row as a dict.
    """
    row = context.session.execute(
        sa.select(models.Device).where(models.Device.uuid == uuid)
    ).scalar_one_or_none()
    if row is None:
        raise exception.DeviceNotFound(uuid=uuid)
    return to_dict(row)


@db_api.context_manager.reader
def get_all(context, filters=None, limit=None, marker=None, sort_key='id',
            sort_dir='asc'):
    """Devices matching every exact-match filter.

    :param filters: {column: value} for type, vendor, hostname, status,
        driver_name.
    :raises: MarkerNotFound
    :returns: a list of dicts.
    """
    return [to_dict(row) for row in paginate.select_page(
        context, TABLE, filters, limit, marker, sort_key, sort_dir)]


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def set_status(context, uuid, status):
    """Set a device's status (enabled or maintaining).

    :raises: DeviceNotFound
    :returns: the row (after the change) as a dict.
    """
    row = context.session.execute(
        sa.select(models.Device).where(models.Device.uuid == uuid)
        .with_for_update()).scalar_one_or_none()
    if row is None:
        raise exception.DeviceNotFound(uuid=uuid)
    if row.status != status:
        row.status = status
        row.updated_at = timeutils.utcnow()
    return to_dict(row)
