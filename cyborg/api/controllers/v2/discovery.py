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
"""/v2/discovery: make the agents discover now (2.5).

The seeds' ``/discovery``: the conductor asks the agent of one host, or
every agent that is up, to run its drivers' discovery and report; the
answer says, per host, what the discovery added, changed and removed.
"""

import pecan
from pecan import rest

from cyborg.api import expose
from cyborg.api import validation
from cyborg.api.controllers.v2 import gate
from cyborg.api.schemas import discovery as schema
from cyborg.policies import discovery as policies

_EMPTY_DIFF = {'added': [], 'changed': [], 'removed': []}


def host_result(host, summary):
    """One host's outcome as the API shows it."""
    if 'error' in summary:
        return dict(_EMPTY_DIFF, host=host, status='error',
                    error=summary['error'], drivers=[])
    result = {'host': host, 'status': 'ok', 'error': None,
              'generation': summary.get('generation'),
              'report': summary.get('report'),
              'drivers': summary.get('drivers', [])}
    result.update(summary.get('diff') or _EMPTY_DIFF)
    return result


class DiscoveryController(rest.RestController):
    """/v2/discovery"""

    @expose.expose
    def post(self):
        gate.operator_verbs()
        context = pecan.request.context
        context.can(policies.RUN)
        # No body: every agent that is up, every driver.
        body = (validation.extract_json(schema.RUN)
                if pecan.request.body else {})
        results = pecan.request.conductor_api.discovery(
            context, host=body.get('host'), driver=body.get('driver'))
        return {'hosts': [host_result(host, results[host])
                          for host in sorted(results)]}
