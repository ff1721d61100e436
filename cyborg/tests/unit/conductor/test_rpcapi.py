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

import threading

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



def _old_hardware(client, context, host=None):
    """hardware, as the cyborg-manage of the previous release sends it
    (conductors answer it until RPC API 2.0; this release's client has no
    such method).
    """
    return client.client.prepare(version='1.2').call(
        context, 'hardware', host=host)

class _RecordingEndpoint:
    """Stands in for the conductor and records what it is sent."""

    target = messaging.Target(version=manager.ConductorManager.RPC_API_VERSION)

    def __init__(self):
        self.calls = []
        self.called = threading.Event()

    @messaging.expose
    def hello(self, context, **kwargs):
        self.calls.append(('hello', context, kwargs))
        self.called.set()
        return {'uuid': 'u', 'host': kwargs['host'],
                'binary': kwargs['binary'], 'status': 'up'}

    @messaging.expose
    def report(self, context, **kwargs):
        self.calls.append(('report', context, kwargs))
        return {'status': 'stored'}

    @messaging.expose
    def discovery(self, context, **kwargs):
        self.calls.append(('discovery', context, kwargs))
        return {}

    @messaging.expose
    def discovery_start(self, context, **kwargs):
        self.calls.append(('discovery_start', context, kwargs))
        return {'id': 'd1', 'hosts': {}}

    @messaging.expose
    def hardware(self, context, **kwargs):
        self.calls.append(('hardware', context, kwargs))
        return []

    @messaging.expose
    def bind_release(self, context, **kwargs):
        self.calls.append(('bind_release', context, kwargs))
        self.called.set()


def _recorder(name):
    def method(self, context, **kwargs):
        self.calls.append((name, context, kwargs))
    method.__name__ = name
    return messaging.expose(method)


# Every 1.1 method records its call the same way.
for _name in ('device_profile_create', 'device_profile_delete',
              'arq_create', 'arq_apply_patch', 'arq_delete',
              'device_set_status', 'attribute_create', 'attribute_delete',
              'instance_attach', 'instance_detach', 'instance_show',
              'device_set_status_by_selector', 'instance_list',
              'device_class_create', 'device_class_delete'):
    setattr(_RecordingEndpoint, _name, _recorder(_name))


