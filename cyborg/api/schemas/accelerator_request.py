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
"""Schemas of /v2/accelerator_requests."""

from cyborg.api import validation
from cyborg.api.schemas import common

_CREATE = {
    'type': 'object',
    'properties': {
        'device_profile_name': {'type': 'string'},
    },
    'required': ['device_profile_name'],
}
# Up to 2.3 other members of the body are ignored, as they were.
CREATE = common.Versioned({
    '2.0': dict(_CREATE, additionalProperties=True),
    '2.4': dict(_CREATE, additionalProperties=False)})

_BIND_FIELDS = ('hostname', 'device_rp_uuid', 'instance_uuid')
# The value an add sets at each path (/project_id: from 2.1, by an
# administrator; the handler says so, with its 406 and 403).
_VALUES = {
    'hostname': {'type': 'string', 'minLength': 1, 'maxLength': 255},
    'device_rp_uuid': common.UUID,
    'instance_uuid': common.UUID,
    'project_id': {'type': 'string', 'minLength': 1, 'maxLength': 255},
}
_PATHS = ['/' + field for field in _VALUES]


def _add(path=None):
    """An add (of *path*): for if."""
    properties = {'op': {'const': 'add'}}
    if path is not None:
        properties['path'] = path
    return {'properties': properties, 'required': list(properties)}


_OP = common.closed(
    {'op': {'type': 'string', 'enum': ['add', 'remove']},
     'path': {'type': 'string', 'enum': _PATHS},
     'value': {}}, ['op', 'path'],
    # An add sets a value, of its path's type; a remove's is ignored.
    allOf=[{'if': _add(), 'then': {'required': ['value']}}] + [
        {'if': _add({'const': '/' + field}),
         'then': {'properties': {'value': value}}}
        for field, value in _VALUES.items()])

# One ARQ's patch: a bind (adds of every bind field) or an unbind.
_OPS = {
    'type': 'array',
    'minItems': 1,
    'items': _OP,
    'allOf': [
        {'anyOf': [{'items': {'properties': {'op': {'const': kind}}}}
                   for kind in ('add', 'remove')],
         'description': 'Every op must be add or remove, not both.'},
        {'if': {'items': _add({'enum': _PATHS})},
         'then': {'allOf': [
             {'contains': {'properties': {'path': {'const': '/' + field}},
                           'required': ['path']},
              'description': 'Fields absent in patch: %s.' % field}
             for field in _BIND_FIELDS]}},
    ],
}

# {arq_uuid: [json-patch ops]}
PATCH = {
    'type': 'object',
    'minProperties': 1,
    'propertyNames': common.UUID,
    'additionalProperties': _OPS,
}
_OP_KEYS = frozenset(('op', 'path', 'value'))
_BIND_PATHS = frozenset('/' + field for field in _BIND_FIELDS)


def _text(value):
    """_VALUES' hostname and project_id."""
    return isinstance(value, str) and 1 <= len(value) <= 255


_VALUE_CHECKS = {'/hostname': _text, '/project_id': _text,
                 '/device_rp_uuid': validation.is_uuid,
                 '/instance_uuid': validation.is_uuid}


def is_plain_bind(body):
    """Whether *body* binds as Nova does: ARQ uuids, each with one add of
    each bind field (and maybe of /project_id), the values of their
    types.  PATCH accepts every such body (validation.shortcut).
    """
    if not isinstance(body, dict) or not body:
        return False
    for uuid, ops in body.items():
        if not validation.is_uuid(uuid) or not isinstance(ops, list):
            return False
        paths = set()
        for op in ops:
            if not (isinstance(op, dict) and op.keys() == _OP_KEYS and
                    op['op'] == 'add' and isinstance(op['path'], str) and
                    op['path'] in _VALUE_CHECKS and
                    _VALUE_CHECKS[op['path']](op['value'])):
                return False
            paths.add(op['path'])
        if not _BIND_PATHS <= paths:
            return False
    return True


validation.shortcut(PATCH, is_plain_bind)

_FILTERS = {
    'instance': common.UUID,
    'bind_state': {'type': 'string', 'enum': ['resolved']},
}
LIST_QUERY = common.list_query(_FILTERS,
                               ['id', 'uuid', 'created_at', 'state'])

DELETE_QUERY = common.query_schema({
    'arqs': common.CSV,
    'instance': common.UUID,
})
