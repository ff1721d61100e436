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
"""Schemas of /v2/instances (2.10), /v2/instances/{uuid} and its
accelerators."""

from cyborg.api.schemas import common
from cyborg.api.schemas import driver
from cyborg.api.schemas import hardware

_PROFILE = {'type': 'string', 'minLength': 1, 'maxLength': 255}
_PROJECT = {'type': 'string', 'minLength': 1, 'maxLength': 255}

ATTACH_2_5 = {
    'type': 'object',
    'properties': {
        'device_profile_name': _PROFILE,
        # Where the caller expects the server: checked against Nova.
        'hostname': hardware.HOST,
        # The server's project the caller expects: checked against Nova.
        'project_id': _PROJECT,
    },
    'required': ['device_profile_name', 'hostname'],
    'additionalProperties': False,
}

# 2.6: Nova says where the server is; hostname is only a check.
ATTACH_2_6 = {
    'type': 'object',
    'properties': dict(ATTACH_2_5['properties'],
                       reboot={'type': 'boolean'}),
    'required': ['device_profile_name'],
    'additionalProperties': False,
}

ATTACH = common.Versioned({'2.5': ATTACH_2_5, '2.6': ATTACH_2_6})

_BOOLEAN_STRING = driver.DELETE_QUERY['properties']['force']

DETACH_QUERY = common.Versioned({
    # 2.5 reads no query parameter.
    '2.5': common.query_schema({}, additional=True),
    '2.6': common.query_schema({
        # Only these ARQs (comma-separated uuids), all made by attach.
        'arqs': common.CSV,
        # Ask Nova for a hard reboot.
        'reboot': _BOOLEAN_STRING,
    }),
})

# 2.10: the servers that hold accelerators, a page at a time (by server
# uuid; no sort_key: the list is in uuid order).
LIST_QUERY = common.query_schema({
    'driver': driver.NAME,
    'host': hardware.HOST,
    'device_profile': _PROFILE,
    'limit': common.LIMIT,
    'marker': common.UUID,
})
