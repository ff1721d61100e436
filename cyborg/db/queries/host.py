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
"""Queries of the hosts table: each agent host's last hardware report."""

from oslo_db import api as oslo_db_api
from oslo_db import exception as db_exc
from oslo_serialization import jsonutils
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg.db import api as db_api
from cyborg.db import models

STORED = 'stored'
UNCHANGED = 'unchanged'
RESEND = 'resend'

_COLUMNS = ('hostname', 'inventory_hash', 'generation', 'agent_generation',
            'last_report_at', 'created_at', 'updated_at')


def _to_dict(row):
    values = {name: getattr(row, name) for name in _COLUMNS}
    values['hardware'] = jsonutils.loads(row.hardware or '[]')
    return values


def _is_duplicate(exc):
    return isinstance(exc, db_exc.DBDuplicateEntry)


# Two conductors creating the first row of a host at once: the loser runs
# again and finds the row.
@oslo_db_api.wrap_db_retry(max_retries=3, retry_on_deadlock=True,
                           exception_checker=_is_duplicate)
@db_api.context_manager.writer
def record_report(context, host, agent_generation, inventory_hash,
                  hardware_json=None):
    """Record an agent's report, hash-gated.

    The host's row is locked (SELECT ... FOR UPDATE), so concurrent
    reports of one host, handled by two conductors, are applied one after
    the other; each applied full report bumps generation.

    :param context: request context.
    :param host: the agent's host.
    :param agent_generation: the agent's counter of inventory changes.
    :param inventory_hash: the hash of the agent's current inventory.
    :param hardware_json: the full inventory (JSON text), or None for a
        heartbeat carrying the hash only.
    :returns: (status, generation): status stored (full report
        applied), unchanged (the stored hash is the agent's) or
        resend (a heartbeat whose hash the conductor does not have:
        the agent must send the full inventory).
    """
    now = timeutils.utcnow()
    row = context.session.execute(
        sa.select(models.Host).where(models.Host.hostname == host)
        .with_for_update()).scalar_one_or_none()
    if row is None:
        row = models.Host(hostname=host, generation=0, created_at=now)
        context.session.add(row)
    row.last_report_at = now
    row.agent_generation = agent_generation
    if hardware_json is None or (row.inventory_hash == inventory_hash and
                                 row.hardware is not None):
        if row.inventory_hash != inventory_hash:
            return RESEND, row.generation
        return UNCHANGED, row.generation
    row.hardware = hardware_json
    row.inventory_hash = inventory_hash
    row.generation = (row.generation or 0) + 1
    row.updated_at = now
    return STORED, row.generation


@db_api.context_manager.reader
def get_all(context, host=None):
    """Every host's last report (or one host's), ordered by host name.

    :returns: a list of dicts; hardware decoded.
    """
    query = sa.select(models.Host)
    if host is not None:
        query = query.where(models.Host.hostname == host)
    query = query.order_by(models.Host.hostname)
    return [_to_dict(row) for row in context.session.execute(query).scalars()]
