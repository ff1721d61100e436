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
"""Policies of /v2/device_profiles."""

from cyborg.policies import base

RULES = base.Rules('cyborg:device_profile:')
GET_ALL = RULES.add(
    'get_all', base.PROJECT_READER_OR_ADMIN, 'List device profiles.',
    legacy=base.LEGACY_PROJECT_READER)
GET_ONE = RULES.add(
    'get_one', base.PROJECT_READER_OR_ADMIN, 'Show a device profile.',
    legacy=base.LEGACY_PROJECT_READER)
CREATE = RULES.add(
    'create', base.ADMIN, 'Create a device profile.',
    legacy=base.LEGACY_IS_ADMIN)
DELETE = RULES.add(
    'delete', base.ADMIN, 'Delete device profiles.',
    legacy=base.LEGACY_IS_ADMIN)
