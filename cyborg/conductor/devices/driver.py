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
"""The operator's drivers: install, update, uninstall.

A verb acts on one host's row of the drivers table (source ``api``, or
``config`` for the agent's configuration file), records the decision and
casts to the agents.  An agent takes its host's decisions at a heartbeat
and says hello with the revision it runs: settle() records the outcome,
putting back a configuration its driver refused.  The conductor never
loads a driver's code.
"""

from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils
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
from cyborg.db.queries import discovery as discovery_queries
from cyborg.db.queries import driver as driver_queries
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import service as service_queries
from cyborg.notifications import driver as driver_notify

LOG = logging.getLogger(__name__)


def _agent_hosts(context, host=None):
    hosts = sorted(s['host'] for s in service_queries.get_all(
        context, host=host, binary=servicegroup.AGENT))
    if not hosts:
        raise exception.AgentNotFound(host=host or '(any)')
    return hosts


def _tell(context, agent_api, hosts, request_id=None):
    """Ask the agents of *hosts* to take their decisions and, those up,
    to discover for request *request_id* (None: no request waits); a lost
    cast is only late: an agent asks at its next heartbeat.

    :returns: the hosts whose agents are up.
    """
    up = liveness.agents(context)
    asked = [host for host in hosts if up.get(host)]
    if asked and request_id is not None:
        # Its agent discovers once it took them, the report carrying the
        # id: the request answers with what that discovery found.
        discovery_queries.ask(context, asked, request_id)
    for host in hosts:
        try:
            agent_api.configure_soon(context, host)
        except messaging.MessagingException as exc:
            LOG.warning('The agent of host %(host)s was not told of its '
                        'drivers (%(error)s); it asks at its next '
                        'heartbeat', {'host': host, 'error': exc})
    return asked


def _answer(context, agent_api, request_id, rows):
    """:returns: ``{id, drivers, asked}`` (see ConductorAPI.driver_install)."""
    asked = _tell(context, agent_api, sorted({r['host'] for r in rows}),
                  request_id)
    return {'id': request_id, 'drivers': rows, 'asked': asked}


def install(context, agent_api, name, host=None, config=None):
    """Install a driver on one host, or on every host with an agent."""
    try:
        name = driver_names.own_name(name)
    except exception.DriverNotFound:
        raise exception.UnknownDriver(
            name=name, known=', '.join(driver_names.available()))
    config = driver_config.normalise(config or {})
    hosts = _agent_hosts(context, host)
    for name_of_host in hosts:
        host_queries.create(context, name_of_host)
    request_id = uuidutils.generate_uuid()
    rows = driver_queries.install(context, name, hosts, config, request_id)
    LOG.info('Driver %(name)s installed on %(hosts)s with %(config)s '
             '(request %(id)s)', {'name': name, 'hosts': ', '.join(hosts),
                                  'config': config, 'id': request_id})
    driver_notify.send(context, driver_notify.INSTALL, rows)
    return _answer(context, agent_api, request_id, rows)


def update(context, agent_api, uuid, config):
    """Replace a driver's configuration; an empty one goes back to the
    configuration file's.
    """
    config = driver_config.normalise(config or {})
    request_id = uuidutils.generate_uuid()
    row = driver_queries.set_config(context, uuid, config, request_id)
    if row is None:
        # Nothing changes: no agent has anything to take or discover.
        return {'id': request_id, 'asked': [],
                'drivers': [driver_queries.get(context, uuid)]}
    LOG.info('Driver %(name)s on %(host)s reconfigured with %(config)s '
             '(request %(id)s)', {'name': row['name'], 'host': row['host'],
                                  'config': config, 'id': request_id})
    return _answer(context, agent_api, request_id,
                   [driver_queries.get(context, uuid)])


def settle(context, host, installed_revision, drivers):
    """Record how the agent of *host* took the operator's decisions, from
    its hello.

    :param drivers: its drivers' hellos (``loaded: false``: not loaded).
    :returns: ``{name: error}`` of the decisions put back, or None.
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


@db_api.retrying_writer
def _uninstall_rows(context, uuid, force, since):
    """The database side of an uninstall, under the driver's row lock.

    :returns: ``(row, {arq uuid: instance uuid} unbound, the providers of
        the driver's deployables)``.
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
        arqs = arq_release.unbind_held(
            context, {a['uuid']: a['attach_handle_id'] for a in holders},
            since)
        unbound = {arq: instances[arq] for arq in arqs}
    if row['source'] == driver_queries.SOURCE_API:
        driver_queries.delete(context, [uuid])
    else:
        driver_queries.uninstall_config_driver(context, uuid)
    return row, unbound, rps


def uninstall(context, agent_api, placement, uuid, force=False):
    """Uninstall a driver from its host: an API driver is forgotten, a
    configuration file's stays, uninstalled.

    Refused while ARQs hold its devices unless *force*: they are unbound,
    then their allocations on the driver's providers removed.

    :raises: DriverUUIDNotFound, DriverUninstalled, DriverInUse
    """
    row, unbound, rps = _uninstall_rows(context, uuid, force,
                                        timeutils.utcnow())
    if unbound:
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
