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

PREFIX = 'cyborg:configuration_rollout:%s'
GET_ALL = PREFIX % 'get_all'
GET_ONE = PREFIX % 'get_one'
CREATE = PREFIX % 'create'
UPDATE = PREFIX % 'update'

_rules = [
    base.rule(GET_ALL, base.ADMIN,
              'List configuration rollouts and their progress.'),
    base.rule(GET_ONE, base.ADMIN,
              'Show a configuration rollout, its progress and the devices '
              'that failed or were skipped.'),
    base.rule(CREATE, base.ADMIN,
              'Roll a desired configuration out to every device of a '
              'device class, a few devices at a time.'),
    base.rule(UPDATE, base.ADMIN,
              'Pause, resume or abort a configuration rollout, or forget '
              'one of its devices.'),
]


def list_rules():
    return _rules
