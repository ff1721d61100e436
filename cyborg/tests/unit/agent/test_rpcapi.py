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

from cyborg.agent import manager
from cyborg.agent import rpcapi
from cyborg.tests import base

# {method: (its arguments, the keyword arguments the agent receives)},
# for every method of the client: test_every_method_is_shaped forces a
# line here for each new one.
MESSAGES = {
    'clean': ({'device_uuid': 'd1', 'unit': '0000:0c:00.1',
               'generation': 7, 'steps': [{'name': 'function_reset'}],
               'done': [], 'timeout': 60},
              {'device_uuid': 'd1', 'unit': '0000:0c:00.1',
               'generation': 7, 'steps': [{'name': 'function_reset'}],
               'done': [], 'timeout': 60}),
    'clean_abort': ({'device_uuid': 'd1', 'unit': None, 'generation': 7},
                    {'device_uuid': 'd1', 'unit': None, 'generation': 7}),
    'configure_soon': ({}, {}),
    'holders_changed': ({'bindings': {'d1': [{'instance': 'i1',
                                               'project': 'p1'}]}},
                        {'bindings': {'d1': [{'instance': 'i1',
                                              'project': 'p1'}]}}),
    'discover_soon': ({'discovery_id': 'd1', 'driver': 'fake'},
                      {'discovery_id': 'd1', 'driver': 'fake'}),
    'program': ({'driver': 'fake', 'address': '0000:01:00.0',
                 'bitstream_id': 'b1'},
                {'driver': 'fake', 'address': '0000:01:00.0',
                 'bitstream_id': 'b1', 'function_id': None}),
    'prepare_attach': ({'driver': 'fake', 'attach_handle': {'a': 1},
                        'mdev_uuid': 'm1'},
                       {'driver': 'fake', 'attach_handle': {'a': 1},
                        'mdev_uuid': 'm1'}),
    'release_attach': ({'driver': 'fake', 'attach_handle': {'a': 1},
                        'mdev_uuid': 'm1'},
                       {'driver': 'fake', 'attach_handle': {'a': 1},
                        'mdev_uuid': 'm1'}),
}
# The methods sent as casts: the caller does not wait.
CASTS = ('clean', 'clean_abort', 'configure_soon', 'discover_soon',
         'holders_changed')


class _RecordingEndpoint:
    """Stands in for an agent and records what it is sent."""

    target = messaging.Target(version=manager.AgentManager.RPC_API_VERSION)

    def __init__(self):
        self.calls = []
        self.received = threading.Event()


def _recorder(name):
    def method(self, context, **kwargs):
        self.calls.append((name, kwargs))
        self.received.set()
    method.__name__ = name
    return messaging.expose(method)


for _name in MESSAGES:
    setattr(_RecordingEndpoint, _name, _recorder(_name))


class _ConductorStub:
    """Answers the agent's reports like a conductor that has no hash."""

    def __init__(self):
        self.reports = []
        self.reported = threading.Event()

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

    def test_every_method_is_shaped(self):
        self.assertEqual(sorted(MESSAGES), sorted(
            name for name in vars(rpcapi.AgentAPI)
            if not name.startswith('_') and callable(
                getattr(rpcapi.AgentAPI, name))))

    def test_messages_go_to_the_host(self):
        for name, (args, expected) in sorted(MESSAGES.items()):
            n1, n2 = _RecordingEndpoint(), _RecordingEndpoint()
            client = self._serve(n1, host='n1', topic='t-' + name)
            self._serve(n2, host='n2', topic='t-' + name)
            getattr(client, name)(self.context, host='n1', **args)
            # A cast returns before the agent takes it.
            self.assertTrue(n1.received.wait(30), name)
            self.assertEqual([(name, expected)], n1.calls)
            self.assertEqual([], n2.calls)

    def test_casts_do_not_wait(self):
        # No server: a call would wait for its timeout, a cast returns.
        client = rpcapi.AgentAPI(topic='nobody')
        for name in CASTS:
            args, _expected = MESSAGES[name]
            self.assertIsNone(getattr(client, name)(
                self.context, host='n1', **args))

    def test_version_cap(self):
        self.flags(group='upgrade_levels', agent='1.0')
        rpcapi.AgentAPI(topic='unused').discover_soon(
            self.context, host='n1', discovery_id='d1')
        self.flags(group='upgrade_levels', agent='0.9')
        client = rpcapi.AgentAPI(topic='unused')
        self.assertRaises(messaging.RPCVersionCapError, client.discover_soon,
                          self.context, host='n1', discovery_id='d1')

    def test_round_trip_with_the_real_manager(self):
        conductor = _ConductorStub()
        mgr = manager.AgentManager('n1', conductor_api=conductor)
        client = self._serve(mgr)
        # discover_soon: the work thread discovers, the report carries
        # the request's id.
        mgr.work.start()
        self.addCleanup(mgr.work.stop)
        client.discover_soon(self.context, host='n1', discovery_id='d1')
        self.assertTrue(conductor.reported.wait(30))
        self.assertEqual(['d1'], conductor.reports[-1]['discovery']['ids'])
        self.assertRaises(messaging.NoSuchMethod,
                          client.client.prepare(server='n1').call,
                          self.context, '_discover')
