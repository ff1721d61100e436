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


class _Things(rest.RestController):

    @pecan.expose('json')
    def get_one(self, uuid):
        return {'uuid': uuid}


class _Root:
    things = _Things()


class RequestsGoThroughTheCacheTestCase(base.TestCase):
    """A request routed by pecan looks its argument specs up in the
    cache: fails if an upgrade of pecan computes them some other way (the
    cache would then be dead code, and the cost back).
    """

    def test_a_request_uses_the_cache(self):
        argspec_cache.install()
        app = pecan.make_app(_Root())
        before = argspec_cache.getargspec.cache_info()
        response = webob.Request.blank('/things/abc').get_response(app)
        self.assertEqual(200, response.status_int, response.body)
        self.assertEqual({'uuid': 'abc'}, response.json)
        after = argspec_cache.getargspec.cache_info()
        self.assertGreater(after.hits + after.misses,
                           before.hits + before.misses, (before, after))
