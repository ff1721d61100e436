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
"""Tests of cyborg.api.middleware.response_hook."""

import inspect
from unittest import mock

from oslo_middleware import base as middleware_base
from oslo_middleware import cors
from oslo_middleware import http_proxy_to_wsgi
import webob
import webob.dec

from cyborg.api.middleware import response_hook
from cyborg.tests import base

ORIGIN = 'http://dashboard.example.org'


@webob.dec.wsgify
def _application(req):
    return webob.Response(json={'url': req.application_url})


class ResponseHookTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        conf = self.conf_fixture.conf
        proxy = response_hook.HTTPProxyToWSGI(_application, conf)
        self.flags(group='oslo_middleware',
                   enable_proxy_headers_parsing=True)
        # CORS reads [cors] when it is made.
        conf.register_opts(cors.CORS_OPTS, group='cors')
        self.flags(group='cors', allowed_origin=[ORIGIN])
        self.app = response_hook.CORS(proxy, conf)

    def test_process_response_takes_the_request(self):
        # What __call__ relies on instead of looking at each request.
        for cls in (cors.CORS, http_proxy_to_wsgi.HTTPProxyToWSGI):
            self.assertIn('request', inspect.signature(
                cls.process_response).parameters, cls)

    def test_a_request_goes_through_both(self):
        request = webob.Request.blank('/v2', headers={
            'Origin': ORIGIN, 'X-Forwarded-Proto': 'https',
            'X-Forwarded-Host': 'cloud.example.org'})
        with mock.patch.object(middleware_base, 'getfullargspec',
                               autospec=True) as lookup:
            response = request.get_response(self.app)
        self.assertEqual(200, response.status_int)
        self.assertEqual({'url': 'https://cloud.example.org'}, response.json)
        # CORS's process_response, given the request, saw the Origin.
        self.assertEqual(ORIGIN,
                         response.headers['Access-Control-Allow-Origin'])
        lookup.assert_not_called()

    def test_oslo_middleware_looks_at_each_request(self):
        # The cost spared: oslo.middleware's own classes inspect
        # process_response at each request (if this fails, response_hook
        # can go).
        app = cors.CORS(_application, self.conf_fixture.conf)
        with mock.patch.object(middleware_base, 'getfullargspec',
                               autospec=True,
                               side_effect=inspect.getfullargspec) as lookup:
            webob.Request.blank('/v2').get_response(app)
        lookup.assert_called()

    def test_a_request_neither_looks_at_passes_through(self):
        with mock.patch.object(cors.CORS, 'process_response',
                               autospec=True) as decorate, \
                mock.patch.object(http_proxy_to_wsgi.HTTPProxyToWSGI,
                                  'process_request', autospec=True) as read:
            response = webob.Request.blank('/v2').get_response(self.app)
        self.assertEqual({'url': 'http://localhost'}, response.json)
        decorate.assert_not_called()
        read.assert_not_called()

    def test_each_looks_at_its_own_headers(self):
        # A proxy header without an Origin: only the proxy's part.
        response = webob.Request.blank('/v2', headers={
            'X-Forwarded-Prefix': '/accelerator'}).get_response(self.app)
        self.assertEqual({'url': 'http://localhost/accelerator'},
                         response.json)
        self.assertNotIn('Access-Control-Allow-Origin', response.headers)
        # A preflight is always CORS's.
        response = webob.Request.blank('/v2', method='OPTIONS', headers={
            'Origin': ORIGIN, 'Access-Control-Request-Method': 'GET'}
        ).get_response(self.app)
        self.assertEqual(ORIGIN,
                         response.headers['Access-Control-Allow-Origin'])
