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
"""The fake kernel reacts to SR-IOV and binding writes as Linux does."""

import os

from cyborg.drivers import pci
from cyborg.tests import base
from cyborg.tests.fixtures import fake_kernel
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import sysfs

QAT_VFS = ('0000:6b:00.1', '0000:6b:00.2', '0000:6b:00.3', '0000:6b:00.4')


class _FakeKernelTests(sysfs.FakeHostMixin):
    """Writes go as Cyborg's do (pci.write_sysfs, below the device's
    sys_path): to the tree seen as /sys, or below a SysfsRoot.
    """

    BUILDER = staticmethod(fakesys.sriov_host)

    def setUp(self):
        super().setUp()
        self.kernel = self.useFixture(fake_kernel.FakeKernel(self.fs))

    def _dev(self, address):
        return pci.by_address(self.pci_host)[address].uncached()

    def _write(self, address, relpath, value):
        self._dev(address).write(relpath, value)
        self.kernel.settle()

    def test_vfs_made_and_removed(self):
        self._write(fakesys.SRIOV_QAT, 'sriov_numvfs', 4)
        pf = self._dev(fakesys.SRIOV_QAT)
        self.assertEqual(list(QAT_VFS), pf.virtfns)
        self.assertEqual('4', pf.read('sriov_numvfs'))
        devices = pci.by_address(self.pci_host)
        vf = devices[QAT_VFS[0]]
        self.assertEqual(('8086', '4941', '0b4000', fakesys.SRIOV_QAT,
                          pci.TYPE_VF, None),
                         (vf.vendor_id, vf.product_id, vf.class_code,
                          vf.physfn, vf.device_type, vf.driver))
        self.assertEqual(['1000', '1001', '1002', '1003'],
                         [devices[a].iommu_group for a in QAT_VFS])
        self.assertEqual(fake_kernel.NO_OVERRIDE,
                         vf.read('driver_override'))
        self._write(fakesys.SRIOV_QAT, 'sriov_numvfs', 0)
        self.assertEqual([], self._dev(fakesys.SRIOV_QAT).virtfns)
        self.assertNotIn(QAT_VFS[0], pci.by_address(self.pci_host))
        self.assertEqual(['4', '0'],
                         self.kernel.writes('sriov_numvfs',
                                            fakesys.SRIOV_QAT))
        self.assertEqual([], self.kernel.refusals)

    def test_new_vfs_probed_unless_autoprobe_is_off(self):
        self._write(fakesys.SRIOV_NIC, 'sriov_numvfs', 2)
        devices = pci.by_address(self.pci_host)
        vfs = self._dev(fakesys.SRIOV_NIC).virtfns
        # The first VF of an X710 is 16 routing ids after its PF.
        self.assertEqual(['0000:18:02.0', '0000:18:02.1'], vfs)
        self.assertEqual(['iavf', 'iavf'], [devices[a].driver for a in vfs])
        self._write(fakesys.SRIOV_NIC, 'sriov_numvfs', 0)
        self._write(fakesys.SRIOV_NIC, 'sriov_drivers_autoprobe', 0)
        self._write(fakesys.SRIOV_NIC, 'sriov_numvfs', 2)
        devices = pci.by_address(self.pci_host)
        self.assertEqual([None, None], [devices[a].driver for a in vfs])

    def test_another_count_refused_while_vfs_are_enabled(self):
        self._write(fakesys.SRIOV_C62X, 'sriov_numvfs', 4)
        self._write(fakesys.SRIOV_QAT, 'sriov_numvfs', 17)
        self._write(fakesys.SRIOV_QAT, 'sriov_numvfs', 'many')
        self.assertEqual([(fakesys.SRIOV_C62X, '4', 'EBUSY'),
                          (fakesys.SRIOV_QAT, '17', 'ERANGE'),
                          (fakesys.SRIOV_QAT, 'many', 'EINVAL')],
                         self.kernel.refusals)
        c62x = self._dev(fakesys.SRIOV_C62X)
        self.assertEqual((list(fakesys.SRIOV_C62X_VFS), '2'),
                         (c62x.virtfns, c62x.read('sriov_numvfs')))
        self.assertEqual('0', self._dev(fakesys.SRIOV_QAT).read(
            'sriov_numvfs'))

    def test_rebind_through_override_unbind_and_probe(self):
        vf = fakesys.SRIOV_C62X_VFS[0]
        self._write(vf, 'driver_override', 'vfio-pci')
        # The override alone changes nothing.
        self.assertEqual('c6xxvf', self._dev(vf).driver)
        self._write(vf, 'driver/unbind', vf)
        self.assertIsNone(self._dev(vf).driver)
        self._dev(vf).probe()
        self.kernel.settle()
        self.assertEqual(('vfio-pci', 'vfio-pci'),
                         (self._dev(vf).driver,
                          self._dev(vf).read('driver_override')))
        # Cleared, the function goes back to the kernel's own match.
        dev = self._dev(vf)
        dev.write('driver_override', '\n')
        dev.write('driver/unbind', vf)
        dev.probe()
        self.kernel.settle()
        self.assertEqual(('c6xxvf', fake_kernel.NO_OVERRIDE),
                         (self._dev(vf).driver,
                          self._dev(vf).read('driver_override')))
        self.assertEqual([('driver_override', vf, 'vfio-pci'),
                          ('unbind', vf, 'c6xxvf'),
                          ('drivers_probe', vf, 'vfio-pci'),
                          ('driver_override', vf, ''),
                          ('unbind', vf, 'vfio-pci'),
                          ('drivers_probe', vf, 'c6xxvf')],
                         self.kernel.events)

    def test_override_naming_a_driver_not_loaded(self):
        vf = fakesys.SRIOV_C62X_VFS[1]
        dev = self._dev(vf)
        dev.write('driver_override', 'qat_vfio_pci')
        dev.write('driver/unbind', vf)
        dev.probe()
        self.kernel.settle()
        self.assertIsNone(self._dev(vf).driver)
        # A function bound to another driver is not unbound.
        pci.write_sysfs(os.path.join(dev.sysfs_root,
                                     'bus/pci/drivers/vfio-pci/unbind'),
                        fakesys.SRIOV_C62X_VFS[0])
        self.kernel.settle()
        self.assertEqual([(fakesys.SRIOV_C62X_VFS[0], 'unbind vfio-pci',
                           'ENODEV')], self.kernel.refusals)

    def test_driver_enabling_all_vfs(self):
        self.kernel.enable_all_vfs(fakesys.SRIOV_QAT)
        self._write(fakesys.SRIOV_QAT, 'sriov_numvfs', 4)
        pf = self._dev(fakesys.SRIOV_QAT)
        self.assertEqual((16, '16'), (len(pf.virtfns),
                                      pf.read('sriov_numvfs')))

    def test_reboot(self):
        self._write(fakesys.SRIOV_QAT, 'sriov_numvfs', 4)
        self._write(QAT_VFS[0], 'driver_override', 'vfio-pci')
        self.kernel.reboot()
        for address in (fakesys.SRIOV_QAT, fakesys.SRIOV_C62X):
            pf = self._dev(address)
            self.assertEqual(([], '0'), (pf.virtfns,
                                         pf.read('sriov_numvfs')))
        self.assertEqual(fake_kernel.NO_OVERRIDE,
                         self._dev(fakesys.SRIOV_NIC).read(
                             'driver_override'))

    def test_broken_attribute_refuses_writes(self):
        self.kernel.break_attribute(fakesys.SRIOV_QAT, 'sriov_numvfs')
        self.assertRaises(OSError, self._dev(fakesys.SRIOV_QAT).write,
                          'sriov_numvfs', '4')

    def test_stalled_kernel_does_nothing(self):
        self.kernel.stall()
        self._write(fakesys.SRIOV_QAT, 'sriov_numvfs', 4)
        self.assertEqual([], self._dev(fakesys.SRIOV_QAT).virtfns)
        self.kernel.resume()
        self.kernel.settle()
        self.assertEqual(list(QAT_VFS),
                         self._dev(fakesys.SRIOV_QAT).virtfns)

    def test_vf_address(self):
        self.assertEqual('0000:6b:02.0',
                         fake_kernel.vf_address('0000:6b:00.0', 16))
        self.assertEqual('0000:19:00.0',
                         fake_kernel.vf_address('0000:18:1f.7', 1))


class FakeKernelUdevTestCase(_FakeKernelTests, base.TestCase):
    MODE = sysfs.UDEV


class FakeKernelSysfsRootTestCase(_FakeKernelTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT
