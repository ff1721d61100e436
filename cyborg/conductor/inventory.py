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
"""Agents' hardware reports: applying them, showing them, asking for them
(the seeds' ``/discovery`` and ``/hardware``).

Reports are hash-gated: an agent whose inventory did not change sends its
hash only, which costs one UPDATE of its hosts row and nothing else, and
the conductor answers ``resend`` when its stored hash differs (a new
conductor database, a lost report, another compute node name).  A full
report is stored in the hosts row (``hosts.hardware``) and then applied by
``reconcile``: under the host's row lock, the inventory tables are diffed
against it (cyborg.conductor.device_diff) and the host's resource
providers brought in line (cyborg.conductor.placement_sync), in one
transaction.  ``hosts.needs_sync`` stays set while that is not complete
(Placement unreachable, compute node provider missing, gone hardware still
held); ``periodic`` tries again, and also reserves the inventory of hosts
whose agent went down and restores it when it is back.
"""

from concurrent import futures

from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_serialization import jsonutils

from cyborg import counters
from cyborg import exception
from cyborg import servicegroup
from cyborg.conductor import device_diff
from cyborg.conductor import placement_sync
from cyborg.db import api as db_api
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import host_inventory
from cyborg.db.queries import service as service_queries
from cyborg.objects import hardware as hardware_obj

LOG = logging.getLogger(__name__)

AGENT_BINARY = 'cyborg-agent'
CONDUCTOR_BINARY = 'cyborg-conductor'
# At most this many agents are asked at once by a fan-out.
MAX_PARALLEL = 16


def report(context, client, host, generation, inventory_hash,
           hardware=None, rp_name=None):
    """Apply an agent's report.

    :param context: request context.
    :param client: the conductor's PlacementClient, or None when
        Placement is not configured.
    :param host: the agent's host.
    :param generation: the agent's counter of inventory changes.
    :param inventory_hash: the hash of the agent's inventory.
    :param hardware: a HardwareList (full report), or None (the hash
        only).  The hash of a full report is computed again here; the
        stored hash is always the conductor's own.
    :param rp_name: the compute node resource provider the agent's
        devices go under (None: the host's name).
    :returns: ``{status, generation, inventory_hash, cost}``: status
        ``stored``, ``unchanged`` or ``resend``; generation is the
        conductor's count of stored reports of that host (None for a
        report of the hash only, which costs one UPDATE and reads
        nothing); cost is what
        handling the report took (``db_statements``, ``db_writes``,
        ``placement_calls``, ``ms``).
    """
    with counters.measure(db_api.get_engine()) as cost:
        if hardware is None:
            if host_queries.heartbeat(context, host, generation,
                                      inventory_hash, rp_name=rp_name):
                status = host_queries.UNCHANGED
            else:
                status = host_queries.RESEND
            host_generation = None
        else:
            status, host_generation, inventory_hash = _store(
                context, host, generation, inventory_hash, hardware,
                rp_name)
            if status == host_queries.STORED:
                _reconcile_safely(context, client, host)
    log = LOG.info if status == host_queries.STORED else LOG.debug
    log('Report of host %(host)s (agent generation %(gen)s): %(status)s '
        '(%(cost)s)', {'host': host, 'gen': generation, 'status': status,
                       'cost': cost.as_dict()})
    return {'status': status, 'generation': host_generation,
            'inventory_hash': inventory_hash, 'cost': cost.as_dict()}


def _store(context, host, generation, inventory_hash, hardware, rp_name):
    records = sorted((r.to_dict() for r in hardware),
                     key=hardware_obj.sort_key)
    computed = hardware_obj.inventory_hash(records)
    if computed != inventory_hash:
        LOG.warning('Host %(host)s reported hash %(theirs)s for an '
                    'inventory whose hash is %(ours)s; keeping ours',
                    {'host': host, 'theirs': inventory_hash,
                     'ours': computed})
    status, host_generation = host_queries.record_report(
        context, host, generation, computed,
        jsonutils.dumps(records, sort_keys=True), rp_name=rp_name)
    return status, host_generation, computed


