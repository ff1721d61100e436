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
"""Device classes against the real Placement (issue 40).

An agent reports GPUs of different memory sizes; a class with a memory
selector puts ``CUSTOM_CLASS_<NAME>`` on exactly the providers of the
GPUs it matches, allocation candidates for a group requiring the trait
(as Nova asks for a device profile's group) list only them, and the
trait follows the devices as reports change and remove them, and goes
when the class is deleted.  On SQLite and on MariaDB.

Then the gpu driver itself, on a recorded sysfs tree of MIG GPUs (an
A100 and H100s) with the stand-in nvidia-smi: classes over the memory,
compute capability and MIG profile it reports.
"""

import time

from oslo_utils import uuidutils

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg import servicegroup
from cyborg import states
from cyborg.api.controllers.v2 import capacity as capacity_api
from cyborg.conductor import manager
from cyborg.conductor.audit import placement as placement_audit
from cyborg.conductor.devices import attribute as attribute_ops
from cyborg.conductor.devices import device_class as device_class_ops
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.conductor.inventory import reports
from cyborg.conductor.placement import push as placement_push
from cyborg.conductor.placement import sync as placement_sync
from cyborg.db.queries import capacity as capacity_queries
from cyborg.db.queries import deployable as deployable_queries
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import service as service_queries
from cyborg.drivers import fake
from cyborg.drivers.gpu import nvidia
from cyborg.objects import device_profile as dp_obj
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.fixtures import nvidia_smi
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF

HOSTS = ('n1', 'n2')
BIG = 'CUSTOM_CLASS_GPU_40G'
SELECTOR = [{'key': 'type', 'op': '==', 'value': 'GPU'},
            {'key': 'memory_mb', 'op': '>=', 'value': 40960}]
# The memory (MiB) the agents report for each host's GPUs, in bus order.
MEMORY = {'n1': (16384, 81920, 40960), 'n2': (24576, 49152)}


def _gpu(host, n):
    return '%s_FakeDevice_gpu%d' % (host, n)


