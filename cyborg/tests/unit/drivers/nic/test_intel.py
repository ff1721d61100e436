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
"""Tests of the intel_nic driver (Intel SR-IOV NICs)."""

import json
import os
import sys

import fixtures

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.conf import nic as nic_conf
from cyborg.drivers import config as driver_config
from cyborg.drivers.nic import intel
from cyborg.tests import base
from cyborg.tests.fixtures import cleaning as clean_fixture
from cyborg.tests.fixtures import fake_kernel
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF


class _NicTests(sysfs.FakeHostMixin):

    BUILDER = staticmethod(fakesys.nic_host)

    def _configure(self, **options):
        self.flags(group='nic_devices', enabled_nic_types=['x710_static'])
        nic_conf.register_type_opts(CONF)
        self.flags(group='x710_static', **options)

    def _records(self):
        driver = intel.IntelNicDriver(CONF, 'test-host',
                                      pci_host=self.pci_host)
        return {r.address: r for r in driver.discover()}

    def test_only_intel_nic_pfs(self):
        self.assertEqual([fakesys.E810, fakesys.X710, fakesys.N3000_NIC,
                          fakesys.XL710_VFIO, fakesys.XXV710],
                         sorted(self._records()))

    def test_pf_with_vfs_offers_each_vf(self):
        e810 = self._records()[fakesys.E810]
        self.assertEqual(('NIC', 'intel_nic', '0x8086', '0x1592'),
                         (e810.type, e810.driver, e810.vendor, e810.product))
        self.assertEqual(['test-host_' + a for a in fakesys.E810_VFS],
                         [d.name for d in e810.deployables])
        for dep in e810.deployables:
            self.assertEqual(('CUSTOM_NIC', 1, 'intel_nic'),
                             (dep.resource_class, dep.num_accelerators,
                              dep.driver_name))
            self.assertEqual(['CUSTOM_NIC_INTEL_E810', 'CUSTOM_NUMA_NODE_0',
                              'CUSTOM_VF'], dep.traits)
        self.assertEqual(2, e810.acc_specs.num)
        capability = e810.acc_specs.acc_capability
        self.assertEqual((['ens1f0'], 256, 2),
                         (capability['interfaces'],
                          capability['sriov_totalvfs'],
                          capability['sriov_numvfs']))

    def test_pf_without_vfs_is_offered(self):
        x710 = self._records()[fakesys.X710]
        [dep] = x710.deployables
        self.assertEqual('test-host_' + fakesys.X710, dep.name)
        self.assertEqual(['CUSTOM_NIC_INTEL_X710', 'CUSTOM_NUMA_NODE_1',
                          'CUSTOM_PF'], dep.traits)
        self.assertEqual(1, x710.acc_specs.acc_capability['numa_node'])

    def test_every_handle_carries_the_physical_network(self):
        # Unmapped: the key is there, null (Nova reads it unconditionally).
        for record in self._records().values():
            for dep in record.deployables:
                [handle] = dep.attach_handles
                self.assertEqual('PCI', handle.attach_type)
                self.assertIn('physical_network', handle.attach_info)
                self.assertIsNone(handle.attach_info['physical_network'])

    def test_mappings(self):
        self._configure(
            physical_device_mappings=['physnet1:ens1f0|ens2f0',
                                      'phys-net2:ens3f0'],
            function_device_mappings=['GTPv1:ens1f0'])
        records = self._records()
        e810_vf = records[fakesys.E810].deployables[0]
        self.assertEqual(
            ['CUSTOM_GTPV1', 'CUSTOM_NIC_FUNCTION_GTPV1',
             'CUSTOM_NIC_INTEL_E810', 'CUSTOM_NUMA_NODE_0', 'CUSTOM_PHYSNET1',
             'CUSTOM_PHYSNET_PHYSNET1', 'CUSTOM_VF'], e810_vf.traits)
        self.assertEqual(
            {'domain': '0000', 'bus': '17', 'device': '01', 'function': '0',
             'physical_network': 'physnet1'},
            dict(e810_vf.attach_handles[0].attach_info))
        # Names become valid traits; the handle keeps the name.
        n3000 = records[fakesys.N3000_NIC].deployables[0]
        self.assertIn('CUSTOM_PHYSNET_PHYS_NET2', n3000.traits)
        self.assertIn('CUSTOM_NIC_INTEL_N3000', n3000.traits)
        self.assertIn('CUSTOM_NIC_INTEL_XXV710', n3000.traits)
        self.assertEqual('phys-net2',
                         n3000.attach_handles[0].attach_info[
                             'physical_network'])
        # A PF bound to vfio-pci has no interface to map.
        [vfio] = records[fakesys.XL710_VFIO].deployables
        self.assertIsNone(vfio.attach_handles[0].attach_info[
            'physical_network'])

    def test_device_addresses(self):
        self._configure(device_addresses=[fakesys.X710,
                                          fakesys.N3000_NIC_VFS[1]])
        records = self._records()
        self.assertEqual([fakesys.X710, fakesys.N3000_NIC],
                         sorted(records))
        self.assertEqual(
            ['test-host_' + fakesys.N3000_NIC_VFS[1]],
            [d.name for d in records[fakesys.N3000_NIC].deployables])

    def test_bad_configuration_stops_the_driver(self):
        for options in ({'physical_device_mappings': ['ens1f0']},
                        {'physical_device_mappings': [':ens1f0']},
                        {'function_device_mappings': ['a:x', 'a:y']},
                        {'physical_device_mappings': ['a:x', 'b:x']},
                        {'device_addresses': ['17:00.0']}):
            self._configure(**options)
            self.assertRaises(exception.ConfigInvalid, intel.IntelNicDriver,
                              CONF, 'h', pci_host=self.pci_host)
            self.flags(group='x710_static', physical_device_mappings=[],
                       function_device_mappings=[], device_addresses=[])


