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
"""The operator's drivers: install, update, uninstall (2.5).

The seeds' install-driver, update-driver and uninstall-driver, on one
host's driver (a row of the drivers table) whatever enabled it.  A driver
installed through the API (source ``api``) is a row with its
configuration; a driver of an agent's configuration file (source
``config``) may be given the operator's configuration, or be uninstalled
on its host (state ``uninstalled``) and installed again.  The agent of
the host applies these decisions (agent RPC set_drivers) now if it can be
reached and otherwise at its next heartbeat, which carries the revision of
the decisions it runs with, so an agent that was down or restarted catches
up by itself, before its first discovery.  The configuration file says
what a host may load; these decisions say what it does.

A configuration the agent's driver refuses (a malformed selector...) is
not kept: the install or update is undone and answered with 400.  The
conductor never loads a driver's code: the names come from the package
metadata (cyborg.common.driver_names) and the check of a configuration
from the agents' answers (their drivers' load errors); an agent that could
not be reached checks it when it catches up, and shows a refusal as its
driver's ERROR status.
"""

from oslo_log import log as logging
import oslo_messaging as messaging

from cyborg import exception
from cyborg import servicegroup
from cyborg.common import driver_config
from cyborg.common import driver_names
from cyborg.conductor.arq import release as arq_release
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import deployable as deployable_queries
from cyborg.db.queries import driver as driver_queries
from cyborg.db.queries import service as service_queries
from cyborg.notifications import accelerator_request as arq_notify
from cyborg.notifications import driver as driver_notify

LOG = logging.getLogger(__name__)

AGENT_BINARY = servicegroup.AGENT


def _agent_hosts(context, host=None):
    hosts = sorted(s['host'] for s in service_queries.get_all(
        context, host=host, binary=AGENT_BINARY))
    if not hosts:
        raise exception.AgentNotFound(host=host or '(any)')
    return hosts


def _push(context, agent_api, host):
    """Give *host*'s agent its list now; record what its drivers said.

    :returns: ``{name: error}`` of the drivers that would not load, or
        None when the agent could not be reached (it catches up at its
        next heartbeat).
    """
    installs, removed = driver_queries.decisions(context, host)
    try:
        result = agent_api.set_drivers(context, host=host, installs=installs,
                                       removed=removed)
    except messaging.MessagingException as exc:
        LOG.warning('The agent of host %(host)s did not take its drivers '
                    'now (%(error)s); it loads them at its next heartbeat',
                    {'host': host, 'error': exc})
        return None
    driver_queries.record_hello(context, host, result['hellos'])
    return result['load_errors']


