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
"""The same hardware gives the same Placement tree as the existing Cyborg.

For each driver the existing OpenStack Cyborg 17.0.0 also has, this
Cyborg's driver reads the fake sysfs tree of the driver tests
(fakesys.accelerator_host) and is compared with what upstream's own
driver reported for the same tree and configuration
(``cyborg/tests/data/upstream-17.0.0/discovery*.json``, recorded by
``tools/upstream/make-expected.sh``): the same deployable names (hence
the same resource provider uuids), resource classes, numbers of
accelerators (inventories) and attach handles, and upstream's traits.

The documented differences (doc/source/admin/upgrade.rst) are listed
here, and nothing else may differ: traits this Cyborg adds to a
provider, and the deployables each side offers that the other does not.
"""

import json
import os
import uuid

from cyborg import conf as cyborg_conf
from cyborg.conductor.placement import sync as placement_sync
from cyborg.conf import gpu as gpu_conf
from cyborg.conf import nic as nic_conf
from cyborg.drivers import registry
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF
HOST = 'compute1'
DATA = os.path.join(os.path.dirname(__file__), '..', '..', 'data',
                    'upstream-17.0.0')
# The [pci] selectors make-expected.sh gives upstream.
DEVICE_SPEC = ['{"vendor_id": "1022", "product_id": "14dc"}',
               '{"address": "0000:00:05.0"}']

# Traits this Cyborg adds, by deployable.
EXTRA_TRAITS = {
    # The vendor id (any vendor), and the vendor names upstream lacks.
    'compute1_0000:00:05.0': {'CUSTOM_PCI_VENDOR_1AF4', 'CUSTOM_PCI_REDHAT'},
    'compute1_0000:90:00.0': {'CUSTOM_PCI_VENDOR_1022'},
    # The services and generation of the QAT.
    'compute1_0000:3d:01.0': {'CUSTOM_QAT', 'CUSTOM_QAT_ASYM',
                              'CUSTOM_QAT_C62X', 'CUSTOM_QAT_DC',
                              'CUSTOM_QAT_SYM'},
    'compute1_0000:3d:01.1': {'CUSTOM_QAT', 'CUSTOM_QAT_ASYM',
                              'CUSTOM_QAT_C62X', 'CUSTOM_QAT_DC',
                              'CUSTOM_QAT_SYM'},
    # The xclbin loaded in the user partition.
    'compute1_0000:3b:00.0': {
        'CUSTOM_FPGA_FUNCTION_ID_XILINX_4B3F7A1E000040008000000000000001'},
}
EXTRA_VGPU_TRAITS = {'compute1_0000:af:00.0': {'CUSTOM_NVIDIA_1EB8'}}
# And the NUMA node of every device whose platform reports one: node 0,
# but for these (the T4 and, in the NIC tree, the X710 on node 1).
NUMA_NODES = {'compute1_0000:af:00.0': 1, 'compute1_0000:18:00.0': 1,
              'compute1_0000:00:05.0': None, 'compute1_0000:d1:00.0': None}

# Deployables only upstream offers: an A100 whose SR-IOV virtual
# functions are enabled, offered as a whole GPU (the PF) and as one
# whole GPU per VF (its bug 1987380).  Here its VFs are offered through
# a configured vGPU type only.
UPSTREAM_ONLY = {'compute1_0000:41:00.0', 'compute1_0000:41:00.4',
                 'compute1_0000:41:00.5'}
# Deployables only this Cyborg offers: the PAC N3000 of the DFL driver
# (upstream reads the older OPAE layout only) and a QAT 4xxx without
# virtual functions (upstream offers VFs only).
OURS_ONLY = {'compute1_0000:5e:00.0', 'compute1_0000:6b:00.0'}


def _upstream(name):
    with open(os.path.join(DATA, name)) as f:
        return json.load(f)


def _handle(attach_type, info):
    # As the upgrade rewrites upstream's rows (its fake driver's numbers
    # are not padded).
    return attach_type, hardware.canonical_info_json(json.dumps(info))


def _upstream_deployables(devices, info_defaults=None):
    """{name: {rc, num, traits, handles}} of upstream's report; the
    handles' attach_info get the keys of *info_defaults* they lack.
    """
    return {dep['name']: {
        'rc': dep['rc'], 'num': dep['num_accelerators'],
        'traits': set(dep['traits']),
        'handles': sorted(_handle(h['attach_type'], dict(
            info_defaults or {}, **json.loads(h['attach_info'])))
            for h in dep['attach_handles'])}
        for device in devices for dep in device['deployables']}


class _Comparison(sysfs.FakeHostMixin):
    """What this Cyborg's driver reports, compared with upstream's."""

    def _ours(self, driver_name):
        driver = registry.driver_class(driver_name)(
            conf=CONF, host=HOST, pci_host=self.pci_host)
        return {dep.name: {
            'rc': dep.resource_class, 'num': dep.num_accelerators,
            'traits': set(dep.traits),
            'handles': sorted(_handle(h.attach_type, dict(h.attach_info))
                              for h in dep.attach_handles)}
            for record in driver.discover() for dep in record.deployables}

    def _compare(self, driver_name, expected, extra_traits,
                 upstream_only=UPSTREAM_ONLY, ours_only=OURS_ONLY,
                 info_defaults=None):
        ours = self._ours(driver_name)
        upstream = _upstream_deployables(expected[driver_name],
                                         info_defaults)
        self.assertTrue(upstream, 'upstream found nothing to compare')
        self.assertEqual(set(upstream) - upstream_only,
                         set(ours) - ours_only)
        for name in set(upstream) - upstream_only:
            mine, theirs = ours[name], upstream[name]
            self.assertEqual(
                (theirs['rc'], theirs['num'], theirs['handles']),
                (mine['rc'], mine['num'], mine['handles']), name)
            numa = NUMA_NODES.get(name, 0)
            if numa is not None and driver_name != 'fake_driver':
                theirs['traits'].add('CUSTOM_NUMA_NODE_%d' % numa)
            self.assertEqual(theirs['traits'] | extra_traits.get(name, set()),
                             mine['traits'], name)
            # The provider Nova's allocations are against.
            self.assertEqual(str(uuid.uuid3(uuid.NAMESPACE_DNS, name)),
                             placement_sync.rp_uuid(name))


