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
"""Gives the API's error body to the error responses pecan, webob and
oslo.middleware write on their own (HTML or text)."""

import re

from oslo_serialization import jsonutils
import webob

from cyborg.api import errors

# The message of a 413: RequestBodySizeLimiter's leaves its "%s" unfilled.
BODY_TOO_LARGE = ('The request body is larger than the API accepts '
                  '([oslo_middleware] max_request_body_size).')
_MESSAGES = {413: BODY_TOO_LARGE}


def _message(response):
    """A readable one-line message from a webob error page."""
    if response.status_code in _MESSAGES:
        return _MESSAGES[response.status_code]
    text = response.text if response.body else ''
    lines = [re.sub(r'<[^>]+>', '', line).strip()
             for line in text.splitlines()]
    lines = [line for line in lines if line and
             not line.startswith(str(response.status_code))]
    return lines[0] if lines else response.status


def _has_error_body(response):
    if response.content_type != 'application/json':
        return False
    try:
        return 'error_message' in jsonutils.loads(response.body)
    except ValueError:
        return False


def _read(app_iter):
    """The chunks of a WSGI answer, read whole (and closed)."""
    try:
        return list(app_iter)
    finally:
        if hasattr(app_iter, 'close'):
            app_iter.close()


class ParsableErrorMiddleware:
    """Rewrites the body of 4xx/5xx responses that lack the error body.

    A plain WSGI layer: a response under 400 passes through without webob's
    objects (a few per cent of the API's CPU); only errors are read whole.
    """

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        error = []
        started = []

        def _start_response(status, headers, exc_info=None):
            started.append(True)
            if int(status[:3]) < 400:
                return start_response(status, headers, exc_info)
            error[:] = [status, headers]
            # The error's body is sent once it is checked.
            return error.append

        app_iter = self.app(environ, _start_response)
        if not started:
            # An application that starts its response as it is iterated.
            app_iter = _read(app_iter)
        if not error:
            return app_iter
        body = b''.join(error[2:] + _read(app_iter))
        response = webob.Response(status=error[0],
                                  headerlist=list(error[1]), body=body)
        if not _has_error_body(response):
            response.body = errors.body(response.status_code,
                                        _message(response))
            response.content_type = 'application/json'
            response.charset = 'UTF-8'
        return response(environ, start_response)
