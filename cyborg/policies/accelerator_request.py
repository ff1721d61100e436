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
"""Policies of /v2/accelerator_requests (ARQs).

The rule names keep the existing Cyborg's ``cyborg:arq:...``, so that
existing policy files keep working.  Binding, unbinding and deleting by
instance also need a service token (not a policy: Nova relies on it).
"""

from cyborg.policies import base

RULES = base.Rules('cyborg:arq:')
GET_ALL = RULES.add(
    'get_all', base.PROJECT_READER_OR_ADMIN,
    'List accelerator requests.',
    legacy=base.LEGACY_PROJECT_READER)
GET_ONE = RULES.add(
    'get_one', base.PROJECT_READER_OR_ADMIN,
    'Show an accelerator request.',
    legacy=base.LEGACY_PROJECT_READER)
CREATE = RULES.add(
    'create', base.PROJECT_MEMBER_OR_SERVICE,
    'Create accelerator requests.',
    legacy=base.LEGACY_PROJECT_MEMBER)
UPDATE = RULES.add(
    'update', base.PROJECT_MEMBER_OR_SERVICE,
    'Bind or unbind accelerator requests (also needs a service '
    'token).',
    legacy=base.LEGACY_PROJECT_MEMBER)
DELETE = RULES.add(
    'delete', base.PROJECT_MEMBER_OR_SERVICE,
    'Delete accelerator requests (by instance, or bound ones, '
    'also needs a service token).',
    legacy=base.LEGACY_PROJECT_MEMBER)
GET_TELEMETRY = RULES.add(
    'get_telemetry', base.PROJECT_READER_OR_ADMIN,
    'Show the latest telemetry sample of the device behind an '
    'accelerator request.')
