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
"""Tests of the conductor RPC API: versions and message shapes.

The client talks to a real RPC server on oslo.messaging's in-memory
transport, so the tests see exactly the message the server receives.
"""

import time

import oslo_messaging as messaging

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg import objects
from cyborg.conductor import manager
from cyborg.conductor import rpcapi
from cyborg.db.queries import host as host_queries
from cyborg.drivers import fake
from cyborg.objects import device_profile as dp_obj
from cyborg.objects import hardware
from cyborg.tests import base

CONF = cyborg_conf.CONF

_SELECTOR = [{'key': 'memory_mb', 'op': '>=', 'value': 40960}]

# {method: (its arguments, the keyword arguments the conductor receives)},
# for every method of the client: test_every_method_is_shaped forces a
# line here for each new one.
MESSAGES = {
    'hello': ({'host': 'n1', 'binary': 'cyborg-agent', 'version': '1.0.0',
               'topic': 'cyborg-agent', 'drivers': [{'name': 'fake'}],
               'started_at': '2026-11-21T12:00:00',
               'installed_revision': '', 'config_revision': 'r1'},
              {'host': 'n1', 'binary': 'cyborg-agent', 'version': '1.0.0',
               'topic': 'cyborg-agent', 'drivers': [{'name': 'fake'}],
               'started_at': '2026-11-21T12:00:00',
               'installed_revision': '', 'config_revision': 'r1'}),
    'device_profile_delete': ({'names': ['dp']},
                              {'uuids': [], 'names': ['dp']}),
    'arq_create': ({'device_profile_name': 'dp', 'project_id': 'p1'},
                   {'device_profile_name': 'dp', 'project_id': 'p1'}),
    'arq_apply_patch': ({'patches': {'u': {'op': 'add', 'values': {}}},
                         'check_provider': 'refuse'},
                        {'patches': {'u': {'op': 'add', 'values': {}}},
                         'project_id': None, 'check_provider': 'refuse'}),
    'arq_delete': ({'instance_uuid': 'i1', 'project_id': 'p1'},
                   {'uuids': None, 'instance_uuid': 'i1',
                    'project_id': 'p1'}),
    'device_set_status': ({'uuid': 'd', 'status': 'enabled'},
                          {'uuid': 'd', 'status': 'enabled'}),
    'device_set_status_by_selector': (
        {'selector': {'hostname': 'h'}, 'status': 'maintaining'},
        {'selector': {'hostname': 'h'}, 'status': 'maintaining'}),
    'attribute_create': ({'deployable_id': 1, 'key': 'k', 'value': 'v'},
                         {'deployable_id': 1, 'key': 'k', 'value': 'v'}),
    'attribute_delete': ({'uuid': 'a'}, {'uuid': 'a'}),
    'report': ({'host': 'n1', 'generation': 3, 'inventory_hash': 'h',
                'rp_name': 'cn1', 'discovery': {'ids': ['d1']},
                'telemetry': {'d': {'values': {}, 'stale': None}}},
               {'host': 'n1', 'generation': 3, 'inventory_hash': 'h',
                'hardware': None, 'rp_name': 'cn1',
                'discovery': {'ids': ['d1']},
                'telemetry': {'d': {'values': {}, 'stale': None}}}),
    'clean_done': ({'host': 'n1', 'device_uuid': 'd1', 'generation': 7,
                    'error': 'e'},
                   {'host': 'n1', 'device_uuid': 'd1', 'generation': 7,
                    'done': None, 'error': 'e'}),
    'clean_progress': ({'host': 'n1', 'device_uuid': 'd1',
                        'generation': 7, 'step': 'erase'},
                       {'host': 'n1', 'device_uuid': 'd1',
                        'generation': 7, 'step': 'erase', 'done': None}),
    'discovery_start': ({'host': 'n1', 'driver': 'fake'},
                        {'host': 'n1', 'driver': 'fake'}),
    'deployable_program': ({'uuid': 'd', 'image_uuid': 'i'},
                           {'uuid': 'd', 'image_uuid': 'i'}),
    'driver_install': ({'name': 'fake', 'host': 'n1'},
                       {'name': 'fake', 'host': 'n1', 'config': None}),
    'driver_update': ({'uuid': 'u', 'config': {'g': {'o': 1}}},
                      {'uuid': 'u', 'config': {'g': {'o': 1}}}),
    'driver_uninstall': ({'uuid': 'u'}, {'uuid': 'u', 'force': False}),
    'instance_attach': ({'instance_uuid': 'i', 'device_profile_name': 'p',
                         'reboot': True},
                        {'instance_uuid': 'i', 'device_profile_name': 'p',
                         'hostname': None, 'project_id': None,
                         'reboot': True}),
    'instance_detach': ({'instance_uuid': 'i', 'arq_uuids': ['a']},
                        {'instance_uuid': 'i', 'arq_uuids': ['a'],
                         'reboot': False}),
    'instance_show': ({'instance_uuid': 'i'}, {'instance_uuid': 'i'}),
    'instance_list': ({'servers': {'i': ['h1']}},
                      {'servers': {'i': ['h1']}}),
    'device_class_create': ({'name': 'big', 'selector': _SELECTOR,
                             'description': 'd'},
                            {'name': 'big', 'selector': _SELECTOR,
                             'description': 'd', 'cleaning': None}),
    'device_class_update': ({'name': 'big', 'values': {'cleaning': 'on'}},
                            {'name': 'big', 'values': {'cleaning': 'on'}}),
    'device_class_delete': ({'name': 'big'}, {'name': 'big'}),
    'device_clean': ({'device_uuid': 'd', 'by': 'u'},
                     {'device_uuid': 'd', 'by': 'u',
                      'release_uncleaned': False, 'reason': None,
                      'abort': False}),
    'device_configure': ({'device_uuid': 'd', 'desired': {'vfs': 4}},
                         {'device_uuid': 'd', 'desired': {'vfs': 4},
                          'drain': False}),
    'device_config_delete': ({'device_uuid': 'd'}, {'device_uuid': 'd'}),
    'configuration_rollout_create': (
        {'device_class': 'QAT', 'desired': {'num_vfs': 8},
         'max_unavailable': '5%'},
        {'device_class': 'QAT', 'desired': {'num_vfs': 8},
         'max_unavailable': '5%', 'drain': False,
         'max_failures': 0, 'follow': False}),
    'configuration_rollout_pause': ({'uuid': 'r'}, {'uuid': 'r'}),
    'configuration_rollout_resume': ({'uuid': 'r'}, {'uuid': 'r'}),
    'configuration_rollout_abort': ({'uuid': 'r'}, {'uuid': 'r'}),
    'configuration_rollout_forget': ({'uuid': 'r', 'device_uuid': 'd'},
                                     {'uuid': 'r', 'device_uuid': 'd'}),
}
# Its arguments are objects: checked by test_objects_are_rebuilt.
OBJECT_MESSAGES = ('device_profile_create',)


