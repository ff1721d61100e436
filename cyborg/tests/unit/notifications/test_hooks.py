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
"""The conductor's flows notify once, after their commits."""

import oslo_messaging as messaging
from oslo_utils import uuidutils

from cyborg import conf as cyborg_conf
from cyborg.conductor import manager
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.conductor.inventory import reports as inventory_ops
from cyborg.drivers import fake
from cyborg.objects import device_profile as dp_obj
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import notifications as notify_fixture
from cyborg.tests.fixtures import nova_boot

CONF = cyborg_conf.CONF


class ARQNotificationsTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.inv = inventory.add_device(self.context, 'h1', handles=2)
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='dp', description=None,
            groups=[{'resources:FPGA': '1'}]))
        self.notes = self.useFixture(notify_fixture.Notifications())

    def _bind(self, uuid, instance):
        return nova_boot.NovaBoot(context=self.context).bind(
            [uuid], 'h1', self.inv['rp_uuid'], instance)

    def test_lifecycle(self):
        [arq] = arq_create.create(self.context, 'dp', 'p1')
        self._bind(arq['uuid'], 'i1')
        arq_release.unbind(self.context, [arq['uuid']])
        arq_delete.delete(self.context, uuids=[arq['uuid']])
        events = self.notes.events('accelerator_request.')
        # The unbind closed the interval the bind opened; the delete had
        # none to close.
        self.assertEqual([(arq['uuid'], 'unbind')], [
            (d['arq_uuid'], d['ended_by'])
            for _, d in self.notes.events('accelerator_usage.')])
        self.assertEqual(
            [('accelerator_request.create', 'Initial'),
             ('accelerator_request.bind.start', 'BindStarted'),
             ('accelerator_request.bind.end', 'Bound'),
             ('accelerator_request.unbind', 'Unbound'),
             ('accelerator_request.delete', 'Deleting')],
            [(e, d['state']) for e, d in events])
        self.assertEqual({arq['uuid']}, {d['uuid'] for _, d in events})
        bound = events[2][1]
        self.assertEqual(('i1', 'h1', 'dp', 'TEST_PCI'),
                         (bound['instance_uuid'], bound['hostname'],
                          bound['device_profile_name'],
                          bound['attach_handle_type']))
        for sent in self.notes.sent():
            _, _, name = notify_fixture.events()[sent['event_type']]
            self.assertIsNone(notify_fixture.shape_mismatch(
                notify_fixture.load_sample(name), sent))

    def test_a_refused_bind_is_an_error(self):
        arqs = arq_create.create(self.context, 'dp', 'p1')
        arqs += arq_create.create(self.context, 'dp', 'p1')
        arqs += arq_create.create(self.context, 'dp', 'p1')
        for arq in arqs[:2]:
            self._bind(arq['uuid'], 'i-' + arq['uuid'])
        self.assertEqual([], self.notes.sent('accelerator_request.bind.error'))
        # No handle left: the conductor refuses the third, and says so.
        mgr = manager.ConductorManager('c1', 'cyborg-conductor')
        self.assertRaises(messaging.ExpectedException, mgr.arq.arq_apply_patch,
                          self.context, {arqs[2]['uuid']: {
                              'op': 'add', 'values': {
                                  'hostname': 'h1',
                                  'device_rp_uuid': self.inv['rp_uuid'],
                                  'instance_uuid': 'i3'}}})
        [error] = self.notes.sent('accelerator_request.bind.error')
        self.assertEqual('ERROR', error['priority'])
        self.assertEqual((arqs[2]['uuid'], 'Initial'),
                         (error['payload']['cyborg_object.data']['uuid'],
                          error['payload']['cyborg_object.data']['state']))

    def test_delete_by_instance_and_again(self):
        [arq] = arq_create.create(self.context, 'dp', 'p1')
        self._bind(arq['uuid'], 'i1')
        arq_delete.delete(self.context, instance_uuid='i1')
        arq_delete.delete(self.context, instance_uuid='i1')
        self.assertEqual(1, len(self.notes.sent(
            'accelerator_request.delete')))

    def test_nothing_when_off(self):
        notify_fixture.use_sender(None)
        arq_create.create(self.context, 'dp', 'p1')
        self.assertEqual([], self.notes.notifier.sent)


class InventoryNotificationsTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.notes = self.useFixture(notify_fixture.Notifications())

    def _report(self, devices, change=None):
        self.flags(group='fake_driver', devices=list(devices))
        records = fake.FakeDriver(CONF, 'n1').discover()
        if change is not None:
            change(records)
        inventory_ops.report(self.context, None, 'n1', 1, 'x',
                             hardware.HardwareList(objects=records))
        return self.notes.events()

    def test_update(self):
        first = self._report(['fpga=1'])

        def change(records):
            records[0].product = 'other'
            records[0].deployables[0].num_accelerators = 3

        events = self._report(['fpga=1'], change)[len(first):]
        self.assertEqual(
            [('device.update', ['model'], 'other'),
             ('deployable.update', ['num_accelerators'], 3)],
            [(e, d['changed'], d.get('model', d.get('num_accelerators')))
             for e, d in events])
        for sent in self.notes.sent()[len(first):]:
            _, _, name = notify_fixture.events()[sent['event_type']]
            self.assertIsNone(notify_fixture.shape_mismatch(
                notify_fixture.load_sample(name), sent))

    def test_create_update_delete(self):
        events = self._report(['fpga=1'])
        self.assertEqual(['device.create', 'deployable.create'],
                         [e for e, _ in events])
        device, deployable = events[0][1], events[1][1]
        self.assertEqual(device['uuid'], deployable['device_uuid'])
        self.assertEqual(('n1', 'n1'), (device['hostname'],
                                        deployable['hostname']))
        # Unchanged: nothing.
        self.assertEqual(events, self._report(['fpga=1']))
        events = self._report([])
        self.assertEqual(['deployable.delete', 'device.delete'],
                         [e for e, _ in events[2:]])
        for sent in self.notes.sent():
            _, _, name = notify_fixture.events()[sent['event_type']]
            self.assertIsNone(notify_fixture.shape_mismatch(
                notify_fixture.load_sample(name), sent))
