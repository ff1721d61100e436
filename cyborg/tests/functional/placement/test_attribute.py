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
"""An operator's trait attribute reaches the resource provider (issue 37).

Creating a ``trait*`` attribute through the API stored it and nothing
else: Placement never got the trait, ``cyborg-manage placement audit``
reported it missing and only ``placement heal`` pushed it.  These tests
run the conductor's attribute operations against the real Placement.
"""

from cyborg import conf as cyborg_conf
from cyborg.clients import placement as placement_client
from cyborg.conductor import manager
from cyborg.conductor.audit import placement as placement_audit
from cyborg.conductor.devices import attribute as attribute_ops
from cyborg.conductor.devices import device_class as device_class_ops
from cyborg.conductor.inventory import reports
from cyborg.conductor.placement import push as placement_push
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import host_inventory
from cyborg.db.queries import service as service_queries
from cyborg.drivers import fake
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import placement as placement_fixture

CONF = cyborg_conf.CONF

FPGA = 'n1_FakeDevice'
TRAIT = 'CUSTOM_OPERATOR_FAST'
CLASS_TRAIT = 'CUSTOM_CLASS_BIG'


class AttributeToPlacementTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            compute_nodes=['n1']))
        self.flags(group='placement', **self.placement.cyborg_options())
        self.client = placement_client.from_conf(CONF)
        # The agent said hello once: it stays up however long a loaded
        # machine takes (the tests' three seconds of service_down_time
        # passed mid-test there); a test of an agent going down advances
        # a clock past service_down_time.
        self.flags(service_down_time=600)
        service_queries.heartbeat(self.context, 'n1', 'cyborg-agent')
        self.generation = 0
        self._report(('fpga=1',))
        self.deployable_id = host_inventory.load(
            self.context, 'n1').deployables[FPGA]['id']

    def _report(self, devices):
        self.flags(group='fake_driver', devices=list(devices))
        records = fake.FakeDriver(CONF, 'n1').discover()
        self.generation += 1
        return reports.report(
            self.context, self.client, 'n1', self.generation,
            hardware.inventory_hash(records),
            hardware.HardwareList(objects=records))

    def _traits(self):
        return self.placement.tree('n1')[FPGA]['traits']

    def _needs_sync(self):
        return host_queries.get_all(self.context, host='n1')[0][
            'needs_sync']

    def test_create_and_delete_push_the_trait(self):
        # Through the conductor's RPC methods, as the API calls them.
        conductor = manager.ConductorManager('c1', 'cyborg-conductor',
                                             placement=self.client)
        self.addCleanup(conductor.del_host, self.context)
        uuid = conductor.devices.attribute_create(
            self.context, self.deployable_id, 'trait_operator', TRAIT)
        self.assertIn(TRAIT, self._traits())
        self.assertFalse(self._needs_sync())
        # Placement agrees with the database: nothing for heal to do.
        self.assertEqual([], placement_audit.audit(self.context,
                                                   self.client))
        conductor.devices.attribute_delete(self.context, uuid)
        self.assertEqual(['CUSTOM_FAKE_DEVICE', 'OWNER_CYBORG'],
                         self._traits())
        self.assertEqual([], placement_audit.audit(self.context,
                                                   self.client))

    def test_without_a_client_the_periodic_task_pushes_it(self):
        # A conductor whose push is not at hand (or failed): the host is
        # marked in the attribute's transaction.
        attribute_ops.create(self.context, self.deployable_id,
                             'trait_operator', TRAIT)
        self.assertTrue(self._needs_sync())
        self.assertNotIn(TRAIT, self._traits())
        self.assertEqual(['n1'], reports.periodic(self.context,
                                                    self.client))
        self.assertIn(TRAIT, self._traits())
        self.assertFalse(self._needs_sync())

    def test_other_attributes_push_nothing(self):
        attribute_ops.create(self.context, self.deployable_id, 'colour',
                             'blue', placement=self.client)
        self.assertFalse(self._needs_sync())
        self.assertEqual(['CUSTOM_FAKE_DEVICE', 'OWNER_CYBORG'],
                         self._traits())

    def test_a_device_class_on_an_attribute_follows_it(self):
        # A class selecting on what an attribute says: its trait comes
        # and goes with the attribute, with no discovery and no heal.
        _row, hosts = device_class_ops.create(
            self.context, 'big', [{'key': 'memory_mb', 'op': '>=',
                                   'value': 40000}])
        placement_push.push_hosts(self.context, self.client, hosts)
        self.assertNotIn(CLASS_TRAIT, self._traits())
        uuid = attribute_ops.create(self.context, self.deployable_id,
                                    'memory_mb', '81920',
                                    placement=self.client)['uuid']
        self.assertIn(CLASS_TRAIT, self._traits())
        self.assertFalse(self._needs_sync())
        self.assertEqual([], placement_audit.audit(self.context,
                                                   self.client))
        attribute_ops.delete(self.context, uuid, placement=self.client)
        self.assertNotIn(CLASS_TRAIT, self._traits())
        self.assertEqual([], placement_audit.audit(self.context,
                                                   self.client))

    def test_the_trait_survives_the_next_report(self):
        attribute_ops.create(self.context, self.deployable_id,
                             'trait_operator', TRAIT,
                             placement=self.client)
        # The hardware changes: a full report rewrites the driver's own
        # attributes (rc, trait0...), not the operator's.
        self._report(('fpga=1', 'qat=1'))
        self.assertIn(TRAIT, self._traits())
        self.assertIn(('trait_operator', TRAIT), [
            (a['key'], a['value']) for a in host_inventory.load(
                self.context, 'n1').attributes[self.deployable_id]])
        self.assertEqual([], placement_audit.audit(self.context,
                                                   self.client))
