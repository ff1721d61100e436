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
"""oslo.middleware's CORS and HTTPProxyToWSGI without per-request lookups.

ConfigurableMiddleware's ``__call__`` inspects process_response's
signature every request; theirs takes the request (test_response_hook.py
checks).  A request they would leave as it is skips webob's objects.
"""

from oslo_middleware import base
from oslo_middleware import cors
from oslo_middleware import http_proxy_to_wsgi
import webob.dec


class _ResponseTakesRequest:
    """__call__ of a middleware whose process_response takes the request."""

    # The WSGI environment's keys of a request the middleware may change
    # or answer: without any, it passes through.
    LOOKS_AT = ()

    def __call__(self, environ, start_response):
        if not any(key in environ for key in self.LOOKS_AT):
            return self.application(environ, start_response)
        return self._process(environ, start_response)

    @webob.dec.wsgify(RequestClass=base.NoContentTypeRequest)
    def _process(self, req):
        response = self.process_request(req)
        if response:
            return response
        response = req.get_response(self.application)
        return self.process_response(response, request=req)


class CORS(_ResponseTakesRequest, cors.CORS):
    """oslo.middleware's CORS (``[cors]``): Origin requests, preflights."""

    def __call__(self, environ, start_response):
        if environ.get('REQUEST_METHOD') == 'OPTIONS':
            return self._process(environ, start_response)
        return super().__call__(environ, start_response)

    LOOKS_AT = ('HTTP_ORIGIN',)


class HTTPProxyToWSGI(_ResponseTakesRequest,
                      http_proxy_to_wsgi.HTTPProxyToWSGI):
    """oslo.middleware's HTTPProxyToWSGI: it reads these headers only."""

    LOOKS_AT = ('HTTP_FORWARDED', 'HTTP_X_FORWARDED_PROTO',
                'HTTP_X_FORWARDED_HOST', 'HTTP_X_FORWARDED_FOR',
                'HTTP_X_FORWARDED_PREFIX')
