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
"""Agents' hardware reports, and the agents' liveness.

Reports are hash-gated: an unchanged inventory sends its hash only and
the conductor answers ``resend`` when its stored hash differs.  A full
report is stored and applied (device_diff) in one short transaction under
the host's row lock: a conductor killed between the two, or an
application that fails, stores nothing, and the agent, answered with no
``stored``, sends it again.  The Placement push follows with no
transaction open.
Changed telemetry rides on every report, outside the hash; a hash-only
report's heartbeat and telemetry are one transaction.
"""

from oslo_log import log as logging
from oslo_serialization import jsonutils

from cyborg import counters
from cyborg import liveness
from cyborg import servicegroup
from cyborg.conductor.devices import configuration
from cyborg.conductor.devices import health
from cyborg.conductor.inventory import device_diff
from cyborg.conductor.inventory import discovery as discovery_ops
from cyborg.conductor.placement import push as placement_push
from cyborg.db import api as db_api
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import host_inventory
from cyborg.db.queries import telemetry as telemetry_queries
from cyborg.notifications import inventory as inventory_notify
from cyborg.notifications import service as service_notify
from cyborg.objects import hardware as hardware_obj

LOG = logging.getLogger(__name__)


def report(context, client, host, generation, inventory_hash,
           hardware=None, rp_name=None, discovery=None, telemetry=None):
    """Apply an agent's report, discovery outcomes and telemetry.

    See ConductorAPI.report.  The hash is computed again here: the stored
    hash is the conductor's own.
    """
    answer = {}
    with counters.measure(db_api.get_engine()) as cost:
        before = after = host_generation = None
        if hardware is None:
            status, stored = _hash_report(context, host, generation,
                                          inventory_hash, rp_name, telemetry)
            if stored is not None:
                answer['telemetry'] = stored
        else:
            if discovery is not None:
                before = _stored(context, host)
            status, host_generation, inventory_hash, after = _store(
                context, client, host, generation, inventory_hash,
                hardware, rp_name)
            if status != host_queries.STORED:
                before = after = None
        if discovery is not None and status != host_queries.RESEND:
            _record_outcome(context, host, discovery, generation, status,
                            before, after)
        if (hardware is not None and telemetry is not None and
                status != host_queries.RESEND):
            answer['telemetry'] = _telemetry(context, host, telemetry)
    log = LOG.info if status == host_queries.STORED else LOG.debug
    log('Report of host %(host)s (agent generation %(gen)s): %(status)s '
        '(%(cost)s)', {'host': host, 'gen': generation, 'status': status,
                       'cost': cost.as_dict()})
    answer.update(status=status, generation=host_generation,
                  inventory_hash=inventory_hash, cost=cost.as_dict())
    return answer


@db_api.retrying_writer
def _hash_report(context, host, generation, inventory_hash, rp_name,
                 samples):
    """A hash-only report in one transaction: the heartbeat and, when it
    holds, the samples (_telemetry()).  :returns: (status, the
    ``telemetry`` answer or None).
    """
    if not host_queries.heartbeat(context, host, generation, inventory_hash,
                                  rp_name=rp_name):
        return host_queries.RESEND, None
    return host_queries.UNCHANGED, (
        None if samples is None else _telemetry(context, host, samples))


def _telemetry(context, host, samples):
    """Store samples; the ``telemetry`` answer (all unknown if not stored).

    In the report's transaction, a write that fails rolls back alone (its
    savepoint), and one that lost the transaction (a deadlock) runs the
    report's again.
    """
    try:
        unknown = telemetry_queries.write(context, host, samples)
        held = telemetry_queries.bindings(context, host)
    except Exception as exc:
        if isinstance(exc, db_api.RETRIED) and db_api.in_transaction(
                context):
            raise
        LOG.exception('Storing the telemetry of host %s failed; its agent '
                      'sends it again', host)
        return {'unknown': sorted(samples), 'bindings': None}
    if unknown:
        LOG.debug('Host %(host)s reported the telemetry of devices it has '
                  'no row of: %(uuids)s', {'host': host, 'uuids': unknown})
    return {'unknown': unknown, 'bindings': held}


def _store(context, client, host, generation, inventory_hash, hardware,
           rp_name):
    """Store and apply a full report, then announce and push what changed.

    :returns: (status, the host's generation, the hash, the records).
    """
    records = sorted((r.to_dict() for r in hardware),
                     key=hardware_obj.sort_key)
    computed = hardware_obj.inventory_hash(records)
    if computed != inventory_hash:
        LOG.warning('Host %(host)s reported hash %(theirs)s for an '
                    'inventory whose hash is %(ours)s; keeping ours',
                    {'host': host, 'theirs': inventory_hash,
                     'ours': computed})
    # The host's first row alone (see record_report()).
    host_queries.create(context, host, reporting=True)
    status, host_generation, result = _store_and_apply(
        context, host, generation, computed,
        jsonutils.dumps(records, sort_keys=True), rp_name)
    if status == host_queries.STORED:
        _announce(context, result)
        placement_push.push_safely(context, client, host)
    return status, host_generation, computed, records