class _DeviceClassMixin(placement_fixture.PlacementMixin):

    def setUp(self):
        super().setUp()
        self.use_placement(list(HOSTS))
        self.flags(service_down_time=600)
        self.generation = 0
        for host in HOSTS:
            service_queries.heartbeat(self.context, host, 'cyborg-agent')
            self._report(host, MEMORY[host])

    def _report(self, host, memory, driver=None):
        """The fake driver's GPUs (of *driver*, if given), each reporting
        its memory as a driver that reads it does (vendor_board_info
        ``memory_mb``).
        """
        self.flags(group='fake_driver', devices=['gpu=%d' % len(memory)])
        records = (driver or fake.FakeDriver(CONF, host)).discover()
        for record, mib in zip(records, memory):
            record.vendor_board_info = dict(record.vendor_board_info,
                                            memory_mb=str(mib))
        self.generation += 1
        answer = reports.report(
            self.context, self.client, host, self.generation,
            hardware.inventory_hash(records),
            hardware.HardwareList(objects=records))
        self.assertEqual('stored', answer['status'])

    def _with_trait(self, trait=BIG):
        """The names of the providers that have *trait*, of every host."""
        return sorted(name for host in HOSTS
                      for name, rp in self.placement.tree(host).items()
                      if trait in rp['traits'])

    def _candidates(self, required):
        params = {'resources1': 'PGPU:1', 'required1': required,
                  'group_policy': 'none'}
        resp = self.placement.adapter.get(
            '/allocation_candidates', params=params, microversion='1.36',
            raise_exc=False)
        self.assertEqual(200, resp.status_code, resp.text)
        return sorted(rp for request in resp.json()['allocation_requests']
                      for rp in request['mappings']['1'])

    def _create(self, name='gpu_40g', selector=SELECTOR):
        created, hosts = device_class_ops.create(self.context, name,
                                                 selector)
        self.assertEqual(list(HOSTS), hosts)
        placement_push.push_hosts(self.context, self.client, hosts)
        return created

    def test_trait_on_exactly_the_matching_providers(self):
        created = self._create()
        self.assertEqual(BIG, created['trait'])
        matching = [_gpu('n1', 1), _gpu('n1', 2), _gpu('n2', 1)]
        self.assertEqual(matching, self._with_trait())
        for host in HOSTS:
            self.assertFalse(host_queries.get_all(
                self.context, host=host)[0]['needs_sync'])
        # As Nova's scheduler asks for a group requiring the class.
        self.assertEqual(
            sorted(placement_sync.rp_uuid(name) for name in matching),
            self._candidates(BIG))
        # Placement agrees with the database: nothing for heal to do.
        self.assertEqual([], placement_audit.audit(self.context,
                                                   self.client))

    def test_a_profile_requiring_the_class_binds_its_devices(self):
        # Nova binds to the provider Placement chose for the group; the
        # conductor's check (2.4 on) finds the class trait on it too.
        self._create()
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='big-gpu',
            description=None,
            groups=[{'resources:PGPU': '1', 'trait:' + BIG: 'required'}]))

        nova = nova_boot.NovaBoot(context=self.context)

        def bind(name):
            [arq] = nova.create('big-gpu')
            return nova.bind([arq], 'n1', placement_sync.rp_uuid(name),
                             uuidutils.generate_uuid(),
                             check_provider='refuse')[arq]

        self.assertEqual(states.BOUND, bind(_gpu('n1', 1)))
        exc = self.assertRaises(exception.BindProviderMismatch, bind,
                                _gpu('n1', 0))
        self.assertIn('lacks the required trait %s' % BIG, exc.message)

    def test_trait_follows_the_devices(self):
        self._create()
        # n1's 80 GiB GPU is replaced by a 16 GiB one, its 40 GiB GPU
        # goes, and n2's 24 GiB GPU becomes a 48 GiB one.
        self._report('n1', (16384, 16384))
        self._report('n2', (49152, 49152))
        self.assertEqual([_gpu('n2', 0), _gpu('n2', 1)], self._with_trait())
        self.assertEqual(
            sorted(placement_sync.rp_uuid(_gpu('n2', n)) for n in (0, 1)),
            self._candidates(BIG))
        self.assertNotIn(_gpu('n1', 2), self.placement.tree('n1'))
        self.assertEqual([], placement_audit.audit(self.context,
                                                   self.client))

    def test_two_classes_and_a_delete(self):
        self._create()
        self._create('small', [{'key': 'memory_mb', 'op': '<',
                                'value': 40960}])
        self.assertEqual([_gpu('n1', 0), _gpu('n2', 0)],
                         self._with_trait('CUSTOM_CLASS_SMALL'))
        hosts = device_class_ops.delete(self.context, 'GPU_40G')
        self.assertEqual(list(HOSTS), hosts)
        placement_push.push_hosts(self.context, self.client, hosts)
        self.assertEqual([], self._with_trait())
        self.assertEqual([_gpu('n1', 0), _gpu('n2', 0)],
                         self._with_trait('CUSTOM_CLASS_SMALL'))

    def test_a_class_cleans_its_devices_from_its_answer(self):
        # The cleaning fault test's failure: a tenant who left right after
        # a class with cleaning was created was not cleaned, its devices'
        # policy waiting for the push.  No push here: the class's own
        # transaction writes it, and its update and delete too.
        def policies():
            return {d['hostname'] + str(d['id']): d['clean_steps']
                    for d in device_queries.get_all(self.context)}

        self.assertEqual({None}, set(policies().values()))
        device_class_ops.create(self.context, 'gpu_40g', SELECTOR,
                                cleaning_policy='on')
        matching = [p for p in policies().values() if p is not None]
        self.assertEqual(3, len(matching))
        self.assertEqual(2, list(policies().values()).count(None))
        device_class_ops.update(self.context, 'gpu_40g',
                                {'cleaning': 'off'})
        self.assertEqual({None}, set(policies().values()))
        device_class_ops.update(self.context, 'gpu_40g',
                                {'cleaning': 'on'})
        device_class_ops.delete(self.context, 'gpu_40g')
        self.assertEqual({None}, set(policies().values()))

    def _capacity(self, name='GPU_40G'):
        """The capacity view of the class: {host: (total, free)}."""
        hosts, _totals = capacity_queries.view(
            self.context, servicegroup.up_since(),
            deployable_ids=capacity_api.class_deployables(self.context, name))
        return {row.host: (row.total, row.total - row.bound - row.reserved)
                for row in hosts}

    def test_capacity_counts_what_the_class_selects(self):
        # The capacity view of a class counts the handles of exactly the
        # deployables it selects, from the moment it exists (issue 64: not
        # after the push), and follows them.
        self.assertEqual({}, self._capacity())
        device_class_ops.create(self.context, 'gpu_40g', SELECTOR)
        self.assertEqual({'n1': (2, 2), 'n2': (1, 1)}, self._capacity())
        device_class_ops.delete(self.context, 'gpu_40g')
        self._create()
        self.assertEqual({'n1': (2, 2), 'n2': (1, 1)}, self._capacity())
        self._create('small', [{'key': 'memory_mb', 'op': '<',
                                'value': 40960}])
        self.assertEqual({'n1': (1, 1), 'n2': (1, 1)},
                         self._capacity('SMALL'))
        self._report('n2', (49152, 49152))
        self.assertEqual({'n1': (2, 2), 'n2': (2, 2)}, self._capacity())
        hosts = device_class_ops.delete(self.context, 'GPU_40G')
        placement_push.push_hosts(self.context, self.client, hosts)
        self.assertEqual({}, self._capacity())

    def test_a_class_of_the_operators_attribute_outlives_a_reconfiguration(
            self):
        # The attribute was deleted with the PGPU's deployable when the
        # GPU went to MIG instances: the class lost its trait and its
        # capacity view found nothing.
        [pgpu] = deployable_queries.get_all(
            self.context, filters={'name': _gpu('n2', 0)})
        attribute_ops.create(self.context, pgpu['id'], 'pool', 'ml',
                             placement=self.client)
        self._create('ml', [{'key': 'pool', 'op': '==', 'value': 'ml'}])
        self.assertEqual([_gpu('n2', 0)], self._with_trait('CUSTOM_CLASS_ML'))
        self.flags(group='fake_driver', devices=['gpu=2'])
        driver = fake.FakeDriver(CONF, 'n2')
        driver.configure(driver.discover()[0].address,
                         {'mode': 'mig', 'mig_layout': '3g.40gb,3g.40gb'})
        self._report('n2', MEMORY['n2'], driver)
        self.assertEqual([_gpu('n2', 0) + '_mig0', _gpu('n2', 0) + '_mig1'],
                         self._with_trait('CUSTOM_CLASS_ML'))
        self.assertEqual({'n2': (2, 2)}, self._capacity('ML'))

    def test_without_a_client_the_periodic_task_pushes(self):
        created, hosts = device_class_ops.create(self.context, 'gpu_40g',
                                                 SELECTOR)
        placement_push.push_hosts(self.context, None, hosts)
        self.assertEqual([], self._with_trait())
        self.assertEqual(list(HOSTS),
                         sorted(reports.periodic(self.context,
                                                   self.client)))
        self.assertEqual(3, len(self._with_trait()))

    def test_through_the_conductor(self):
        # The RPC methods, as the API calls them: the answer comes first,
        # the pushes from the conductor's work pool.
        conductor = manager.ConductorManager('c1', 'cyborg-conductor',
                                             placement=self.client)
        self.addCleanup(conductor.del_host, self.context)
        created = conductor.devices.device_class_create(
            self.context, 'gpu_40g', SELECTOR)
        self.assertEqual('GPU_40G', created['name'])
        self._wait_for(lambda: len(self._with_trait()) == 3)
        conductor.devices.device_class_delete(self.context, 'gpu_40g')
        self._wait_for(lambda: not self._with_trait())

    def _wait_for(self, condition, timeout=60):
        deadline = time.monotonic() + timeout
        while not condition():
            self.assertLess(time.monotonic(), deadline,
                            'the conductor did not push in time')
            time.sleep(0.05)


