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
"""Queries of the hosts' ``discovery_*`` columns.

A host holds the last discovery asked of it; a newer request replaces an
older one still asked (the report answering it answers both).
"""

from oslo_serialization import jsonutils
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import host as host_queries

ASKED = 'asked'
DONE = 'done'
FAILED = 'failed'
UNREACHABLE = 'unreachable'
#: Every state, in the order of a discovery's life.
STATES = (ASKED, DONE, FAILED, UNREACHABLE)

_TABLE = models.Host.__table__


def ask(context, hosts, discovery_id):
    """Record *discovery_id* asked of *hosts* (new rows first, alone)."""
    for host in hosts:
        host_queries.create(context, host)
    _ask(context, hosts, discovery_id)


@db_api.retrying_writer
def _ask(context, hosts, discovery_id):
    context.session.execute(
        sa.update(_TABLE).where(_TABLE.c.hostname.in_(sorted(hosts)))
        .values(discovery_id=discovery_id, discovery_state=ASKED,
                discovery_asked_at=timeutils.utcnow(),
                discovery_result=None))


@db_api.retrying_writer
def finish(context, host, discovery_ids, state, result):
    """Record *host*'s outcome if one of *discovery_ids* is asked; whether."""
    if not discovery_ids:
        return False
    rows = context.session.execute(
        sa.update(_TABLE)
        .where(_TABLE.c.hostname == host,
               _TABLE.c.discovery_id.in_(sorted(discovery_ids)),
               _TABLE.c.discovery_state == ASKED)
        .values(discovery_state=state,
                discovery_result=jsonutils.dumps(result, sort_keys=True)))
    return rows.rowcount == 1


@db_api.context_manager.reader
def get(context, hosts):
    """``{host: {id, state, asked_at, result}}`` of *hosts* with a row."""
    query = sa.select(_TABLE.c.hostname, _TABLE.c.discovery_id,
                      _TABLE.c.discovery_state, _TABLE.c.discovery_asked_at,
                      _TABLE.c.discovery_result).where(
        _TABLE.c.hostname.in_(sorted(hosts)))
    return {
        hostname: {'id': discovery_id, 'state': state, 'asked_at': asked_at,
                   'result': (jsonutils.loads(result)
                              if result is not None else None)}
        for hostname, discovery_id, state, asked_at, result
        in context.session.execute(query)}
