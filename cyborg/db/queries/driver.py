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
"""Queries of the drivers table: the drivers enabled on each host."""

from oslo_serialization import jsonutils
from oslo_utils import timeutils
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg.db import api as db_api
from cyborg.db import models

READY = 'READY'
ERROR = 'ERROR'
DISABLED = 'DISABLED'
STATUSES = (READY, ERROR, DISABLED)

SOURCE_CONFIG = 'config'
SOURCE_API = 'api'

_COLUMNS = ('uuid', 'host', 'name', 'status', 'version', 'detail', 'source',
            'created_at', 'updated_at')


def _to_dict(row):
    values = {name: getattr(row, name) for name in _COLUMNS}
    values['device_types'] = jsonutils.loads(row.device_types or '[]')
    values['config'] = jsonutils.loads(row.config or '{}')
    return values


def _hello_values(report):
    return {
        'status': report.get('status') or READY,
        'version': report.get('version'),
        'device_types': jsonutils.dumps(sorted(report.get('device_types')
                                               or [])),
        'detail': report.get('detail'),
    }


@db_api.context_manager.writer
def record_hello(context, host, reports):
    """Store the status the agent of *host* reports for its drivers.

    Only rows whose values changed are written, so an agent's periodic
    hello with unchanged drivers costs one SELECT.  A driver that was enabled
    from the configuration file and is no longer reported becomes DISABLED.

    :param context: request context.
    :param host: the agent's host.
    :param reports: list of dicts ``{name, version, device_types, status,
        detail}`` (each driver's hello()).
    :returns: the number of rows written.
    """
    rows = {row.name: row for row in context.session.execute(
        sa.select(models.Driver).where(models.Driver.host == host)).scalars()}
    now = timeutils.utcnow()
    written = 0
    reported = set()
    for report in reports:
        name = report['name']
        reported.add(name)
        values = _hello_values(report)
        row = rows.get(name)
        if row is None:
            context.session.add(models.Driver(
                uuid=uuidutils.generate_uuid(), host=host, name=name,
                source=SOURCE_CONFIG, created_at=now, **values))
            written += 1
        elif any(getattr(row, k) != v for k, v in values.items()):
            for key, value in values.items():
                setattr(row, key, value)
            row.updated_at = now
            written += 1
    for name, row in rows.items():
        if (name not in reported and row.source == SOURCE_CONFIG
                and row.status != DISABLED):
            row.status = DISABLED
            row.detail = 'No longer enabled on the agent.'
            row.updated_at = now
            written += 1
    return written


@db_api.context_manager.reader
def get_all(context, host=None):
    """Every driver row, optionally of one host, ordered by host and name.

    :returns: a list of dicts (device_types and config decoded).
    """
    query = sa.select(models.Driver)
    if host is not None:
        query = query.where(models.Driver.host == host)
    query = query.order_by(models.Driver.host, models.Driver.name)
    return [_to_dict(row) for row in context.session.execute(query).scalars()]
