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
"""Cyborg's policies in code, one module per resource; the API's routes
say which rule each enforces, and give the rules their operations.

May import: nothing of Cyborg.
"""

from cyborg.policies import accelerator_request
from cyborg.policies import attribute
from cyborg.policies import base
from cyborg.policies import capacity
from cyborg.policies import configuration_rollout
from cyborg.policies import deployable
from cyborg.policies import device
from cyborg.policies import device_class
from cyborg.policies import device_profile
from cyborg.policies import discovery
from cyborg.policies import driver
from cyborg.policies import hardware
from cyborg.policies import instance
from cyborg.policies import metrics
from cyborg.policies import service
from cyborg.policies import usage

# The modules whose every rule an operation of the API enforces.
_RESOURCES = (device_profile, accelerator_request, device, deployable,
              attribute, service, hardware, driver, discovery, instance,
              capacity, device_class, metrics, usage, configuration_rollout)


def resource_rules():
    return [rule for module in _RESOURCES for rule in module.RULES]


def list_rules():
    return base.list_rules() + resource_rules()
