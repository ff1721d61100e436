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
"""/v2/hardware and /v2/hosts: what the agents found.

Per host, each device record as its driver reported it, from the stored
reports: a host whose agent is down still shows what it had.
"""

import urllib.parse

from cyborg import liveness
from cyborg.api import errors
from cyborg.api import link
from cyborg.api import route
from cyborg.api.schemas import hardware as schema
from cyborg.db.queries import device_state
from cyborg.db.queries import hold
from cyborg.policies import hardware as policies

# What the views of a host show besides its hardware.
_HOST = ('host', 'agent_status', 'generation', 'inventory_hash',
         'last_report_at')


def host_summary(view):
    """A host without its hardware records (GET /v2/hosts)."""
    return dict({key: view[key] for key in _HOST},
                devices=len(view['hardware'] or []),
                links=[link.make_link(
                    'hardware', 'hosts',
                    urllib.parse.quote(view['host'], safe=''), 'hardware')])


def _clean_state(entry):
    """What of a device its cleans hold: the device's own state, else
    clean_failed or cleaning when one of its units is; None: nothing.
    """
    if entry is None:
        return None
    units = set(entry['units'].values())
    return entry['state'] or next(
        (state for state in hold.CLEAN_STATES[::-1] if state in units), None)


def host_view(view, held):
    """A host with its hardware records (GET /v2/hardware), each record
    with ``cleaning``: what of its device its cleans hold in *held*
    (device_state.held()): cleaning, clean_failed or null.
    """
    return dict({key: view[key] for key in _HOST}, hardware=[
        dict(r, cleaning=_clean_state(held.get(r.get('uuid'))))
        for r in view['hardware'] or []])


def get_hardware(context):
    host = route.query().get('host')
    views = liveness.hardware(context, host=host)
    held = device_state.held(context, host)
    return {'hosts': [host_view(v, held) for v in views]}


def get_host_hardware(context, host):
    route.query()
    [view] = liveness.hardware(context, host=host)
    return host_view(view, device_state.held(context, host))


def get_hosts(context):
    route.query()
    return {'hosts': [host_summary(v) for v in liveness.hardware(context)]}


ROUTES = [
    route.Route('GET', '/v2/hardware', get_hardware,
                'What the agents found, per host.', since='2.4',
                query=schema.LIST_QUERY,
                response=route.listed('hosts', 'HostHardware'),
                errors={404: [errors.HOST_NOT_FOUND]},
                policy=policies.GET_ALL),
    route.Route('GET', '/v2/hosts', get_hosts, 'The hosts with an agent.',
                since='2.4', query=schema.EMPTY_QUERY,
                response=route.listed('hosts', 'HostSummary'),
                policy=policies.GET_ALL),
    route.Route('GET', '/v2/hosts/{host}/hardware', get_host_hardware,
                'What the agent of one host found.', since='2.4',
                query=schema.EMPTY_QUERY, response=route.one('HostHardware'),
                errors={404: [errors.HOST_NOT_FOUND]},
                policy=policies.GET_HOST),
]
