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
"""Usage intervals, declared once: what an interval records and the
words of GET /v2/usage, for the queries, API, notification and CLI.
"""

# Who closed an interval (ended_by): an unbind, a delete, or the usage
# audit (its ARQ went away otherwise).
UNBIND = 'unbind'
DELETE = 'delete'
AUDIT = 'audit'
ENDED_BY = (UNBIND, DELETE, AUDIT)

#: What an interval records of its binding, copied from the ARQ and its
#: device when it opens (text, or None), so that it outlives them.
FIELDS = ('instance_uuid', 'project_id', 'user_id', 'resource_class',
          'device_classes', 'deployable_uuid', 'device_uuid', 'hostname',
          'device_profile_name')
#: The fields that are a list of names (the device classes the device
#: matched: rows of usage_interval_classes).
LISTS = ('device_classes',)

#: group_by of GET /v2/usage: the field each groups by.
GROUPS = {'device_class': 'device_classes', 'host': 'hostname',
          'instance': 'instance_uuid'}
