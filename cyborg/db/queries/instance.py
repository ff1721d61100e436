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
"""Queries of the servers that hold accelerators (GET /v2/instances)."""

import functools

from oslo_serialization import jsonutils
import sqlalchemy as sa

from cyborg import states
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries

_ARQS = models.ExtendedAcceleratorRequest.__table__
_PROFILES = models.DeviceProfile.__table__
_HANDLES = models.AttachHandle.__table__
_DEPLOYABLES = models.Deployable.__table__
_DEVICES = models.Device.__table__
_TELEMETRY = models.DeviceTelemetry.__table__

# The filters, each {name: the column it compares with}.
_FILTERS = {
    'project_id': _ARQS.c.project_id,
    'host': _ARQS.c.hostname,
    'device_profile': _PROFILES.c.name,
    'driver': _DEPLOYABLES.c.driver_name,
}

_SOURCE = (_ARQS
           .join(_PROFILES, _ARQS.c.device_profile_id == _PROFILES.c.id)
           .join(_DEPLOYABLES, _ARQS.c.deployable_id == _DEPLOYABLES.c.id)
           .join(_DEVICES, _DEPLOYABLES.c.device_id == _DEVICES.c.id)
           .outerjoin(_HANDLES, _ARQS.c.attach_handle_id == _HANDLES.c.id)
           .outerjoin(_TELEMETRY, _TELEMETRY.c.device_uuid ==
                      _DEVICES.c.uuid))

_IDLE = 'idle_before'


def _where(query, filters):
    query = query.where(_ARQS.c.state == states.BOUND,
                        _ARQS.c.instance_uuid.is_not(None))
    for name in filters:
        if name == _IDLE:
            # A Bound ARQ's updated_at is when it was bound.
            before = sa.bindparam('f_' + name, type_=sa.DateTime)
            query = query.where(
                _TELEMETRY.c.idle_since <= before,
                sa.func.coalesce(_ARQS.c.updated_at,
                                 _ARQS.c.created_at) <= before)
            continue
        query = query.where(_FILTERS[name] == sa.bindparam('f_' + name))
    return query


@functools.lru_cache(maxsize=64)
def _page_statement(filters, marker, limit):
    query = _where(sa.select(_ARQS.c.instance_uuid).select_from(_SOURCE)
                   .distinct(), filters)
    if marker:
        query = query.where(_ARQS.c.instance_uuid > sa.bindparam('m_uuid'))
    query = query.order_by(_ARQS.c.instance_uuid)
    if limit:
        query = query.limit(sa.bindparam('p_limit', type_=sa.Integer))
    return query


@functools.lru_cache(maxsize=64)
def _arqs_statement(filters):
    query = arq_queries.joined(
        (_DEPLOYABLES, _ARQS.c.deployable_id == _DEPLOYABLES.c.id),
        (_DEVICES, _DEPLOYABLES.c.device_id == _DEVICES.c.id)).outerjoin(
        _TELEMETRY, _TELEMETRY.c.device_uuid == _DEVICES.c.uuid).add_columns(
        _DEPLOYABLES.c.driver_name.label('driver'),
        _DEVICES.c.uuid.label('device_uuid'), _DEVICES.c.health,
        _DEVICES.c.health_reason, _DEVICES.c.health_since,
        _TELEMETRY.c.sample.label('telemetry'), _TELEMETRY.c.idle_since)
    query = _where(query, filters).where(_ARQS.c.instance_uuid.in_(
        sa.bindparam('b_uuids', expanding=True)))
    return query.order_by(_ARQS.c.instance_uuid, _ARQS.c.id)


# What a server's ARQ adds to the ARQ as the API shows it.
_DEVICE_COLUMNS = ('driver', 'device_uuid', 'health', 'health_reason',
                   'health_since', 'idle_since')


@db_api.context_manager.reader
def get_page(context, project_id=None, host=None, device_profile=None,
             driver=None, limit=None, marker=None, idle_before=None):
    """A page of servers holding Bound ARQs, in two statements.

    A server is listed when one of its Bound ARQs matches every filter, with
    only those ARQs.  *idle_before*: ARQs bound before it whose device has
    been idle since then.  *marker* need not hold accelerators any more.
    """
    filters = {name: value for name, value in (
        ('project_id', project_id), ('host', host),
        ('device_profile', device_profile), ('driver', driver),
        (_IDLE, idle_before))
        if value is not None}
    shape = tuple(sorted(filters))
    params = {'f_' + name: value for name, value in filters.items()}
    uuids = list(db_api.execute(
        context, _page_statement(shape, marker is not None,
                                 limit is not None),
        dict(params, m_uuid=marker, p_limit=limit)).scalars())
    if not uuids:
        return []
    servers = {uuid: {'uuid': uuid, 'project_id': None, 'arqs': []}
               for uuid in uuids}
    rows = db_api.execute(context, _arqs_statement(shape),
                          dict(params, b_uuids=uuids)).mappings()
    for row in rows:
        server = servers[row['instance_uuid']]
        server['project_id'] = server['project_id'] or row['project_id']
        sample = row['telemetry']
        arq = dict(arq_queries.to_dict(row),
                   utilization=jsonutils.loads(sample).get('utilization')
                   if sample else None,
                   **{name: row[name] for name in _DEVICE_COLUMNS})
        arq['idle_since'] = arq_queries.idle_since(row['idle_since'], arq)
        server['arqs'].append(arq)
    return [servers[uuid] for uuid in uuids]
