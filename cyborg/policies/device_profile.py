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
"""Policies of /v2/device_profiles."""

from oslo_policy import policy

from cyborg.policies import base

PREFIX = 'cyborg:device_profile:%s'
GET_ALL = PREFIX % 'get_all'
GET_ONE = PREFIX % 'get_one'
CREATE = PREFIX % 'create'
DELETE = PREFIX % 'delete'

_rules = [
    policy.DocumentedRuleDefault(
        name=GET_ALL, check_str=base.PROJECT_READER_OR_ADMIN,
        description='List device profiles.',
        operations=[{'path': '/v2/device_profiles', 'method': 'GET'}],
        scope_types=base.PROJECT_SCOPE,
        deprecated_rule=base.deprecated(GET_ALL, base.LEGACY_PROJECT_READER)),
    policy.DocumentedRuleDefault(
        name=GET_ONE, check_str=base.PROJECT_READER_OR_ADMIN,
        description='Show a device profile.',
        operations=[{'path': '/v2/device_profiles/{device_profile_uuid}',
                     'method': 'GET'}],
        scope_types=base.PROJECT_SCOPE,
        deprecated_rule=base.deprecated(GET_ONE, base.LEGACY_PROJECT_READER)),
    policy.DocumentedRuleDefault(
        name=CREATE, check_str=base.ADMIN,
        description='Create a device profile.',
        operations=[{'path': '/v2/device_profiles', 'method': 'POST'}],
        scope_types=base.PROJECT_SCOPE,
        deprecated_rule=base.deprecated(CREATE, base.LEGACY_IS_ADMIN)),
    policy.DocumentedRuleDefault(
        name=DELETE, check_str=base.ADMIN,
        description='Delete device profiles.',
        operations=[{'path': '/v2/device_profiles/{device_profile_uuid}',
                     'method': 'DELETE'},
                    {'path': '/v2/device_profiles?value={names}',
                     'method': 'DELETE'}],
        scope_types=base.PROJECT_SCOPE,
        deprecated_rule=base.deprecated(DELETE, base.LEGACY_IS_ADMIN)),
]


def list_rules():
    return _rules
