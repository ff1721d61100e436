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
on its host (state ``uninstalled``) and installed again.  The
configuration file says what a host may load; these decisions say what it
does.

A verb records the decision and tells the agents of its hosts (a cast:
no conductor worker waits on an agent).  An agent asks for its host's
decisions with a heartbeat (its answer carries them when their revision
differs from the one the agent runs), applies them on its work thread and
says hello again, with the revision it now runs and the load errors of
its drivers: settle() records the outcome then.  A configuration the
agent's driver refuses (a malformed selector...) is not kept: the
decision is put back (the row an install created deleted, an update's
configuration restored) and the hello's answer hands the agent the
decisions as they are now.  An agent that is down catches up, the same
way, at its next heartbeat, before its first discovery.  cyborg-api waits
a bounded time for the outcome of its request (the ``drivers_*`` columns
of the hosts table, cyborg.db.queries.driver.outcome).  The conductor
never loads a driver's code: the names come from the package metadata
(cyborg.common.driver_names), the check of a configuration from the
agents.
"""

from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import uuidutils

from cyborg import exception
from cyborg import liveness
from cyborg import servicegroup
from cyborg.common import driver_config
from cyborg.common import driver_names
from cyborg.conductor.arq import release as arq_release
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import deployable as deployable_queries
from cyborg.db.queries import driver as driver_queries
from cyborg.db.queries import host as host_queries
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


def _tell(context, agent_api, hosts):
    """Tell the agents of *hosts* that their decisions changed (a cast
    each; a lost one is only late: an agent's heartbeat asks anyway).

    :returns: the hosts whose agents are up, whose outcome is worth
        waiting for.
    """
    up = liveness.agents(context)
    for host in hosts:
        try:
            agent_api.configure_soon(context, host)
        except messaging.MessagingException as exc:
            LOG.warning('The agent of host %(host)s was not told of its '
                        'drivers (%(error)s); it asks at its next '
                        'heartbeat', {'host': host, 'error': exc})
    return [host for host in hosts if up.get(host)]


def _answer(context, agent_api, request_id, rows):
    """:returns: ``{id, drivers, asked}``: the request's id, the driver
        records as written and the hosts whose agents were asked (see
        cyborg.db.queries.driver.outcome).
    """
    asked = _tell(context, agent_api, sorted({r['host'] for r in rows}))
    return {'id': request_id, 'drivers': rows, 'asked': asked}


def install(context, agent_api, name, host=None, config=None):
    """Install a driver on one host, or on every host with an agent.

    :raises: UnknownDriver, AgentNotFound, DriverAlreadyEnabled (also to
        the second of two installs racing on a host)
    :returns: see _answer(); the records, one per host.
    """
    try:
        name = driver_names.own_name(name)
    except exception.DriverNotFound:
        raise exception.UnknownDriver(
            name=name, known=', '.join(driver_names.available()))
    config = driver_config.normalise(config or {})
    hosts = _agent_hosts(context, host)
    for name_of_host in hosts:
        if not host_queries.exists(context, name_of_host):
            host_queries.create(context, name_of_host)
    request_id = uuidutils.generate_uuid()
    rows = driver_queries.install(context, name, hosts, config, request_id)
    LOG.info('Driver %(name)s installed on %(hosts)s with %(config)s '
             '(request %(id)s)', {'name': name, 'hosts': ', '.join(hosts),
                                  'config': config, 'id': request_id})
    driver_notify.send(context, driver_notify.INSTALL, rows)
    return _answer(context, agent_api, request_id, rows)


def update(context, agent_api, uuid, config):
    """Replace the configuration of a driver; its host rediscovers.

    For a driver of the configuration file it is the operator's
    configuration of it on its host; an empty one goes back to the file's.

    :raises: DriverUUIDNotFound, DriverUninstalled
    :returns: see _answer(); one record.
    """
    config = driver_config.normalise(config or {})
    request_id = uuidutils.generate_uuid()
    row = driver_queries.set_config(context, uuid, config, request_id)
    LOG.info('Driver %(name)s on %(host)s reconfigured with %(config)s '
             '(request %(id)s)', {'name': row['name'], 'host': row['host'],
                                  'config': config, 'id': request_id})
    return _answer(context, agent_api, request_id,
                   [driver_queries.get(context, uuid)])


def settle(context, host, installed_revision, drivers):
    """Record how the agent of *host* took the operator's decisions (see
    the module docstring), from its hello.

    :param installed_revision: the revision of the decisions it runs.
    :param drivers: its drivers' hellos; ``loaded: false`` on those that
        would not load.
    :returns: ``{name: error}`` of the decisions put back, or None when
        nothing was settled.
    """
    refused = driver_queries.settle(
        context, host, installed_revision,
        {d['name']: d.get('detail') for d in drivers or ()
         if d.get('loaded') is False})
    if refused:
        LOG.warning('The agent of %(host)s would not load %(refused)s: the '
                    'decisions are put back', {'host': host,
                                               'refused': refused})
    return refused


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


def uninstall(context, agent_api, placement, uuid, force=False):
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
    _tell(context, agent_api, [row['host']])
    LOG.info('Driver %(name)s uninstalled from %(host)s',
             {'name': row['name'], 'host': row['host']})
    driver_notify.send(context, driver_notify.UNINSTALL, [row])
    return {'unbound': sorted(unbound)}
