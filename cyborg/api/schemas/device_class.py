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
"""Schemas of /v2/device_classes.

The schema checks the selector's shape; device_class.check() which
values its operators take, naming the wrong condition.
"""

from cyborg.api.schemas import common
from cyborg.common import device_class

NAME = {'type': 'string', 'pattern': device_class.NAME_PATTERN}

_SCALAR = {'type': ['string', 'number', 'boolean'], 'maxLength': 255}

CONDITION = common.closed({
    'key': {'type': 'string', 'pattern': device_class.KEY_PATTERN},
    'op': {'type': 'string', 'enum': list(device_class.OPS)},
    'value': {'anyOf': [
        _SCALAR,
        {'type': 'array', 'minItems': 1,
         'maxItems': device_class.MAX_IN_VALUES, 'items': _SCALAR}]},
}, ['key', 'op', 'value'])

SELECTOR = {'type': 'array', 'minItems': 1,
            'maxItems': device_class.MAX_CONDITIONS, 'items': CONDITION}

_DESCRIPTION = {'type': ['string', 'null'], 'maxLength': 255}
#: null (each driver's default), off, on, step names comma-separated
#: (added to the defaults), or ``only:`` and step names (those alone).
CLEANING = {'type': ['string', 'null'], 'minLength': 1, 'maxLength': 255,
            'pattern': r'^ *(only: *)?[A-Za-z0-9_:.-]+'
                       r'( *, *[A-Za-z0-9_:.-]+)* *$'}

CREATE = common.closed({'name': NAME, 'description': _DESCRIPTION,
                        'selector': SELECTOR, 'cleaning': CLEANING},
                       ['name', 'selector'])
UPDATE = {
    'type': 'object',
    'properties': {'description': _DESCRIPTION, 'cleaning': CLEANING},
    'minProperties': 1,
    'additionalProperties': False,
}

LIST_QUERY = common.query_schema(common.pagination(
    ['id', 'name', 'created_at']))