class _RecordingEndpoint:
    """Stands in for the conductor and records what it is sent."""

    target = messaging.Target(version=manager.ConductorManager.RPC_API_VERSION)

    def __init__(self):
        self.calls = []


def _recorder(name):
    def method(self, context, **kwargs):
        self.calls.append((name, context, kwargs))
    method.__name__ = name
    return messaging.expose(method)


for _name in tuple(MESSAGES) + OBJECT_MESSAGES:
    setattr(_RecordingEndpoint, _name, _recorder(_name))


class ConductorRPCAPITestCase(base.TestCase):

    def _serve(self, endpoint, topic='test-conductor'):
        self.rpc_servers.start(
            messaging.Target(topic=topic, server='c1'), [endpoint])
        return rpcapi.ConductorAPI(topic=topic)

    def test_versions_in_sync(self):
        self.assertEqual(manager.ConductorManager.RPC_API_VERSION,
                         rpcapi.ConductorAPI.RPC_API_VERSION)

    def test_every_method_is_shaped(self):
        self.assertEqual(
            sorted(tuple(MESSAGES) + OBJECT_MESSAGES),
            sorted(name for name in vars(rpcapi.ConductorAPI)
                   if not name.startswith('_') and callable(
                       getattr(rpcapi.ConductorAPI, name))))

    def test_messages(self):
        endpoint = _RecordingEndpoint()
        client = self._serve(endpoint)
        self.context.request_id = 'req-1'
        for count, (name, (args, expected)) in enumerate(
                sorted(MESSAGES.items()), 1):
            getattr(client, name)(self.context, **args)
            # A cast (clean_done, clean_progress) returns before the
            # conductor takes it.
            deadline = time.monotonic() + 30
            while len(endpoint.calls) < count and \
                    time.monotonic() < deadline:
                time.sleep(0.01)
            called, context, kwargs = endpoint.calls[-1]
            self.assertEqual((name, expected), (called, kwargs))
            self.assertEqual('req-1', context.request_id)
        self.assertEqual(len(MESSAGES), len(endpoint.calls))

    def test_objects_are_rebuilt(self):
        objects.register_all()
        endpoint = _RecordingEndpoint()
        client = self._serve(endpoint)
        profile = dp_obj.DeviceProfile(
            uuid='5518a925-0000-4000-8000-000000000001', name='dp',
            description=None, groups=[{'resources:FPGA': '1'}])
        client.device_profile_create(self.context, device_profile=profile)
        records = hardware.HardwareList(
            objects=fake.FakeDriver(CONF, 'n1').discover())
        client.report(self.context, host='n1', generation=3,
                      inventory_hash='h', hardware=records)
        [(_, _, created), (_, _, reported)] = endpoint.calls
        self.assertIsInstance(created['device_profile'],
                              dp_obj.DeviceProfile)
        self.assertEqual(profile.to_dict(),
                         created['device_profile'].to_dict())
        self.assertEqual([r.to_dict() for r in records],
                         [r.to_dict() for r in reported['hardware']])

    def test_version_cap(self):
        endpoint = _RecordingEndpoint()
        self.flags(group='upgrade_levels', conductor='1.0')
        self._serve(endpoint).discovery_start(self.context)
        self.assertEqual(1, len(endpoint.calls))
        self.flags(group='upgrade_levels', conductor='0.9')
        client = rpcapi.ConductorAPI(topic='unused')
        self.assertRaises(messaging.RPCVersionCapError, client.hello,
                          self.context, host='n1', binary='cyborg-agent')


