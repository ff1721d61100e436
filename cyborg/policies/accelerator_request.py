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

PREFIX = 'cyborg:arq:%s'
GET_ALL = PREFIX % 'get_all'
GET_ONE = PREFIX % 'get_one'
CREATE = PREFIX % 'create'
UPDATE = PREFIX % 'update'
DELETE = PREFIX % 'delete'

_rules = [
    base.rule(GET_ALL, base.PROJECT_READER_OR_ADMIN,
              'List accelerator requests.',
              legacy=base.LEGACY_PROJECT_READER),
    base.rule(GET_ONE, base.PROJECT_READER_OR_ADMIN,
              'Show an accelerator request.',
              legacy=base.LEGACY_PROJECT_READER),
    base.rule(CREATE, base.PROJECT_MEMBER_OR_SERVICE,
              'Create accelerator requests.',
              legacy=base.LEGACY_PROJECT_MEMBER),
    base.rule(UPDATE, base.PROJECT_MEMBER_OR_SERVICE,
              'Bind or unbind accelerator requests (also needs a service '
              'token).',
              legacy=base.LEGACY_PROJECT_MEMBER),
    base.rule(DELETE, base.PROJECT_MEMBER_OR_SERVICE,
              'Delete accelerator requests (by instance, or bound ones, '
              'also needs a service token).',
              legacy=base.LEGACY_PROJECT_MEMBER),
]


def list_rules():
    return _rules
