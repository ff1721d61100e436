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
"""Policies of /v2/device_classes."""

from cyborg.policies import base

RULES = base.Rules('cyborg:device_class:')
GET_ALL = RULES.add(
    'get_all', base.PROJECT_READER_OR_ADMIN,
    'List device classes (the traits a device profile may '
    'require to ask for any device of a class).')
GET_ONE = RULES.add(
    'get_one', base.PROJECT_READER_OR_ADMIN, 'Show a device class.')
CREATE = RULES.add(
    'create', base.ADMIN,
    'Create a device class: its trait is published on every '
    'device resource provider its selector matches.')
UPDATE = RULES.add(
    'update', base.ADMIN,
    'Change a device class\'s description or cleaning policy.')
DELETE = RULES.add(
    'delete', base.ADMIN,
    'Delete a device class: its trait leaves every provider.')
