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
"""Policies of /v2/instances (2.10), /v2/instances/{uuid} (2.6) and its
accelerators (2.5)."""

from oslo_policy import policy

from cyborg.policies import base

PREFIX = 'cyborg:instance:%s'
GET = PREFIX % 'get'
GET_ALL = PREFIX % 'get_all'
GET_ACCELERATORS = PREFIX % 'get_accelerators'
ATTACH = PREFIX % 'attach'
DETACH = PREFIX % 'detach'

_PATH = '/v2/instances/{instance_uuid}/accelerators'

_rules = [
    policy.DocumentedRuleDefault(
        name=GET_ALL, check_str=base.PROJECT_READER_OR_ADMIN,
        description="List the servers that hold accelerators, with what "
                    "Nova says of each and their accelerators.  A "
                    "project's readers see their project's servers only, "
                    "without the host and node Nova hides from them; "
                    "administrators see every server.",
        operations=[{'path': '/v2/instances', 'method': 'GET'}],
        scope_types=base.PROJECT_SCOPE),
    policy.DocumentedRuleDefault(
        name=GET, check_str=base.ADMIN,
        description="Show a server as Nova shows it to Cyborg's service "
                    "user (its host, node, state and flavor), with its "
                    "accelerator requests and attachments.  Cyborg asks "
                    "Nova with its own credentials, so this is for "
                    "administrators only.",
        operations=[{'path': '/v2/instances/{instance_uuid}',
                     'method': 'GET'}],
        scope_types=base.PROJECT_SCOPE),
    policy.DocumentedRuleDefault(
        name=GET_ACCELERATORS, check_str=base.PROJECT_READER_OR_ADMIN,
        description="List an instance's accelerator requests.",
        operations=[{'path': _PATH, 'method': 'GET'}],
        scope_types=base.PROJECT_SCOPE),
    policy.DocumentedRuleDefault(
        name=ATTACH, check_str=base.ADMIN,
        description="Attach a device profile's accelerators to a server "
                    "whose flavor names a device profile (allocate, "
                    "create and bind its ARQs; ask Nova for a hard "
                    "reboot).",
        operations=[{'path': _PATH, 'method': 'POST'}],
        scope_types=base.PROJECT_SCOPE),
    policy.DocumentedRuleDefault(
        name=DETACH, check_str=base.ADMIN,
        description="Detach the accelerators attach gave a server "
                    "(delete their ARQs, free their allocations; ask Nova "
                    "for a hard reboot).",
        operations=[{'path': _PATH, 'method': 'DELETE'}],
        scope_types=base.PROJECT_SCOPE),
]


def list_rules():
    return _rules