def _announce(context, result):
    """The notifications of apply_report()'s Result (None: none)."""
    if result is not None:
        inventory_notify.send(context, result)
        health.announce(context, result.health_changes)
        configuration.announce(context, result.config_changes)


@db_api.retrying_writer
def _store_and_apply(context, host, generation, inventory_hash,
                     hardware_json, rp_name):
    """record_report() and, when it stored, apply_report(), in one
    transaction; (status, the host's generation, the Result or None).
    """
    status, host_generation = host_queries.record_report(
        context, host, generation, inventory_hash, hardware_json,
        rp_name=rp_name)
    result = None
    if status == host_queries.STORED:
        result = apply_report(context, host)
    return status, host_generation, result


def _record_outcome(context, host, discovery, generation, status, before,
                    after):
    # The report is stored: a failure here leaves the discovery asked,
    # and must not make the agent send the report again.
    try:
        discovery_ops.record_outcome(context, host, discovery, generation,
                                     status, before=before, after=after)
    except Exception:
        LOG.exception('Recording the outcome of discoveries %(ids)s of '
                      'host %(host)s failed',
                      {'ids': discovery.get('ids'), 'host': host})


def _stored(context, host):
    """The records of the host's stored report ([] when none)."""
    rows = host_queries.get_all(context, host=host)
    return rows[0]['hardware'] if rows else []


@db_api.retrying_writer
def apply_report(context, host):
    """Make a host's tables match its stored report, marking it on change.

    Returns the device_diff.Result, or None (no full report yet).
    """
    row = host_queries.lock(context, host)
    if row is None or row.hardware is None:
        return None
    if host_inventory.adopt_devices(
            context, host, [row.rp_name, row.compute_rp_name]):
        LOG.info('Host %(host)s: adopted the devices the existing Cyborg '
                 'stored under %(name)s', {'host': host,
                                           'name': row.rp_name})
    records = device_diff.decode(row.hardware)
    result = device_diff.apply(context, host, records)
    result.health_changes = health.apply(context, host, records)
    result.config_changes = configuration.apply_report(context, host,
                                                       records)
    if result.writes or result.health_changes:
        row.needs_sync = True
    if result.leftovers != row.gone_held:
        row.gone_held = result.leftovers
    return result


def _liveness_changed(context, client, host, agent_up, done,
                      why='liveness check'):
    """Record a liveness change, notify and push, if this conductor made it."""
    try:
        if not host_queries.set_liveness(context, host, agent_up):
            return
        args = {'host': host, 'why': why}
        if client is None and agent_up:
            LOG.info('The agent of host %(host)s is back (%(why)s)', args)
        elif client is None:
            LOG.warning('The agent of host %(host)s is down (%(why)s)', args)
        elif agent_up:
            LOG.info('The agent of host %(host)s is back (%(why)s): its '
                     'inventory is restored', args)
        else:
            LOG.warning('The agent of host %(host)s is down (%(why)s): its '
                        'inventory is reserved until it is back', args)
        done.append(host)
        service_notify.liveness_changed(context, host, servicegroup.AGENT,
                                        agent_up, reason=why)
        if client is not None:
            placement_push.push(context, client, host)
    except Exception:
        LOG.exception('Recording the liveness of host %s failed', host)


def check_liveness(context, client, restore=False):
    """Record hosts whose agent went down (and with *restore* back); them."""
    done = []
    for hostname, up, agent_up in liveness.hosts(context):
        if up != agent_up and (restore or not up):
            _liveness_changed(context, client, hostname, up, done)
    return done


def record_agent_back(context, client, host):
    """Record an agent back (service.up) and restore its inventory now."""
    done = []
    _liveness_changed(context, client, host, True, done, why='heartbeat')
    return bool(done)


def periodic(context, client):
    """The Placement check (every ``[placement] sync_interval``); hosts pushed.

    Ends hold-downs, records agents down and back, re-applies reports that
    left held hardware, pushes the hosts marked.
    """
    try:
        health.release_recovered(context)
    except Exception:
        LOG.exception('Returning the devices whose hold-down is over '
                      'failed; retried later')
    done = check_liveness(context, client, restore=True)
    if client is None:
        return []
    for hostname in host_queries.get_gone_held(context):
        try:
            result = apply_report(context, hostname)
        except Exception:
            LOG.exception('Applying the report of host %s again failed',
                          hostname)
        else:
            _announce(context, result)
    for hostname in host_queries.get_needing_sync(context):
        if hostname not in done and placement_push.push_safely(
                context, client, hostname) is not None:
            done.append(hostname)
    return done
