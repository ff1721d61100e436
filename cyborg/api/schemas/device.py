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
"""Schemas of /v2/devices."""

from cyborg.api.schemas import common

TYPES = ('GPU', 'FPGA', 'AICHIP', 'QAT', 'NIC', 'SSD', 'NVME', 'CRYPTO',
         'GENERIC')

# The generic filter of the existing API: filters.field names one of these,
# filters.value its value.  Those that map to nothing in the database are
# accepted and ignored, as they were.
GENERIC_FIELDS = ('parent_uuid', 'root_uuid', 'board', 'availability',
                  'interface_type', 'instance_uuid', 'limit', 'marker',
                  'sort_key', 'sort_dir', 'name')

# Up to 2.3 any type is a filter (an unknown one matches nothing), as the
# existing Cyborg has it (its tempest test
# test_list_devices_filter_by_non_exist_type); from 2.4 an unknown type is
# a 400 naming the known ones.
_V2_0 = {
    'type': {'type': 'string', 'maxLength': 255},
    'vendor': {'type': 'string', 'maxLength': 255},
    'hostname': {'type': 'string', 'maxLength': 255},
    'filters.field': {'type': 'string', 'enum': list(GENERIC_FIELDS)},
    'filters.value': {'type': 'string'},
}
SORT_KEYS = ['id', 'uuid', 'hostname', 'created_at']
LIST_QUERY = common.list_query(
    _V2_0, SORT_KEYS,
    type={'type': 'string', 'enum': list(TYPES)},
    status={'type': 'string', 'enum': ['enabled', 'maintaining']})


_TEXT = {'type': 'string', 'minLength': 1, 'maxLength': 255}

# POST /v2/devices/disable and /v2/devices/enable: which devices
# (every member given must match; at least one: checked by the handler,
# with its own error code) and whether to act (default: a dry run).
SELECTOR = common.closed({
    'hostname': _TEXT,
    'vendor': _TEXT,
    'model': _TEXT,
    'type': {'type': 'string', 'enum': list(TYPES)},
    'driver_name': dict(_TEXT, maxLength=100),
    'firmware': _TEXT,
    'apply': {'type': 'boolean'},
})

# POST /v2/devices/{uuid}/clean (an optional body): a clean, an abort
# of the cleans under way, or a release; one at a time.
CLEAN = {
    'type': 'object',
    'properties': {'release_uncleaned': {'type': 'boolean'},
                   'abort': {'type': 'boolean'},
                   'reason': _TEXT},
    'not': {'required': ['release_uncleaned', 'abort'],
            'properties': {'release_uncleaned': {'const': True},
                           'abort': {'const': True}}},
    'additionalProperties': False,
}
