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
"""The tests' RPC servers (fixtures/rpc.py's Servers): a stop lets the
methods under way end first, and nothing after it runs one.
"""

import threading

import oslo_messaging as messaging

from cyborg import rpc
from cyborg.tests import base
from cyborg.tests.fixtures import rpc as rpc_fixture


class _Endpoint:
    target = messaging.Target(version='1.0')

    def __init__(self):
        self.started = threading.Event()
        self.release = threading.Event()
        self.ended = threading.Event()

    @messaging.expose
    def slow(self, context):
        self.started.set()
        self.release.wait(30)
        self.ended.set()

    def helper(self, context):
        """Not exposed: never reachable over RPC."""


class ServersTestCase(base.TestCase):

    def test_stop_lets_the_method_under_way_end(self):
        endpoint = _Endpoint()
        self.addCleanup(endpoint.release.set)
        servers = rpc_fixture.Servers(self.addCleanup)
        target = messaging.Target(topic='test-servers', server='s1')
        servers.start(target, [endpoint], cleanup=False)
        rpc.get_client(target).cast(self.context, 'slow')
        self.assertTrue(endpoint.started.wait(30))
        stopped = threading.Event()
        threading.Thread(target=lambda: servers.stop() or stopped.set(),
                         daemon=True).start()
        self.assertFalse(stopped.wait(0.2))
        endpoint.release.set()
        self.assertTrue(stopped.wait(30))
        self.assertTrue(endpoint.ended.is_set())

    def test_only_exposed_methods_are_served(self):
        endpoint = _Endpoint()
        servers = rpc_fixture.Servers(self.addCleanup)
        target = messaging.Target(topic='test-servers', server='s2')
        servers.start(target, [endpoint])
        client = rpc.get_client(target).prepare(timeout=10)
        self.assertRaises(messaging.NoSuchMethod, client.call,
                          self.context, 'helper')
