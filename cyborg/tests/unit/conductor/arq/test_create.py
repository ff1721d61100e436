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
"""Tests of creating ARQs, and of the PATCH document's binds and
unbinds."""

from oslo_utils import uuidutils

from cyborg import exception
from cyborg import states
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import inventory


class GroupCountTestCase(base.TestCase):

    def test_sum_of_resources(self):
        self.assertEqual(3, dp_obj.group_count(
            {'resources:FPGA': '1', 'resources:CUSTOM_QAT': '2',
             'trait:CUSTOM_A': 'required', 'accel:x': '5'}))

    def test_xilinx_needs_two_handles_per_fpga(self):
        self.assertEqual(4, dp_obj.group_count(
            {'resources:FPGA': '2', 'trait:CUSTOM_FPGA_XILINX': 'required'}))
        self.assertEqual(2, dp_obj.group_count(
            {'resources:FPGA': '2',
             'trait:CUSTOM_FPGA_XILINX': 'forbidden'}))

    def test_no_resources(self):
        self.assertEqual(0, dp_obj.group_count({'trait:CUSTOM_A':
                                                'required'}))


class ARQOperationsTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.inv = inventory.add_device(self.context, 'h1', handles=2)
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='dp', description=None,
            groups=[{'resources:FPGA': '2'}]))
        self.arqs = arq_create.create(self.context, 'dp', 'p1')

    def _bind(self, instance):
        return {'op': 'add', 'values': {
            'hostname': 'h1', 'device_rp_uuid': self.inv['rp_uuid'],
            'instance_uuid': instance, 'project_id': 'p1'}}

    def test_create_answers_what_a_read_shows(self):
        # Built from what was inserted, not read back: the same values.
        self.assertEqual(2, len(self.arqs))
        self.assertEqual('dp', self.arqs[0]['device_profile_name'])
        read = arq_queries.get_all(self.context)
        self.assertEqual([dict(row, id=None) for row in read],
                         [dict(arq, id=None) for arq in self.arqs])

    def _patch(self, patches):
        binds, unbinds = arq_bind.split_patch(patches)
        if unbinds:
            return arq_release.unbind(self.context, unbinds)
        return arq_bind.bind(self.context, binds)[0]

    def test_patch_binds(self):
        result = self._patch({a['uuid']: self._bind('i1') for a in self.arqs})
        self.assertEqual({a['uuid']: states.BOUND for a in self.arqs}, result)

    def test_bind_is_all_or_nothing(self):
        unknown = uuidutils.generate_uuid()
        self.assertRaises(exception.AcceleratorRequestNotFound,
                          self._patch,
                          {self.arqs[0]['uuid']: self._bind('i1'),
                           unknown: self._bind('i1')})
        self.assertEqual([states.INITIAL] * 2, [
            a['state'] for a in arq_queries.get_all(self.context)])

    def test_bind_and_unbind_in_one_document_is_refused(self):
        self.assertRaises(exception.Invalid, arq_bind.split_patch,
                          {self.arqs[0]['uuid']: self._bind('i1'),
                           self.arqs[1]['uuid']: {'op': 'remove',
                                               'values': {}}})

    def test_unbind(self):
        self._patch({self.arqs[0]['uuid']: self._bind('i1')})
        self.assertEqual({self.arqs[0]['uuid']: states.UNBOUND},
                         self._patch({self.arqs[0]['uuid']: {'op': 'remove',
                                                          'values': {}}}))

    def test_profile_in_use_cannot_be_deleted(self):
        exc = self.assertRaises(exception.DeviceProfileInUse,
                                dp_ops.delete, self.context, names=['dp'])
        self.assertIn('used by 2 accelerator request', exc.message)
        arq_delete.delete(self.context, uuids=[a['uuid'] for a in self.arqs])
        dp_ops.delete(self.context, names=['dp'])

    def test_unknown_profile(self):
        self.assertRaises(exception.DeviceProfileNotFound, arq_create.create,
                          self.context, 'nope', 'p1')