#: A stand-in for iproute2's ip: the VFs of its state file, changed by
#: ``link set``, shown by ``-j link show`` as ip prints them (VLAN 0 and
#: QoS 0 left out: print_vfinfo of ip/ipaddress.c).
_IP = """#!%(python)s -IS
import json, sys
args = sys.argv[1:]
with open(%(state)r) as f:
    state = json.load(f)
with open(%(state)r + '.calls', 'a') as f:
    f.write(' '.join(args) + '\\n')
if args[:2] == ['link', 'set'] and args[3] == 'vf':
    if not state['ignore']:
        state['vfs'][args[4]] = {'address': args[6], 'vlan': int(args[8])}
elif args[:3] == ['-j', 'link', 'show']:
    print(json.dumps([{'ifname': args[4], 'vfinfo_list': [
        {'vf': int(n), 'link_type': 'ether', 'address': vf['address'],
         'vlan_list': [{'vlan': vf['vlan']} if vf['vlan'] else {}]}
        for n, vf in sorted(state['vfs'].items())]}]))
else:
    sys.exit(1)
with open(%(state)r, 'w') as f:
    json.dump(state, f)
"""


class _NicCleanTests(sysfs.FakeHostMixin):

    BUILDER = staticmethod(fakesys.nic_host)

    def setUp(self):
        super().setUp()
        tmp = self.useFixture(fixtures.TempDir()).path
        self.state = os.path.join(tmp, 'state')
        self._ip(ignore=False)
        tool = os.path.join(tmp, 'ip')
        with open(tool, 'w') as f:
            f.write(_IP % {'python': sys.executable, 'state': self.state})
        os.chmod(tool, 0o700)
        self.useFixture(fixtures.EnvironmentVariable(
            'PATH', tmp + os.pathsep + os.environ['PATH']))
        for vf in fakesys.E810_VFS:
            self.fs.write(fakesys.pci_path(vf) + '/reset', '')
        self.driver = intel.IntelNicDriver(CONF, 'h',
                                           pci_host=self.pci_host)

    def _ip(self, ignore):
        with open(self.state, 'w') as f:
            json.dump({'ignore': ignore, 'vfs': {
                '0': {'address': '52:54:00:12:34:56', 'vlan': 100},
                '1': {'address': '00:00:00:00:00:00', 'vlan': 0}}}, f)

    def _calls(self):
        with open(self.state + '.calls') as f:
            return f.read().splitlines()

    def test_steps(self):
        records = {r.address: r for r in self.driver.discover()}
        self.assertEqual([('function_reset', True), ('vf_settings', True)],
                         [(s.name, s.default) for s in
                          self.driver.clean_steps(records[fakesys.E810])])
        # A PF offered whole that cannot be reset, a PF without a network
        # interface (vfio-pci), VFs that cannot be reset.
        for address in (fakesys.X710, fakesys.XL710_VFIO):
            self.assertEqual([], self.driver.clean_steps(records[address]))
        self.assertEqual(['vf_settings'], [
            s.name for s in self.driver.clean_steps(
                records[fakesys.N3000_NIC])])

    def test_vf_settings_set_back_and_read_back(self):
        done = clean_fixture.clean(self.driver, fakesys.E810,
                                   ['function_reset', 'vf_settings'], 10)
        self.assertEqual('VFs 0, 1 of ens1f0 read back no MAC, no VLAN',
                         done[1]['detail'])
        self.assertEqual(
            ['link set ens1f0 vf 0 mac 00:00:00:00:00:00 vlan 0',
             'link set ens1f0 vf 1 mac 00:00:00:00:00:00 vlan 0',
             '-j link show dev ens1f0'], self._calls())

    def test_settings_the_pf_keeps_fail(self):
        self._ip(ignore=True)
        exc = self.assertRaises(exception.DeviceCleanFailed,
                                clean_fixture.clean, self.driver, fakesys.E810,
                                ['vf_settings'], 10)
        self.assertIn('VFs of ens1f0 read back 0: MAC 52:54:00:12:34:56, '
                      'VLAN 100', exc.message)

    def test_vf_settings_parse(self):
        self.assertEqual('not listed', intel._vf_settings(None))
        self.assertEqual('no MAC, VLAN 7', intel._vf_settings(
            {'address': '00:00:00:00:00:00', 'vlan': 7}))


