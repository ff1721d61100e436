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
"""Queries of the services table (service registration and heartbeats)."""

from oslo_db import api as oslo_db_api
from oslo_db import exception as db_exc
from oslo_utils import timeutils
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg.db import api as db_api
from cyborg.db import models

_COLUMNS = ('uuid', 'host', 'binary', 'topic', 'version', 'started_at',
            'last_seen_up', 'created_at', 'updated_at')


def _to_dict(row):
    return {name: getattr(row, name) for name in _COLUMNS}


def _is_duplicate(exc):
    return isinstance(exc, db_exc.DBDuplicateEntry)


# A duplicate entry means another process created the row between our
# UPDATE and INSERT: run the transaction again, and the UPDATE finds it.
@oslo_db_api.wrap_db_retry(max_retries=3, retry_on_deadlock=True,
                           exception_checker=_is_duplicate)
@db_api.context_manager.writer
def heartbeat(context, host, binary, topic=None, version=None,
              started_at=None):
    """Record a service alive (its row made at first contact); the row.

    *started_at*: the service (re)started then.
    """
    now = timeutils.utcnow()
    values = {name: value for name, value in (
        ('topic', topic), ('version', version), ('started_at', started_at))
        if value is not None}
    values.update(last_seen_up=now, updated_at=now)
    table = models.Service.__table__
    where = sa.and_(table.c.host == host, table.c.binary == binary)
    if not context.session.execute(
            sa.update(table).where(where).values(**values)).rowcount:
        context.session.execute(sa.insert(table).values(
            uuid=uuidutils.generate_uuid(), host=host, binary=binary,
            created_at=now, **values))
    return _to_dict(context.session.execute(sa.select(models.Service).where(
        models.Service.host == host, models.Service.binary == binary))
        .scalar_one())


@db_api.context_manager.reader
def get_all(context, host=None, binary=None):
    """Every service row (dicts), optionally filtered, by host and binary."""
    service = models.Service
    query = db_api.where_given(
        sa.select(service).order_by(service.host, service.binary),
        (service.host, host), (service.binary, binary))
    return [_to_dict(row) for row in context.session.execute(query).scalars()]


@db_api.context_manager.reader
def get_agents(context, binary, host=None):
    """Each agent's liveness facts, for servicegroup.agents_up()."""
    services = models.Service.__table__
    hosts = models.Host.__table__
    query = db_api.where_given(
        sa.select(services.c.host, services.c.last_seen_up).where(
            services.c.binary == binary), (services.c.host, host))
    agents = {name: {'host': name, 'registered': True,
                     'last_seen_up': seen, 'last_report_at': None,
                     'reported': False, 'agent_up': None}
              for name, seen in context.session.execute(query)}
    query = db_api.where_given(sa.select(
        hosts.c.hostname, hosts.c.last_report_at, hosts.c.agent_up),
        (hosts.c.hostname, host))
    for name, report, agent_up in context.session.execute(query):
        agent = agents.setdefault(name, {
            'host': name, 'registered': False, 'last_seen_up': None})
        agent.update(last_report_at=report, reported=True,
                     agent_up=agent_up)
    return [agents[name] for name in sorted(agents)]
