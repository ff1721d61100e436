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
"""The route table of /v2, read from the pecan controllers.

Every route is a RestController method decorated with
cyborg.api.expose.expose: ``get_all``, ``get_one``, ``post``, ``patch``,
``put`` and ``delete`` (with or without the item's identifier, as the
method's arguments say), custom actions (``_custom_actions``) and the
sub-resources of an item (``SUBRESOURCES``).
"""

import inspect

from pecan import rest

from cyborg.api.controllers import root

# RestController methods, and their HTTP method.  get_all and get are the
# collection's GET, get_one the item's; the others serve the collection
# when they take no identifier, the item when they need one, and both
# when it is optional.
_METHODS = {'get': 'GET', 'get_all': 'GET', 'get_one': 'GET',
            'post': 'POST', 'put': 'PUT', 'patch': 'PATCH',
            'delete': 'DELETE'}


def _arguments(handler):
    """(positional, required) path arguments of an exposed handler."""
    func = inspect.unwrap(handler)
    params = [p for p in inspect.signature(func).parameters.values()
              if p.kind == p.POSITIONAL_OR_KEYWORD][1:]
    return len(params), len([p for p in params if p.default is p.empty])


def _routes_of(cls, path, routes):
    item = path + '/{id}'
    for name, method in _METHODS.items():
        handler = vars(cls).get(name)
        if handler is None or not hasattr(handler, '_pecan'):
            continue
        handler_name = '%s.%s' % (cls.__name__, name)
        positional, required = _arguments(handler)
        if name in ('get', 'get_all') or not positional:
            routes.add((method, path or '/', handler_name))
        elif name == 'get_one' or required:
            routes.add((method, item, handler_name))
        else:
            routes.add((method, path, handler_name))
            routes.add((method, item, handler_name))
    for action, methods in getattr(cls, '_custom_actions', {}).items():
        for method in methods:
            routes.add((method, item + '/' + action,
                        '%s.%s' % (cls.__name__, action)))
    for segment, sub in getattr(cls, 'SUBRESOURCES', {}).items():
        _routes_of(sub, item + '/' + segment, routes)
    for name, value in sorted(vars(cls).items()):
        if isinstance(value, rest.RestController):
            _routes_of(type(value), path + '/' + name, routes)


def route_table():
    """Every route of the API.

    :returns: a set of (method, path, handler) with paths such as
        ``/v2/devices/{id}/enable`` (every path parameter is ``{id}``) and
        handlers named ``Controller.method``.
    """
    routes = set()
    _routes_of(root.RootController, '', routes)
    return routes
