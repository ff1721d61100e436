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
"""Policies of /v2/accelerator_requests (ARQs).

The rule names keep the existing Cyborg's ``cyborg:arq:...``, so that
existing policy files keep working.  Besides these rules, binding,
unbinding and deleting by instance need a service token (see the API
reference); that check is not a policy because Nova relies on it.
"""

from oslo_policy import policy

from cyborg.policies import base

PREFIX = 'cyborg:arq:%s'
GET_ALL = PREFIX % 'get_all'
GET_ONE = PREFIX % 'get_one'
CREATE = PREFIX % 'create'
UPDATE = PREFIX % 'update'
DELETE = PREFIX % 'delete'

_rules = [
    policy.DocumentedRuleDefault(
        name=GET_ALL, check_str=base.PROJECT_READER_OR_ADMIN,
        description='List accelerator requests.',
        operations=[{'path': '/v2/accelerator_requests', 'method': 'GET'}],
        scope_types=base.PROJECT_SCOPE,
        deprecated_rule=base.deprecated(GET_ALL, base.LEGACY_PROJECT_READER)),
    policy.DocumentedRuleDefault(
        name=GET_ONE, check_str=base.PROJECT_READER_OR_ADMIN,
        description='Show an accelerator request.',
        operations=[{'path': '/v2/accelerator_requests/{arq_uuid}',
                     'method': 'GET'}],
        scope_types=base.PROJECT_SCOPE,
        deprecated_rule=base.deprecated(GET_ONE, base.LEGACY_PROJECT_READER)),
    policy.DocumentedRuleDefault(
        name=CREATE, check_str=base.PROJECT_MEMBER_OR_SERVICE,
        description='Create accelerator requests.',
        operations=[{'path': '/v2/accelerator_requests', 'method': 'POST'}],
        scope_types=base.PROJECT_SCOPE,
        deprecated_rule=base.deprecated(CREATE,
                                        base.LEGACY_PROJECT_MEMBER)),
    policy.DocumentedRuleDefault(
        name=UPDATE, check_str=base.PROJECT_MEMBER_OR_SERVICE,
        description='Bind or unbind accelerator requests (also needs a '
                    'service token).',
        operations=[{'path': '/v2/accelerator_requests', 'method': 'PATCH'},
                    {'path': '/v2/accelerator_requests/{arq_uuid}',
                     'method': 'PATCH'}],
        scope_types=base.PROJECT_SCOPE,
        deprecated_rule=base.deprecated(UPDATE, base.LEGACY_PROJECT_MEMBER)),
    policy.DocumentedRuleDefault(
        name=DELETE, check_str=base.PROJECT_MEMBER_OR_SERVICE,
        description='Delete accelerator requests (by instance, or bound '
                    'ones, also needs a service token).',
        operations=[{'path': '/v2/accelerator_requests?arqs={uuids}',
                     'method': 'DELETE'},
                    {'path': '/v2/accelerator_requests?instance={uuid}',
                     'method': 'DELETE'},
                    {'path': '/v2/accelerator_requests/{arq_uuid}',
                     'method': 'DELETE'}],
        scope_types=base.PROJECT_SCOPE,
        deprecated_rule=base.deprecated(DELETE, base.LEGACY_PROJECT_MEMBER)),
]


def list_rules():
    return _rules
