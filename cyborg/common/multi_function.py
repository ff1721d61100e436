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
"""Devices that reach a guest as more than one PCI function, one ARQ per
function: as in the existing Cyborg, two per ``resources:FPGA`` of a
group requiring ``CUSTOM_FPGA_XILINX`` (Alveo cards).
"""

# {resource key of a group: {trait key the group requires: functions}}
FUNCTIONS_PER_DEVICE = {
    'resources:FPGA': {'trait:CUSTOM_FPGA_XILINX': 2},
}


def functions(group, resource_key):
    """How many functions each device of *resource_key* (a
    ``resources:<CLASS>`` key) of device profile *group* takes.
    """
    for trait, count in FUNCTIONS_PER_DEVICE.get(resource_key, {}).items():
        if group.get(trait) == 'required':
            return count
    return 1
