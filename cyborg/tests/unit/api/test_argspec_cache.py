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
"""The cache of pecan's argument specs."""

import inspect

from oslo_middleware import base as middleware_base
from oslo_middleware import request_id
import pecan
from pecan import rest
from pecan import util
import webob

from cyborg.api import argspec_cache
from cyborg.tests import base


class _Controller:
    def get_one(self, uuid, extra=None):
        pass

    def get_all(self, *args):
        pass


class ArgspecCacheTestCase(base.TestCase):

    def test_same_as_pecan(self):
        controller = _Controller()
        for method in (controller.get_one, controller.get_all,
                       _Controller.get_one):
            self.assertEqual(tuple(argspec_cache._original(method)),
                             tuple(argspec_cache.getargspec(method)))

    def test_computed_once_per_function(self):
        first = argspec_cache.getargspec(_Controller().get_one)
        self.assertIs(first, argspec_cache.getargspec(_Controller().get_one))

    def test_install(self):
        argspec_cache.install()
        self.assertIs(argspec_cache.getargspec, rest.getargspec)
        self.assertIsNot(argspec_cache.getargspec, util.getargspec)

    def test_full_spec_same_as_inspect(self):
        middleware = request_id.RequestId(None)
        for method in (middleware.process_response,
                       _Controller().get_one, _Controller.get_all):
            self.assertEqual(inspect.getfullargspec(method),
                             argspec_cache.getfullargspec(method))
        self.assertIs(
            argspec_cache.getfullargspec(middleware.process_response),
            argspec_cache.getfullargspec(
                request_id.RequestId(None).process_response))

    def test_install_for_oslo_middleware(self):
        argspec_cache.install()
        self.assertIs(argspec_cache.getfullargspec,
                      middleware_base.getfullargspec)


class _Things(rest.RestController):

    @pecan.expose('json')
    def get_one(self, uuid):
        return {'uuid': uuid}


class _Root:
    things = _Things()


class _Middleware(middleware_base.ConfigurableMiddleware):
    """An oslo.middleware middleware of the usual shape (its base's
    ``__call__`` inspects ``process_response``).
    """

    def process_response(self, response, request=None):
        response.headers['X-Seen'] = 'yes'
        return response


class RequestsGoThroughTheCacheTestCase(base.TestCase):
    """A request routed by pecan through an oslo.middleware middleware
    looks its argument specs up in the cache: fails if an upgrade of
    pecan or oslo.middleware computes them some other way (the cache
    would then be dead code, and the cost back).
    """

    def _lookups(self):
        return (argspec_cache.getargspec.cache_info(),
                argspec_cache.getfullargspec.cache_info())

    def test_a_request_uses_the_cache(self):
        argspec_cache.install()
        app = _Middleware(pecan.make_app(_Root()))
        before = self._lookups()
        response = webob.Request.blank('/things/abc').get_response(app)
        self.assertEqual(200, response.status_int, response.body)
        self.assertEqual({'uuid': 'abc'}, response.json)
        self.assertEqual('yes', response.headers['X-Seen'])
        after = self._lookups()
        for old, new in zip(before, after):
            self.assertGreater(new.hits + new.misses,
                               old.hits + old.misses, (before, after))
