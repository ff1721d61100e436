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
"""Schemas of /v2/drivers."""

from cyborg.api.schemas import common
from cyborg.api.schemas import hardware

NAME = {'type': 'string', 'minLength': 1, 'maxLength': 255,
        'pattern': r'^[A-Za-z0-9_.-]+$'}
STATUS = {'type': 'string', 'enum': ['READY', 'ERROR', 'DISABLED']}

# {group: {option: value}}; the driver's option types check the values.
CONFIG = {
    'type': 'object',
    'additionalProperties': {'type': 'object'},
    'maxProperties': 32,
}

LIST_QUERY = common.query_schema({
    'host': hardware.HOST, 'name': NAME, 'status': STATUS})

INSTALL = common.closed(
    {'name': NAME, 'host': hardware.HOST, 'config': CONFIG}, ['name'])

UPDATE = common.closed({'config': CONFIG}, ['config'])

DELETE_QUERY = common.query_schema({
    'force': {'type': 'string', 'enum': ['true', 'false', 'True', 'False',
                                         '1', '0', 'yes', 'no']}})