def _reconcile_safely(context, client, host):
    # The report is stored: whatever goes wrong now is retried by the
    # periodic task (needs_sync), and the agent need not send it again.
    try:
        reconcile(context, client, host)
    except Exception:
        LOG.exception('Applying the report of host %s failed; retried '
                      'later', host)


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def reconcile(context, client, host, agent_up=None, only_if_needed=False,
              why='liveness check'):
    """Make a host's tables and resource providers match its last report.

    One transaction, holding the host's row lock: the stored report is
    diffed against the tables, then the resource providers are written
    where they differ from the tables.

    :param context: request context.
    :param client: a PlacementClient, or None (Placement not configured).
    :param host: the host.
    :param agent_up: the agent's liveness, when it changed (its inventory
        is reserved while it is down).
    :param only_if_needed: do nothing when, once the row is locked, the
        host no longer needs a sync and its liveness is unchanged
        (another conductor did it).
    :param why: what told the liveness change (for the log).
    :returns: the placement_sync.Outcome, or None when nothing was done.
    """
    row = host_queries.lock(context, host)
    if row is None:
        return None
    alive_changed = agent_up is not None and row.agent_up != agent_up
    if only_if_needed and not (row.needs_sync or alive_changed):
        return None
    if alive_changed:
        if agent_up:
            LOG.info('The agent of host %(host)s is back (%(why)s): its '
                     'inventory is restored', {'host': host, 'why': why})
        else:
            LOG.warning('The agent of host %(host)s is down (%(why)s): its '
                        'inventory is reserved until it is back',
                        {'host': host, 'why': why})
        row.agent_up = agent_up
    records = device_diff.decode(row.hardware)
    if row.hardware is not None and host_inventory.adopt_devices(
            context, host, [row.rp_name, row.compute_rp_name]):
        LOG.info('Host %(host)s: adopted the devices the existing Cyborg '
                 'stored under %(name)s', {'host': host,
                                           'name': row.rp_name})
    snapshot = host_inventory.load(context, host)
    result = device_diff.Result()
    if row.hardware is not None:
        result = device_diff.apply(context, host, records, snapshot)
        if result.writes:
            snapshot = host_inventory.load(context, host)
    outcome = placement_sync.push_host(
        context, client, row, snapshot, {r.uuid for r in records})
    needs_sync = (result.leftovers or outcome.leftovers or
                  not outcome.complete)
    if needs_sync != row.needs_sync:
        row.needs_sync = needs_sync
    if not outcome.complete and client is not None:
        LOG.warning('Placement sync of host %(host)s is incomplete '
                    '(%(error)s); retried every [placement] '
                    'sync_interval', {'host': host, 'error': outcome.error})
    return outcome


def check_liveness(context, client):
    """Reserve the inventory of the hosts whose agent went down (no
    heartbeat and no report for ``service_down_time`` seconds).

    Runs every ``[DEFAULT] report_interval`` seconds, so that a host is
    reserved soon after its agent is reported down; its inventory is
    restored at the agent's first heartbeat once back (agent_heard).

    :param client: a PlacementClient; None does nothing.
    :returns: the hosts reserved (by this conductor).
    """
    if client is None:
        return []
    done = []
    since = _conductors_since(context)
    for hostname, agent_up, last_seen in host_queries.get_liveness(
            context, AGENT_BINARY):
        if (agent_up is not False and
                not servicegroup.agent_is_up(last_seen, since)):
            _reconcile_logged(context, client, hostname, done,
                              agent_up=False)
    return done


def is_reserved(context, host):
    """Whether the host's inventory is reserved because its agent was
    recorded down (one indexed SELECT, for each agent heartbeat).
    """
    return host_queries.is_recorded_down(context, host)


def agent_heard(context, client, host):
    """An agent the conductor recorded as down sent a heartbeat: restore
    its host's inventory now.

    :param client: a PlacementClient; None does nothing.
    :returns: whether this call restored it.
    """
    if client is None:
        return False
    done = []
    _reconcile_logged(context, client, host, done, agent_up=True,
                      why='heartbeat')
    return bool(done)


