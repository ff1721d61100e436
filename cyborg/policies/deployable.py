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
"""Policies of /v2/deployables."""

from oslo_policy import policy

from cyborg.policies import base

PREFIX = 'cyborg:deployable:%s'
GET_ALL = PREFIX % 'get_all'
GET_ONE = PREFIX % 'get_one'
PROGRAM = PREFIX % 'program'

_rules = [
    policy.DocumentedRuleDefault(
        name=GET_ALL, check_str=base.PROJECT_MANAGER_OR_ADMIN,
        description='List deployables.',
        operations=[{'path': '/v2/deployables', 'method': 'GET'}],
        scope_types=base.PROJECT_SCOPE,
        deprecated_rule=base.deprecated(GET_ALL, base.LEGACY_ADMIN_API)),
    policy.DocumentedRuleDefault(
        name=GET_ONE, check_str=base.PROJECT_MANAGER_OR_ADMIN,
        description='Show a deployable.',
        operations=[{'path': '/v2/deployables/{deployable_uuid}',
                     'method': 'GET'}],
        scope_types=base.PROJECT_SCOPE,
        deprecated_rule=base.deprecated(GET_ONE, base.LEGACY_ADMIN_API)),
    policy.DocumentedRuleDefault(
        name=PROGRAM, check_str=base.ADMIN,
        description='Program a deployable (FPGA bitstream).',
        operations=[{'path': '/v2/deployables/{deployable_uuid}/program',
                     'method': 'PATCH'}],
        scope_types=base.PROJECT_SCOPE),
]


def list_rules():
    return _rules
