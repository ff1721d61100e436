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
"""/v2/discovery: make the agents discover now.

The conductor answers at once; the handler waits for the outcomes at
most ``[api] discovery_wait`` seconds.
"""

from oslo_config import cfg
import pecan

from cyborg.api import errors
from cyborg.api import route
from cyborg.api import wait
from cyborg.api.schemas import discovery as schema
from cyborg.db.queries import discovery as discovery_queries
from cyborg.policies import discovery as policies

CONF = cfg.CONF

_DIFFS = ('added', 'changed', 'removed')
# The state of a host's discovery, and the status it had before states
# (ok or error), which clients read.
_STATUS = {discovery_queries.DONE: 'ok',
           discovery_queries.FAILED: 'error',
           discovery_queries.UNREACHABLE: 'error',
           discovery_queries.ASKED: 'pending'}


def state_result(host, discovery_id, state, result):
    """One host's discovery as the API shows it (*result* None while asked)."""
    result = result or {}
    return dict({key: result.get(key) or [] for key in _DIFFS},
                host=host, status=_STATUS[state], state=state,
                discovery_id=discovery_id, error=result.get('error'),
                generation=result.get('generation'),
                report=result.get('report'),
                drivers=result.get('drivers') or [])


def wait_for_outcome(context, started, seconds):
    """[state_result()] by host of *started*, once none is asked or *seconds*.

    A newer discovery of a host answers this one too.
    """
    asked = sorted(h for h, s in started['hosts'].items()
                   if s['state'] == discovery_queries.ASKED)
    found = {}
    if asked:
        found = wait.until(
            lambda: discovery_queries.get(context, asked),
            lambda found: all(
                found.get(h, {}).get('state') != discovery_queries.ASKED
                for h in asked), seconds)
    results = []
    for host, state in sorted(started['hosts'].items()):
        record = found.get(host)
        if state['state'] != discovery_queries.ASKED or record is None:
            results.append(state_result(
                host, started['id'], state['state'],
                {'error': state['error']} if state['error'] else None))
        else:
            results.append(state_result(host, record['id'],
                                        record['state'], record['result']))
    return results


def post(context):
    # No body: every agent, every driver.
    body = route.body() or {}
    started = pecan.request.conductor_api.discovery_start(
        context, host=body.get('host'), driver=body.get('driver'))
    return {'hosts': wait_for_outcome(context, started,
                                      CONF.api.discovery_wait)}


ROUTES = [
    route.Route('POST', '/v2/discovery', post,
                'Discover now, on one host or on every host.', since='2.4',
                body=schema.RUN, body_required=False,
                response=route.listed('hosts', 'DiscoveryResult'),
                errors={404: [errors.AGENT_NOT_FOUND,
                              errors.DRIVER_NOT_ENABLED],
                        503: [errors.AGENT_UNREACHABLE]},
                policy=policies.RUN),
]