class _UpstreamNamesTests(_Comparison):

    def test_pci_driver(self):
        self.flags(group='pci', device_spec=DEVICE_SPEC)
        self._compare('pci_driver', _upstream('discovery.json'),
                      EXTRA_TRAITS)

    def test_nvidia_gpu_driver_whole_gpus(self):
        self._compare('nvidia_gpu_driver', _upstream('discovery.json'),
                      EXTRA_TRAITS)

    def test_nvidia_gpu_driver_vgpus(self):
        self.flags(group='gpu_devices', enabled_vgpu_types=['nvidia-222'])
        gpu_conf.register_vgpu_opts(CONF)
        self.flags(group='vgpu_nvidia-222', device_addresses=['0000:af:00.0'])
        self._compare('nvidia_gpu_driver', _upstream('discovery-vgpu.json'),
                      EXTRA_VGPU_TRAITS)

    def test_intel_fpga_driver(self):
        self._compare('intel_fpga_driver', _upstream('discovery.json'),
                      EXTRA_TRAITS)

    def test_xilinx_fpga_driver(self):
        self._compare('xilinx_fpga_driver', _upstream('discovery.json'),
                      EXTRA_TRAITS)

    def test_intel_qat_driver(self):
        self._compare('intel_qat_driver', _upstream('discovery.json'),
                      EXTRA_TRAITS)

    def test_fake_driver(self):
        self._compare('fake_driver', _upstream('discovery.json'),
                      EXTRA_TRAITS)


class UpstreamNamesUdevTestCase(_UpstreamNamesTests, base.TestCase):
    MODE = sysfs.UDEV


class UpstreamNamesSysfsRootTestCase(_UpstreamNamesTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT


class _UpstreamNicNamesTests(_Comparison):
    """The intel_nic driver against upstream's, on fakesys.nic_host."""

    BUILDER = staticmethod(fakesys.nic_host)

    def test_intel_nic_driver(self):
        self.flags(group='nic_devices', enabled_nic_types=['x710_static'])
        nic_conf.register_type_opts(CONF)
        self.flags(group='x710_static',
                   physical_device_mappings=['physnet1:ens1f0|ens2f0'],
                   function_device_mappings=['GTPv1:ens1f0'])
        self._compare(
            'intel_nic_driver', _upstream('discovery-nic.json'), {
                'compute1_0000:18:00.0': {'CUSTOM_NIC_INTEL_X710',
                                          'CUSTOM_PHYSNET_PHYSNET1'},
                'compute1_0000:1e:02.0': {'CUSTOM_NIC_INTEL_XXV710'},
                'compute1_0000:1e:02.1': {'CUSTOM_NIC_INTEL_XXV710'}},
            upstream_only=set(),
            # The NICs upstream does not know: the E810's VFs, the
            # N3000's VFs and an XL710 (QSFP+).
            ours_only={'compute1_' + a for a in fakesys.E810_VFS +
                       fakesys.N3000_NIC_VFS + (fakesys.XL710_VFIO,)},
            # Upstream leaves physical_network out of the handles of a
            # NIC without one, which Nova cannot bind a port with.
            info_defaults={'physical_network': None})


class _UpstreamVendorNamesTests(_Comparison):
    """The Inspur and Huawei drivers against upstream's, on
    fakesys.vendor_host.
    """

    BUILDER = staticmethod(fakesys.vendor_host)

    def test_inspur_nvme_ssd_driver(self):
        self._compare('inspur_nvme_ssd_driver',
                      _upstream('discovery-vendors.json'), {},
                      upstream_only=set(), ours_only=set())

    def test_inspur_fpga_driver(self):
        # Upstream reports the Inspur NVMe SSD as an FPGA too.
        self._compare('inspur_fpga_driver',
                      _upstream('discovery-vendors.json'), {},
                      upstream_only={'compute1_' + fakesys.INSPUR_SSD},
                      ours_only=set())

    def test_huawei_ascend_driver(self):
        # Upstream knows the 310 only, names it after lspci's text without
        # the host, and gives it no resource class (never schedulable):
        # the same handle, a CUSTOM_NPU provider named as all others.
        [upstream] = _upstream_deployables(_upstream(
            'discovery-vendors.json')['huawei_ascend_driver']).values()
        self.assertEqual((None, set()),
                         (upstream['rc'], upstream['traits']))
        mine = self._ours('huawei_ascend_driver')[
            'compute1_' + fakesys.ASCEND_310]
        self.assertEqual(upstream['handles'], mine['handles'])
        self.assertEqual('CUSTOM_NPU', mine['rc'])


class UpstreamNicNamesUdevTestCase(_UpstreamNicNamesTests, base.TestCase):
    MODE = sysfs.UDEV


class UpstreamNicNamesSysfsRootTestCase(_UpstreamNicNamesTests,
                                        base.TestCase):
    MODE = sysfs.SYSFS_ROOT


class UpstreamVendorNamesUdevTestCase(_UpstreamVendorNamesTests,
                                      base.TestCase):
    MODE = sysfs.UDEV


class UpstreamVendorNamesSysfsRootTestCase(_UpstreamVendorNamesTests,
                                           base.TestCase):
    MODE = sysfs.SYSFS_ROOT
