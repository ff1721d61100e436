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
from cyborg import exception
from cyborg.drivers.crypto import qat
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import cleaning as clean_fixture
from cyborg.tests.fixtures import fake_kernel
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

    def _resettable(self, *addresses):
        for address in addresses:
            path = fakesys.pci_path(address)
            self.fs.write(path + '/reset', '')
            self.fs.write(path + '/reset_method', 'flr')

    def test_clean_resets_each_vf(self):
        self._resettable(*fakesys.C62X_VFS)
        driver = qat.QatDriver(CONF, 'test-host', pci_host=self.pci_host)
        c62x = {r.address: r for r in driver.discover()}[fakesys.C62X]
        [step] = driver.clean_steps(c62x)
        self.assertEqual(('function_reset', True), (step.name, step.default))
        [done] = clean_fixture.clean(driver, fakesys.C62X, ['function_reset'],
                                     10)
        self.assertEqual('0000:3d:01.0 reset (flr), reads 8086:37c9 bound to '
                         'c6xxvf; 0000:3d:01.1 reset (flr), reads 8086:37c9 '
                         'bound to no driver', done['detail'])
        for vf in fakesys.C62X_VFS:
            with open(self.fs.real_path(fakesys.pci_path(vf) +
                                        '/reset')) as f:
                self.assertEqual('1', f.read())

    def test_no_clean_step_unless_every_function_resets(self):
        self._resettable(fakesys.C62X_VFS[0])
        driver = qat.QatDriver(CONF, 'test-host', pci_host=self.pci_host)
        for record in driver.discover():
            self.assertEqual([], driver.clean_steps(record))
        self.assertRaises(exception.DriverDeviceNotFound, clean_fixture.clean,
                          driver, fakesys.T4, ['function_reset'], 10)

    def test_parse_services(self):
        self.assertEqual(['asym', 'dc', 'sym'],
                         qat.parse_services('cy;dc'))
        self.assertEqual(['dc', 'sym'], qat.parse_services(' sym , dc '))
        self.assertEqual([], qat.parse_services(''))


class QatUdevTestCase(_QatTests, base.TestCase):
    MODE = sysfs.UDEV


