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
"""Tests of the PCI/sysfs layer, through pyudev (umockdev) and SysfsRoot."""

import os

import fixtures

from cyborg.drivers import pci
from cyborg.tests import base
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import sysfs


class _PciTests(sysfs.FakeHostMixin):

    def _devices(self):
        return pci.by_address(self.pci_host)

    def test_enumerates_every_function(self):
        devices = self._devices()
        self.assertIn(fakesys.N3000, devices)
        self.assertIn(fakesys.VIRTIO_RNG, devices)
        self.assertEqual(sorted(devices), list(devices))
        self.assertEqual(19, len(devices))

    def test_pci_facts(self):
        dev = self._devices()[fakesys.N3000]
        self.assertEqual(('8086', '0b30', '120000'),
                         (dev.vendor_id, dev.product_id, dev.class_code))
        self.assertEqual('dfl-pci', dev.driver)
        self.assertEqual('40', dev.iommu_group)
        self.assertEqual(0, dev.numa_node)
        self.assertEqual(1, dev.sriov_totalvfs)
        self.assertEqual(pci.TYPE_PF, dev.device_type)

    def test_sriov_links(self):
        devices = self._devices()
        self.assertEqual(list(fakesys.C62X_VFS), devices[fakesys.C62X].virtfns)
        vf = devices[fakesys.C62X_VFS[1]]
        self.assertEqual(fakesys.C62X, vf.physfn)
        self.assertEqual(pci.TYPE_VF, vf.device_type)
        self.assertIsNone(vf.driver)

    def test_odd_devices(self):
        dev = self._devices()[fakesys.NVIDIA_UNBOUND]
        self.assertIsNone(dev.driver)
        self.assertIsNone(dev.numa_node)
        self.assertIsNone(dev.iommu_group)
        self.assertEqual(pci.TYPE_PCI, dev.device_type)
        self.assertEqual([], dev.virtfns)
        self.assertEqual('absent', dev.attr('no_such_attribute', 'absent'))

    def test_glob_and_read_below_the_device(self):
        dev = self._devices()[fakesys.N3000]
        paths = dev.glob('fpga_region/region*/dfl-port.*/afu_id')
        self.assertEqual(['fpga_region/region0/dfl-port.0/afu_id'], paths)
        self.assertEqual(fakesys.N3000_AFU, dev.read(paths[0]))
        self.assertEqual([], dev.glob('fpga/intel-fpga-dev.*'))

    def test_mdev_types(self):
        types = self._devices()[fakesys.T4].mdev_types()
        self.assertEqual(['nvidia-222', 'nvidia-223'],
                         [t['id'] for t in types])
        self.assertEqual('GRID T4-1B', types[0]['name'])
        self.assertEqual(15, types[0]['available_instances'])
        self.assertEqual(['7d5bc7a6-1d3b-4b4c-8d31-5d8c5b8a1b11'],
                         types[0]['devices'])

    def test_write_lands_in_the_tree(self):
        dev = self._devices()[fakesys.A100_VFS[0]]
        dev.write('nvidia/current_vgpu_type', '692')
        real = self.fs.real_path(
            '/sys/devices/pci0000:41/%s/nvidia/current_vgpu_type' %
            fakesys.A100_VFS[0])
        with open(real) as f:
            self.assertEqual('692', f.read())

    def test_probe_writes_the_bus_drivers_probe(self):
        dev = self._devices()[fakesys.C62X_VFS[1]]
        self.assertEqual(self.fake.sysfs_root, dev.sysfs_root)
        dev.probe()
        with open(self.fs.real_path('/sys/bus/pci/drivers_probe')) as f:
            self.assertEqual(fakesys.C62X_VFS[1], f.read())

    def test_uncached_sees_a_change(self):
        dev = self._devices()[fakesys.C62X_VFS[1]]
        fresh = dev.uncached()
        self.fs.bind(fakesys.C62X_VFS[1], 'vfio-pci')
        self.assertEqual(('vfio-pci', fakesys.C62X_VFS[1]),
                         (fresh.driver, fresh.address))

    def test_virtfn_devices(self):
        pf = self._devices()[fakesys.C62X]
        self.assertEqual(list(fakesys.C62X_VFS),
                         [vf.address for vf in pf.virtfn_devices()])
        self.assertEqual('c6xxvf', pf.virtfn_devices()[0].driver)
        self.fs.remove_vf(fakesys.C62X_VFS[0])
        self.assertEqual([fakesys.C62X_VFS[1]],
                         [vf.address for vf in pf.virtfn_devices()])
        self.assertEqual([fakesys.C62X_VFS[1]], pf.virtfns)

    def test_a_link_removed_while_read_is_left_out(self):
        # The kernel removes a PF's VFs one by one after sriov_numvfs is
        # written 0: a virtfnN link (or a device's link under
        # /sys/bus/pci/devices) can go between the lstat that finds it a
        # link and the readlink of os.path.realpath, which then raised
        # FileNotFoundError out of the agent's configure() (seen in CI:
        # a QAT's 8 VFs set to 4 failed).
        pf = self._devices()[fakesys.C62X]
        self._links_gone_at_readlink(fakesys.C62X_VFS[0])
        self.assertEqual([fakesys.C62X_VFS[1]],
                         [vf.address for vf in pf.virtfn_devices()])

    def _links_gone_at_readlink(self, address):
        """Every link to *address* is there for lstat and gone for
        readlink.
        """
        real_readlink = os.readlink

        def readlink(path, *args, **kwargs):
            target = real_readlink(path, *args, **kwargs)
            if os.path.basename(target) == address:
                raise FileNotFoundError(2, 'No such file or directory',
                                        path)
            return target

        self.useFixture(fixtures.MockPatch('os.readlink',
                                           side_effect=readlink))

    def test_std_board_info(self):
        info = self._devices()[fakesys.C62X_VFS[0]].std_board_info()
        self.assertEqual({'vendor_id': '8086', 'product_id': '37c9',
                          'class_code': '0b4000',
                          'subsystem_vendor_id': '8086',
                          'subsystem_product_id': '0000',
                          'kernel_driver': 'c6xxvf', 'numa_node': '0',
                          'iommu_group': '21', 'device_type': 'type-VF'},
                         info)


