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
"""Schemas of /v2/attributes."""

from cyborg.api.schemas import common
from cyborg.common import traits

# deployable_id is the deployable's UUID or its internal integer id, given
# as a number or a numeric string (the api-ref sample sends a string).
_DEPLOYABLE_ID = {'oneOf': [common.POSITIVE_INT,
                            common.POSITIVE_INT_STRING, common.UUID]}

_KEY = {'type': 'string', 'minLength': 1, 'maxLength': 255}
_CREATE = common.closed({
    'deployable_id': _DEPLOYABLE_ID,
    'key': _KEY,
    'value': {'type': 'string', 'maxLength': 65535},
}, ['deployable_id', 'key', 'value'])
CREATE = common.Versioned({
    '2.0': _CREATE,
    # The driver's keys went at the next report of the host.
    '2.4': dict(_CREATE, properties=dict(_CREATE['properties'], key=dict(
        _KEY, pattern='^(?!(?:%s)$)' % traits.DRIVER_ATTRIBUTE_KEY,
        description="a key of the operator's: rc, trait0, trait1... and "
                    "traits1 are its driver's, which each report of the "
                    "host rewrites (give an operator's trait another "
                    "trait* key: trait_fast)")))})

_V2_0 = {
    'deployable_id': common.POSITIVE_INT_STRING,
    'key': {'type': 'string', 'maxLength': 255},
}
LIST_QUERY = common.list_query(
    _V2_0, ['id', 'uuid', 'key', 'created_at'],
    # From 2.4 deployable_id is also the UUID POST takes.
    deployable_id={'anyOf': [common.POSITIVE_INT_STRING, common.UUID]})
