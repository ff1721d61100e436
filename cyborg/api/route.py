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
"""The routes of the API, each described once, and the router.

Each cyborg.api.controllers.v2 module lists its routes in ``ROUTES``;
the Dispatcher serves them and enforces their policy, cyborg.api.openapi
describes them.
"""

import dataclasses
import json
import math
import re
import typing

from oslo_serialization import jsonutils
import pecan
import webob

from cyborg import exception
from cyborg.api import microversion
from cyborg.api import validation
from cyborg.api.schemas import common
from cyborg.i18n import _

# Set in the WSGI environment of a request whose answer is an empty 200.
EMPTY_OK = 'cyborg.empty_ok'

# The policy of a route anyone may call, without a token.
PUBLIC = None

STRING = {'type': 'string', 'minLength': 1}
# The schema of a path parameter, by name; any other is a STRING.
_PATH_PARAMETERS = {'uuid': common.UUID, 'instance_uuid': common.UUID}
_PARAMETER = re.compile(r'^\{(\w+)\}$')


@dataclasses.dataclass(eq=False)
class Route:
    """One operation of the API (``{name}`` in the path: a parameter).

    :param handler: a function of the request context and the path
        parameters (reading query() and body()) returning JSON-compatible
        data, JSON text or None (no body).  A UUID parameter is checked
        first: ``{uuid}`` names the resource before it, ``{x_uuid}`` an x.
    :param policy: the rule checked before the handler runs, or PUBLIC.
    :param since: the microversion it exists from (below: 404 or 405).
    :param query: JSON Schema or a common.Versioned (and *body*).
    :param response: None or a function of the version giving the schema.
    :param errors: {status: [error codes]} besides every operation's.
    :param legacy: {status: [error codes]} only below 2.4.
    """

    method: str
    path: str
    handler: typing.Callable
    summary: str
    policy: typing.Optional[str]
    since: str = '2.0'
    query: typing.Any = None
    body: typing.Any = None
    body_required: bool = True
    status: int = 200
    response: typing.Any = None
    errors: dict = dataclasses.field(default_factory=dict)
    legacy: dict = dataclasses.field(default_factory=dict)

    def __post_init__(self):
        self.segments = tuple(s for s in self.path.split('/') if s)
        self.path_params = {
            match.group(1): _PATH_PARAMETERS.get(match.group(1), STRING)
            for match in map(_PARAMETER.match, self.segments) if match}
        # What each UUID parameter names in errors: devices/{uuid}, a
        # device; {instance_uuid}, an instance.
        self.nouns = {
            name: (self.segments[self.segments.index('{uuid}') - 1][:-1]
                   if name == 'uuid' else name[:-len('_uuid')]
                   ).replace('_', ' ')
            for name, schema in self.path_params.items()
            if schema is common.UUID}
        self.exists_from = microversion.parse(self.since)

    @property
    def name(self):
        """The handler, as ``module.function``."""
        return '%s.%s' % (self.handler.__module__.rsplit('.', 1)[-1],
                          self.handler.__name__)


def query():
    """The query string of the request, checked against its route's."""
    return validation.query(pecan.request.route.query)


def body():
    """The request body checked against its route's schema (None: absent).

    A body is absent when the request has none and does not declare JSON
    (a WSGI server may set a Content-Type of its own, as wsgiref's
    ``text/plain``, to a request that sent none); an empty body declared
    JSON is malformed, as on every route.
    """
    route = pecan.request.route
    if (not route.body_required and not pecan.request.body
            and pecan.request.content_type != 'application/json'):
        return None
    return validation.extract_json(route.body)


# The schemas of answers, for Route(response=...).

def ref(name):
    """The schema of the resource *name* (cyborg.api.openapi.shapes)."""
    return {'$ref': '#/components/schemas/%s' % name}


def nullable(schema):
    """*schema* or null."""
    return {'anyOf': [schema, {'type': 'null'}]}


def obj(**properties):
    """An object of exactly these members, each required."""
    return common.closed(properties, properties)


def one(name):
    """The answer: the resource itself."""
    return lambda version: ref(name)


def wrapped(key, name):
    """The answer: {key: resource}."""
    return lambda version: obj(**{key: ref(name)})


def listed(key, name, paginated=False):
    """The answer: {key: [resources]} (and a next link from 2.4)."""
    def schema(version):
        properties = {key: {'type': 'array', 'items': ref(name)}}
        if paginated and microversion.allow_operator_api(version):
            properties['next'] = {'type': 'string', 'format': 'uri'}
        return common.closed(properties, [key])
    return schema


class Router:
    """Finds a request's route; a literal segment wins over a parameter."""

    def __init__(self, routes):
        templates = {}
        for route in routes:
            templates.setdefault(route.segments, []).append(route)
        # Most specific first: a literal segment before a parameter.
        order = sorted(templates, key=lambda segments: [
            _PARAMETER.match(s) is not None for s in segments])
        # By number of segments: [(((literal, parameter name), ...),
        # routes)], each segment a literal or a parameter, matched without
        # a regular expression at each request.
        self._by_length = {}
        for template in order:
            parts = []
            for segment in template:
                match = _PARAMETER.match(segment)
                parts.append((None, match.group(1)) if match
                             else (segment, None))
            self._by_length.setdefault(len(template), []).append(
                (tuple(parts), templates[template]))

    def _matching(self, segments):
        """[(route, path params)] matching *segments*, most specific first."""
        found = []
        for parts, routes in self._by_length.get(len(segments), ()):
            params = {}
            for (literal, name), segment in zip(parts, segments):
                if name is not None:
                    params[name] = segment
                elif literal != segment:
                    break
            else:
                found += [(route, params) for route in routes]
        return found

    def find(self, method, segments, version):
        """(route, path parameters) of a request.

        :raises: NotFound (naming the microversion of a later route),
            HTTPMethodNotAllowed.
        """
        matching = self._matching(segments)
        current = [(r, p) for r, p in matching if version >= r.exists_from]
        for route, params in current:
            if route.method == method:
                return route, params
        if current:
            raise _not_allowed(current)
        if matching:
            raise exception.NotFound(
                _('The resource could not be found. It exists from '
                  'microversion %(v)s on (OpenStack-API-Version: '
                  'accelerator %(v)s).') % {'v': min(
                      (r.exists_from for r, _p in matching))})
        for end in range(len(segments) - 1, 0, -1):
            above = self._matching(segments[:end])
            if above:
                above = [(r, p) for r, p in above
                         if version >= r.exists_from]
                if above and method not in {r.method for r, _p in above}:
                    raise _not_allowed(above)
                break
        raise exception.NotFound(_('The resource could not be found.'))


def _not_allowed(routes):
    error = webob.exc.HTTPMethodNotAllowed()
    error.allow = sorted({route.method for route, _p in routes})
    return error


class Dispatcher:
    """The application's one pecan controller."""

    def __init__(self, routes):
        self.router = Router(routes)

    @pecan.expose(content_type='application/json')
    def handle(self, *segments, **kwargs):
        """Find the route, check its policy, call its handler, encode.

        pecan passes query parameters (and body members) as keyword arguments;
        handlers read query() and body() instead.
        """
        request = pecan.request
        segments = [segment for segment in segments if segment]
        if segments and segments[0] != 'v2':
            # As in the existing Cyborg, a path without a version prefix
            # is served by v2 (/device_profiles == /v2/device_profiles).
            segments.insert(0, 'v2')
        route, params = self.router.find(request.method, segments,
                                         request.version)
        request.route = route
        if route.policy is not PUBLIC:
            request.context.can(route.policy)
        for name, noun in route.nouns.items():
            validation.uuid_path(params[name], noun)
        pecan.response.status = route.status
        result = route.handler(request.context, **params)
        if isinstance(result, str):
            return result
        if result is None:
            if route.status == 200:
                # pecan turns an empty 200 into a 204; some responses of
                # the existing API are an empty 200 (EmptyOKMiddleware).
                request.environ[EMPTY_OK] = True
            pecan.response.content_type = None
            return ''
        return encode(result)


def encode(result):
    """*result* as JSON text; NaN and infinities as strings.

    A row stored before 2.4 refused them may hold one; written ``"NaN"``,
    ``"Infinity"``, ``"-Infinity"`` as Protocol Buffers' JSON mapping does.
    """
    try:
        return jsonutils.dumps(result, allow_nan=False)
    except ValueError:
        return jsonutils.dumps(
            _finite(result), allow_nan=False,
            default=lambda value: _finite(jsonutils.to_primitive(value)))


def _finite(value):
    """*value* with its non-finite numbers named, members and items too."""
    if isinstance(value, float):
        return value if math.isfinite(value) else json.dumps(value)
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(item) for item in value]
    return value


class EmptyOKMiddleware:
    """Restores the upstream API's empty 200s that pecan makes 204s."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        def _start_response(status, headers, exc_info=None):
            if environ.get(EMPTY_OK) and status.startswith('204'):
                status = '200 OK'
            return start_response(status, headers, exc_info)
        return self.app(environ, _start_response)
