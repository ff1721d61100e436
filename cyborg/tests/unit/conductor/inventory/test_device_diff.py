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
"""Tests of the diff between a report and a host's inventory tables."""

from oslo_serialization import jsonutils

from cyborg import conf as cyborg_conf
from cyborg.common import traits
from cyborg.conductor.inventory import device_diff
from cyborg.db import api as db_api
from cyborg.db.queries import attribute as attribute_queries
from cyborg.db.queries import host_inventory
from cyborg.drivers import fake
from cyborg.tests import base

CONF = cyborg_conf.CONF


class DeviceDiffTestCase(base.DbTestCase):

    def _records(self, host='n1', devices=('fpga=1', 'qat=1')):
        self.flags(group='fake_driver', devices=list(devices))
        return fake.FakeDriver(CONF, host).discover()

    @db_api.context_manager.writer
    def _apply(self, context, host, records):
        return device_diff.apply(context, host, records)

    def test_new_then_unchanged(self):
        records = self._records()
        first = self._apply(self.context, 'n1', records)
        # 2 devices, 2 controlpaths, 5 deployables, 5 rc + 1 + 4 * 5
        # traits, 16 + 4 handles.
        self.assertEqual(2 + 2 + 5 + 5 + 21 + 20, first.writes)
        again = self._apply(self.context, 'n1', records)
        self.assertEqual((0, False), (again.writes, again.leftovers))

    def test_rows_as_the_existing_cyborg_wrote_them_are_kept(self):
        records = self._records(devices=('fpga=1',))
        self._apply(self.context, 'n1', records)
        snap = host_inventory.load(self.context, 'n1')
        # The existing Cyborg's fake driver: keys unsorted, "device": "0".
        written = {}
        for handles in snap.handles.values():
            for handle in handles:
                info = jsonutils.loads(handle['attach_info'])
                text = ('{"domain": "%(domain)s", "bus": "%(bus)s", '
                        '"device": "%(device)s", "function": "%(function)s"}'
                        % dict(info, device=info['device'].lstrip('0')
                               or '0'))
                written[handle['id']] = text
                host_inventory.update(self.context, 'attach_handles',
                                      handle['id'], {'attach_info': text})
        self.assertIn('"device": "0"', ''.join(written.values()))
        result = self._apply(self.context, 'n1', records)
        self.assertEqual((0, False), (result.writes, result.leftovers))
        self.assertEqual(written, {
            h['id']: h['attach_info']
            for handles in host_inventory.load(
                self.context, 'n1').handles.values() for h in handles})

    def test_attributes_of_the_api_are_left_alone(self):
        records = self._records(devices=('fpga=1',))
        self._apply(self.context, 'n1', records)
        dep = host_inventory.load(self.context, 'n1').deployables[
            'n1_FakeDevice']
        attribute_queries.create(self.context, dep['id'], 'owner', 'team')
        # An operator's trait (issue 37: a report deleted it).
        attribute_queries.create(self.context, dep['id'], 'trait_fast',
                                 'CUSTOM_FAST')
        # The existing Cyborg's fake driver wrote traits1: the driver's.
        attribute_queries.create(self.context, dep['id'], 'traits1',
                                 'CUSTOM_OLD')
        records[0].deployables[0].traits = ['CUSTOM_B']
        result = self._apply(self.context, 'n1', records)
        self.assertEqual(2, result.writes)
        self.assertEqual(
            [('rc', 'FPGA'), ('trait0', 'CUSTOM_B'), ('owner', 'team'),
             ('trait_fast', 'CUSTOM_FAST')],
            [(a['key'], a['value']) for a in host_inventory.load(
                self.context, 'n1').attributes[dep['id']]])

    def test_the_operators_attributes_follow_the_device(self):
        # A GPU from passthrough to MIG and back, its PGPU deployable's
        # row gone meanwhile (provider GC): the attributes the operator
        # set on it were deleted with it, and a device class built on
        # them lost the GPU.
        driver = fake.FakeDriver(self._conf(('gpu=1',)), 'n1')
        self._apply(self.context, 'n1', driver.discover())
        snap = host_inventory.load(self.context, 'n1')
        pgpu = snap.deployables['n1_FakeDevice_gpu0']
        for key, value in (('tier', 'gold'), ('trait_fast', 'CUSTOM_FAST'),
                           ('rc2', 'x')):
            attribute_queries.create(self.context, pgpu['id'], key, value)
        address = driver.discover()[0].address
        driver.configure(address, {'mode': 'mig',
                                   'mig_layout': '3g.40gb,3g.40gb'})
        self._apply(self.context, 'n1', driver.discover())
        host_inventory.delete_deployable(self.context, pgpu['id'])
        mine = [('rc2', 'x'), ('tier', 'gold'), ('trait_fast', 'CUSTOM_FAST')]
        self.assertEqual({'n1_FakeDevice_gpu0_mig0': mine,
                          'n1_FakeDevice_gpu0_mig1': mine},
                         self._operators(['n1_FakeDevice_gpu0_mig0',
                                          'n1_FakeDevice_gpu0_mig1']))
        # The operator changes one of them; back to passthrough, the first
        # set of a key wins.
        mig1 = host_inventory.load(self.context, 'n1').deployables[
            'n1_FakeDevice_gpu0_mig1']
        attribute_queries.create(self.context, mig1['id'], 'zone', 'b')
        driver.configure(address, {'mode': 'passthrough'})
        result = self._apply(self.context, 'n1', driver.discover())
        self.assertEqual({'n1_FakeDevice_gpu0': mine + [('zone', 'b')]},
                         self._operators(['n1_FakeDevice_gpu0']))
        # Written once: the next report leaves them.
        self.assertLess(0, result.writes)
        self.assertEqual(0, self._apply(self.context, 'n1',
                                        driver.discover()).writes)

    def _conf(self, devices):
        self.flags(group='fake_driver', devices=list(devices))
        return CONF

    def _operators(self, names):
        snap = host_inventory.load(self.context, 'n1')
        return {name: sorted(
            (a['key'], a['value'])
            for a in snap.attributes[snap.deployables[name]['id']]
            if not traits.is_driver_attribute(a['key'])) for name in names}

    def test_managed_keys(self):
        for key in ('rc', 'trait0', 'trait12', 'traits1'):
            self.assertTrue(traits.is_driver_attribute(key), key)
        for key in ('trait_fast', 'traitX', 'owner', 'rc2', 'trait'):
            self.assertFalse(traits.is_driver_attribute(key), key)

    def test_a_name_of_another_host_is_skipped(self):
        self._apply(self.context, 'n1', self._records(devices=('fpga=1',)))
        clash = self._records(host='n2', devices=('fpga=1',))
        clash[0].deployables[0].name = 'n1_FakeDevice'
        self._apply(self.context, 'n2', clash)
        snap = host_inventory.load(self.context, 'n2')
        self.assertEqual(1, len(snap.devices))
        self.assertEqual({}, snap.deployables)

    def test_function_traits(self):
        self.assertEqual(
            {'CUSTOM_FPGA_FUNCTION_ID_INTEL_9E2A0C7B'},
            device_diff.function_traits(
                ['CUSTOM_FPGA_INTEL',
                 'CUSTOM_FPGA_FUNCTION_ID_INTEL_9E2A0C7B']))
        self.assertEqual(set(), device_diff.function_traits(
            ['CUSTOM_FPGA_INTEL']))

    def test_gone_deployable_is_marked_not_deleted(self):
        self._apply(self.context, 'n1', self._records())
        result = self._apply(self.context, 'n1',
                             self._records(devices=('fpga=1',)))
        snap = host_inventory.load(self.context, 'n1')
        self.assertEqual(4, result.writes)
        self.assertEqual(4, len([d for d in snap.deployables.values()
                                 if d['removed_at'] is not None]))
        # Back again: unmarked.
        self._apply(self.context, 'n1', self._records())
        snap = host_inventory.load(self.context, 'n1')
        self.assertEqual([None] * 5, [d['removed_at'] for d in
                                      snap.deployables.values()])

    def _handle_classes(self, host='n1'):
        """{deployable name: the resource classes of its handles}."""
        snap = host_inventory.load(self.context, host)
        return {name: sorted({h['resource_class'] for h in
                              snap.handles[dep['id']]})
                for name, dep in snap.deployables.items()}

    def test_handles_carry_their_deployables_resource_class(self):
        records = self._records()
        self._apply(self.context, 'n1', records)
        self.assertEqual(
            {dep.name: [dep.resource_class] for record in records
             for dep in record.deployables}, self._handle_classes())
        # The driver reports another resource class for the FPGA, one of
        # whose handles is in use: each of its handles follows, the held
        # one too (the capacity view counts it under the new class, as
        # Placement then shows its inventory).
        fpga = host_inventory.load(self.context, 'n1').deployables[
            'n1_FakeDevice']
        held = host_inventory.load(self.context, 'n1').handles[fpga['id']]
        host_inventory.update(self.context, 'attach_handles', held[0]['id'],
                              {'in_use': True})
        records[0].deployables[0].resource_class = 'CUSTOM_FPGA_NEW'
        result = self._apply(self.context, 'n1', records)
        # The rc attribute and each of the FPGA's handles.
        self.assertEqual(1 + len(held), result.writes)
        classes = self._handle_classes()
        self.assertEqual(['CUSTOM_FPGA_NEW'], classes['n1_FakeDevice'])
        self.assertEqual(
            ['CUSTOM_FPGA_NEW'],
            [a['value'] for a in host_inventory.load(
                self.context, 'n1').attributes[fpga['id']]
             if a['key'] == 'rc'])
