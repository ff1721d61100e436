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

PREFIX = 'cyborg:device_class:%s'
GET_ALL = PREFIX % 'get_all'
GET_ONE = PREFIX % 'get_one'
CREATE = PREFIX % 'create'
UPDATE = PREFIX % 'update'
DELETE = PREFIX % 'delete'

_rules = [
    base.rule(GET_ALL, base.PROJECT_READER_OR_ADMIN,
              'List device classes (the traits a device profile may '
              'require to ask for any device of a class).'),
    base.rule(GET_ONE, base.PROJECT_READER_OR_ADMIN, 'Show a device class.'),
    base.rule(CREATE, base.ADMIN,
              'Create a device class: its trait is published on every '
              'device resource provider its selector matches.'),
    base.rule(UPDATE, base.ADMIN,
              'Change a device class\'s description or cleaning policy.'),
    base.rule(DELETE, base.ADMIN,
              'Delete a device class: its trait leaves every provider.'),
]


def list_rules():
    return _rules