def _push_all(context, agent_api, hosts, pool=None):
    """_push() on several hosts at once; {host: its result}.

    The pushes run on the conductor's pool, on at most half of its
    workers at a time (the bind jobs and the kicks keep the others: an
    agent that cannot be reached holds its worker for
    ``rpc_response_timeout``), and in this thread for a host no worker
    was free for: the caller waits for them all anyway, a push queued
    behind bind jobs could wait for them, and a push the pool refused is
    not one the agent's next heartbeat should catch up.

    :param pool: the conductor's WorkerPool; None: one host after the
        other in this thread (tools, tests).
    """
    limit = max(1, pool.size // 2) if pool is not None else 0
    results, calls, in_flight = {}, {}, set()
    for host in hosts:
        in_flight = {call for call in in_flight if not call.done()}
        call = None
        if len(in_flight) < limit and pool.free():
            try:
                call = pool.spawn(_push, context, agent_api, host)
            except exception.NoFreeConductorWorker:
                pass
        if call is None:
            results[host] = _push(context, agent_api, host)
        else:
            in_flight.add(call)
            calls[call] = host
    for call, host in calls.items():
        results[host] = call.result()
    return results


def _failures(results, name):
    return {host: errors[name] for host, errors in results.items()
            if errors and name in errors}


def _reason(failures):
    return '; '.join('on %s: %s' % (host, error)
                     for host, error in sorted(failures.items()))


def install(context, agent_api, name, host=None, config=None, pool=None):
    """Install a driver on one host, or on every host with an agent.

    The agents are told on the conductor's *pool* (see _push_all()).

    :raises: UnknownDriver, DriverConfigInvalid (an agent refused it),
        AgentNotFound, DriverAlreadyEnabled (also to the second of two
        installs racing on a host)
    :returns: the driver records, one per host; as this install wrote
        one that an uninstall removed meanwhile.
    """
    try:
        name = driver_names.own_name(name)
    except exception.DriverNotFound:
        raise exception.UnknownDriver(
            name=name, known=', '.join(driver_names.available()))
    config = driver_config.normalise(config or {})
    hosts = _agent_hosts(context, host)
    written = driver_queries.install(context, name, hosts, config)
    uuids = [row['uuid'] for row in written]
    LOG.info('Driver %(name)s installed on %(hosts)s with %(config)s',
             {'name': name, 'hosts': ', '.join(hosts),
              'config': config})
    failures = _failures(_push_all(context, agent_api, hosts, pool), name)
    if failures:
        driver_queries.delete(context, uuids)
        _push_all(context, agent_api, sorted(failures), pool)
        LOG.warning('Install of driver %(name)s undone: %(reason)s',
                    {'name': name, 'reason': _reason(failures)})
        raise exception.DriverConfigInvalid(name=name,
                                            reason=_reason(failures))
    # An uninstall that ran meanwhile (the rows were listed as soon as
    # they committed) came after this install: it answers what it wrote.
    now = driver_queries.get_many(context, uuids)
    rows = [now.get(row['uuid'], row) for row in written]
    driver_notify.send(context, driver_notify.INSTALL, rows)
    return rows


def update(context, agent_api, uuid, config, pool=None):
    """Replace the configuration of a driver; it rediscovers.

    For a driver of the configuration file it is the operator's
    configuration of it on its host; an empty one goes back to the file's.

    :raises: DriverUUIDNotFound, DriverConfigInvalid, DriverUninstalled
    :returns: the driver record.
    """
    row = driver_queries.get(context, uuid)
    if row['state'] == driver_queries.UNINSTALLED:
        raise exception.DriverUninstalled(name=row['name'], host=row['host'])
    config = driver_config.normalise(config or {})
    previous = driver_queries.set_config(context, uuid, config)
    failures = _failures(
        _push_all(context, agent_api, [row['host']], pool), row['name'])
    if failures:
        driver_queries.set_config(context, uuid, previous)
        _push_all(context, agent_api, [row['host']], pool)
        raise exception.DriverConfigInvalid(name=row['name'],
                                            reason=_reason(failures))
    LOG.info('Driver %(name)s on %(host)s reconfigured with %(config)s',
             {'name': row['name'], 'host': row['host'], 'config': config})
    return driver_queries.get(context, uuid)


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def _uninstall_rows(context, uuid, force):
    """The database side of an uninstall, in one transaction.

    The driver's row is locked first: installs, updates and uninstalls of
    one driver on one host go one after the other.

    :returns: ``(row, {arq uuid: instance uuid} unbound, the resource
        providers of the driver's deployables)``.
    :raises: see uninstall().
    """
    row = driver_queries.lock(context, uuid)
    if row['state'] == driver_queries.UNINSTALLED:
        raise exception.DriverUninstalled(name=row['name'], host=row['host'])
    holders = arq_queries.get_all_on_driver(context, row['host'],
                                            row['name'])
    if holders and not force:
        raise exception.DriverInUse(
            name=row['name'], host=row['host'],
            instances=', '.join(sorted({a['instance_uuid'] or a['uuid']
                                        for a in holders})))
    unbound, rps = {}, set()
    if holders:
        rps = deployable_queries.rp_uuids_on_driver(context, row['host'],
                                                    row['name'])
        instances = {a['uuid']: a['instance_uuid'] for a in holders}
        for arq in arq_release.unbind_held(
                context, {a['uuid']: a['attach_handle_id'] for a in holders},
                notify=True):
            unbound[arq] = instances[arq]
    if row['source'] == driver_queries.SOURCE_API:
        driver_queries.delete(context, [uuid])
    else:
        driver_queries.uninstall_config_driver(context, uuid)
    return row, unbound, rps


def uninstall(context, agent_api, placement, uuid, force=False,
              pool=None):
    """Uninstall a driver from its host.

    A driver installed through the API is forgotten; a driver of the
    configuration file stays listed, uninstalled: its agent keeps it
    unloaded until it is installed again.  Refused while ARQs hold its
    devices, unless *force*: they are unbound first (Nova gets a failed
    event for each), skipping those Nova unbound or deleted meanwhile.
    All of it is one transaction; then, with none open, the instances'
    allocations against the driver's resource providers are removed from
    Placement and the agent is told.  Its devices leave the tables and
    Placement with the agent's report that follows.

    :raises: DriverUUIDNotFound, DriverUninstalled (already), DriverInUse
    :returns: ``{'unbound': [arq uuid, ...]}``, the ARQs it unbound.
    """
    row, unbound, rps = _uninstall_rows(context, uuid, force)
    if unbound:
        arq_notify.unbound(context, unbound)
        LOG.warning('Driver %(name)s on %(host)s uninstalled with force: '
                    'ARQs %(arqs)s unbound',
                    {'name': row['name'], 'host': row['host'],
                     'arqs': ', '.join(sorted(unbound))})
        if placement is not None:
            for instance in sorted({i for i in unbound.values() if i}):
                placement.change_consumer(instance, remove=rps)
    _push_all(context, agent_api, [row['host']], pool)
    LOG.info('Driver %(name)s uninstalled from %(host)s',
             {'name': row['name'], 'host': row['host']})
    driver_notify.send(context, driver_notify.UNINSTALL, [row])
    return {'unbound': sorted(unbound)}
