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
"""Agents' hardware reports: storing them, showing them, asking for them
(the seeds' ``/discovery`` and ``/hardware``).

Reports are hash-gated: an agent whose inventory did not change sends its
hash only, and the conductor answers ``resend`` when its stored hash
differs (a new conductor database, a lost report).  This module stores the
last full report per host in the hosts table; turning it into devices,
deployables and Placement resource providers is the next step's work.
"""

from concurrent import futures

from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_serialization import jsonutils

from cyborg import exception
from cyborg import servicegroup
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import service as service_queries
from cyborg.objects import hardware as hardware_obj

LOG = logging.getLogger(__name__)

AGENT_BINARY = 'cyborg-agent'
# At most this many agents are asked at once by a fan-out.
MAX_PARALLEL = 16


def report(context, host, generation, inventory_hash, hardware=None):
    """Store an agent's report.

    :param context: request context.
    :param host: the agent's host.
    :param generation: the agent's counter of inventory changes.
    :param inventory_hash: the hash of the agent's inventory.
    :param hardware: a HardwareList (full report), or None (the hash
        only).  The hash of a full report is computed again here; the
        stored hash is always the conductor's own.
    :returns: ``{status, generation, inventory_hash}``: status
        ``stored``, ``unchanged`` or ``resend``; generation is the
        conductor's count of applied reports of that host.
    """
    hardware_json = None
    if hardware is not None:
        records = sorted((r.to_dict() for r in hardware),
                         key=hardware_obj.sort_key)
        computed = hardware_obj.inventory_hash(records)
        if computed != inventory_hash:
            LOG.warning('Host %(host)s reported hash %(theirs)s for an '
                        'inventory whose hash is %(ours)s; keeping ours',
                        {'host': host, 'theirs': inventory_hash,
                         'ours': computed})
            inventory_hash = computed
        hardware_json = jsonutils.dumps(records, sort_keys=True)
    status, host_generation = host_queries.record_report(
        context, host, generation, inventory_hash, hardware_json)
    log = LOG.info if status == host_queries.STORED else LOG.debug
    log('Report of host %(host)s (agent generation %(gen)s): %(status)s',
        {'host': host, 'gen': generation, 'status': status})
    return {'status': status, 'generation': host_generation,
            'inventory_hash': inventory_hash}


def hardware(context, host=None):
    """The hardware of every host, or of one, as last reported.

    Read from the conductor's stored reports, not from the agents, so that
    a host whose agent is down still shows what it had (with
    ``agent_status`` down).

    :param context: request context.
    :param host: one host, or None for all.
    :raises: HostNotFound when *host* never reported.
    :returns: a list of ``{host, agent_status, generation,
        agent_generation, inventory_hash, last_report_at, hardware}``.
    """
    rows = host_queries.get_all(context, host=host)
    if host is not None and not rows:
        raise exception.HostNotFound(host=host)
    agents = {s['host']: s for s in service_queries.get_all(
        context, host=host, binary=AGENT_BINARY)}
    result = []
    for row in rows:
        agent = agents.get(row['hostname'])
        result.append({
            'host': row['hostname'],
            'agent_status': (servicegroup.service_status(agent) if agent
                             else servicegroup.DOWN),
            'generation': row['generation'],
            'agent_generation': row['agent_generation'],
            'inventory_hash': row['inventory_hash'],
            'last_report_at': (row['last_report_at'].isoformat()
                               if row['last_report_at'] else None),
            'hardware': row['hardware'],
        })
    return result


def _agents_up(context):
    return sorted(s['host'] for s in service_queries.get_all(
        context, binary=AGENT_BINARY) if servicegroup.service_is_up(s))


def discovery(context, agent_api, host=None, driver=None):
    """Ask agents to run discovery now and report.

    :param context: request context.
    :param agent_api: an agent RPC client (cyborg.agent.rpcapi.AgentAPI).
    :param host: one host; None: every agent that is up.
    :param driver: one driver's name; None: all of each agent's drivers.
    :raises: for one *host*: DriverNotEnabled, AgentUnreachable.
    :returns: ``{host: summary}`` (see AgentAPI.discovery); in a fan-out,
        a host that failed has ``{"error": message}`` instead.
    """
    hosts = [host] if host is not None else _agents_up(context)
    results = {}
    if not hosts:
        return results
    with futures.ThreadPoolExecutor(
            max_workers=min(len(hosts), MAX_PARALLEL)) as pool:
        calls = {pool.submit(agent_api.discovery, context, host=h,
                             driver=driver): h for h in hosts}
        for call in futures.as_completed(calls):
            name = calls[call]
            try:
                results[name] = call.result()
            except exception.CyborgException as exc:
                if host is not None:
                    raise
                results[name] = {'error': exc.message}
            except messaging.MessagingException as exc:
                error = exception.AgentUnreachable(host=name, reason=exc)
                if host is not None:
                    raise error
                results[name] = {'error': error.message}
    return results
