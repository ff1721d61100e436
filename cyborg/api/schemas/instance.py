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
"""Schemas of /v2/instances, /v2/instances/{uuid} and its
accelerators."""

from cyborg.api.schemas import common
from cyborg.api.schemas import driver
from cyborg.api.schemas import hardware

_PROFILE = {'type': 'string', 'minLength': 1, 'maxLength': 255}
_PROJECT = {'type': 'string', 'minLength': 1, 'maxLength': 255}

ATTACH = common.closed({
    'device_profile_name': _PROFILE,
    # Where the caller expects the server (Nova says where it is):
    # checked against Nova.
    'hostname': hardware.HOST,
    # The server's project the caller expects: checked against Nova.
    'project_id': _PROJECT,
    # Ask Nova for a hard reboot once the accelerators are bound.
    'reboot': {'type': 'boolean'},
}, ['device_profile_name'])

DETACH_QUERY = common.query_schema({
    # Only these ARQs (comma-separated uuids), all made by attach.
    'arqs': common.CSV,
    # Ask Nova for a hard reboot.
    'reboot': driver.DELETE_QUERY['properties']['force'],
})

# The servers that hold accelerators, a page at a time (by server uuid;
# no sort_key: the list is in uuid order).
LIST_QUERY = common.query_schema({
    'driver': driver.NAME,
    'host': hardware.HOST,
    'device_profile': _PROFILE,
    # Only the accelerators idle for [telemetry] idle_window.
    'idle': driver.DELETE_QUERY['properties']['force'],
    'limit': common.LIMIT,
    'marker': common.UUID,
})
