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
"""The attributes API's writes (cyborg.conductor.devices.attribute):
a deployable's ``rc`` attribute, created or deleted, is copied to its
handles in the same transaction (what the capacity view counts them by).
"""

from cyborg.conductor.devices import attribute as attribute_ops
from cyborg.db.queries import attribute as attribute_queries
from cyborg.db.queries import host_inventory
from cyborg.tests import base
from cyborg.tests.fixtures import inventory


class ResourceClassTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.device = inventory.add_device(
            self.context, 'n1', handles=3, rc='FPGA')
        self.deployable_id = self.device['deployable_id']
        self.other = inventory.add_device(
            self.context, 'n1', handles=1, rc='PGPU',
            address='0000:0d:00.0')

    def _classes(self):
        handles = host_inventory.load(self.context, 'n1').handles
        return ([h['resource_class'] for h in handles[self.deployable_id]],
                [h['resource_class'] for h in
                 handles[self.other['deployable_id']]])

    def _rc(self):
        return attribute_queries.get_all(
            self.context, deployable_id=self.deployable_id, key='rc')

    def test_the_handles_follow_the_rc_attribute(self):
        self.assertEqual((['FPGA'] * 3, ['PGPU']), self._classes())
        attribute_ops.delete(self.context, self._rc()[0]['uuid'])
        self.assertEqual(([None] * 3, ['PGPU']), self._classes())
        attribute_ops.create(self.context, self.deployable_id, 'rc',
                             'CUSTOM_FPGA_BIG')
        self.assertEqual((['CUSTOM_FPGA_BIG'] * 3, ['PGPU']),
                         self._classes())
        # A second rc attribute: the first is the deployable's resource
        # class (the one its resource provider shows), as before.
        attribute_ops.create(self.context, self.deployable_id, 'rc',
                             'CUSTOM_OTHER')
        self.assertEqual((['CUSTOM_FPGA_BIG'] * 3, ['PGPU']),
                         self._classes())

    def test_other_attributes_leave_the_handles_alone(self):
        attribute_ops.create(self.context, self.deployable_id, 'trait_x',
                             'CUSTOM_X')
        attribute_ops.create(self.context, self.deployable_id, 'colour',
                             'blue')
        self.assertEqual((['FPGA'] * 3, ['PGPU']), self._classes())