class ConductorRPCRoundTripTestCase(base.DbTestCase):
    """The real manager behind the real client, on the fake transport."""

    def setUp(self):
        super().setUp()
        mgr = manager.ConductorManager('c1', 'test-conductor')
        self.rpc_servers.start(
            messaging.Target(topic='test-conductor', server='c1'), [mgr])
        self.client = rpcapi.ConductorAPI(topic='test-conductor')

    def test_hello_registers(self):
        result = self.client.hello(
            self.context, host='n1', binary='cyborg-agent',
            started_at='2026-11-21T12:00:00+00:00')
        self.assertEqual('up', result['status'])
        self.assertEqual(('n1', 'cyborg-agent'),
                         (result['host'], result['binary']))

    def test_expected_exception_crosses_rpc(self):
        exc = self.assertRaises(
            exception.InvalidServiceBinary, self.client.hello,
            self.context, host='n1', binary='nova-compute')
        self.assertEqual(400, exc.code)
        self.assertIn('nova-compute', exc.message)

    def test_report_round_trip(self):
        objects.register_all()
        records = hardware.HardwareList(
            objects=fake.FakeDriver(CONF, 'n1').discover())
        digest = hardware.inventory_hash(records)
        answer = self.client.report(self.context, host='n1', generation=1,
                                    inventory_hash=digest, hardware=records,
                                    rp_name='cn1')
        self.assertEqual(('stored', 1), (answer['status'],
                                         answer['generation']))
        # Placement is not configured here: the tables only.
        self.assertEqual(0, answer['cost']['placement_calls'])
        self.assertEqual('cn1', host_queries.get_all(
            self.context, host='n1')[0]['rp_name'])

    def test_helpers_are_not_callable_over_rpc(self):
        cctxt = self.client.client.prepare(version='1.0')
        self.assertRaises(messaging.NoSuchMethod, cctxt.call,
                          self.context, '_heartbeat')
        self.assertRaises(messaging.NoSuchMethod, cctxt.call,
                          self.context, 'init_host')
