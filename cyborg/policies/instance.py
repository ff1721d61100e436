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
"""Policies of /v2/instances/{uuid}/accelerators (microversion 2.5)."""

from oslo_policy import policy

from cyborg.policies import base

PREFIX = 'cyborg:instance:%s'
GET_ACCELERATORS = PREFIX % 'get_accelerators'
ATTACH = PREFIX % 'attach'
DETACH = PREFIX % 'detach'

_PATH = '/v2/instances/{instance_uuid}/accelerators'

_rules = [
    policy.DocumentedRuleDefault(
        name=GET_ACCELERATORS, check_str=base.PROJECT_READER_OR_ADMIN,
        description="List an instance's accelerator requests.",
        operations=[{'path': _PATH, 'method': 'GET'}],
        scope_types=base.PROJECT_SCOPE),
    policy.DocumentedRuleDefault(
        name=ATTACH, check_str=base.ADMIN,
        description="Attach a device profile's accelerators to an "
                    "instance (allocate, create and bind its ARQs).",
        operations=[{'path': _PATH, 'method': 'POST'}],
        scope_types=base.PROJECT_SCOPE),
    policy.DocumentedRuleDefault(
        name=DETACH, check_str=base.ADMIN,
        description="Detach every accelerator of an instance (unbind and "
                    "delete its ARQs, free their allocations).",
        operations=[{'path': _PATH, 'method': 'DELETE'}],
        scope_types=base.PROJECT_SCOPE),
]


def list_rules():
    return _rules
