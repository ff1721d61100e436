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
"""Schemas of /v2/devices/{uuid}/configuration.

The shape only: which fields a device takes is what its driver declares
settable (cyborg.common.device_config.check).
"""

from cyborg.api.schemas import common
from cyborg.common import device_config

_VALUE = {'type': ['string', 'number', 'boolean', 'null'],
          'maxLength': 255}

SET = common.closed({
    'desired': {
        'type': 'object',
        'minProperties': 1,
        'maxProperties': len(device_config.FIELDS),
        'propertyNames': {'type': 'string', 'minLength': 1,
                          'maxLength': 64},
        'additionalProperties': _VALUE,
    },
    'drain': {'type': 'boolean'},
}, ['desired'])
