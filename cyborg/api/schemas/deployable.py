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
"""Schemas of /v2/deployables."""

from cyborg.api.schemas import common
from cyborg.api.schemas import device

_V2_0 = {
    'filters.field': {'type': 'string',
                      'enum': list(device.GENERIC_FIELDS)},
    'filters.value': {'type': 'string'},
}
SORT_KEYS = ['id', 'uuid', 'name', 'created_at']
LIST_QUERY = common.list_query(
    _V2_0, SORT_KEYS,
    name={'type': 'string', 'maxLength': 255},
    driver_name={'type': 'string', 'maxLength': 100}, rp_uuid=common.UUID)

# [{"path": "/program", "op": "replace",
#   "value": [{"image_uuid": "<glance image uuid>"}]}]
PROGRAM = {
    'type': 'array',
    'minItems': 1,
    'maxItems': 1,
    'items': common.closed({
        'path': {'type': 'string', 'enum': ['/program']},
        'op': {'type': 'string', 'enum': ['replace']},
        'value': {
            'type': 'array', 'minItems': 1, 'maxItems': 1,
            'items': common.closed({'image_uuid': common.UUID},
                                   ['image_uuid']),
        },
    }, ['path', 'op', 'value']),
}
