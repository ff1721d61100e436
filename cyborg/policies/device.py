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
"""Policies of /v2/devices."""

from oslo_policy import policy

from cyborg.policies import base

PREFIX = 'cyborg:device:%s'
GET_ALL = PREFIX % 'get_all'
GET_ONE = PREFIX % 'get_one'
ENABLE = PREFIX % 'enable'
DISABLE = PREFIX % 'disable'
CONFIGURE = PREFIX % 'configure'

_rules = [
    policy.DocumentedRuleDefault(
        name=GET_ALL, check_str=base.PROJECT_MANAGER_OR_ADMIN,
        description='List devices.',
        operations=[{'path': '/v2/devices', 'method': 'GET'}],
        scope_types=base.PROJECT_SCOPE,
        deprecated_rule=base.deprecated(GET_ALL, base.LEGACY_ADMIN_API)),
    policy.DocumentedRuleDefault(
        name=GET_ONE, check_str=base.PROJECT_MANAGER_OR_ADMIN,
        description='Show a device.',
        operations=[{'path': '/v2/devices/{device_uuid}', 'method': 'GET'}],
        scope_types=base.PROJECT_SCOPE,
        deprecated_rule=base.deprecated(GET_ONE, base.LEGACY_ADMIN_API)),
    policy.DocumentedRuleDefault(
        name=ENABLE, check_str=base.ADMIN,
        description='Enable a device (its accelerators can be scheduled '
                    'again), or every device a selector names (2.9).',
        operations=[{'path': '/v2/devices/{device_uuid}/enable',
                     'method': 'POST'},
                    {'path': '/v2/devices/enable', 'method': 'POST'}],
        scope_types=base.PROJECT_SCOPE),
    policy.DocumentedRuleDefault(
        name=DISABLE, check_str=base.ADMIN,
        description='Disable a device (its accelerators are reserved in '
                    'Placement), or every device a selector names (2.9).',
        operations=[{'path': '/v2/devices/{device_uuid}/disable',
                     'method': 'POST'},
                    {'path': '/v2/devices/disable', 'method': 'POST'}],
        scope_types=base.PROJECT_SCOPE),
    policy.DocumentedRuleDefault(
        name=CONFIGURE, check_str=base.ADMIN,
        description="Set a device's desired configuration (SR-IOV VFs "
                    "and their driver, a GPU's mode, vGPU type or MIG "
                    "layout), which its agent applies, or forget it "
                    "(2.14).",
        operations=[{'path': '/v2/devices/{device_uuid}/configuration',
                     'method': 'PUT'},
                    {'path': '/v2/devices/{device_uuid}/configuration',
                     'method': 'DELETE'}],
        scope_types=base.PROJECT_SCOPE),
]


def list_rules():
    return _rules
