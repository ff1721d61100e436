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
"""Tests of the huawei_ascend driver (Ascend NPUs)."""

from cyborg import conf as cyborg_conf
from cyborg.drivers.aichip import huawei
from cyborg.tests import base
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF


class _AscendTests(sysfs.FakeHostMixin):

    BUILDER = staticmethod(fakesys.vendor_host)

    def _records(self):
        driver = huawei.AscendDriver(CONF, 'compute1',
                                     pci_host=self.pci_host)
        return {r.address: r for r in driver.discover()}

    def test_only_ascend_npus(self):
        self.assertEqual(
            sorted((fakesys.ASCEND_310, fakesys.ASCEND_310P) +
                   fakesys.ASCEND_910B), sorted(self._records()))

    def test_each_npu_is_a_custom_npu(self):
        records = self._records()
        npu = records[fakesys.ASCEND_910B[1]]
        self.assertEqual(('AICHIP', 'huawei_ascend', '0x19e5', '0xd802'),
                         (npu.type, npu.driver, npu.vendor, npu.product))
        [dep] = npu.deployables
        self.assertEqual(('compute1_' + fakesys.ASCEND_910B[1], 'CUSTOM_NPU',
                          1, 'huawei_ascend'),
                         (dep.name, dep.resource_class,
                          dep.num_accelerators, dep.driver_name))
        self.assertEqual(['CUSTOM_NPU_ASCEND_910B', 'CUSTOM_NPU_HUAWEI',
                          'CUSTOM_NPU_PRODUCT_ID_D802', 'CUSTOM_NUMA_NODE_0',
                          'OWNER_CYBORG'], dep.traits)
        [handle] = dep.attach_handles
        self.assertEqual(
            ('PCI', {'domain': '0000', 'bus': '42', 'device': '00',
                     'function': '0'}),
            (handle.attach_type, dict(handle.attach_info)))
        self.assertEqual('Ascend 910B', npu.acc_specs.acc_capability['model'])

    def test_models(self):
        records = self._records()
        self.assertIn('CUSTOM_NPU_ASCEND_310',
                      records[fakesys.ASCEND_310].deployables[0].traits)
        p310 = records[fakesys.ASCEND_310P]
        self.assertIn('CUSTOM_NPU_ASCEND_310P', p310.deployables[0].traits)
        self.assertEqual(1, p310.acc_specs.acc_capability['numa_node'])


class AscendUdevTestCase(_AscendTests, base.TestCase):
    MODE = sysfs.UDEV


class AscendSysfsRootTestCase(_AscendTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT
