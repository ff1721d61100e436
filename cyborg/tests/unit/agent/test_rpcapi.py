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
"""Tests of the agent RPC API: versions, message shapes, round trips."""

import threading

import oslo_messaging as messaging

from cyborg import exception
from cyborg.agent import manager
from cyborg.agent import rpcapi
from cyborg.tests import base


def _old_hardware(client, context, host):
    """hardware, as a client of an earlier release sends it (agents answer
    it until RPC API 2.0; this release's client has no such method).
    """
    return client.client.prepare(server=host, version='1.1').call(
        context, 'hardware')

def _old_discovery(client, context, host, driver=None):
    """discovery, as a conductor of an earlier release sends it (agents
    answer it until RPC API 2.0).
    """
    return client.client.prepare(server=host, version='1.1').call(
        context, 'discovery', driver=driver)


class _RecordingEndpoint:
    """Stands in for an agent and records what it is sent."""

    target = messaging.Target(version=manager.AgentManager.RPC_API_VERSION)

    def __init__(self):
        self.calls = []
        self.cast = threading.Event()

    @messaging.expose
    def discovery(self, context, **kwargs):
        self.calls.append(('discovery', kwargs))
        self.cast.set()
        return {'host': 'n1'}

    @messaging.expose
    def discover_soon(self, context, **kwargs):
        self.calls.append(('discover_soon', kwargs))
        self.cast.set()

    @messaging.expose
    def hardware(self, context, **kwargs):
        self.calls.append(('hardware', kwargs))
        return {'host': 'n1', 'hardware': []}

    @messaging.expose
    def set_drivers(self, context, **kwargs):
        self.calls.append(('set_drivers', kwargs))
        return {}


class _ConductorStub:
    """Answers the agent's reports like a conductor that has no hash."""

    def __init__(self):
        self.reports = []
        self.reported = threading.Event()

    def can_send_report(self):
        return True

    def report(self, context, **kwargs):
        self.reports.append(kwargs)
        self.reported.set()
        return {'status': 'stored', 'generation': 1,
                'inventory_hash': kwargs['inventory_hash']}


class AgentRPCAPITestCase(base.TestCase):

    def _serve(self, endpoint, host='n1', topic='test-agent'):
        self.rpc_servers.start(
            messaging.Target(topic=topic, server=host), [endpoint])
        return rpcapi.AgentAPI(topic=topic)

    def test_versions_in_sync(self):
        self.assertEqual(manager.AgentManager.RPC_API_VERSION,
                         rpcapi.AgentAPI.RPC_API_VERSION)

    def test_messages_go_to_the_host(self):
        n1, n2 = _RecordingEndpoint(), _RecordingEndpoint()
        client = self._serve(n1, host='n1')
        self._serve(n2, host='n2')
        # A cast: it returns before the agent takes it.
        self.assertIsNone(client.discover_soon(
            self.context, host='n1', discovery_id='d1', driver='fake'))
        self.assertTrue(n1.cast.wait(30))
        _old_hardware(client, self.context, 'n1')
        self.assertEqual([('discover_soon', {'discovery_id': 'd1',
                                             'driver': 'fake'}),
                          ('hardware', {})], n1.calls)
        self.assertEqual([], n2.calls)

    def test_discover_soon_casts_the_old_discovery_to_old_agents(self):
        self.flags(group='upgrade_levels', agent='1.4')
        n1 = _RecordingEndpoint()
        client = self._serve(n1)
        client.discover_soon(self.context, host='n1', discovery_id='d1')
        self.assertTrue(n1.cast.wait(30))
        self.assertEqual([('discovery', {'driver': None})], n1.calls)

    def test_version_cap(self):
        self.flags(group='upgrade_levels', agent='1.0')
        client = rpcapi.AgentAPI(topic='unused')
        self.assertRaises(messaging.RPCVersionCapError, client.discover_soon,
                          self.context, host='n1', discovery_id='d1')

    def test_round_trip_with_the_real_manager(self):
        conductor = _ConductorStub()
        mgr = manager.AgentManager('n1', conductor_api=conductor)
        client = self._serve(mgr)
        summary = _old_discovery(client, self.context, 'n1')
        self.assertEqual('stored', summary['report'])
        hardware = _old_hardware(client, self.context, 'n1')
        self.assertEqual('n1_FakeDevice',
                         hardware['hardware'][0]['deployables'][0]['name'])
        exc = self.assertRaises(exception.DriverNotEnabled,
                                _old_discovery, client, self.context, 'n1',
                                driver='gpu')
        self.assertIn('gpu', exc.message)
        # discover_soon: the work thread discovers, the report carries
        # the request's id.
        conductor.reported.clear()
        mgr.work.start()
        self.addCleanup(mgr.work.stop)
        client.discover_soon(self.context, host='n1', discovery_id='d1')
        self.assertTrue(conductor.reported.wait(30))
        self.assertEqual(['d1'], conductor.reports[-1]['discovery']['ids'])
        self.assertRaises(messaging.NoSuchMethod,
                          client.client.prepare(server='n1').call,
                          self.context, '_update')

    def test_set_drivers_sends_removed_at_1_4_only(self):
        n1 = _RecordingEndpoint()
        client = self._serve(n1)
        self.assertTrue(client.can_send_driver_decisions())
        client.set_drivers(self.context, host='n1', installs=[],
                           removed=['fake'])
        client.set_drivers(self.context, host='n1', installs=[],
                           removed=[])
        self.assertEqual([('set_drivers', {'installs': [],
                                           'removed': ['fake']}),
                          ('set_drivers', {'installs': []})], n1.calls)
        self.flags(group='upgrade_levels', agent='1.3')
        capped = rpcapi.AgentAPI(topic='test-agent')
        self.assertFalse(capped.can_send_driver_decisions())
        self.assertRaises(messaging.RPCVersionCapError, capped.set_drivers,
                          self.context, host='n1', installs=[],
                          removed=['fake'])
