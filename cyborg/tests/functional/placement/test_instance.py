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
"""Attaching accelerators to an instance and detaching them, against the
real Placement, with the instance's own (Nova's) allocations in place.
"""

from unittest import mock

from oslo_utils import uuidutils

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg import states
from cyborg.clients import placement as placement_client
from cyborg.conductor import arq_bind
from cyborg.conductor import device_profile as dp_ops
from cyborg.conductor import instance as instance_ops
from cyborg.conductor import inventory
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import nova_event as event_queries
from cyborg.db.queries import service as service_queries
from cyborg.drivers import fake
from cyborg.objects import device_profile as dp_obj
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import placement as placement_fixture

CONF = cyborg_conf.CONF


class InstanceTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            compute_nodes=['n1']))
        self.flags(group='placement', **self.placement.cyborg_options())
        self.client = placement_client.from_conf(CONF)
        # The agent's liveness is not what these tests are about: its one
        # heartbeat must not run out while a loaded machine reports and
        # binds (the tests' 3 s would make the binds 409 agent_down).
        self.flags(service_down_time=600)
        service_queries.heartbeat(self.context, 'n1', 'cyborg-agent')
        self.flags(group='fake_driver', devices=['fpga=1', 'vgpu=1'])
        records = fake.FakeDriver(CONF, 'n1').discover()
        inventory.report(self.context, self.client, 'n1', 1, 'h',
                         hardware.HardwareList(objects=records))
        tree = self.placement.tree('n1')
        self.fpga = tree['n1_FakeDevice']['uuid']
        self.vgpu = tree['n1_FakeDevice_vgpu0']['uuid']
        # Nova's own allocation of the instance, on the compute node.
        self.root = self.placement.compute_nodes['n1']
        self.placement.client.set_inventories(self.root, {
            'VCPU': {'total': 8, 'reserved': 0, 'min_unit': 1,
                     'max_unit': 8, 'step_size': 1,
                     'allocation_ratio': 1.0}})
        self.instance = self.placement.allocate(
            self.root, {'VCPU': 2}, project_id='p1', user_id='u1')
        self._profile('fpga', [{'resources:FPGA': '1',
                                'trait:CUSTOM_FAKE_DEVICE': 'required'}])

    def _profile(self, name, groups):
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name=name, description=None,
            groups=groups))

    def _allocations(self, consumer=None):
        return {rp: a['resources'] for rp, a in self.client.get_consumer(
            consumer or self.instance)['allocations'].items()}

    def _attach(self, profile='fpga', instance=None):
        return instance_ops.attach(self.context, self.client,
                                   instance or self.instance, profile, 'n1',
                                   'p1', 'u1')

    def test_attach_keeps_nova_allocations(self):
        result = self._attach()
        self.assertEqual([states.BOUND], list(result.values()))
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 1}},
                         self._allocations())
        [arq] = arq_queries.get_all(self.context,
                                    instance_uuid=self.instance)
        self.assertEqual((self.fpga, 'n1', 'p1'), (
            arq['device_rp_uuid'], arq['hostname'], arq['project_id']))
        # An event for Nova, for the next sender (the conductor takes it
        # to send it at once).
        [event] = event_queries.get_all(self.context)
        self.assertEqual(('pending', self.instance),
                         (event['state'], event['server_uuid']))

    def test_attach_twice_adds_up(self):
        self._attach()
        self._profile('vgpu', [{'resources:VGPU': '2'}])
        result = self._attach('vgpu')
        self.assertEqual([states.BIND_STARTED] * 2, list(result.values()))
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 1},
                          self.vgpu: {'VGPU': 2}}, self._allocations())
        self.assertEqual(3, len(arq_queries.get_all(
            self.context, instance_uuid=self.instance)))

    def test_detach_leaves_nova_allocations(self):
        self._attach()
        self.assertEqual(1, instance_ops.detach(self.context, self.client,
                                                self.instance))
        self.assertEqual({self.root: {'VCPU': 2}}, self._allocations())
        self.assertEqual([], arq_queries.get_all(
            self.context, instance_uuid=self.instance))
        self.assertRaises(exception.AcceleratorRequestNotFound,
                          instance_ops.detach, self.context, self.client,
                          self.instance)

    def test_an_instance_without_nova_allocations(self):
        instance = uuidutils.generate_uuid()
        self._attach(instance=instance)
        self.assertEqual({self.fpga: {'FPGA': 1}},
                         self._allocations(instance))
        self.assertEqual(
            ('p1', 'u1'), (lambda c: (c['project_id'], c['user_id']))(
                self.client.get_consumer(instance)))
        instance_ops.detach(self.context, self.client, instance)
        self.assertEqual({}, self._allocations(instance))

    def test_no_room(self):
        self._profile('many', [{'resources:FPGA': '17'}])
        self.assertRaises(exception.NoAcceleratorCandidate, self._attach,
                          'many')
        self._profile('other', [{'resources:FPGA': '1',
                                 'trait:CUSTOM_FAKE_DEVICE': 'forbidden'}])
        self.assertRaises(exception.NoAcceleratorCandidate, self._attach,
                          'other')
        self.assertEqual({self.root: {'VCPU': 2}}, self._allocations())

    def test_a_failed_bind_is_undone(self):
        with mock.patch.object(arq_bind, 'bind', autospec=True,
                               side_effect=exception.InstanceAlreadyBound(
                                   instance=self.instance)):
            self.assertRaises(exception.InstanceAlreadyBound, self._attach)
        self.assertEqual({self.root: {'VCPU': 2}}, self._allocations())
        self.assertEqual([], arq_queries.get_all(self.context))

    def test_unknown_host(self):
        self.assertRaises(exception.AgentNotFound, instance_ops.attach,
                          self.context, self.client, self.instance, 'fpga',
                          'n9', 'p1', 'u1')

    def test_without_placement(self):
        self.assertRaises(exception.PlacementNotConfigured,
                          instance_ops.attach, self.context, None,
                          self.instance, 'fpga', 'n1', 'p1', 'u1')
