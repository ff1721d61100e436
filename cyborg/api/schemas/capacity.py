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
"""Schemas of /v2/capacity."""

from cyborg.api.schemas import common
from cyborg.api.schemas import device_class
from cyborg.api.schemas import driver
from cyborg.api.schemas import hardware

# A resource class name as Placement writes them (standard or CUSTOM_).
RESOURCE_CLASS = {'type': 'string', 'minLength': 1, 'maxLength': 255,
                  'pattern': '^[A-Z0-9_]+$'}

LIST_QUERY = common.query_schema({
    'host': hardware.HOST,
    'resource_class': RESOURCE_CLASS,
    'driver': driver.NAME,
    # A page of hosts: at most limit, the first after the host marker.
    'limit': common.LIMIT,
    'marker': hardware.HOST,
    # Only the deployables of a device class (its name, any case).
    'device_class': device_class.NAME,
})
