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

RULES = base.Rules('cyborg:device:')
GET_ALL = RULES.add(
    'get_all', base.PROJECT_MANAGER_OR_ADMIN, 'List devices.',
    legacy=base.LEGACY_ADMIN_API)
GET_ONE = RULES.add(
    'get_one', base.PROJECT_MANAGER_OR_ADMIN, 'Show a device.',
    legacy=base.LEGACY_ADMIN_API)
ENABLE = RULES.add(
    'enable', base.ADMIN,
    'Enable a device (its accelerators can be scheduled again), '
    'or every device a selector names.')
DISABLE = RULES.add(
    'disable', base.ADMIN,
    'Disable a device (its accelerators are reserved in '
    'Placement), or every device a selector names.')
CONFIGURE = RULES.add(
    'configure', base.ADMIN,
    "Set a device's desired configuration (SR-IOV VFs and their "
    "driver, a GPU's mode, vGPU type or MIG layout), which its "
    'agent applies, or forget it.')
GET_TELEMETRY = RULES.add(
    'get_telemetry', base.ADMIN,
    "Show a device's latest telemetry sample.")
CLEAN = RULES.add(
    'clean', base.ADMIN,
    'Clean a device (retry a failed clean, or clean one no '
    'request holds), abort its cleans, or release a held device '
    'uncleaned.')
GET_CLEANINGS = RULES.add(
    'get_cleanings', base.ADMIN,
    "List a device's cleans, with the steps each ran and what they "
    'read back; who passes it also reads, in the device, why its clean '
    "failed, was aborted or released (an operator's step's output may "
    "carry another tenant's data): others see the clean states only.")
