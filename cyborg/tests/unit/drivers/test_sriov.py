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
"""Tests of the SR-IOV configuration of a physical function, against the
fake kernel.
"""

from cyborg import exception
from cyborg.drivers import pci
from cyborg.drivers import sriov
from cyborg.tests import base
from cyborg.tests.fixtures import fake_kernel
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import sysfs

UUID = '5a1c7e4e-0000-4000-8000-000000000001'
C62X_DRIVERS = ['c6xxvf']


class _SriovTests(sysfs.FakeHostMixin):

    BUILDER = staticmethod(fakesys.sriov_host)

    def setUp(self):
        super().setUp()
        self.kernel = self.useFixture(fake_kernel.FakeKernel(self.fs))

    def _devices(self):
        return pci.by_address(self.pci_host)

    def _actual(self, address):
        devices = self._devices()
        return sriov.actual(devices[address], devices)

    def _configure(self, address, desired, vf_drivers=C62X_DRIVERS,
                   timeout=10):
        return sriov.configure(self._devices()[address], desired, UUID,
                               vf_drivers, timeout=timeout)

    def test_settable(self):
        pf = self._devices()[fakesys.SRIOV_C62X]
        self.assertEqual(
            {'num_vfs': {'type': 'integer', 'minimum': 0, 'maximum': 16},
             'vf_driver': {'type': 'string',
                           'enum': ['c6xxvf', 'vfio-pci']}},
            sriov.settable(pf.sriov_totalvfs,
                           ['c6xxvf', None, 'vfio-pci', 'c6xxvf']))
        self.assertEqual(['vfio-pci'], sriov.settable(16, [])[
            'vf_driver']['enum'])

    def test_actual_and_configuration(self):
        devices = self._devices()
        self.assertEqual(
            {'settable': sriov.settable(16, C62X_DRIVERS),
             'actual': {'num_vfs': 2, 'vf_driver': 'c6xxvf'}},
            sriov.configuration(devices[fakesys.SRIOV_C62X], devices,
                                C62X_DRIVERS))
        self.assertIsNone(sriov.configuration(
            devices[fakesys.SRIOV_QAT_OFF], devices, []))
        self.assertEqual({'num_vfs': 0, 'vf_driver': None},
                         self._actual(fakesys.SRIOV_QAT))
        # VFs on different drivers, or unbound, have no vf_driver.
        self.fs.unbind(fakesys.SRIOV_C62X_VFS[1])
        self.assertEqual({'num_vfs': 2, 'vf_driver': None},
                         self._actual(fakesys.SRIOV_C62X))
        self.fs.bind(fakesys.SRIOV_C62X_VFS[1], 'vfio-pci')
        self.assertEqual({'num_vfs': 2, 'vf_driver': None},
                         self._actual(fakesys.SRIOV_C62X))

    def test_count_changes_through_zero_and_keeps_the_driver(self):
        self._configure(fakesys.SRIOV_C62X, {'vf_driver': 'vfio-pci'})
        self._configure(fakesys.SRIOV_C62X, {'num_vfs': 4})
        self.assertEqual(['0', '4'], self.kernel.writes(
            'sriov_numvfs', fakesys.SRIOV_C62X))
        # Left out, vf_driver stays: the new VFs came up on c6xxvf and
        # were bound to vfio-pci again.
        self.assertEqual({'num_vfs': 4, 'vf_driver': 'vfio-pci'},
                         self._actual(fakesys.SRIOV_C62X))
        self._configure(fakesys.SRIOV_C62X, {'num_vfs': 0})
        self.assertEqual({'num_vfs': 0, 'vf_driver': None},
                         self._actual(fakesys.SRIOV_C62X))
        self.kernel.settle()
        self.assertEqual([], self.kernel.refusals)

    def test_host_driver_bound_by_clearing_the_override(self):
        self._configure(fakesys.SRIOV_C62X, {'vf_driver': 'vfio-pci'})
        self._configure(fakesys.SRIOV_C62X, {'vf_driver': 'c6xxvf'})
        self.assertEqual({'num_vfs': 2, 'vf_driver': 'c6xxvf'},
                         self._actual(fakesys.SRIOV_C62X))
        vf = fakesys.SRIOV_C62X_VFS[0]
        self.assertEqual(['vfio-pci', ''],
                         self.kernel.writes('driver_override', vf))
        # Any name but vfio-pci, when the caller cannot tell the host's
        # own drivers (None), is taken for one.
        self._configure(fakesys.SRIOV_C62X, {'vf_driver': 'vfio-pci'})
        self._configure(fakesys.SRIOV_C62X, {'vf_driver': 'c6xxvf'},
                        vf_drivers=None)
        self.assertEqual(['vfio-pci', '', 'vfio-pci', ''],
                         self.kernel.writes('driver_override', vf))

    def test_invalid(self):
        for desired, reason in (
                ({'num_vfs': 17},
                 'num_vfs 17: 0000:3d:00.0 takes 0 to 16 VFs'),
                ({'num_vfs': True}, 'num_vfs True is not a number'),
                ({'num_vfs': 0, 'vf_driver': 'vfio-pci'},
                 'vf_driver vfio-pci asked with no VF (num_vfs 0)'),
                ({'vf_driver': 'igb_uio'},
                 'vf_driver igb_uio: the VFs of 0000:3d:00.0 take '
                 'c6xxvf, vfio-pci')):
            exc = self.assertRaises(exception.DeviceConfigInvalid,
                                    self._configure, fakesys.SRIOV_C62X,
                                    desired)
            self.assertEqual('Invalid configuration of device %s: %s'
                             % (UUID, reason), str(exc))
        # Nothing was written.
        self.kernel.settle()
        self.assertEqual([], self.kernel.events)

    def test_a_driver_enabling_its_own_count_fails_at_once(self):
        self.kernel.enable_all_vfs(fakesys.SRIOV_QAT)
        exc = self.assertRaises(exception.DeviceConfigFailed,
                                self._configure, fakesys.SRIOV_QAT,
                                {'num_vfs': 8}, timeout=60)
        self.assertIn('8 VFs asked of 0000:6b:00.0, its driver 4xxx '
                      'enabled 16: it takes no other count', str(exc))
        self.assertEqual({'num_vfs': 16, 'vf_driver': None},
                         self._actual(fakesys.SRIOV_QAT))
        # All of them is a count it takes.
        self._configure(fakesys.SRIOV_QAT, {'num_vfs': 16})

    def test_vfs_not_made_in_time(self):
        self.kernel.stall()
        exc = self.assertRaises(exception.DeviceConfigFailed,
                                self._configure, fakesys.SRIOV_QAT,
                                {'num_vfs': 8}, timeout=0.2)
        self.assertEqual(
            'Configuration of device %s failed: 8 VFs asked of '
            '0000:6b:00.0: after 0.2 s it shows 0 (sriov_numvfs reads 8)'
            % UUID, str(exc))

    def test_vf_not_bound_in_time(self):
        self.kernel.stall()
        exc = self.assertRaises(exception.DeviceConfigFailed,
                                self._configure, fakesys.SRIOV_C62X,
                                {'vf_driver': 'vfio-pci'}, timeout=0.2)
        self.assertEqual(
            'Configuration of device %s failed: VF 0000:3d:01.0 asked to '
            'bind to vfio-pci: after 0.2 s it is bound to c6xxvf' % UUID,
            str(exc))

    def test_refused_write(self):
        self.kernel.break_attribute(fakesys.SRIOV_QAT, 'sriov_numvfs')
        self.assertRaises(OSError, self._configure, fakesys.SRIOV_QAT,
                          {'num_vfs': 8})


class SriovUdevTestCase(_SriovTests, base.TestCase):
    MODE = sysfs.UDEV


class SriovSysfsRootTestCase(_SriovTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT
