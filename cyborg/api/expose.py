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
"""The decorator of every API handler (controller method).

It declares the method to pecan with a JSON content type, encodes what the
handler returns (a JSON-compatible value, or None for an empty body) and
refuses path segments the handler does not take with a 404, and a method
that needs a path segment it was not given with a 405.  Errors are
turned into responses by cyborg.api.hooks.ErrorHook.
"""

import functools
import inspect

from oslo_serialization import jsonutils
import pecan
import webob

from cyborg import exception
from cyborg.i18n import _

# Set in the WSGI environment of a request whose answer is an empty 200.
EMPTY_OK = 'cyborg.empty_ok'


def expose(func):
    """Expose *func* as a JSON API handler.

    The handler takes its path segments as positional arguments (as pecan's
    RestController passes them) and reads the query string and body from
    ``pecan.request``; it sets ``pecan.response.status`` itself when it is
    not 200.
    """
    positional = [p for p in inspect.signature(func).parameters.values()
                  if p.kind == p.POSITIONAL_OR_KEYWORD][1:]
    required = len([p for p in positional if p.default is p.empty])

    @functools.wraps(func)
    def handler(self, *args, **kwargs):
        # pecan passes query parameters as keyword arguments; handlers read
        # (and validate) pecan.request.GET instead.
        if len(args) > len(positional):
            raise exception.NotFound(
                _('The resource could not be found.'))
        if len(args) < required:
            # PATCH or DELETE of a collection whose handler needs an id.
            raise webob.exc.HTTPMethodNotAllowed()
        result = func(self, *args)
        if result is None:
            if pecan.response.status_int == 200:
                # pecan turns an empty 200 into a 204; some responses of
                # the existing API are an empty 200 (EmptyOKMiddleware).
                pecan.request.environ[EMPTY_OK] = True
            pecan.response.content_type = None
            return ''
        return jsonutils.dumps(result)

    return pecan.expose(content_type='application/json')(handler)


def subresource(controller, ident, remainder):
    """Route ``<ident>/<name>/...`` to ``controller.SUBRESOURCES[name]``.

    For a RestController's ``_lookup``: the sub-resources of an item are
    declared in its ``SUBRESOURCES`` ({path segment: controller class
    built with the item's identifier}), so that the route table can be
    read (cyborg.tests.fixtures.routes).

    :returns: (controller, remainder), or None (pecan answers 404).
    """
    if remainder and remainder[0] in controller.SUBRESOURCES:
        return controller.SUBRESOURCES[remainder[0]](ident), remainder[1:]
    return None


class EmptyOKMiddleware:
    """Gives back their 200 to the handlers that answer an empty 200.

    pecan answers 204 whenever a 200 has no body; the existing API answers
    device enable and disable with an empty 200, and clients may check.
    """

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        def _start_response(status, headers, exc_info=None):
            if environ.get(EMPTY_OK) and status.startswith('204'):
                status = '200 OK'
            return start_response(status, headers, exc_info)
        return self.app(environ, _start_response)
