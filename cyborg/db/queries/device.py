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
"""Queries of the devices table (their state that holds them out of
service is written by cyborg.db.queries.device_state only)."""

from oslo_serialization import jsonutils
import sqlalchemy as sa

from cyborg import exception
from cyborg.common import health_states
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import paginate

ENABLED = 'enabled'
MAINTAINING = 'maintaining'


_COLUMNS = ('id', 'uuid', 'type', 'vendor', 'model', 'std_board_info',
            'vendor_board_info', 'hostname', 'status', 'driver_name',
            'health', 'health_reason', 'health_since', 'clean_state',
            'clean_steps', 'clean_id', 'created_at', 'updated_at')


def health_of(device):
    """A device row's health (health_states)."""
    return device.get('health') or health_states.HEALTHY


TABLE = models.Device.__table__

# What a selector may name: columns matched in SQL, and ``firmware``.
SELECTOR_COLUMNS = ('hostname', 'vendor', 'model', 'type', 'driver_name')
SELECTOR_FIELDS = SELECTOR_COLUMNS + ('firmware',)
# The members of vendor_board_info that say what a device runs.
FIRMWARE_KEYS = ('firmware', 'bitstream_id')
# Vendor and product ids are stored as the drivers report them (0x8086;
# the existing Cyborg's rows: 8086): a selector matches either spelling.
_HEX_IDS = ('vendor', 'model')


def to_dict(row):
    return {name: getattr(row, name) for name in _COLUMNS}


@db_api.context_manager.reader
def get(context, uuid):
    """:raises: DeviceNotFound"""
    return to_dict(db_api.row_by_uuid(context, models.Device, uuid,
                                      exception.DeviceNotFound))


@db_api.context_manager.reader
def get_all(context, filters=None, limit=None, marker=None, sort_key='id',
            sort_dir='asc'):
    """Devices (dicts) matching every exact-match filter ({column: value}).

    :raises: MarkerNotFound
    """
    return [to_dict(row) for row in paginate.select_page(
        context, TABLE, filters, limit, marker, sort_key, sort_dir)]


# What the health transitions read and their notification tells.
_HEALTH = sa.select(TABLE.c.id, TABLE.c.uuid, TABLE.c.hostname, TABLE.c.type,
                    TABLE.c.vendor, TABLE.c.model, TABLE.c.driver_name,
                    TABLE.c.health, TABLE.c.health_reason,
                    TABLE.c.health_since)


@db_api.context_manager.reader
def get_host_health(context, hostname):
    """``{uuid: health columns}`` of a host's devices."""
    return {row['uuid']: dict(row) for row in context.session.execute(
        _HEALTH.where(TABLE.c.hostname == hostname)).mappings()}


@db_api.context_manager.writer
def lock_health(context, uuid):
    """A device's health columns, its row locked.

    :raises: DeviceNotFound
    """
    return dict(db_api.one(context.session.execute(_HEALTH.where(
        TABLE.c.uuid == uuid).with_for_update()).mappings(),
        exception.DeviceNotFound, uuid=uuid))


@db_api.context_manager.reader
def get_recovered(context, before):
    """The devices (health columns) recovering since *before* or
    earlier: their hold-down is over.
    """
    return [dict(row) for row in context.session.execute(_HEALTH.where(
        TABLE.c.health == health_states.RECOVERING,
        TABLE.c.health_since <= before)).mappings()]


def _spellings(value):
    if value is None:
        return None
    bare = value[2:] if value.lower().startswith('0x') else value
    return [bare, '0x' + bare]


def _firmware_matches(row, firmware):
    try:
        info = jsonutils.loads(row['vendor_board_info'] or '{}')
    except ValueError:
        # Rows of the existing Cyborg may hold free text.
        return False
    return isinstance(info, dict) and any(
        info.get(key) == firmware for key in FIRMWARE_KEYS)


def check_selector(selector):
    """Refuse a selector that names nothing: it would select every device
    of the cloud.

    :raises: DeviceSelectorEmpty
    """
    if not any(selector.get(name) is not None for name in SELECTOR_FIELDS):
        raise exception.DeviceSelectorEmpty()


def _select(context, selector, locked):
    check_selector(selector)
    query = db_api.where_given(
        sa.select(TABLE).order_by(TABLE.c.hostname, TABLE.c.id),
        *[(TABLE.c[name], _spellings(selector.get(name))
           if name in _HEX_IDS else selector.get(name))
          for name in SELECTOR_COLUMNS])
    if locked:
        query = query.with_for_update()
    rows = [dict(row) for row in context.session.execute(query).mappings()]
    firmware = selector.get('firmware')
    if firmware is not None:
        rows = [row for row in rows if _firmware_matches(row, firmware)]
    return [{name: row[name] for name in _COLUMNS} for row in rows]


@db_api.context_manager.reader
def get_selected(context, selector):
    """The devices a selector names, by host, then id.

    :param selector: ``{hostname, vendor, model, type, driver_name,
        firmware}``, at least one not None.  ``firmware`` matches a member
        of FIRMWARE_KEYS in vendor_board_info (JSON text, compared after
        the query); vendor and model match with or without ``0x``.
    :raises: DeviceSelectorEmpty
    """
    return _select(context, selector, locked=False)


@db_api.context_manager.writer
def lock_selected(context, selector):
    """get_selected(), its rows locked until the caller's transaction ends."""
    return _select(context, selector, locked=True)


def status_changes(device, status):
    """Whether setting *status* on *device* (a row) changes anything:
    its status, or, for ``enabled``, a hold-down it ends (recovering).
    """
    return device['status'] != status or (
        status == ENABLED and device.get('health') == health_states.RECOVERING)
