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
"""Policies of /v2/configuration_rollouts: administrators only."""

from cyborg.policies import base

RULES = base.Rules('cyborg:configuration_rollout:')
GET_ALL = RULES.add(
    'get_all', base.ADMIN,
    'List configuration rollouts and their progress.')
GET_ONE = RULES.add(
    'get_one', base.ADMIN,
    'Show a configuration rollout, its progress and the devices '
    'that failed or were skipped.')
CREATE = RULES.add(
    'create', base.ADMIN,
    'Roll a desired configuration out to every device of a '
    'device class, a few devices at a time.')
UPDATE = RULES.add(
    'update', base.ADMIN,
    'Pause, resume or abort a configuration rollout, or forget '
    'one of its devices.')
