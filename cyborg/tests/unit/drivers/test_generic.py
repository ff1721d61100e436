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
"""Tests of the generic PCI driver against fake sysfs trees."""

import fixtures

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.drivers import generic
from cyborg.tests import base
from cyborg.tests.fixtures import fake_kernel
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF

VIRTIO_RNG_SPEC = '{"vendor_id": "1af4", "product_id": "1044"}'
# sriov_host()'s ACC100: its PF and its VFs.
ACC_SPEC = '{"vendor_id": "8086", "product_id": "0d5c"}'
ACC_VF_SPEC = '{"vendor_id": "8086", "product_id": "0d5d"}'
ACC_VFS = ['0000:b1:00.1', '0000:b1:00.2']


def _handles(records):
    return sorted('{domain}:{bus}:{device}.{function}'.format(
        **h.attach_info) for r in records for d in r.deployables
        for h in d.attach_handles)


class _GenericTests(sysfs.FakeHostMixin):

    def _discover(self, *specs):
        self.flags(group='pci', device_spec=list(specs))
        return generic.GenericDriver(CONF, 'test-host',
                                     pci_host=self.pci_host).discover()

    def test_virtio_rng_selector(self):
        records = self._discover(VIRTIO_RNG_SPEC)
        self.assertEqual(1, len(records))
        record = records[0]
        self.assertEqual(fakesys.VIRTIO_RNG, record.address)
        self.assertEqual(('generic', 'GENERIC', '0x1af4', '0x1044'),
                         (record.driver, record.type, record.vendor,
                          record.product))
        self.assertEqual('ready', record.acc_status.state)
        self.assertEqual(1, record.acc_specs.num)
        [dep] = record.deployables
        self.assertEqual('test-host_0000:00:05.0', dep.name)
        self.assertEqual(('CUSTOM_PCI', 1, 'generic'),
                         (dep.resource_class, dep.num_accelerators,
                          dep.driver_name))
        self.assertEqual(['CUSTOM_PCI_PRODUCT_ID_1044', 'CUSTOM_PCI_REDHAT',
                          'CUSTOM_PCI_VENDOR_1AF4', 'OWNER_CYBORG'],
                         dep.traits)
        [handle] = dep.attach_handles
        self.assertEqual('PCI', handle.attach_type)
        self.assertEqual({'domain': '0000', 'bus': '00', 'device': '05',
                          'function': '0'}, handle.attach_info)

    def test_default_selectors_take_accelerator_classes(self):
        records = self._discover()
        handles = _handles(records)
        for address in (fakesys.SDXI, fakesys.BMC_VGA, fakesys.VIRTIO_RNG,
                        fakesys.C62X, fakesys.A100, fakesys.PAC_A10):
            self.assertNotIn(address, handles)
        for address in (fakesys.N3000, fakesys.PAC_A10_VF, fakesys.T4,
                        fakesys.QAT_4XXX) + fakesys.C62X_VFS:
            self.assertIn(address, handles)
        by_address = {r.address: r for r in records}
        # The VFs of a PF are its deployables; the PF is the device.
        self.assertEqual(2, len(by_address[fakesys.C62X].deployables))
        self.assertNotIn(fakesys.C62X_VFS[0], by_address)

    def test_pf_address_selects_vfs_with_tags(self):
        records = self._discover(
            '{"address": "%s", "resource_class": "qat-vf", '
            '"traits": "fast", "physical_network": "physnet1"}'
            % fakesys.C62X)
        self.assertEqual([fakesys.C62X], [r.address for r in records])
        deps = records[0].deployables
        self.assertEqual(list(fakesys.C62X_VFS), _handles(records))
        self.assertEqual({'CUSTOM_QAT_VF'}, {d.resource_class for d in deps})
        self.assertIn('CUSTOM_FAST', deps[0].traits)
        self.assertEqual('physnet1',
                         deps[0].attach_handles[0].attach_info[
                             'physical_network'])

    def test_driver_and_device_type_keys(self):
        # The PF and its bound VF match; with a VF selected, the PF is not
        # offered itself.  The unbound VF matches no driver pattern.
        self.assertEqual(
            [fakesys.C62X_VFS[0]],
            _handles(self._discover('{"driver": "c6xx*"}')))
        self.assertEqual(
            sorted(fakesys.A100_VFS + fakesys.C62X_VFS),
            _handles(self._discover('{"device_type": "type-VF", '
                                    '"class_code": "0302"}',
                                    '{"device_type": "type-VF", '
                                    '"class_code": "0b40"}')))

    def test_unbound_device_state(self):
        [record] = self._discover('{"address": "%s"}' %
                                  fakesys.NVIDIA_UNBOUND)
        self.assertEqual('unbound', record.acc_status.state)
        self.assertIsNone(record.acc_specs.acc_capability['numa_node'])

    def test_nothing_selected(self):
        self.assertEqual([], self._discover('{"vendor_id": "dead"}'))

    def test_bad_selector_fails_at_load(self):
        self.flags(group='pci', device_spec=['{"vendr_id": "8086"}'])
        exc = self.assertRaises(exception.InvalidSelector,
                                generic.GenericDriver, CONF, 'h')
        self.assertIn('vendr_id', exc.message)


