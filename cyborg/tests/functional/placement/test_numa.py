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
"""A device profile's NUMA trait, asked of the real Placement.

The gpu driver reads recorded sysfs trees (GPUs on NUMA nodes 0 and 1,
one with no node; for MIG, GPU instances of one profile on two GPUs of
different nodes), the conductor publishes its report, and Placement is
asked for allocation candidates as Nova's scheduler asks for a device
profile's group: ``required=CUSTOM_NUMA_NODE_1`` leaves only the device on
node 1.  On SQLite and on MariaDB.
"""

from cyborg import conf as cyborg_conf
from cyborg.conductor.inventory import reports
from cyborg.conductor.placement import sync as placement_sync
from cyborg.db.queries import service as service_queries
from cyborg.drivers.gpu import nvidia
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import nvidia_smi
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF
HOST = 'n1'


class _NumaMixin(placement_fixture.PlacementMixin, sysfs.FakeHostMixin):

    MODE = sysfs.SYSFS_ROOT

    def setUp(self):
        super().setUp()
        self.use_placement([HOST])
        service_queries.heartbeat(self.context, HOST, 'cyborg-agent')
        self.useFixture(nvidia_smi.FakeNvidiaSmi())
        records = nvidia.NvidiaGpuDriver(
            CONF, HOST, pci_host=self.pci_host).discover()
        answer = reports.report(
            self.context, self.client, HOST, 1,
            hardware.inventory_hash(records),
            hardware.HardwareList(objects=records))
        self.assertEqual('stored', answer['status'])

    def _candidates(self, resources, required=None):
        """The providers of each allocation candidate of one request
        group, as Nova's scheduler asks for a device profile's group.
        """
        params = {'resources1': resources, 'group_policy': 'none'}
        if required:
            params['required1'] = required
        resp = self.placement.adapter.get(
            '/allocation_candidates', params=params, microversion='1.36',
            raise_exc=False)
        self.assertEqual(200, resp.status_code, resp.text)
        body = resp.json()
        return sorted(rp for request in body['allocation_requests']
                      for rp in request['mappings']['1'])

    def _rp(self, suffix):
        return placement_sync.rp_uuid('%s_%s' % (HOST, suffix))


class _PgpuTests(_NumaMixin):

    def test_numa_node_1_only(self):
        t4 = self._rp(fakesys.T4)
        # Without the trait: every whole GPU (T4 on node 1, L40 on node 0,
        # the unbound one with no node).
        self.assertEqual(sorted([t4, self._rp(fakesys.L40),
                                 self._rp(fakesys.NVIDIA_UNBOUND)]),
                         self._candidates('PGPU:1'))
        self.assertEqual([t4], self._candidates(
            'PGPU:1', 'CUSTOM_NUMA_NODE_1'))
        self.assertEqual([self._rp(fakesys.L40)], self._candidates(
            'PGPU:1', 'CUSTOM_NUMA_NODE_0'))
        # Forbidding node 1 leaves the other two.
        self.assertEqual(2, len(self._candidates('PGPU:1',
                                                 '!CUSTOM_NUMA_NODE_1')))


class _MigTests(_NumaMixin):

    BUILDER = staticmethod(fakesys.mig_host)

    def test_mig_instance_on_numa_node_1(self):
        # A 3g.40gb instance on each GPU: the A100's on node 0, the
        # H100's on node 1.
        a100 = self._rp('%s_gi2' % fakesys.MIG_A100)
        h100 = self._rp('%s_gi2' % fakesys.MIG_H100)
        self.assertEqual(sorted([a100, h100]),
                         self._candidates('CUSTOM_MIG_3G_40GB:1'))
        self.assertEqual([h100], self._candidates(
            'CUSTOM_MIG_3G_40GB:1',
            'CUSTOM_NUMA_NODE_1,CUSTOM_NVIDIA_MIG_3G_40GB'))
        self.assertEqual([a100], self._candidates(
            'CUSTOM_MIG_3G_40GB:1', 'CUSTOM_NUMA_NODE_0'))


class TestPgpuNumaSQLite(_PgpuTests, base.DbTestCase):
    BACKEND = 'sqlite'


class TestPgpuNumaMySQL(_PgpuTests, base.DbTestCase):
    BACKEND = 'mysql'
    PLACEMENT_BACKEND = 'mysql'


class TestMigNumaSQLite(_MigTests, base.DbTestCase):
    BACKEND = 'sqlite'


class TestMigNumaMySQL(_MigTests, base.DbTestCase):
    BACKEND = 'mysql'
    PLACEMENT_BACKEND = 'mysql'