class NicCleanUdevTestCase(_NicCleanTests, base.TestCase):
    MODE = sysfs.UDEV


class NicCleanSysfsRootTestCase(_NicCleanTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT


class NicUdevTestCase(_NicTests, base.TestCase):
    MODE = sysfs.UDEV


class NicSysfsRootTestCase(_NicTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT


class _NicConfigTests(sysfs.FakeHostMixin):
    """Configuration of a NIC's VFs, against the fake kernel."""

    BUILDER = staticmethod(fakesys.sriov_host)

    def setUp(self):
        super().setUp()
        self.kernel = self.useFixture(fake_kernel.FakeKernel(self.fs))
        self.driver = intel.IntelNicDriver(CONF, 'test-host',
                                           pci_host=self.pci_host)

    def _record(self, address):
        return {r.address: r for r in self.driver.discover()}[address]

    def test_vfs_made_on_iavf_then_handed_to_vfio_pci(self):
        self.assertEqual(
            {'settable': {'num_vfs': {'type': 'integer', 'minimum': 0,
                                      'maximum': 64},
                          'vf_driver': {'type': 'string',
                                        'enum': ['iavf', 'vfio-pci']}},
             'actual': {'num_vfs': 0, 'vf_driver': None}},
            self._record(fakesys.SRIOV_NIC).configuration)
        self.driver.configure(fakesys.SRIOV_NIC, {'num_vfs': 2})
        record = self._record(fakesys.SRIOV_NIC)
        # The host's kernel bound them to iavf by itself.
        self.assertEqual({'num_vfs': 2, 'vf_driver': 'iavf'},
                         record.configuration['actual'])
        self.assertEqual(['test-host_0000:18:02.0',
                          'test-host_0000:18:02.1'],
                         [d.name for d in record.deployables])
        self.assertIn('CUSTOM_VF', record.deployables[0].traits)
        self.driver.configure(fakesys.SRIOV_NIC, {'vf_driver': 'vfio-pci'})
        self.assertEqual(
            {'num_vfs': 2, 'vf_driver': 'vfio-pci'},
            self._record(fakesys.SRIOV_NIC).configuration['actual'])
        self.assertEqual(['2'], self.kernel.writes('sriov_numvfs'))
        self.assertEqual(['iavf', 'iavf'], self.kernel.writes('unbind'))

    def test_nic_without_sriov(self):
        self.assertIsNone(self._record(fakesys.SRIOV_NIC_OFF).configuration)
        self.assertRaises(exception.DeviceNotConfigurable,
                          self.driver.configure, fakesys.SRIOV_NIC_OFF,
                          {'num_vfs': 2})
        self.assertRaises(exception.DriverDeviceNotFound,
                          self.driver.configure, fakesys.SRIOV_QAT,
                          {'num_vfs': 2})


class NicConfigUdevTestCase(_NicConfigTests, base.TestCase):
    MODE = sysfs.UDEV


class NicConfigSysfsRootTestCase(_NicConfigTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT


class NicApiConfigTestCase(base.TestCase):

    def test_type_groups_through_the_api(self):
        config = driver_config.check(intel.IntelNicDriver, {
            'nic_devices': {'enabled_nic_types': 'x710_static'},
            'x710_static': {'physical_device_mappings': ['physnet1:eth0']}})
        self.assertEqual(['x710_static'],
                         config['nic_devices']['enabled_nic_types'])
        self.assertEqual(['physnet1:eth0'],
                         config['x710_static']['physical_device_mappings'])
        self.assertRaises(exception.DriverConfigInvalid, driver_config.check,
                          intel.IntelNicDriver,
                          {'x710_static': {'physnets': 'x'}})