class _GpuFactsMixin(placement_fixture.PlacementMixin,
                     sysfs.FakeHostMixin):

    MODE = sysfs.SYSFS_ROOT
    BUILDER = staticmethod(fakesys.mig_host)

    def setUp(self):
        super().setUp()
        self.use_placement(['n1'])
        service_queries.heartbeat(self.context, 'n1', 'cyborg-agent')
        self.useFixture(nvidia_smi.FakeNvidiaSmi())
        records = nvidia.NvidiaGpuDriver(
            CONF, 'n1', pci_host=self.pci_host).discover()
        reports.report(self.context, self.client, 'n1', 1,
                         hardware.inventory_hash(records),
                         hardware.HardwareList(objects=records))

    def _classes(self, **selectors):
        for name, selector in selectors.items():
            _created, hosts = device_class_ops.create(self.context, name,
                                                      selector)
        placement_push.push_hosts(self.context, self.client, hosts)

    def _with_trait(self, trait):
        return sorted(name for name, rp in self.placement.tree('n1').items()
                      if trait in rp['traits'])

    def _candidates(self, resources, required):
        params = {'resources1': resources, 'required1': required,
                  'group_policy': 'none'}
        resp = self.placement.adapter.get(
            '/allocation_candidates', params=params, microversion='1.36',
            raise_exc=False)
        self.assertEqual(200, resp.status_code, resp.text)
        return sorted(rp for request in resp.json()['allocation_requests']
                      for rp in request['mappings']['1'])

    def test_classes_over_what_the_gpu_driver_reports(self):
        a100 = 'n1_%s_gi' % fakesys.MIG_A100
        self._classes(
            hopper_3g=[{'key': 'mig_profile', 'op': '==',
                        'value': '3g.40gb'},
                       {'key': 'compute_capability', 'op': '>=',
                        'value': 9.0}],
            gpu_80g=[{'key': 'memory_mb', 'op': '>=', 'value': 81920}],
            recent_driver=[{'key': 'driver_version', 'op': '>=',
                            'value': '550.54'}])
        h100_3g = 'n1_%s_gi2' % fakesys.MIG_H100
        self.assertEqual([h100_3g],
                         self._with_trait('CUSTOM_CLASS_HOPPER_3G'))
        # 3g.40gb instances are on both GPUs; the class asks for Hopper.
        self.assertEqual(2, len(self._candidates('CUSTOM_MIG_3G_40GB:1',
                                                 'OWNER_CYBORG')))
        self.assertEqual([placement_sync.rp_uuid(h100_3g)],
                         self._candidates('CUSTOM_MIG_3G_40GB:1',
                                          'CUSTOM_CLASS_HOPPER_3G'))
        # The A100 has 81920 MiB, the H100s 81559.
        big = self._with_trait('CUSTOM_CLASS_GPU_80G')
        self.assertTrue(big)
        self.assertEqual([], [name for name in big
                              if not name.startswith(a100)])
        # Every GPU instance has the driver's version.
        self.assertEqual(sorted(self.placement.tree('n1')),
                         self._with_trait('CUSTOM_CLASS_RECENT_DRIVER'))


class TestDeviceClassSQLite(_DeviceClassMixin, base.DbTestCase):
    BACKEND = 'sqlite'


class TestDeviceClassMySQL(_DeviceClassMixin, base.DbTestCase):
    BACKEND = 'mysql'
    PLACEMENT_BACKEND = 'mysql'


class TestGpuFactsSQLite(_GpuFactsMixin, base.DbTestCase):
    BACKEND = 'sqlite'
