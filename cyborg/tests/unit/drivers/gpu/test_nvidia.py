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
"""Tests of the gpu driver: PGPU, classic mdev and vendor-specific VFIO,
and of tools/record-gpu.py's command line.
"""

import os
import subprocess
import sys

import fixtures

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.conf import gpu as gpu_conf
from cyborg.drivers.gpu import nvidia
from cyborg.tests import base
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import nvidia_smi
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF

MDEV_UUID = 'b1a8a0c4-2a9e-4a55-9d7f-3c1d2f9e0a01'


def _addresses(deployable):
    return ['{domain}:{bus}:{device}.{function}'.format(**h.attach_info)
            for h in deployable.attach_handles]


class _GpuTests(sysfs.FakeHostMixin):

    def _driver(self, types=(), **addresses):
        self.flags(group='gpu_devices', enabled_vgpu_types=list(types))
        gpu_conf.register_vgpu_opts(CONF)
        for vgpu_type, value in addresses.items():
            self.flags(group=gpu_conf.vgpu_group_name(
                vgpu_type.replace('_', '-')), device_addresses=value)
        return nvidia.NvidiaGpuDriver(CONF, 'test-host',
                                      pci_host=self.pci_host)

    def _records(self, *args, **kwargs):
        return {r.address: r for r in
                self._driver(*args, **kwargs).discover()}

    def test_whole_gpus_without_vgpu_types(self):
        records = self._records()
        self.assertEqual(sorted([fakesys.A100, fakesys.T4, fakesys.L40,
                                 fakesys.NVIDIA_UNBOUND]), sorted(records))
        for address in (fakesys.T4, fakesys.L40, fakesys.NVIDIA_UNBOUND):
            [dep] = records[address].deployables
            self.assertEqual(('PGPU', [address]),
                             (dep.resource_class, _addresses(dep)))
        # The T4 is on NUMA node 1; the unbound GPU's node is unknown.
        self.assertEqual(['CUSTOM_NUMA_NODE_1', 'CUSTOM_NVIDIA_1EB8',
                          'OWNER_CYBORG'],
                         records[fakesys.T4].deployables[0].traits)
        self.assertEqual(['CUSTOM_NVIDIA_1DB4', 'OWNER_CYBORG'],
                         records[fakesys.NVIDIA_UNBOUND].deployables[0]
                         .traits)
        self.assertEqual('unbound',
                         records[fakesys.NVIDIA_UNBOUND].acc_status.state)

    def test_carved_pf_is_never_a_pgpu(self):
        # SR-IOV enabled, no vGPU type configured: neither the PF nor its
        # VFs are offered (the existing Cyborg offered both).
        a100 = self._records()[fakesys.A100]
        self.assertEqual([], a100.deployables)
        self.assertTrue(a100.acc_status.setup_required)
        self.assertEqual('unconfigured', a100.acc_specs.acc_capability['mode'])

    def test_classic_mdev(self):
        t4 = self._records(['nvidia-222'])[fakesys.T4]
        [dep] = t4.deployables
        # Named as the existing Cyborg names it: after the GPU.
        self.assertEqual(('VGPU', 16, 'test-host_0000:af:00.0'),
                         (dep.resource_class, dep.num_accelerators,
                          dep.name))
        self.assertEqual(['CUSTOM_NUMA_NODE_1', 'CUSTOM_NVIDIA_1EB8',
                          'CUSTOM_NVIDIA_1EB8_T4_1B', 'OWNER_CYBORG'],
                         dep.traits)
        handle = dep.attach_handles[3]
        self.assertEqual('MDEV', handle.attach_type)
        self.assertEqual({'domain': '0000', 'bus': 'af', 'device': '00',
                          'function': '0', 'asked_type': 'nvidia-222',
                          'vgpu_mark': 'nvidia-222_3'}, handle.attach_info)

    def test_second_type_of_a_gpu(self):
        # The first configured type keeps the GPU's name; another type the
        # same GPU offers is named after its type too.
        t4 = self._records(['nvidia-223', 'nvidia-222'])[fakesys.T4]
        self.assertEqual(
            [('test-host_0000:af:00.0', 8), ('test-host_0000:af:00.0'
                                             '_nvidia-222', 16)],
            sorted((d.name, d.num_accelerators) for d in t4.deployables))

    def test_vendor_specific_vfio(self):
        records = self._records(['NVIDIA A100D-1-10C'])
        [dep] = records[fakesys.A100].deployables
        self.assertEqual(('VGPU', 2), (dep.resource_class,
                                       dep.num_accelerators))
        self.assertEqual(list(fakesys.A100_VFS), _addresses(dep))
        self.assertEqual({'PCI'}, {h.attach_type for h in
                                   dep.attach_handles})
        self.assertEqual('692', dep.attach_handles[0].attach_info[
            'asked_type'])
        self.assertIn('CUSTOM_NVIDIA_20B5_A100D_1_10C', dep.traits)
        # T4 offers no configured type: a PGPU.
        self.assertEqual('PGPU',
                         records[fakesys.T4].deployables[0].resource_class)

    def test_vf_with_another_type_set_is_not_offered(self):
        self.fs.write('/sys/devices/pci0000:41/%s/nvidia/current_vgpu_type'
                      % fakesys.A100_VFS[1], '693')
        [dep] = self._records(['692'])[fakesys.A100].deployables
        self.assertEqual([fakesys.A100_VFS[0]], _addresses(dep))

    def test_device_addresses_limit_a_type(self):
        records = self._records(['nvidia-222'],
                                nvidia_222=['0000:00:00.0'])
        self.assertEqual('PGPU',
                         records[fakesys.T4].deployables[0].resource_class)

    def test_prepare_and_release_mdev(self):
        driver = self._driver(['nvidia-222'])
        [t4] = [r for r in driver.discover() if r.address == fakesys.T4]
        handle = t4.deployables[0].attach_handles[0].to_dict()
        self.assertEqual({'mdev_uuid': MDEV_UUID},
                         driver.prepare_attach(handle, MDEV_UUID))
        base_path = '/sys/devices/pci0000:af/%s/' % fakesys.T4
        with open(self.fs.real_path(
                base_path + 'mdev_supported_types/nvidia-222/create')) as f:
            self.assertEqual(MDEV_UUID, f.read())
        # The kernel would create the mdev's directory.
        self.fs.write(base_path + MDEV_UUID + '/remove', '')
        # Run again (a job taken over): the mdev exists, nothing written.
        self.fs.write(base_path + 'mdev_supported_types/nvidia-222/create',
                      '')
        driver.prepare_attach(handle, MDEV_UUID)
        with open(self.fs.real_path(
                base_path + 'mdev_supported_types/nvidia-222/create')) as f:
            self.assertEqual('', f.read())
        driver.release_attach(handle, MDEV_UUID)
        with open(self.fs.real_path(base_path + MDEV_UUID + '/remove')) as f:
            self.assertEqual('1', f.read())

    def test_release_of_a_missing_mdev_is_fine(self):
        driver = self._driver(['nvidia-222'])
        [t4] = [r for r in driver.discover() if r.address == fakesys.T4]
        handle = t4.deployables[0].attach_handles[0].to_dict()
        driver.release_attach(handle, MDEV_UUID)

    def test_prepare_and_release_vendor_vfio(self):
        driver = self._driver(['692'])
        [a100] = [r for r in driver.discover() if r.address == fakesys.A100]
        handle = a100.deployables[0].attach_handles[1].to_dict()
        path = self.fs.real_path('/sys/devices/pci0000:41/%s/nvidia/'
                                 'current_vgpu_type' % fakesys.A100_VFS[1])
        self.assertEqual({}, driver.prepare_attach(handle, MDEV_UUID))
        with open(path) as f:
            self.assertEqual('692', f.read())
        driver.release_attach(handle, MDEV_UUID)
        with open(path) as f:
            self.assertEqual('0', f.read())

    def test_prepare_unknown_device(self):
        handle = {'attach_type': 'PCI', 'attach_info': {
            'domain': '0000', 'bus': '99', 'device': '00', 'function': '0'}}
        self.assertRaises(exception.DriverDeviceNotFound,
                          self._driver().prepare_attach, handle, MDEV_UUID)

    def test_configuration(self):
        records = self._records(['nvidia-222'])
        self.assertEqual(
            {'settable': {
                'mode': {'type': 'string', 'enum': ['passthrough', 'vgpu']},
                'vgpu_type': {'type': 'string',
                              'enum': ['nvidia-222', 'nvidia-223']}},
             'actual': {'mode': 'vgpu', 'vgpu_type': 'nvidia-222',
                        'mig_layout': None}},
            records[fakesys.T4].configuration)
        # The A100's VFs list MIG-backed types only; nvidia-smi is not
        # installed, so no GPU is known to have MIG.
        self.assertEqual(
            {'settable': {'mode': {'type': 'string',
                                   'enum': ['passthrough']}},
             'actual': {'mode': 'passthrough', 'vgpu_type': None,
                        'mig_layout': None}},
            records[fakesys.A100].configuration)

    def test_configure_vgpu_type(self):
        # Classic mdev: the chosen type is offered instead of the
        # configured one.  A GPU without SR-IOV has no MIG: nvidia-smi is
        # not run for it.
        smi = self.useFixture(nvidia_smi.FakeNvidiaSmi())
        driver = self._driver(['nvidia-222'])
        self.assertEqual({'reboot_required': False}, driver.configure(
            fakesys.T4, {'mode': 'vgpu', 'vgpu_type': 'nvidia-223'}))
        self.assertEqual([], smi.calls())
        [t4] = [r for r in driver.discover() if r.address == fakesys.T4]
        [dep] = t4.deployables
        self.assertEqual(('VGPU', 8, 'test-host_' + fakesys.T4),
                         (dep.resource_class, dep.num_accelerators,
                          dep.name))
        self.assertEqual({'nvidia-223'}, {h.attach_info['asked_type']
                                          for h in dep.attach_handles})
        self.assertEqual('nvidia-223', t4.configuration['actual'][
            'vgpu_type'])
        driver.configure(fakesys.T4, {'mode': 'passthrough'})
        [t4] = [r for r in driver.discover() if r.address == fakesys.T4]
        self.assertEqual(['PGPU'], [d.resource_class for d in
                                    t4.deployables])
        self.assertEqual('passthrough', t4.configuration['actual']['mode'])

    def test_configure_refused(self):
        driver = self._driver()
        for desired in ({'mode': 'mig'}, {'vgpu_type': 'nvidia-222'},
                        {'mode': 'vgpu', 'vgpu_type': 'nvidia-1'}):
            self.assertRaises(exception.DeviceConfigInvalid,
                              driver.configure, fakesys.T4, desired)
        self.assertRaises(exception.DriverDeviceNotFound, driver.configure,
                          fakesys.C62X, {'mode': 'passthrough'})

    def test_vgpu_trait_name(self):
        self.assertEqual('T4_1B', nvidia.vgpu_trait_name('GRID T4-1B'))
        self.assertEqual('X', nvidia.vgpu_trait_name('x'))


class GpuUdevTestCase(_GpuTests, base.TestCase):
    MODE = sysfs.UDEV


class GpuSysfsRootTestCase(_GpuTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT


class RecordToolTestCase(base.TestCase):

    def test_help_writes_nothing(self):
        # --help was once taken for the output folder, and a folder of
        # empty recordings named "--help" was written (and committed).
        tool = os.path.join(os.path.dirname(cyborg_conf.__file__),
                            os.pardir, os.pardir, 'tools', 'record-gpu.py')
        cwd = self.useFixture(fixtures.TempDir()).path
        result = subprocess.run([sys.executable, tool, '--help'], cwd=cwd,
                                capture_output=True, text=True, timeout=60)
        self.assertEqual(0, result.returncode, result.stderr)
        self.assertIn('OUTPUT_DIR', result.stdout)
        self.assertEqual([], os.listdir(cwd))