class QatSysfsRootTestCase(_QatTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT


# The VFs of sriov_host()'s QAT 4xxx, 8 of them.
QAT_VFS = ['0000:6b:00.%d' % i for i in range(1, 8)] + ['0000:6b:01.0']
VFIO_8 = {'num_vfs': 8, 'vf_driver': 'vfio-pci'}


class _QatConfigTests(sysfs.FakeHostMixin):
    """Configuration of the VFs of QAT PFs, against the fake kernel."""

    BUILDER = staticmethod(fakesys.sriov_host)

    def setUp(self):
        super().setUp()
        self.kernel = self.useFixture(fake_kernel.FakeKernel(self.fs))
        self.driver = qat.QatDriver(CONF, 'test-host',
                                    pci_host=self.pci_host)

    def _records(self):
        return {r.address: r for r in self.driver.discover()}

    def _uuid(self, address):
        return hardware.device_uuid('test-host', 'crypto', address)

    def test_settable(self):
        records = self._records()
        self.assertEqual(
            {'settable': {'num_vfs': {'type': 'integer', 'minimum': 0,
                                      'maximum': 16},
                          'vf_driver': {'type': 'string',
                                        'enum': ['vfio-pci']}},
             'actual': {'num_vfs': 0, 'vf_driver': None}},
            records[fakesys.SRIOV_QAT].configuration)
        c62x = records[fakesys.SRIOV_C62X].configuration
        self.assertEqual(['c6xxvf', 'vfio-pci'],
                         c62x['settable']['vf_driver']['enum'])
        self.assertEqual({'num_vfs': 2, 'vf_driver': 'c6xxvf'},
                         c62x['actual'])
        # A PF whose state is down is configurable too.
        self.assertEqual(16, records[fakesys.SRIOV_QAT_DOWN].configuration[
            'settable']['num_vfs']['maximum'])

    def test_zero_to_eight_vfs_on_vfio_pci(self):
        self.assertEqual({'reboot_required': False},
                         self.driver.configure(fakesys.SRIOV_QAT, VFIO_8))
        record = self._records()[fakesys.SRIOV_QAT]
        self.assertEqual(VFIO_8, record.configuration['actual'])
        # The VFs are offered, the PF is not.
        self.assertEqual(['test-host_' + a for a in QAT_VFS],
                         [d.name for d in record.deployables])
        self.assertEqual(8, record.acc_specs.num)
        # No VF was enabled: the count is written once.
        self.kernel.settle()
        self.assertEqual(['8'], self.kernel.writes('sriov_numvfs',
                                                   fakesys.SRIOV_QAT))
        # GEN4 VFs have no kernel driver: each is bound, none unbound.
        self.assertEqual(['vfio-pci'] * 8,
                         self.kernel.writes('drivers_probe'))
        self.assertEqual([], self.kernel.writes('unbind'))

    def test_eight_to_four_goes_through_zero(self):
        self.driver.configure(fakesys.SRIOV_QAT, VFIO_8)
        self.driver.configure(fakesys.SRIOV_QAT, {'num_vfs': 4})
        self.assertEqual(['8', '0', '4'], self.kernel.writes(
            'sriov_numvfs', fakesys.SRIOV_QAT))
        record = self._records()[fakesys.SRIOV_QAT]
        self.assertEqual({'num_vfs': 4, 'vf_driver': 'vfio-pci'},
                         record.configuration['actual'])
        self.assertEqual(['test-host_' + a for a in QAT_VFS[:4]],
                         [d.name for d in record.deployables])
        self.kernel.settle()
        self.assertEqual([], self.kernel.refusals)

    def test_same_configuration_twice_writes_nothing(self):
        self.driver.configure(fakesys.SRIOV_QAT, VFIO_8)
        self.kernel.settle()
        seen = list(self.kernel.events)
        self.driver.configure(fakesys.SRIOV_QAT, VFIO_8)
        self.driver.configure(fakesys.SRIOV_QAT, {'num_vfs': 8})
        self.kernel.settle()
        self.assertEqual(seen, self.kernel.events)

    def test_vf_driver_alone_rebinds_the_vfs(self):
        self.driver.configure(fakesys.SRIOV_C62X, {'vf_driver': 'vfio-pci'})
        record = self._records()[fakesys.SRIOV_C62X]
        self.assertEqual({'num_vfs': 2, 'vf_driver': 'vfio-pci'},
                         record.configuration['actual'])
        self.kernel.settle()
        self.assertEqual([], self.kernel.writes('sriov_numvfs'))
        vf = fakesys.SRIOV_C62X_VFS[0]
        self.assertEqual([('driver_override', vf, 'vfio-pci'),
                          ('unbind', vf, 'c6xxvf'),
                          ('drivers_probe', vf, 'vfio-pci')],
                         [e for e in self.kernel.events if e[1] == vf])
        # Back to the host's own driver.
        self.driver.configure(fakesys.SRIOV_C62X, {'vf_driver': 'c6xxvf'})
        self.assertEqual(
            {'num_vfs': 2, 'vf_driver': 'c6xxvf'},
            self._records()[fakesys.SRIOV_C62X].configuration['actual'])

    def test_reboot_undoes_it_and_configure_redoes_it(self):
        self.driver.configure(fakesys.SRIOV_QAT, VFIO_8)
        self.kernel.reboot()
        record = self._records()[fakesys.SRIOV_QAT]
        self.assertEqual({'num_vfs': 0, 'vf_driver': None},
                         record.configuration['actual'])
        self.assertEqual(['test-host_' + fakesys.SRIOV_QAT],
                         [d.name for d in record.deployables])
        self.driver.configure(fakesys.SRIOV_QAT, VFIO_8)
        self.assertEqual(
            VFIO_8, self._records()[fakesys.SRIOV_QAT].configuration[
                'actual'])

    def test_refused_write_raises(self):
        self.kernel.break_attribute(fakesys.SRIOV_QAT, 'sriov_numvfs')
        self.assertRaises(OSError, self.driver.configure,
                          fakesys.SRIOV_QAT, VFIO_8)

    def test_kernel_that_never_makes_the_vfs(self):
        self.kernel.stall()
        self.driver.sriov_timeout = 0.2
        exc = self.assertRaises(exception.DeviceConfigFailed,
                                self.driver.configure, fakesys.SRIOV_QAT,
                                VFIO_8)
        self.assertEqual(
            'Configuration of device %s failed: 8 VFs asked of '
            '0000:6b:00.0: after 0.2 s it shows 0 (sriov_numvfs reads 8)'
            % self._uuid(fakesys.SRIOV_QAT), str(exc))

    def test_invalid_configuration(self):
        self.assertRaises(exception.DeviceConfigInvalid,
                          self.driver.configure, fakesys.SRIOV_QAT,
                          {'num_vfs': 4, 'vf_driver': 'c6xxvf'})
        self.assertRaises(exception.DeviceConfigInvalid,
                          self.driver.configure, fakesys.SRIOV_QAT,
                          {'num_vfs': 17})

    def test_what_is_not_configurable(self):
        records = self._records()
        self.assertIsNone(records[fakesys.SRIOV_QAT_OFF].configuration)
        exc = self.assertRaises(exception.DeviceNotConfigurable,
                                self.driver.configure,
                                fakesys.SRIOV_QAT_OFF, {'num_vfs': 1})
        self.assertEqual(self._uuid(fakesys.SRIOV_QAT_OFF),
                         exc.kwargs['uuid'])
        for address in ('0000:99:00.0', fakesys.SRIOV_C62X_VFS[0],
                        fakesys.SRIOV_NIC):
            self.assertRaises(exception.DriverDeviceNotFound,
                              self.driver.configure, address,
                              {'num_vfs': 1})


class QatConfigUdevTestCase(_QatConfigTests, base.TestCase):
    MODE = sysfs.UDEV


class QatConfigSysfsRootTestCase(_QatConfigTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT


class QatLoneVfTestCase(sysfs.FakeHostMixin, base.TestCase):
    MODE = sysfs.SYSFS_ROOT
    BUILDER = staticmethod(_lone_vf_host)

    def test_vf_without_its_pf(self):
        driver = qat.QatDriver(CONF, 'h', pci_host=self.pci_host)
        [record] = driver.discover()
        self.assertEqual('0000:00:07.0', record.address)
        self.assertIn('CUSTOM_QAT_4XXX', record.deployables[0].traits)
        # Its VFs are its PF's business.
        self.assertIsNone(record.configuration)
        self.assertRaises(exception.DeviceNotConfigurable,
                          driver.configure, '0000:00:07.0', {'num_vfs': 1})
