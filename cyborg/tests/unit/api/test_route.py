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
"""The router: which route a request reaches, or which 404 or 405."""

import webob

from cyborg import exception
from cyborg.api import microversion
from cyborg.api import route
from cyborg.tests import base


def _handler():
    pass


V20 = microversion.Version(2, 0)
V24 = microversion.Version(2, 4)
ROUTES = [
    route.Route('GET', '/v2', _handler, 'v2', route.PUBLIC),
    route.Route('GET', '/v2/things', _handler, 'list', 'x:thing:list'),
    route.Route('GET', '/v2/things/{uuid}', _handler, 'show',
                'x:thing:show'),
    route.Route('POST', '/v2/things/{uuid}/enable', _handler, 'one',
                'x:thing:enable'),
    route.Route('POST', '/v2/things/enable', _handler, 'many',
                'x:thing:enable', since='2.4'),
    route.Route('GET', '/v2/later', _handler, 'later', 'x:later',
                since='2.4'),
]


class RouterTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.router = route.Router(ROUTES)

    def find(self, method, path, version=V24):
        return self.router.find(method, path.strip('/').split('/'),
                                version)

    def test_parameters_by_name(self):
        found, params = self.find('POST', '/v2/things/abc/enable')
        self.assertEqual('one', found.summary)
        self.assertEqual({'uuid': 'abc'}, params)
        self.assertEqual({'uuid': {'type': 'string', 'format': 'uuid'}},
                         found.path_params)

    def test_a_literal_segment_before_a_parameter(self):
        self.assertEqual('many', self.find('POST', '/v2/things/enable')[0]
                         .summary)
        # For the methods it has: a GET is the item's.
        found, params = self.find('GET', '/v2/things/enable')
        self.assertEqual(('show', {'uuid': 'enable'}),
                         (found.summary, params))

    def test_a_method_the_path_has_not(self):
        error = self.assertRaises(webob.exc.HTTPMethodNotAllowed,
                                  self.find, 'DELETE', '/v2/things/x')
        self.assertEqual('GET', error.headers['Allow'])
        # Before 2.4 the item's route alone takes the path.
        error = self.assertRaises(webob.exc.HTTPMethodNotAllowed,
                                  self.find, 'POST', '/v2/things/enable',
                                  V20)
        self.assertEqual('GET', error.headers['Allow'])

    def test_a_route_of_a_later_version(self):
        error = self.assertRaises(exception.NotFound, self.find, 'GET',
                                  '/v2/later', V20)
        self.assertIn('It exists from microversion 2.4 on', error.message)

    def test_below_a_resource(self):
        # The item answers GET, so a GET below it is an unknown resource;
        # it answers no POST.
        error = self.assertRaises(exception.NotFound, self.find, 'GET',
                                  '/v2/things/x/explode')
        self.assertEqual('The resource could not be found.', error.message)
        error = self.assertRaises(webob.exc.HTTPMethodNotAllowed,
                                  self.find, 'POST', '/v2/things/x/explode')
        self.assertEqual('GET', error.headers['Allow'])

    def test_unknown(self):
        error = self.assertRaises(exception.NotFound, self.find, 'GET',
                                  '/v2/nothing')
        self.assertEqual('The resource could not be found.', error.message)


class RouteTestCase(base.TestCase):

    def test_a_route_says_its_policy(self):
        # Or that it is public (route.PUBLIC): never by omission.
        self.assertRaises(TypeError, route.Route, 'GET', '/v2/things',
                          _handler, 'list')
