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
"""Policies of /v2/device_classes (microversion 2.11)."""

from oslo_policy import policy

from cyborg.policies import base

PREFIX = 'cyborg:device_class:%s'
GET_ALL = PREFIX % 'get_all'
GET_ONE = PREFIX % 'get_one'
CREATE = PREFIX % 'create'
DELETE = PREFIX % 'delete'

_ONE = '/v2/device_classes/{device_class_name}'

_rules = [
    policy.DocumentedRuleDefault(
        name=GET_ALL, check_str=base.PROJECT_READER_OR_ADMIN,
        description='List device classes (the traits a device profile '
                    'may require to ask for any device of a class).',
        operations=[{'path': '/v2/device_classes', 'method': 'GET'}],
        scope_types=base.PROJECT_SCOPE),
    policy.DocumentedRuleDefault(
        name=GET_ONE, check_str=base.PROJECT_READER_OR_ADMIN,
        description='Show a device class.',
        operations=[{'path': _ONE, 'method': 'GET'}],
        scope_types=base.PROJECT_SCOPE),
    policy.DocumentedRuleDefault(
        name=CREATE, check_str=base.ADMIN,
        description='Create a device class: its trait is published on '
                    'every device resource provider its selector matches.',
        operations=[{'path': '/v2/device_classes', 'method': 'POST'}],
        scope_types=base.PROJECT_SCOPE),
    policy.DocumentedRuleDefault(
        name=DELETE, check_str=base.ADMIN,
        description='Delete a device class: its trait leaves every '
                    'provider.',
        operations=[{'path': _ONE, 'method': 'DELETE'}],
        scope_types=base.PROJECT_SCOPE),
]


def list_rules():
    return _rules
