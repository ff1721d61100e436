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
"""Tests of the Inspur drivers: inspur_nvme_ssd and inspur_fpga."""

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.drivers.fpga import card
from cyborg.drivers.fpga import inspur as inspur_fpga
from cyborg.drivers.ssd import inspur as inspur_ssd
from cyborg.tests import base
from cyborg.tests.fixtures import cleaning as clean_fixture
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF


def _handle_address(handle):
    return '{domain}:{bus}:{device}.{function}'.format(**handle.attach_info)


class _InspurTests(sysfs.FakeHostMixin):

    BUILDER = staticmethod(fakesys.vendor_host)

    def test_nvme_ssd(self):
        driver = inspur_ssd.InspurNvmeSsdDriver(CONF, 'compute1',
                                                pci_host=self.pci_host)
        [record] = driver.discover()
        self.assertEqual((fakesys.INSPUR_SSD, 'SSD', '0x1bd4', '0x1003'),
                         (record.address, record.type, record.vendor,
                          record.product))
        [dep] = record.deployables
        self.assertEqual(('compute1_' + fakesys.INSPUR_SSD, 'CUSTOM_SSD', 1),
                         (dep.name, dep.resource_class,
                          dep.num_accelerators))
        self.assertEqual(['CUSTOM_NUMA_NODE_0', 'CUSTOM_SSD_INSPUR',
                          'CUSTOM_SSD_PRODUCT_ID_1003'], dep.traits)
        [handle] = dep.attach_handles
        self.assertEqual(('PCI', fakesys.INSPUR_SSD),
                         (handle.attach_type, _handle_address(handle)))
        self.assertEqual(['nvme0'],
                         record.acc_specs.acc_capability['block_devices'])

    def test_fpga(self):
        driver = inspur_fpga.InspurFpgaDriver(CONF, 'compute1',
                                              pci_host=self.pci_host)
        # The Inspur SSD is not an FPGA (the existing Cyborg took it).
        [record] = driver.discover()
        self.assertEqual((fakesys.INSPUR_FPGA, 'FPGA'),
                         (record.address, record.type))
        [dep] = record.deployables
        self.assertEqual(('compute1_' + fakesys.INSPUR_FPGA, 'FPGA', 1,
                          'inspur_fpga'),
                         (dep.name, dep.resource_class,
                          dep.num_accelerators, dep.driver_name))
        self.assertEqual(['CUSTOM_FPGA_INSPUR', 'CUSTOM_FPGA_PRODUCT_ID_A115',
                          'CUSTOM_NUMA_NODE_0'], dep.traits)
        self.assertEqual([fakesys.INSPUR_FPGA],
                         [_handle_address(h) for h in dep.attach_handles])

    def test_fpga_programming_is_not_supported(self):
        driver = inspur_fpga.InspurFpgaDriver(CONF, 'compute1',
                                              pci_host=self.pci_host)
        self.assertRaises(exception.UnsupportedOperation, driver.program,
                          fakesys.INSPUR_FPGA, '/tmp/image')
        self.assertRaises(exception.DriverDeviceNotFound, driver.program,
                          fakesys.INSPUR_SSD, '/tmp/image')

    def test_the_fpga_driver_reports_inspur_cards(self):
        driver = card.FpgaDriver(CONF, 'compute1', pci_host=self.pci_host)
        [record] = driver.discover()
        self.assertEqual(('fpga', 'fpga'),
                         (record.driver, record.deployables[0].driver_name))
        self.assertRaises(exception.UnsupportedOperation, driver.program,
                          fakesys.INSPUR_FPGA, '/tmp/image')
        # Nothing documented restores the card: no clean step of its own.
        self.assertEqual([], driver.clean_steps(record))
        self.assertRaises(exception.UnsupportedOperation, clean_fixture.clean,
                          driver,
                          fakesys.INSPUR_FPGA, ['load_clean_image'], 10)


class InspurUdevTestCase(_InspurTests, base.TestCase):
    MODE = sysfs.UDEV


class InspurSysfsRootTestCase(_InspurTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT
