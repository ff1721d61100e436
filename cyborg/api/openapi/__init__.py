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
"""The OpenAPI 3.1 description of the API, one document per microversion.

Built from root.OPENAPI's route table: served at /v2/openapi.json and
written into the built documentation, never kept in the tree.

May import: what cyborg.api may (its layer).
"""

import copy
import functools
import os

from oslo_serialization import jsonutils

from cyborg.api import errors
from cyborg.api import microversion
from cyborg.api import route
from cyborg.api.openapi import shapes
from cyborg.api.schemas import common

OPENAPI = '3.1.0'
DIALECT = 'https://json-schema.org/draft/2020-12/schema'
VERSION_HEADERS = (microversion.HEADER, microversion.MIN_HEADER,
                   microversion.MAX_HEADER)
_HEADER_REFS = {name: {'$ref': '#/components/headers/%s' % name}
                for name in VERSION_HEADERS}
_ERROR_BODY = {'application/json': {
    'schema': {'$ref': '#/components/schemas/Error'}}}


def versions():
    """Every microversion, as Versions."""
    return [microversion.parse(v) for v in microversion.VERSIONS]


def _schema_at(schema, version):
    if isinstance(schema, common.Versioned):
        return schema.for_version(version)
    return schema


# Errors every operation under /v2 may answer, by status.
_COMMON_ERRORS = {
    400: ('Bad request: the query string, path or body is not valid, or '
          'the OpenStack-API-Version header is malformed.',
          [errors.INVALID_INPUT, errors.INVALID_VERSION]),
    403: ('Forbidden by policy, or a token that is not project-scoped.',
          [errors.POLICY, errors.POLICY_SCOPE]),
    404: ('No such resource, or the route does not exist at this '
          'microversion.', [errors.NOT_FOUND]),
    406: ('The microversion asked for is not supported.',
          [errors.NOT_ACCEPTABLE]),
    500: ('A failure of the server (see its logs).',
          [errors.SERVER_ERROR]),
    503: ('A service the request needs is unavailable; retry later.',
          [errors.DATABASE_UNAVAILABLE]),
}
_ERROR_DESCRIPTIONS = {status: text for status, (text, _)
                       in _COMMON_ERRORS.items()}
_ERROR_DESCRIPTIONS.update({
    409: 'The state of a resource does not allow the request.',
    415: 'The body is not JSON by its Content-Type (application/json).',
    423: 'The resource is not ready yet; retry later.'})
# Answered by middleware outside the API, with their own bodies.
_FOREIGN = {
    401: 'No valid token (keystonemiddleware answers, with its own body).',
}
# Answered by middleware with the API's error body, before the
# microversion is negotiated (no version headers).
_BEFORE_VERSION = {
    413: 'The body is larger than [oslo_middleware] max_request_body_size.',
}


def _error_codes(operation, version):
    """{status: [error codes]} of *operation* at *version*."""
    if operation.policy is route.PUBLIC:
        if operation.path == '/':
            return {}
        return {400: [errors.INVALID_VERSION], 406: [errors.NOT_ACCEPTABLE]}
    by_status = {status: list(codes) for status, (_, codes)
                 in _COMMON_ERRORS.items()}
    if operation.body is not None:
        by_status[400].append(errors.MALFORMED_JSON)
        by_status[413] = [errors.BODY_TOO_LARGE]
        by_status[415] = [errors.UNSUPPORTED_MEDIA_TYPE]
    if operation.method != 'GET':
        # Writes are calls to a conductor (cyborg.api.conductor_gate).
        by_status[503] += [errors.CONDUCTOR_UNAVAILABLE,
                           errors.MESSAGING_UNAVAILABLE]
    if operation.query is not None and 'marker' in (
            _schema_at(operation.query, version).get('properties', {})):
        by_status[400].append(errors.MARKER_NOT_FOUND)
    extra = dict(operation.errors)
    if not microversion.allow_operator_api(version):
        for status, codes in operation.legacy.items():
            extra[status] = list(extra.get(status, [])) + list(codes)
    for status, codes in extra.items():
        by_status.setdefault(status, []).extend(codes)
    return {status: sorted(set(codes))
            for status, codes in sorted(by_status.items())}


def _responses(operation, version):
    success = {'description': 'Success.'}
    if operation.path != '/':
        success['headers'] = _HEADER_REFS
    if operation.response is not None:
        success['content'] = {'application/json': {
            'schema': operation.response(version)}}
    responses = {str(operation.status): success}
    for status in _error_codes(operation, version):
        responses[str(status)] = {
            '$ref': '#/components/responses/error%d' % status}
    if operation.policy is not route.PUBLIC:
        responses['401'] = {'$ref': '#/components/responses/error401'}
    return responses


def _error_responses():
    responses = {'error%d' % status: {
        'description': text, 'headers': _HEADER_REFS, 'content': _ERROR_BODY}
        for status, text in _ERROR_DESCRIPTIONS.items()}
    responses.update(('error%d' % status, {'description': text,
                                           'content': _ERROR_BODY})
                     for status, text in _BEFORE_VERSION.items())
    responses.update(('error%d' % status, {'description': text})
                     for status, text in _FOREIGN.items())
    return responses


def _parameters(operation, version):
    params = [{'name': name, 'in': 'path', 'required': True,
               'schema': schema}
              for name, schema in operation.path_params.items()]
    query = _schema_at(operation.query, version)
    if query is not None:
        for name, schema in sorted(query.get('properties', {}).items()):
            params.append({'name': name, 'in': 'query', 'required': False,
                           'schema': schema})
    if operation.path != '/':
        params.append({'$ref': '#/components/parameters/version'})
    return params


def _operation(operation, version):
    result = {
        'operationId': '%s %s' % (operation.method, operation.path),
        'summary': operation.summary,
        'x-openstack-handler': operation.name,
        'x-openstack-since': operation.since,
        'parameters': _parameters(operation, version),
        'responses': _responses(operation, version),
        'x-openstack-error-codes': {
            str(status): codes for status, codes
            in _error_codes(operation, version).items()},
    }
    query = _schema_at(operation.query, version)
    if query is not None and not query.get('additionalProperties', True):
        result['description'] = ('Query parameters not listed are refused '
                                 '(400).')
    body = _schema_at(operation.body, version)
    if body is not None:
        result['requestBody'] = {
            'required': operation.body_required,
            'content': {'application/json': {'schema': copy.deepcopy(
                body)}}}
    if operation.policy is route.PUBLIC:
        result['security'] = []
    else:
        result['x-openstack-policy'] = operation.policy
    return result


def _components(version):
    schemas = {name: shapes.resource(name, version)
               for name in shapes.RESOURCES}
    schemas['Fault'] = shapes.FAULT
    schemas['Error'] = shapes.ERROR
    return {
        'schemas': schemas,
        'responses': _error_responses(),
        'parameters': {'version': {
            'name': microversion.HEADER, 'in': 'header', 'required': True,
            'description': 'The microversion of this document; without '
                           'the header a request is served at %s.' %
                           (microversion.MIN_VERSION,),
            'schema': {'type': 'string', 'enum': [
                '%s %s' % (microversion.SERVICE_TYPE, version)]}}},
        'headers': {name: {'description': text,
                           'schema': {'type': 'string'}} for name, text in (
            (microversion.HEADER,
             'The microversion the request was served at.'),
            (microversion.MIN_HEADER, 'The lowest microversion supported.'),
            (microversion.MAX_HEADER,
             'The highest microversion supported.'))},
        'securitySchemes': {
            'token': {'type': 'apiKey', 'in': 'header',
                      'name': 'X-Auth-Token',
                      'description': 'A Keystone token.'},
            'service_token': {
                'type': 'apiKey', 'in': 'header', 'name': 'X-Service-Token',
                'description': 'Binding, unbinding and deleting bound '
                               'accelerator requests also need a service '
                               'token (Nova sends one).'},
        },
    }


class Description:
    """The OpenAPI documents of *routes*, built once per microversion."""

    def __init__(self, routes):
        self.routes = routes
        self._document = functools.lru_cache(maxsize=None)(self._build)
        self.text = functools.lru_cache(maxsize=None)(self._text)

    def operations_at(self, version):
        """The routes that exist at *version*."""
        return [r for r in self.routes if version >= r.exists_from]

    def _build(self, version):
        paths = {}
        for operation in self.operations_at(version):
            paths.setdefault(operation.path, {})[
                operation.method.lower()] = _operation(operation, version)
        return {
            'openapi': OPENAPI,
            'jsonSchemaDialect': DIALECT,
            'info': {
                'title': 'OpenStack Cyborg API',
                'version': str(version),
                'description': 'The Cyborg v2 API at microversion %s.  '
                               'Every microversion has its own document.' %
                               (version,),
                'license': {'name': 'Apache 2.0',
                            'identifier': 'Apache-2.0'},
            },
            'servers': [{'url': '/'}],
            'security': [{'token': []}],
            'x-openstack-microversions': list(microversion.VERSIONS),
            'paths': paths,
            'components': _components(version),
        }

    def document(self, version):
        """A new copy of *version*'s document (ValueError: no such version)."""
        version = microversion.Version(*version)
        if version not in versions():
            raise ValueError('no microversion %s' % (version,))
        return copy.deepcopy(self._document(version))

    def _text(self, version):
        """The document of *version* as JSON text (as served and written)."""
        return jsonutils.dumps(
            self._document(microversion.Version(*version)), indent=2,
            sort_keys=True) + '\n'

    def write(self, directory):
        """Write each ``v2.N.json`` into *directory* where it differs."""
        os.makedirs(directory, exist_ok=True)
        written = []
        for version in versions():
            path = os.path.join(directory, 'v%s.json' % (version,))
            try:
                with open(path) as f:
                    if f.read() == self.text(version):
                        continue
            except FileNotFoundError:
                pass
            with open(path, 'w') as f:
                f.write(self.text(version))
            written.append(path)
        return written