def periodic(context, client):
    """The conductor's Placement check (every ``[placement]
    sync_interval`` seconds).

    Reserves the inventory of hosts whose agent went down (no heartbeat
    and no report for ``service_down_time`` seconds), restores it when the
    agent is back, and tries again the hosts whose last sync was
    incomplete (which also removes released leftovers of gone hardware).

    :param context: request context.
    :param client: a PlacementClient; None does nothing.
    :returns: the hosts reconciled (by this conductor).
    """
    if client is None:
        return []
    done = []
    since = _conductors_since(context)
    for hostname, agent_up, last_seen in host_queries.get_liveness(
            context, AGENT_BINARY):
        up = servicegroup.agent_is_up(last_seen, since)
        if up != agent_up:
            _reconcile_logged(context, client, hostname, done, agent_up=up)
    for hostname in host_queries.get_needing_sync(context):
        if hostname not in done:
            _reconcile_logged(context, client, hostname, done)
    return done


def _reconcile_logged(context, client, host, done, agent_up=None,
                      why='liveness check'):
    try:
        if reconcile(context, client, host, agent_up=agent_up,
                     only_if_needed=True, why=why) is not None:
            done.append(host)
    except Exception:
        LOG.exception('Reconciling host %s failed', host)


def _conductors_since(context):
    return servicegroup.conductors_since(service_queries.get_all(
        context, binary=CONDUCTOR_BINARY))


def _agents_up(context):
    return sorted(s['host'] for s in service_queries.get_all(
        context, binary=AGENT_BINARY) if servicegroup.service_is_up(s))


def _stored(context, host=None):
    """{host: {(driver, address): record}} of the stored reports."""
    return {row['hostname']: {(r['driver'], r['address']): r
                              for r in row['hardware'] or ()}
            for row in host_queries.get_all(context, host=host)}


def _brief(record):
    return {'driver': record['driver'], 'address': record['address'],
            'type': record['type'],
            'deployables': sorted(d['name'] for d in
                                  record.get('deployables') or ())}


def hardware_diff(before, after):
    """What a discovery added, changed and removed on one host.

    :param before: {(driver, address): record} stored before.
    :param after: the same, after.
    :returns: ``{added, changed, removed}``, each a list of
        ``{driver, address, type, deployables}`` sorted by driver and
        address.
    """
    return {
        'added': [_brief(after[k]) for k in sorted(set(after) -
                                                   set(before))],
        'changed': [_brief(after[k]) for k in sorted(set(after) &
                                                     set(before))
                    if after[k] != before[k]],
        'removed': [_brief(before[k]) for k in sorted(set(before) -
                                                      set(after))],
    }


def discovery(context, agent_api, host=None, driver=None):
    """Ask agents to run discovery now and report; say what changed.

    The agent's discovery call returns once its report is applied, so the
    stored hardware read before and after the call tells what it added,
    changed and removed.

    :param context: request context.
    :param agent_api: an agent RPC client (cyborg.agent.rpcapi.AgentAPI).
    :param host: one host; None: every agent that is up.
    :param driver: one driver's name; None: all of each agent's drivers.
    :raises: for one *host*: AgentNotFound (no agent ever registered
        there), DriverNotEnabled, AgentUnreachable.
    :returns: ``{host: summary}`` (see AgentAPI.discovery) with ``diff``
        (see hardware_diff()); in a fan-out, a host that failed has
        ``{"error": message}`` instead.
    """
    if host is not None:
        if not service_queries.get_all(context, host=host,
                                       binary=AGENT_BINARY):
            raise exception.AgentNotFound(host=host)
        hosts = [host]
    else:
        hosts = _agents_up(context)
    results = {}
    if not hosts:
        return results
    before = _stored(context, host)
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
    after = _stored(context, host)
    for name, summary in results.items():
        if 'error' not in summary:
            summary['diff'] = hardware_diff(before.get(name, {}),
                                            after.get(name, {}))
    return results
