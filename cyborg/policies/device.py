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

from cyborg.policies import base

PREFIX = 'cyborg:device:%s'
GET_ALL = PREFIX % 'get_all'
GET_ONE = PREFIX % 'get_one'
ENABLE = PREFIX % 'enable'
DISABLE = PREFIX % 'disable'
CONFIGURE = PREFIX % 'configure'
GET_TELEMETRY = PREFIX % 'get_telemetry'
CLEAN = PREFIX % 'clean'

_rules = [
    base.rule(GET_ALL, base.PROJECT_MANAGER_OR_ADMIN, 'List devices.',
              legacy=base.LEGACY_ADMIN_API),
    base.rule(GET_ONE, base.PROJECT_MANAGER_OR_ADMIN, 'Show a device.',
              legacy=base.LEGACY_ADMIN_API),
    base.rule(ENABLE, base.ADMIN,
              'Enable a device (its accelerators can be scheduled again), '
              'or every device a selector names.'),
    base.rule(DISABLE, base.ADMIN,
              'Disable a device (its accelerators are reserved in '
              'Placement), or every device a selector names.'),
    base.rule(CONFIGURE, base.ADMIN,
              "Set a device's desired configuration (SR-IOV VFs and their "
              "driver, a GPU's mode, vGPU type or MIG layout), which its "
              'agent applies, or forget it.'),
    base.rule(GET_TELEMETRY, base.ADMIN,
              "Show a device's latest telemetry sample."),
    base.rule(CLEAN, base.ADMIN,
              'Clean a device (retry a failed clean, or clean one no '
              'request holds), or release a held device uncleaned.'),
]


def list_rules():
    return _rules