class ConductorRPCAPITestCase(base.TestCase):

    def _serve(self, endpoint, topic='test-conductor'):
        self.rpc_servers.start(
            messaging.Target(topic=topic, server='c1'), [endpoint])
        return rpcapi.ConductorAPI(topic=topic)

    def test_versions_in_sync(self):
        self.assertEqual(manager.ConductorManager.RPC_API_VERSION,
                         rpcapi.ConductorAPI.RPC_API_VERSION)

    def test_hello_message(self):
        endpoint = _RecordingEndpoint()
        client = self._serve(endpoint)
        self.context.request_id = 'req-1'
        result = client.hello(
            self.context, host='n1', binary='cyborg-agent', version='1.0.0',
            topic='cyborg-agent', drivers=[{'name': 'fake'}],
            started_at='2026-11-21T12:00:00')
        self.assertEqual('n1', result['host'])
        name, context, kwargs = endpoint.calls[0]
        self.assertEqual('hello', name)
        self.assertEqual('req-1', context.request_id)
        self.assertEqual(
            {'host': 'n1', 'binary': 'cyborg-agent', 'version': '1.0.0',
             'topic': 'cyborg-agent', 'drivers': [{'name': 'fake'}],
             'started_at': '2026-11-21T12:00:00'}, kwargs)

    def test_api_write_messages(self):
        endpoint = _RecordingEndpoint()
        client = self._serve(endpoint)
        profile = dp_obj.DeviceProfile(
            uuid='5518a925-0000-4000-8000-000000000001', name='dp',
            description=None, groups=[{'resources:FPGA': '1'}])
        cases = [
            ('device_profile_create', {'device_profile': profile},
             {'device_profile': profile}),
            ('device_profile_delete', {'names': ['dp']},
             {'uuids': [], 'names': ['dp']}),
            ('arq_create', {'device_profile_name': 'dp',
                            'project_id': 'p1'},
             {'device_profile_name': 'dp', 'project_id': 'p1'}),
            ('arq_apply_patch', {'patches': {'u': {'op': 'remove',
                                                   'values': {}}}},
             {'patches': {'u': {'op': 'remove', 'values': {}}},
              'project_id': None}),
            ('arq_delete', {'instance_uuid': 'i1', 'project_id': 'p1'},
             {'uuids': None, 'instance_uuid': 'i1', 'project_id': 'p1'}),
            ('device_set_status', {'uuid': 'd', 'status': 'enabled'},
             {'uuid': 'd', 'status': 'enabled'}),
            ('attribute_create', {'deployable_id': 1, 'key': 'k',
                                  'value': 'v'},
             {'deployable_id': 1, 'key': 'k', 'value': 'v'}),
            ('attribute_delete', {'uuid': 'a'}, {'uuid': 'a'}),
        ]
        for name, args, expected in cases:
            getattr(client, name)(self.context, **args)
            called, _, kwargs = endpoint.calls[-1]
            self.assertEqual(name, called)
            if name == 'device_profile_create':
                # The object arrives rebuilt by the serializer.
                self.assertIsInstance(kwargs['device_profile'],
                                      dp_obj.DeviceProfile)
                self.assertEqual(profile.to_dict(),
                                 kwargs['device_profile'].to_dict())
            else:
                self.assertEqual(expected, kwargs)

    def test_program_answers_the_job_from_1_10(self):
        # 1.10 conductors answer with the queued job, which cyborg-api
        # waits for; before, the answer came once programmed (None).
        job = {'job': 'j1', 'deadline': '2026-11-24T21:00:00'}

        class Endpoint(_RecordingEndpoint):
            @messaging.expose
            def deployable_program(self, context, **kwargs):
                self.calls.append(('deployable_program', context, kwargs))
                return job

        for cap, queued in ((None, True), ('1.10', True), ('1.9', False),
                            ('1.4', False)):
            endpoint = Endpoint()
            self.flags(group='upgrade_levels', conductor=cap)
            client = self._serve(endpoint, topic='p-%s' % cap)
            self.assertEqual(queued, client.can_send_program_job(), cap)
            self.assertEqual(job, client.deployable_program(
                self.context, uuid='d', image_uuid='i'))
            self.assertEqual([('deployable_program',
                               {'uuid': 'd', 'image_uuid': 'i'})],
                             [(n, kw) for n, _, kw in endpoint.calls])

    def test_report_discovery_hardware_messages(self):
        objects.register_all()
        endpoint = _RecordingEndpoint()
        client = self._serve(endpoint)
        records = hardware.HardwareList(
            objects=fake.FakeDriver(CONF, 'n1').discover())
        client.report(self.context, host='n1', generation=3,
                      inventory_hash='h', hardware=records)
        client.report(self.context, host='n1', generation=3,
                      inventory_hash='h')
        client.discovery(self.context, host='n1', driver='fake')
        _old_hardware(client, self.context)
        client.discovery_start(self.context, host='n1', driver='fake')
        calls = [(name, kwargs) for name, _, kwargs in endpoint.calls]
        self.assertEqual(['report', 'report', 'discovery', 'hardware',
                          'discovery_start'],
                         [name for name, _ in calls])
        # The hardware arrives as objects, rebuilt by the serializer.
        sent = calls[0][1].pop('hardware')
        self.assertEqual([r.to_dict() for r in records],
                         [r.to_dict() for r in sent])
        self.assertEqual({'host': 'n1', 'generation': 3,
                          'inventory_hash': 'h'}, calls[0][1])
        self.assertEqual({'host': 'n1', 'generation': 3,
                          'inventory_hash': 'h', 'hardware': None},
                         calls[1][1])
        self.assertEqual({'host': 'n1', 'driver': 'fake'}, calls[2][1])
        self.assertEqual({'host': None}, calls[3][1])
        self.assertEqual({'host': 'n1', 'driver': 'fake'}, calls[4][1])

    def test_report_discovery_needs_1_9(self):
        endpoint = _RecordingEndpoint()
        client = self._serve(endpoint)
        self.assertTrue(client.can_send_discovery_start())
        outcome = {'ids': ['d1'], 'drivers': []}
        client.report(self.context, host='n1', generation=3,
                      inventory_hash='h', discovery=outcome)
        self.assertEqual({'host': 'n1', 'generation': 3,
                          'inventory_hash': 'h', 'hardware': None,
                          'discovery': outcome}, endpoint.calls[-1][2])
        # A conductor pinned at 1.8 is sent no outcome, and no
        # discovery_start.
        self.flags(group='upgrade_levels', conductor='1.8')
        client = rpcapi.ConductorAPI(topic='test-conductor')
        self.assertFalse(client.can_send_discovery_start())
        client.report(self.context, host='n1', generation=3,
                      inventory_hash='h', discovery=outcome)
        self.assertEqual({'host': 'n1', 'generation': 3,
                          'inventory_hash': 'h', 'hardware': None},
                         endpoint.calls[-1][2])
        self.assertRaises(messaging.RPCVersionCapError,
                          client.discovery_start, self.context)

    def test_report_rp_name_needs_1_3(self):
        endpoint = _RecordingEndpoint()
        client = self._serve(endpoint)
        client.report(self.context, host='n1', generation=3,
                      inventory_hash='h', rp_name='cn1')
        self.assertEqual({'host': 'n1', 'generation': 3,
                          'inventory_hash': 'h', 'hardware': None,
                          'rp_name': 'cn1'}, endpoint.calls[-1][2])
        # A conductor pinned at 1.2 is sent no rp_name (it uses the host).
        self.flags(group='upgrade_levels', conductor='1.2')
        client = rpcapi.ConductorAPI(topic='test-conductor')
        self.assertFalse(client.can_send_rp_name())
        client.report(self.context, host='n1', generation=3,
                      inventory_hash='h', rp_name='cn1')
        self.assertEqual({'host': 'n1', 'generation': 3,
                          'inventory_hash': 'h', 'hardware': None},
                         endpoint.calls[-1][2])

    def test_version_cap_refuses_newer_calls(self):
        self.flags(group='upgrade_levels', conductor='0.9')
        client = rpcapi.ConductorAPI(topic='unused')
        self.assertRaises(messaging.RPCVersionCapError, client.hello,
                          self.context, host='n1', binary='cyborg-agent')

    def test_operator_verbs_need_1_5(self):
        self.flags(group='upgrade_levels', conductor='1.4')
        client = rpcapi.ConductorAPI(topic='unused')
        calls = [
            (client.driver_install, {'name': 'fake'}),
            (client.driver_update, {'uuid': 'u', 'config': {}}),
            (client.driver_uninstall, {'uuid': 'u'}),
        ]
        for method, kwargs in calls:
            exc = self.assertRaises(exception.ConductorTooOld, method,
                                    self.context, **kwargs)
            self.assertEqual(409, exc.code)
            self.assertIn(method.__name__, str(exc))

    def test_instance_verbs_need_1_7(self):
        for cap in ('1.6', '1.5'):
            self.flags(group='upgrade_levels', conductor=cap)
            client = rpcapi.ConductorAPI(topic='unused')
            for method, kwargs in (
                    (client.instance_attach, {'instance_uuid': 'i',
                                              'device_profile_name': 'p'}),
                    (client.instance_detach, {'instance_uuid': 'i'}),
                    (client.instance_show, {'instance_uuid': 'i'})):
                exc = self.assertRaises(exception.ConductorTooOld, method,
                                        self.context, **kwargs)
                self.assertIn('1.8', str(exc))

    def test_device_selector_message(self):
        endpoint = _RecordingEndpoint()
        client = self._serve(endpoint)
        client.device_set_status_by_selector(
            self.context, selector={'hostname': 'h', 'model': '0x0b30'},
            status='maintaining')
        self.assertEqual(
            [('device_set_status_by_selector',
              {'selector': {'hostname': 'h', 'model': '0x0b30'},
               'status': 'maintaining'})],
            [(name, kwargs) for name, _, kwargs in endpoint.calls])

    def test_device_selector_needs_1_11(self):
        self.flags(group='upgrade_levels', conductor='1.10')
        client = rpcapi.ConductorAPI(topic='unused')
        exc = self.assertRaises(
            exception.ConductorTooOld, client.device_set_status_by_selector,
            self.context, selector={'hostname': 'h'}, status='enabled')
        self.assertIn('1.11', str(exc))

    def test_instance_list_message(self):
        endpoint = _RecordingEndpoint()
        client = self._serve(endpoint)
        client.instance_list(self.context, servers={'i': ['h1']})
        self.assertEqual([('instance_list', {'servers': {'i': ['h1']}})],
                         [(name, kwargs) for name, _, kwargs in
                          endpoint.calls])

    def test_instance_list_needs_1_12(self):
        self.flags(group='upgrade_levels', conductor='1.11')
        client = rpcapi.ConductorAPI(topic='unused')
        exc = self.assertRaises(exception.ConductorTooOld,
                                client.instance_list, self.context,
                                servers={'i': ['h1']})
        self.assertIn('1.12', str(exc))

    def test_device_class_messages(self):
        endpoint = _RecordingEndpoint()
        client = self._serve(endpoint)
        selector = [{'key': 'memory_mb', 'op': '>=', 'value': 40960}]
        client.device_class_create(self.context, name='big', selector=selector,
                                   description='d')
        client.device_class_delete(self.context, name='big')
        self.assertEqual(
            [('device_class_create', {'name': 'big', 'selector': selector,
                                      'description': 'd'}),
             ('device_class_delete', {'name': 'big'})],
            [(name, kwargs) for name, _, kwargs in endpoint.calls])

    def test_device_classes_need_1_13(self):
        self.flags(group='upgrade_levels', conductor='1.12')
        client = rpcapi.ConductorAPI(topic='unused')
        self.assertFalse(client.can_send_device_classes())
        for call, kwargs in ((client.device_class_create,
                              {'name': 'big', 'selector': []}),
                             (client.device_class_delete, {'name': 'big'})):
            exc = self.assertRaises(exception.ConductorTooOld, call,
                                    self.context, **kwargs)
            self.assertIn('1.13', str(exc))

    def test_instance_messages(self):
        endpoint = _RecordingEndpoint()
        client = self._serve(endpoint)
        client.instance_attach(self.context, instance_uuid='i',
                               device_profile_name='p', reboot=True)
        client.instance_detach(self.context, instance_uuid='i',
                               arq_uuids=['a'])
        client.instance_show(self.context, instance_uuid='i')
        self.assertEqual([
            ('instance_attach', {'instance_uuid': 'i',
                                 'device_profile_name': 'p',
                                 'hostname': None, 'project_id': None,
                                 'reboot': True}),
            ('instance_detach', {'instance_uuid': 'i', 'arq_uuids': ['a'],
                                 'reboot': False}),
            ('instance_show', {'instance_uuid': 'i'})],
            [(name, kwargs) for name, _, kwargs in endpoint.calls])

    def test_bind_release_only_to_conductors_that_hold(self):
        # 1.6 conductors let a bind's events and jobs go when it commits;
        # 1.4 and 1.5 ones hold them until the API casts bind_release.
        bind = {'a1': {'op': 'add', 'values': {}}}
        unbind = {'a1': {'op': 'remove', 'values': {}}}
        self.context.request_id = 'req-1'
        for cap, released in ((None, False), ('1.5', True), ('1.4', True),
                              ('1.3', False)):
            endpoint = _RecordingEndpoint()
            self.flags(group='upgrade_levels', conductor=cap)
            client = self._serve(endpoint, topic='t-%s' % cap)
            client.arq_apply_patch(self.context, unbind)
            client.arq_apply_patch(self.context, bind)
            if released:
                self.assertTrue(endpoint.called.wait(10))
            # A call after: a cast sent before it has arrived by now.
            _old_hardware(client, self.context)
            names = [name for name, _, _ in endpoint.calls
                     if name != 'hardware']
            self.assertEqual(
                ['arq_apply_patch'] * 2 + ['bind_release'] * released,
                names, cap)
            if released:
                self.assertEqual({'request_id': 'req-1'},
                                 endpoint.calls[2][2])

    def test_check_provider_needs_1_7(self):
        # From 1.7 the conductor checks a bind's provider; the API asks
        # can_send_check_provider() and checks itself below it.
        bind = {'a1': {'op': 'add', 'values': {}}}
        for cap, sent in ((None, True), ('1.7', True), ('1.6', False)):
            endpoint = _RecordingEndpoint()
            self.flags(group='upgrade_levels', conductor=cap)
            client = self._serve(endpoint, topic='c-%s' % cap)
            self.assertEqual(sent, client.can_send_check_provider(), cap)
            client.arq_apply_patch(self.context, bind,
                                   check_provider='warn' if sent else None)
            [(_, _, kwargs)] = endpoint.calls
            self.assertEqual({'patches': bind, 'project_id': None,
                              **({'check_provider': 'warn'} if sent
                                 else {})}, kwargs, cap)

    def test_report_needs_1_2(self):
        self.flags(group='upgrade_levels', conductor='1.1')
        client = rpcapi.ConductorAPI(topic='unused')
        self.assertFalse(client.can_send_report())
        self.assertRaises(messaging.RPCVersionCapError, client.discovery,
                          self.context)


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

    def test_report_and_hardware_round_trip(self):
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
        [host] = _old_hardware(self.client, self.context, host='n1')
        self.assertEqual(('n1', 'down', digest),
                         (host['host'], host['agent_status'],
                          host['inventory_hash']))
        self.assertEqual([r.to_dict() for r in records], host['hardware'])
        exc = self.assertRaises(exception.HostNotFound, _old_hardware,
                                self.client, self.context, host='n2')
        self.assertEqual(404, exc.code)

    def test_helpers_are_not_callable_over_rpc(self):
        cctxt = self.client.client.prepare(version='1.0')
        self.assertRaises(messaging.NoSuchMethod, cctxt.call,
                          self.context, '_heartbeat')
        self.assertRaises(messaging.NoSuchMethod, cctxt.call,
                          self.context, 'init_host')
