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
"""Tests of the crypto (Intel QAT) driver."""

from cyborg import conf as cyborg_conf
from cyborg.drivers.crypto import qat
from cyborg.tests import base
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF


def _lone_vf_host(root):
    fs = fakesys.FakeSysfs(root)
    fs.add_pci('0000:00:07.0', 0x8086, 0x4941, 0x0b4000, driver='vfio-pci')
    return fs


class _QatTests(sysfs.FakeHostMixin):

    def _records(self):
        driver = qat.QatDriver(CONF, 'test-host', pci_host=self.pci_host)
        return {r.address: r for r in driver.discover()}

    def test_only_qat_devices(self):
        self.assertEqual([fakesys.C62X, fakesys.QAT_4XXX,
                          fakesys.QAT_4XXX_DOWN], sorted(self._records()))

    def test_pf_with_vfs_offers_each_vf(self):
        c62x = self._records()[fakesys.C62X]
        self.assertEqual('QAT', c62x.type)
        self.assertEqual(
            ['test-host_0000:3d:01.0', 'test-host_0000:3d:01.1'],
            [d.name for d in c62x.deployables])
        for dep in c62x.deployables:
            self.assertEqual(('CUSTOM_QAT', 1, 'crypto'),
                             (dep.resource_class, dep.num_accelerators,
                              dep.driver_name))
            self.assertEqual(['CUSTOM_NUMA_NODE_0', 'CUSTOM_QAT',
                              'CUSTOM_QAT_ASYM', 'CUSTOM_QAT_C62X',
                              'CUSTOM_QAT_DC', 'CUSTOM_QAT_SYM'], dep.traits)
        self.assertEqual(2, c62x.acc_specs.num)

    def test_configured_services_become_traits(self):
        gen4 = self._records()[fakesys.QAT_4XXX]
        [dep] = gen4.deployables
        self.assertEqual(['CUSTOM_NUMA_NODE_0', 'CUSTOM_QAT',
                          'CUSTOM_QAT_4XXX', 'CUSTOM_QAT_ASYM',
                          'CUSTOM_QAT_SYM'], dep.traits)
        self.assertEqual(['asym', 'sym'],
                         gen4.acc_specs.acc_capability['services'])
        self.assertEqual('up', gen4.acc_specs.acc_capability['qat_state'])

    def test_pf_down_offers_nothing(self):
        down = self._records()[fakesys.QAT_4XXX_DOWN]
        self.assertEqual([], down.deployables)
        self.assertEqual(('down', True), (down.acc_status.state,
                                          down.acc_status.setup_required))
        self.assertEqual(['dc'], down.acc_specs.acc_capability['services'])

    def test_parse_services(self):
        self.assertEqual(['asym', 'dc', 'sym'],
                         qat.parse_services('cy;dc'))
        self.assertEqual(['dc', 'sym'], qat.parse_services(' sym , dc '))
        self.assertEqual([], qat.parse_services(''))


class QatUdevTestCase(_QatTests, base.TestCase):
    MODE = sysfs.UDEV


class QatSysfsRootTestCase(_QatTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT


class QatLoneVfTestCase(sysfs.FakeHostMixin, base.TestCase):
    MODE = sysfs.SYSFS_ROOT
    BUILDER = staticmethod(_lone_vf_host)

    def test_vf_without_its_pf(self):
        driver = qat.QatDriver(CONF, 'h', pci_host=self.pci_host)
        [record] = driver.discover()
        self.assertEqual('0000:00:07.0', record.address)
        self.assertIn('CUSTOM_QAT_4XXX', record.deployables[0].traits)