class GenericUdevTestCase(_GenericTests, base.TestCase):
    MODE = sysfs.UDEV


class GenericSysfsRootTestCase(_GenericTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT

    def test_deprecated_option_name(self):
        conf_file = self.useFixture(fixtures.TempDir()).join('c.conf')
        with open(conf_file, 'w') as f:
            f.write('[pci]\npassthrough_whitelist = %s\n' % VIRTIO_RNG_SPEC)
        CONF(['--config-file', conf_file], project='cyborg')
        self.assertEqual([VIRTIO_RNG_SPEC], CONF.pci.device_spec)
        driver = generic.GenericDriver(CONF, 'h', pci_host=self.pci_host)
        self.assertEqual([fakesys.VIRTIO_RNG],
                         [r.address for r in driver.discover()])


class _GenericConfigTests(sysfs.FakeHostMixin):
    """Configuration of a selected SR-IOV PF's VFs, against the fake
    kernel.
    """

    BUILDER = staticmethod(fakesys.sriov_host)

    def setUp(self):
        super().setUp()
        # The operator gave DPDK's igb_uio the ACC100 VF's id (new_id):
        # the host's kernel binds new VFs to it.
        self.kernel = self.useFixture(fake_kernel.FakeKernel(
            self.fs, vf_drivers=dict(fake_kernel.VF_DRIVERS,
                                     **{'8086:0d5d': 'igb_uio'})))
        self.flags(group='pci', device_spec=[ACC_SPEC, ACC_VF_SPEC,
                                             VIRTIO_RNG_SPEC])
        self.driver = generic.GenericDriver(CONF, 'test-host',
                                            pci_host=self.pci_host)

    def _record(self, address, driver=None):
        records = (driver or self.driver).discover()
        return {r.address: r for r in records}[address]

    def test_vfs_made_and_bound(self):
        self.assertEqual(
            {'settable': {'num_vfs': {'type': 'integer', 'minimum': 0,
                                      'maximum': 16},
                          'vf_driver': {'type': 'string',
                                        'enum': ['vfio-pci']}},
             'actual': {'num_vfs': 0, 'vf_driver': None}},
            self._record(fakesys.SRIOV_ACC).configuration)
        self.driver.configure(fakesys.SRIOV_ACC,
                              {'num_vfs': 2, 'vf_driver': 'vfio-pci'})
        record = self._record(fakesys.SRIOV_ACC)
        self.assertEqual({'num_vfs': 2, 'vf_driver': 'vfio-pci'},
                         record.configuration['actual'])
        self.assertEqual(['test-host_' + a for a in ACC_VFS],
                         [d.name for d in record.deployables])

    def test_the_vfs_own_driver_is_offered(self):
        self.driver.configure(fakesys.SRIOV_ACC, {'num_vfs': 2})
        config = self._record(fakesys.SRIOV_ACC).configuration
        self.assertEqual(['igb_uio', 'vfio-pci'],
                         config['settable']['vf_driver']['enum'])
        self.assertEqual({'num_vfs': 2, 'vf_driver': 'igb_uio'},
                         config['actual'])
        self.driver.configure(fakesys.SRIOV_ACC, {'vf_driver': 'vfio-pci'})
        # Bound to it again by clearing the override.
        self.driver.configure(fakesys.SRIOV_ACC, {'vf_driver': 'igb_uio'})
        self.assertEqual(
            {'num_vfs': 2, 'vf_driver': 'igb_uio'},
            self._record(fakesys.SRIOV_ACC).configuration['actual'])
        self.assertEqual(['vfio-pci', ''], self.kernel.writes(
            'driver_override', ACC_VFS[0]))

    def test_what_is_not_configurable(self):
        self.assertIsNone(self._record(fakesys.SRIOV_PLAIN).configuration)
        self.assertRaises(exception.DeviceNotConfigurable,
                          self.driver.configure, fakesys.SRIOV_PLAIN,
                          {'num_vfs': 1})
        for address in (fakesys.SRIOV_NIC, '0000:99:00.0'):
            self.assertRaises(exception.DriverDeviceNotFound,
                              self.driver.configure, address,
                              {'num_vfs': 1})
        # A PF whose VFs only are selected was not handed to Cyborg.
        self.driver.configure(fakesys.SRIOV_ACC, {'num_vfs': 2})
        self.flags(group='pci', device_spec=[ACC_VF_SPEC])
        vfs_only = generic.GenericDriver(CONF, 'test-host',
                                         pci_host=self.pci_host)
        self.assertIsNone(
            self._record(fakesys.SRIOV_ACC, vfs_only).configuration)
        self.assertRaises(exception.DeviceNotConfigurable,
                          vfs_only.configure, fakesys.SRIOV_ACC,
                          {'num_vfs': 1})
        self.assertRaises(exception.DriverDeviceNotFound,
                          vfs_only.configure, ACC_VFS[0], {'num_vfs': 1})


class GenericConfigUdevTestCase(_GenericConfigTests, base.TestCase):
    MODE = sysfs.UDEV


class GenericConfigSysfsRootTestCase(_GenericConfigTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT
