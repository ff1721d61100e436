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
"""Discovery asked by an operator (the seeds' ``/discovery``), one way.

The conductor records it, casts ``discover_soon`` to the agents up (those
down are ``unreachable``) and answers at once; the report answering it
records ``done`` or ``failed``.  The API waits on the hosts table.
"""

from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import uuidutils

from cyborg import exception
from cyborg import liveness
from cyborg import servicegroup
from cyborg.common import driver_names
from cyborg.db.queries import discovery as discovery_queries
from cyborg.db.queries import driver as driver_queries
from cyborg.db.queries import service as service_queries

LOG = logging.getLogger(__name__)

def _check_driver(context, host, driver):
    """Refuse a driver not enabled on *host* by its drivers table."""
    enabled = {row['name'] for row in driver_queries.get_all(
        context, host=host)
        if row['status'] != driver_queries.DISABLED and
        row['state'] != driver_queries.UNINSTALLED}
    try:
        own = driver_names.own_name(driver)
    except exception.DriverNotFound:
        own = driver
    if driver not in enabled and own not in enabled:
        raise exception.DriverNotEnabled(name=driver, host=host,
                                         enabled=', '.join(sorted(enabled)))


def _agents(context, host):
    """``{host: up}`` of the agents asked: one, or every registered one."""
    if host is not None and not service_queries.get_all(
            context, host=host, binary=servicegroup.AGENT):
        raise exception.AgentNotFound(host=host)
    return liveness.agents(context, host=host)


def _unreachable(host, reason):
    """A host's answer when its agent cannot be asked."""
    return {'state': discovery_queries.UNREACHABLE, 'error':
            exception.AgentUnreachable(host=host, reason=reason).message}


def start(context, agent_api, host=None, driver=None):
    """Ask agents (*host*, None: all) to discover now; answer at once."""
    if driver is not None and host is not None:
        _check_driver(context, host, driver)
    verdicts = _agents(context, host)
    if host is not None and not verdicts.get(host):
        raise exception.AgentUnreachable(
            host=host, reason='its agent is down (no heartbeat)')
    discovery_id = uuidutils.generate_uuid()
    up = sorted(h for h, is_up in verdicts.items() if is_up)
    hosts = {h: _unreachable(h, 'its agent is down (no heartbeat)')
             for h, is_up in verdicts.items() if not is_up}
    if up:
        discovery_queries.ask(context, up, discovery_id)
    # Casts, with no transaction open: an agent that cannot be asked is
    # recorded unreachable, the others answer through their reports.
    for name in up:
        try:
            agent_api.discover_soon(context, host=name,
                                    discovery_id=discovery_id,
                                    driver=driver)
        except messaging.MessagingException as exc:
            hosts[name] = _unreachable(name, exc)
            discovery_queries.finish(context, name, [discovery_id],
                                     discovery_queries.UNREACHABLE,
                                     {'error': hosts[name]['error']})
        else:
            hosts[name] = {'state': discovery_queries.ASKED, 'error': None}
    asked = {h for h, s in hosts.items()
             if s['state'] == discovery_queries.ASKED}
    LOG.info('Discovery %(id)s asked of %(asked)s (unreachable: '
             '%(down)s)', {'id': discovery_id,
                           'asked': ', '.join(sorted(asked)) or '-',
                           'down': ', '.join(sorted(set(hosts) - asked))
                           or '-'})
    return {'id': discovery_id, 'hosts': hosts}


def _brief(record):
    return {'driver': record['driver'], 'address': record['address'],
            'type': record['type'],
            'deployables': sorted(d['name'] for d in
                                  record.get('deployables') or ())}


def hardware_diff(before, after):
    """``{added, changed, removed}`` of a discovery on one host, sorted."""
    before = {(r['driver'], r['address']): r for r in before or ()}
    after = {(r['driver'], r['address']): r for r in after or ()}
    return {
        'added': [_brief(after[k]) for k in sorted(set(after) -
                                                   set(before))],
        'changed': [_brief(after[k]) for k in sorted(set(after) &
                                                     set(before))
                    if after[k] != before[k]],
        'removed': [_brief(before[k]) for k in sorted(set(before) -
                                                      set(after))],
    }


def record_outcome(context, host, discovery, generation, status,
                   before=None, after=None):
    """Record discoveries a report answers; whether one finished."""
    ids = list(discovery.get('ids') or ())
    if discovery.get('error'):
        return discovery_queries.finish(
            context, host, ids, discovery_queries.FAILED,
            {'error': discovery['error']})
    result = {'generation': generation, 'report': status,
              'drivers': list(discovery.get('drivers') or ())}
    # The drivers as this discovery found them (a driver installed or
    # updated answers with them: cyborg.conductor.devices.driver).
    driver_queries.record_status(context, host, result['drivers'])
    result.update(hardware_diff(before, after))
    return discovery_queries.finish(context, host, ids,
                                    discovery_queries.DONE, result)