class PciUdevTestCase(_PciTests, base.TestCase):
    MODE = sysfs.UDEV

    def test_udev_sees_the_fake_tree_only(self):
        # The real /sys is hidden while UMOCKDEV_DIR is set.
        self.assertTrue(os.path.isdir(
            '/sys/bus/pci/devices/' + fakesys.N3000))
        self.assertEqual(
            sorted(os.listdir(self.fs.real_path('/sys/bus/pci/devices'))),
            sorted(os.listdir('/sys/bus/pci/devices')))


class PciSysfsRootTestCase(_PciTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT

    def test_a_device_link_removed_while_read_is_left_out(self):
        # /sys/bus/pci/devices/<address> as the VF goes (SysfsRoot reads
        # the links itself; under umockdev pyudev enumerates).
        self._links_gone_at_readlink(fakesys.C62X_VFS[0])
        devices = self._devices()
        self.assertNotIn(fakesys.C62X_VFS[0], devices)
        self.assertIn(fakesys.C62X_VFS[1], devices)

    def test_missing_tree_has_no_devices(self):
        self.assertEqual([], sysfs.SysfsRoot('/nonexistent').pci_devices())

    def test_sysfs_root_is_the_last_sys_devices(self):
        dev = pci.PciDevice('/x/sys/devices/y/sys/devices/pci0000:00/'
                            '0000:00:01.0')
        self.assertEqual('/x/sys/devices/y/sys', dev.sysfs_root)
        self.assertRaises(ValueError, getattr,
                          pci.PciDevice('/x/0000:00:01.0'), 'sysfs_root')
