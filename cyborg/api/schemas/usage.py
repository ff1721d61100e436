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
"""Schemas of /v2/usage (2.4)."""

from cyborg.api.schemas import common
from cyborg.api.schemas import device_class
from cyborg.api.schemas import driver
from cyborg.common import usage

# ISO 8601 as Nova's os-simple-tenant-usage takes it (2026-11-01T00:00:00,
# with microseconds, or a space for the T), plus a date alone and an
# offset (Z, +01:00); naive times are UTC.
TIME = {'type': 'string', 'pattern':
        r'^[0-9]{4}-[0-9]{2}-[0-9]{2}'
        r'([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?'
        r'(Z|[+-][0-9]{2}:?[0-9]{2})?)?$',
        'description': 'an ISO 8601 date or time (2026-11-01, '
                       '2026-11-01T00:00:00 or 2026-11-01T00:00:00+01:00; '
                       'UTC without an offset)'}
_PROJECT = {'type': 'string', 'minLength': 1, 'maxLength': 255}

LIST_QUERY = common.query_schema({
    'start': TIME,
    'end': TIME,
    'project_id': _PROJECT,
    'group_by': {'type': 'string', 'enum': sorted(usage.GROUPS)},
    'device_class': device_class.NAME,
    'detail': driver.DELETE_QUERY['properties']['force'],
    'limit': common.LIMIT,
    'marker': common.UUID,
})
