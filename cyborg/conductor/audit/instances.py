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
"""Reconciling ARQs and Placement with Nova's servers.

Found: a Bound ARQ whose server is gone or on another host with no task
under way, and an allocation on a Cyborg provider whose consumer has no
live ARQ and is no server there.  Healing deletes the ARQ (as Nova's
DELETE) or the allocations, never younger than ``instance_orphan_grace``
nor an ARQ changed since it was read.
"""

import dataclasses
import datetime
import functools

from oslo_config import cfg
from oslo_log import log as logging
from oslo_utils import timeutils

from cyborg import exception
from cyborg import states
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import holders as arq_holders
from cyborg.conductor.arq import lifecycle
from cyborg.conductor.attach import nova_server
from cyborg.conductor.audit import record
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import deployable as deployable_queries

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

# What nova_server.judge() finds of a Bound ARQ.
GONE = nova_server.GONE
OTHER_HOST = nova_server.OTHER_HOST
ORPHAN_ALLOCATION = 'orphan allocation'

# States in which an ARQ holds (or is taking) a device for its server.
_LIVE = (states.BIND_STARTED, states.BOUND)


@dataclasses.dataclass(kw_only=True)
class InstanceFinding(record.Finding):
    """An ARQ or allocation that Nova's servers do not account for."""

    server: str
    arq: str | None = None
    provider: str | None = None


def _old_enough(arq, now):
    when = arq.get('updated_at') or arq.get('created_at')
    grace = datetime.timedelta(seconds=CONF.conductor.instance_orphan_grace)
    return when is None or when <= now - grace


def _arq_findings(context, nova, host):
    """(finding, ARQ, Nova runs a task) of Bound ARQs not accounted for."""
    arqs = arq_queries.get_all(context, states_in=[states.BOUND])
    by_server = {}
    for arq in arqs:
        if arq['instance_uuid'] and (host is None or arq['hostname'] == host):
            by_server.setdefault(arq['instance_uuid'], []).append(arq)
    # One list of Nova's per host, not one call per server.
    servers, _calls = nova_server.get_many(nova, {
        uuid: [a['hostname'] for a in server_arqs]
        for uuid, server_arqs in by_server.items()})
    found = []
    for server_uuid, server_arqs in sorted(by_server.items()):
        server = servers[server_uuid]
        for arq in server_arqs:
            judged = nova_server.judge(server_uuid, server, arq['hostname'])
            if judged is None:
                continue
            kind, detail, busy = judged
            found.append((InstanceFinding(
                kind=kind, server=server_uuid, host=arq['hostname'],
                arq=arq['uuid'], detail=detail), arq, busy))
    return found


@db_api.retrying_writer
def _release_arq(context, arq):
    """Delete an orphaned ARQ if it is still as the audit read it."""
    try:
        [row] = arq_queries.rows_to_delete(context, uuids=[arq['uuid']])
    except exception.AcceleratorRequestNotFound:
        return False
    if (row['state'] != states.BOUND or
            row['instance_uuid'] != arq['instance_uuid'] or
            row['hostname'] != arq['hostname'] or
            row.get('updated_at') != arq.get('updated_at')):
        return False
    arq_delete.delete(context, uuids=[arq['uuid']])
    return True


def _heal_arq(context, finding, arq, now, busy):
    if busy:
        return finding.settle(False)
    if not _old_enough(arq, now):
        return finding.settle(
            False, 'within [conductor] instance_orphan_grace: left alone')
    if _release_arq(context, arq):
        return finding.settle(True, 'ARQ deleted')
    return finding.settle(False, 'changed meanwhile: left alone')


def _allocation_findings(context, nova, placement, host):
    """Allocations on Cyborg's providers with no live ARQ and no server."""
    providers = {d['rp_uuid']: d for d in deployable_queries.get_all(context)
                 if d.get('rp_uuid')}
    live = {a['instance_uuid'] for a in arq_queries.get_all(
        context, states_in=list(_LIVE)) if a['instance_uuid']}
    orphans = []
    for rp_uuid, deployable in sorted(providers.items()):
        rp_host = deployable_queries.driver_and_host(
            context, deployable['id'])['hostname']
        if host is not None and rp_host != host:
            continue
        orphans.extend((rp_uuid, rp_host, consumer) for consumer in
                       sorted(placement.get_allocations(rp_uuid))
                       if consumer not in live)
    hosts = {}
    for _rp_uuid, rp_host, consumer in orphans:
        hosts.setdefault(consumer, []).append(rp_host)
    # One list of Nova's per host, not one call per consumer.
    servers, _calls = nova_server.get_many(nova, hosts)
    found = []
    for rp_uuid, rp_host, consumer in orphans:
        server = servers[consumer]
        if server is None:
            detail = 'Nova has no server %s' % consumer
        elif server.get('host') in (None, rp_host) or server.get(
                'task_state') or server.get('nodename') == rp_host:
            # Nova is building it there (its allocation comes before
            # its bind), or it is there: not ours to judge.
            continue
        else:
            detail = 'Nova shows the server on %s' % server['host']
        found.append(InstanceFinding(
            kind=ORPHAN_ALLOCATION, server=consumer, host=rp_host,
            provider=rp_uuid, detail=detail + '; no live ARQ'))
    return found


def _heal_allocation(context, placement, finding):
    # Checked again just before the write: a bind since the audit makes
    # the allocation the server's own.
    if any(a['instance_uuid'] == finding.server for a in arq_queries.get_all(
            context, instance_uuid=finding.server, states_in=list(_LIVE))):
        return finding.settle(False,
                              'an ARQ was bound meanwhile: left alone')
    placement.change_consumer(finding.server, remove=[finding.provider])
    return finding.settle(True, 'allocation removed')


def audit(context, nova, placement=None, host=None, heal=False):
    """Find (and with *heal*, release) what Nova does not account for.

    *placement* None: allocations not checked.
    """
    if nova is None:
        raise exception.NovaNotConfigured()
    now = timeutils.utcnow()
    found = []
    for finding, arq, busy in _arq_findings(context, nova, host):
        if heal:
            _heal_arq(context, finding, arq, now, busy)
        found.append(finding)
    if placement is not None:
        for finding in _allocation_findings(context, nova, placement, host):
            if heal:
                _heal_allocation(context, placement, finding)
            found.append(finding)
    return found


def heal_without_conductor(context, nova, placement, agent_api, host=None):
    """audit() with *heal* from a process no conductor runs in
    (cyborg-manage): the lifecycle is lent the holders' cast through
    *agent_api*, so that the agents learn at once who holds their
    devices, as after a conductor's release.
    """
    served = lifecycle.Services(holders=functools.partial(
        arq_holders.cast, agent_api))
    lifecycle.serve(served)
    try:
        return audit(context, nova, placement, host=host, heal=True)
    finally:
        lifecycle.withdraw(served)


def periodic(context, nova, placement=None):
    """The conductor's periodic check: log what audit() finds."""
    if nova is None:
        return []
    try:
        found = audit(context, nova, placement)
    except (exception.NovaUnavailable, exception.PlacementError) as exc:
        LOG.warning('Check against Nova skipped: %s', exc)
        return []
    for finding in found:
        LOG.warning('Server %(server)s on %(host)s: %(kind)s (ARQ %(arq)s, '
                    'provider %(provider)s): %(detail)s; run "cyborg-manage '
                    'instance heal" to release it', finding.as_dict())
    return found
