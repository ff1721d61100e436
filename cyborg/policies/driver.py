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
"""Policies of /v2/drivers (microversion 2.5)."""

from oslo_policy import policy

from cyborg.policies import base

PREFIX = 'cyborg:driver:%s'
GET_ALL = PREFIX % 'get_all'
GET_ONE = PREFIX % 'get_one'
INSTALL = PREFIX % 'install'
UPDATE = PREFIX % 'update'
UNINSTALL = PREFIX % 'uninstall'

_rules = [
    policy.DocumentedRuleDefault(
        name=GET_ALL, check_str=base.ADMIN,
        description="List the accelerator drivers of the agents' hosts.",
        operations=[{'path': '/v2/drivers', 'method': 'GET'}],
        scope_types=base.PROJECT_SCOPE),
    policy.DocumentedRuleDefault(
        name=GET_ONE, check_str=base.ADMIN,
        description='Show an accelerator driver of a host.',
        operations=[{'path': '/v2/drivers/{driver_uuid}', 'method': 'GET'}],
        scope_types=base.PROJECT_SCOPE),
    policy.DocumentedRuleDefault(
        name=INSTALL, check_str=base.ADMIN,
        description='Install (enable) an accelerator driver on one host or '
                    'on all, with its configuration.',
        operations=[{'path': '/v2/drivers', 'method': 'POST'}],
        scope_types=base.PROJECT_SCOPE),
    policy.DocumentedRuleDefault(
        name=UPDATE, check_str=base.ADMIN,
        description='Change the configuration of an installed driver.',
        operations=[{'path': '/v2/drivers/{driver_uuid}',
                     'method': 'PATCH'}],
        scope_types=base.PROJECT_SCOPE),
    policy.DocumentedRuleDefault(
        name=UNINSTALL, check_str=base.ADMIN,
        description='Uninstall a driver (force: unbind its devices first).',
        operations=[{'path': '/v2/drivers/{driver_uuid}',
                     'method': 'DELETE'}],
        scope_types=base.PROJECT_SCOPE),
]


def list_rules():
    return _rules
