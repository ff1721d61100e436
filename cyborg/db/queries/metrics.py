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
"""The fleet gauges' aggregate queries: seven statements at any cloud size."""

import sqlalchemy as sa

from cyborg import states
from cyborg.common import health_states
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import capacity as capacity_queries
from cyborg.db.queries import configuration_rollout as rollout_queries
from cyborg.db.queries import service as service_queries

_DEVICES = models.Device.__table__
_ARQS = models.ExtendedAcceleratorRequest.__table__
_EVENTS = models.NovaEvent.__table__
_JOBS = models.BindJob.__table__
_HOSTS = models.Host.__table__
_DEPLOYABLES = models.Deployable.__table__
_HANDLES = models.AttachHandle.__table__
_TELEMETRY = models.DeviceTelemetry.__table__

# cyborg.metrics.OUTBOXES (the database layer does not import it).
NOVA_EVENTS, PLACEMENT_PUSHES, DRIVER_JOBS = (
    'nova_events', 'placement_pushes', 'driver_jobs')
# A bind job still to do (done and failed ones are outcomes).
_JOBS_WAITING = (job_queries.PENDING, job_queries.RUNNING)


def _devices(context):
    """``[(host, driver, health, devices)]``; health NULL is healthy."""
    health = sa.func.coalesce(_DEVICES.c.health, health_states.HEALTHY)
    statement = (
        sa.select(_DEVICES.c.hostname, _DEVICES.c.driver_name,
                  health.label('health'), sa.func.count())
        .group_by(_DEVICES.c.hostname, _DEVICES.c.driver_name, health))
    return [tuple(row) for row in context.session.execute(statement)]


def _arqs(context):
    """``{state: ARQs}``."""
    statement = (sa.select(_ARQS.c.state, sa.func.count())
                 .group_by(_ARQS.c.state))
    return dict(tuple(row) for row in context.session.execute(statement))


def _outboxes(context):
    """``{outbox: (depth, oldest created_at or None)}``."""
    def one(name, table, since, where):
        return (sa.select(sa.literal(name).label('outbox'),
                          sa.func.count().label('depth'),
                          sa.func.min(since).label('oldest'))
                .select_from(table).where(where))
    statement = sa.union_all(
        one(NOVA_EVENTS, _EVENTS, _EVENTS.c.created_at, sa.true()),
        one(PLACEMENT_PUSHES, _HOSTS,
            sa.func.coalesce(_HOSTS.c.updated_at, _HOSTS.c.created_at),
            _HOSTS.c.needs_sync.is_(sa.true())),
        one(DRIVER_JOBS, _JOBS, _JOBS.c.created_at,
            _JOBS.c.state.in_(_JOBS_WAITING)))
    return {row.outbox: (row.depth, row.oldest)
            for row in context.session.execute(statement)}


def _idle(context, before):
    """Bound ARQs whose device is idle since *before* (updated_at: bind)."""
    statement = (
        sa.select(_DEVICES.c.hostname, _HANDLES.c.resource_class,
                  _DEPLOYABLES.c.driver_name, _ARQS.c.project_id,
                  sa.func.count())
        .select_from(
            _ARQS.join(_DEPLOYABLES,
                       _ARQS.c.deployable_id == _DEPLOYABLES.c.id)
            .join(_DEVICES, _DEPLOYABLES.c.device_id == _DEVICES.c.id)
            .join(_TELEMETRY, _TELEMETRY.c.device_uuid == _DEVICES.c.uuid)
            .outerjoin(_HANDLES, _ARQS.c.attach_handle_id == _HANDLES.c.id))
        .where(_ARQS.c.state == states.BOUND,
               _TELEMETRY.c.idle_since <= before,
               sa.func.coalesce(_ARQS.c.updated_at,
                                _ARQS.c.created_at) <= before)
        .group_by(_DEVICES.c.hostname, _HANDLES.c.resource_class,
                  _DEPLOYABLES.c.driver_name, _ARQS.c.project_id))
    return [tuple(row) for row in context.session.execute(statement)]


@db_api.context_manager.reader
def fleet(context, agent_binary, idle_before):
    """What the fleet gauges show, read in one transaction (a dict)."""
    handles, conductors = capacity_queries.get(context, by_driver=True)
    return {'handles': handles, 'conductors': conductors,
            'devices': _devices(context), 'arqs': _arqs(context),
            'outboxes': _outboxes(context),
            'agents': service_queries.get_agents(context, agent_binary),
            'idle': _idle(context, idle_before),
            'rollouts': rollout_queries.active_progress(context)}
