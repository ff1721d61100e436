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
"""Tests of cyborg.clients.keystone, the adapter of every client."""

import socketserver
import threading

from oslo_config import cfg

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.clients import glance
from cyborg.clients import keystone
from cyborg.clients import nova
from cyborg.clients import placement
from cyborg.tests import base

# (option group, its module's is_configured, the default service type)
CLIENTS = (('placement', placement.is_configured, 'placement'),
           ('nova', nova.is_configured, 'compute'),
           ('glance', glance.is_configured, 'image'))


class AdapterTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.conf = cfg.ConfigOpts()
        cyborg_conf.register_opts(self.conf)
        self.conf([])

    def test_not_configured_without_auth_type_or_endpoint(self):
        for group, is_configured, _ in CLIENTS:
            self.assertFalse(keystone.is_configured(self.conf, group))
            self.assertFalse(is_configured(self.conf))

    def test_configured_by_either(self):
        for group, is_configured, _ in CLIENTS:
            self.conf.set_override('auth_type', 'password', group=group)
            self.assertTrue(is_configured(self.conf))
            self.conf.clear_override('auth_type', group=group)
            self.conf.set_override('endpoint_override', 'http://x',
                                   group=group)
            self.assertTrue(is_configured(self.conf))

    def test_adapter_without_keystone(self):
        for group, _, service_type in CLIENTS:
            self.conf.set_override('auth_type', 'none', group=group)
            self.conf.set_override('endpoint_override',
                                   'http://127.0.0.1:1/%s' % group,
                                   group=group)
            adapter = keystone.adapter(self.conf, group, 'unused')
            self.assertEqual('http://127.0.0.1:1/%s' % group,
                             adapter.get_endpoint())
            self.assertEqual(service_type, adapter.service_type)

    def test_from_conf_builds_each_client(self):
        # One ServiceClient.from_conf for the three: each module's
        # from_conf gives its own class on its own group's adapter.
        for module, cls in ((placement, placement.PlacementClient),
                            (nova, nova.NovaClient),
                            (glance, glance.GlanceClient)):
            group, service_type = cls.GROUP, cls.SERVICE_TYPE
            self.conf.set_override('auth_type', 'none', group=group)
            self.conf.set_override('endpoint_override',
                                   'http://127.0.0.1:1/%s' % group,
                                   group=group)
            client = module.from_conf(self.conf)
            self.assertIsInstance(client, cls)
            self.assertIsInstance(client, keystone.ServiceClient)
            self.assertEqual('http://127.0.0.1:1/%s' % group,
                             client._adapter.get_endpoint())
            self.assertEqual(service_type, client._adapter.service_type)

    def test_only_placement_refuses_to_be_unconfigured(self):
        self.assertRaises(exception.PlacementNotConfigured,
                          placement.from_conf, self.conf)
        # The others are built; their callers ask is_configured() first.
        self.assertIsInstance(nova.from_conf(self.conf), nova.NovaClient)

    def test_service_type_when_the_group_sets_none(self):
        self.conf.set_override('auth_type', 'none', group='nova')
        self.conf.set_override('service_type', '', group='nova')
        adapter = keystone.adapter(self.conf, 'nova', 'compute')
        self.assertEqual('compute', adapter.service_type)


class _DropsFirstConnection(socketserver.ThreadingMixIn,
                            socketserver.TCPServer):
    """A server that closes its first connection without an answer, as a
    server closing an idle keep-alive connection does while a request is
    on its way; it answers the next with 200 and ``{}``.
    """

    daemon_threads = True

    def __init__(self):
        super().__init__(('127.0.0.1', 0), self._Handler)
        self.connections = 0

    class _Handler(socketserver.StreamRequestHandler):
        def handle(self):
            self.server.connections += 1
            self.rfile.readline()
            if self.server.connections == 1:
                return
            while self.rfile.readline() not in (b'\r\n', b''):
                pass
            self.wfile.write(b'HTTP/1.1 200 OK\r\nContent-Type: '
                             b'application/json\r\nContent-Length: 2\r\n'
                             b'Connection: close\r\n\r\n{}')


class ConnectionDroppedTestCase(base.TestCase):
    """A connection the service drops before answering is tried again:
    Placement behind gunicorn or a proxy closes idle keep-alive
    connections, and a request can meet that close.
    """

    def test_a_dropped_connection_is_retried(self):
        server = _DropsFirstConnection()
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self.addCleanup(server.server_close)
        self.addCleanup(server.shutdown)
        conf = cfg.ConfigOpts()
        cyborg_conf.register_opts(conf)
        conf([])
        conf.set_override('auth_type', 'none', group='placement')
        conf.set_override('endpoint_override',
                          'http://127.0.0.1:%d' % server.server_address[1],
                          group='placement')
        client = placement.from_conf(conf)
        self.assertEqual({}, client.get_provider('p1'))
        self.assertEqual(2, server.connections)
