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
"""Tests of the gpu driver on GPUs in MIG mode (fakesys.mig_host and the
recorded nvidia-smi outputs of fixtures/data/mig), and on a real H200's
recorded answers (fixtures/data/h200).
"""

import os
import re

from oslotest import base as oslo_base

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.common import device_config
from cyborg.conf import gpu as gpu_conf
from cyborg.drivers.gpu import mig
from cyborg.drivers.gpu import nvidia
from cyborg.tests import base
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import nvidia_smi
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF

MDEV_UUID = 'b1a8a0c4-2a9e-4a55-9d7f-3c1d2f9e0a01'
H200_DATA = os.path.join(os.path.dirname(nvidia_smi.DATA), 'h200')


def _handle(deployable):
    [handle] = deployable.attach_handles
    info = dict(handle.attach_info)
    address = '{domain}:{bus}:{device}.{function}'.format(**info)
    for key in ('domain', 'bus', 'device', 'function'):
        del info[key]
    return handle.attach_type, address, info


class ParseTestCase(oslo_base.BaseTestCase):

    def _read(self, name):
        with open(os.path.join(nvidia_smi.DATA, name)) as f:
            return f.read()

    def test_query(self):
        self.assertEqual({0: ('0000:4b:00.0', 'Enabled'),
                          1: ('0000:8a:00.0', 'Enabled'),
                          2: ('0000:c3:00.0', 'Enabled'),
                          3: ('0000:d8:00.0', None)},
                         mig.parse_modes(self._read('query-gpu.csv')))

    def test_modes(self):
        # [N/A]: a GPU without MIG; Disabled: one with MIG mode off.
        self.assertEqual({0: ('0000:4b:00.0', 'Enabled'),
                          1: ('0000:8a:00.0', 'Disabled'),
                          3: ('0000:d8:00.0', None)},
                         mig.parse_modes('0, 00000000:4B:00.0, Enabled\n'
                                         '1, 00000000:8A:00.0, Disabled\n'
                                         '3, 00000000:D8:00.0, [N/A]\n'))

    def test_gpu_instances(self):
        parsed = mig.parse_gpu_instances(self._read('mig-lgi.txt'))
        self.assertEqual([0, 1], sorted(parsed))
        self.assertEqual([(2, '3g.40gb', 9, '4:4'), (3, '2g.20gb', 14, '0:2'),
                          (4, '2g.20gb', 14, '2:2')],
                         [tuple(gi) for gi in parsed[0]])
        self.assertEqual(['3g.40gb', '1g.10gb', '1g.10gb', '1g.10gb'],
                         [gi.profile for gi in parsed[1]])
        self.assertEqual({}, mig.parse_gpu_instances(
            'No GPU instances found: Not Found\n'))

    def test_names(self):
        self.assertEqual('CUSTOM_MIG_1G_10GB', mig.resource_class('1g.10gb'))
        self.assertEqual('CUSTOM_MIG_1G_10GB_ME',
                         mig.resource_class('1g.10gb+me'))
        self.assertEqual('CUSTOM_NVIDIA_MIG_3G_40GB',
                         mig.profile_trait('3g.40gb'))

    def test_vgpu_profile(self):
        for name, profile in (('NVIDIA H100XM-1-10C', '1g.10gb'),
                              ('GRID A100D-3-40C', '3g.40gb'),
                              ('GRID A100-1-5C', '1g.5gb'),
                              ('GRID A100D-1-10CME', '1g.10gb+me'),
                              ('GRID A100D-40C', None),
                              ('GRID T4-1B', None), ('', None)):
            self.assertEqual(profile, mig.vgpu_profile(name), name)


class _MigTests(sysfs.FakeHostMixin):

    BUILDER = staticmethod(fakesys.mig_host)

    def setUp(self):
        super().setUp()
        self.smi = self.useFixture(nvidia_smi.FakeNvidiaSmi())

    def _driver(self, types=()):
        self.flags(group='gpu_devices', enabled_vgpu_types=list(types))
        gpu_conf.register_vgpu_opts(CONF)
        return nvidia.NvidiaGpuDriver(CONF, 'test-host',
                                      pci_host=self.pci_host)

    def _records(self, driver=None):
        return {r.address: r for r in (driver or self._driver()).discover()}

    def test_each_gpu_instance_is_a_deployable(self):
        h100 = self._records()[fakesys.MIG_H100]
        self.assertEqual(
            [('test-host_0000:8a:00.0_gi2', 'CUSTOM_MIG_3G_40GB'),
             ('test-host_0000:8a:00.0_gi7', 'CUSTOM_MIG_1G_10GB'),
             ('test-host_0000:8a:00.0_gi8', 'CUSTOM_MIG_1G_10GB'),
             ('test-host_0000:8a:00.0_gi9', 'CUSTOM_MIG_1G_10GB')],
            [(d.name, d.resource_class) for d in h100.deployables])
        self.assertEqual({1}, {d.num_accelerators for d in h100.deployables})
        self.assertEqual(4, h100.acc_specs.num)
        self.assertFalse(h100.acc_status.setup_required)
        self.assertEqual(
            ['CUSTOM_NUMA_NODE_1', 'CUSTOM_NVIDIA_2330',
             'CUSTOM_NVIDIA_MIG_1G_10GB', 'OWNER_CYBORG'],
            h100.deployables[1].traits)
        self.assertEqual('mig', h100.acc_specs.acc_capability['mode'])
        self.assertEqual(['2:3g.40gb:4:4', '7:1g.10gb:0:1', '8:1g.10gb:1:1',
                          '9:1g.10gb:2:1'],
                         h100.acc_specs.acc_capability['gpu_instances'])

    def test_vendor_vfio_handles(self):
        # The instances in id order take the VFs in VF order; each handle
        # is the VF with the vGPU type of its instance's profile.  The
        # fifth VF is not offered.
        h100 = self._records()[fakesys.MIG_H100]
        self.assertEqual(
            [('PCI', fakesys.MIG_H100_VFS[0], {'asked_type': '1064'}),
             ('PCI', fakesys.MIG_H100_VFS[1], {'asked_type': '1061'}),
             ('PCI', fakesys.MIG_H100_VFS[2], {'asked_type': '1061'}),
             ('PCI', fakesys.MIG_H100_VFS[3], {'asked_type': '1061'})],
            [_handle(d) for d in h100.deployables])

    def test_classic_mdev_handles(self):
        a100 = self._records()[fakesys.MIG_A100]
        self.assertEqual(
            [('test-host_0000:4b:00.0_gi2', 'CUSTOM_MIG_3G_40GB'),
             ('test-host_0000:4b:00.0_gi3', 'CUSTOM_MIG_2G_20GB'),
             ('test-host_0000:4b:00.0_gi4', 'CUSTOM_MIG_2G_20GB')],
            [(d.name, d.resource_class) for d in a100.deployables])
        self.assertEqual(
            [('MDEV', fakesys.MIG_A100_VFS[0],
              {'asked_type': 'nvidia-701', 'vgpu_mark': 'nvidia-701_0'}),
             ('MDEV', fakesys.MIG_A100_VFS[1],
              {'asked_type': 'nvidia-700', 'vgpu_mark': 'nvidia-700_0'}),
             ('MDEV', fakesys.MIG_A100_VFS[2],
              {'asked_type': 'nvidia-700', 'vgpu_mark': 'nvidia-700_0'})],
            [_handle(d) for d in a100.deployables])
        self.assertIn('CUSTOM_NUMA_NODE_0', a100.deployables[0].traits)

    def test_no_gpu_instance_nothing_bindable(self):
        with self.assertLogs('cyborg.drivers.gpu.nvidia', 'WARNING') as logs:
            empty = self._records()[fakesys.MIG_H100_EMPTY]
        self.assertEqual([], empty.deployables)
        self.assertTrue(empty.acc_status.setup_required)
        self.assertEqual('mig', empty.acc_specs.acc_capability['mode'])
        self.assertEqual(1, sum(fakesys.MIG_H100_EMPTY in line and
                                'no GPU instance' in line
                                for line in logs.output))

    def test_gpu_not_in_mig_mode(self):
        l40 = self._records()[fakesys.MIG_L40]
        [dep] = l40.deployables
        self.assertEqual(('PGPU', 'test-host_' + fakesys.MIG_L40),
                         (dep.resource_class, dep.name))

    def test_no_vfs_nothing_bindable(self):
        os.remove(self.fs.real_path('/sys/devices/pci0000:8a/%s/virtfn%d' % (
            fakesys.MIG_H100, 0)))
        for i in range(1, len(fakesys.MIG_H100_VFS)):
            os.remove(self.fs.real_path('/sys/devices/pci0000:8a/%s/virtfn%d'
                                        % (fakesys.MIG_H100, i)))
        with self.assertLogs('cyborg.drivers.gpu.nvidia', 'WARNING') as logs:
            h100 = self._records()[fakesys.MIG_H100]
        self.assertEqual([], h100.deployables)
        self.assertTrue(any('without SR-IOV virtual functions' in line
                            for line in logs.output))

    def test_configured_type_wins(self):
        self.fs.write('/sys/devices/pci0000:8a/%s/nvidia/creatable_vgpu_types'
                      % fakesys.MIG_H100_VFS[1],
                      fakesys.H100_MIG_TYPES + '\n1070  : NVIDIA H100XM-1-10Q')
        default = self._records()[fakesys.MIG_H100].deployables[1]
        self.assertEqual('1061', _handle(default)[2]['asked_type'])
        chosen = self._records(self._driver(['NVIDIA H100XM-1-10Q']))[
            fakesys.MIG_H100].deployables[1]
        self.assertEqual('1070', _handle(chosen)[2]['asked_type'])

    def test_bound_instance_keeps_its_handle_and_traits(self):
        # The last free 1g.10gb instance is used: no VF lists its type any
        # more, and the VF holding it reports only its type id.
        before = self._records()[fakesys.MIG_H100].deployables
        vfs = ['/sys/devices/pci0000:8a/%s/nvidia/' % vf
               for vf in fakesys.MIG_H100_VFS]
        for vf in vfs[1:4]:
            self.fs.write(vf + 'current_vgpu_type', '1061')
            self.fs.write(vf + 'creatable_vgpu_types', '')
        for vf in (vfs[0], vfs[4]):
            self.fs.write(vf + 'creatable_vgpu_types',
                          '1064  : NVIDIA H100XM-3-40C')
        after = self._records()[fakesys.MIG_H100].deployables

        def facts(deployables):
            return [(d.name, d.resource_class, d.traits, _handle(d))
                    for d in deployables]

        self.assertEqual(facts(before), facts(after))

    def test_instance_whose_vf_offers_nothing(self):
        self.fs.write('/sys/devices/pci0000:8a/%s/nvidia/creatable_vgpu_types'
                      % fakesys.MIG_H100_VFS[0], '')
        with self.assertLogs('cyborg.drivers.gpu.nvidia', 'WARNING'):
            names = [d.name for d in
                     self._records()[fakesys.MIG_H100].deployables]
        self.assertNotIn('test-host_0000:8a:00.0_gi2', names)
        self.assertEqual(3, len(names))

    def test_nvidia_smi_queries(self):
        self._records()
        self.assertEqual(
            ['--query-gpu=index,pci.bus_id,mig.mode.current '
             '--format=csv,noheader', 'mig -lgi',
             '--query-gpu=pci.bus_id,memory.total,compute_cap,'
             'driver_version,vbios_version --format=csv,noheader,nounits'],
            self.smi.calls())

    def test_gpu_facts(self):
        # For device classes (cyborg.drivers.gpu.facts): a field that
        # reads [N/A] is left out.
        records = self._records()
        self.assertEqual(
            {'memory_mb': '81559', 'compute_capability': '9.0',
             'driver_version': '550.54.15', 'firmware': '96.00.5E.00.01'},
            records[fakesys.MIG_H100].vendor_board_info)
        self.assertEqual(
            {'memory_mb': '46068', 'driver_version': '550.54.15',
             'firmware': '95.02.5D.00.01'},
            records[fakesys.MIG_L40].vendor_board_info)

    def test_gpus(self):
        gpus = mig.gpus()
        self.assertEqual(mig.MigGpu(3, False, False, []),
                         gpus[fakesys.MIG_L40])
        self.assertEqual((1, True, True, [2, 7, 8, 9]),
                         gpus[fakesys.MIG_H100][:3] +
                         ([gi.gi_id for gi in
                           gpus[fakesys.MIG_H100].instances],))
        self.assertEqual(gpus, mig.CarvingReader().read_gpus())

    def test_gpus_raises(self):
        # For a change of the carving, a failure is not read as "no MIG".
        with open(os.path.join(self.smi.data, 'query-gpu.csv'), 'w') as f:
            f.write('0, 00000000:4B:00.0, Enabled\n')
        os.remove(os.path.join(self.smi.data, 'mig-lgi.txt'))
        self.assertEqual([], mig.gpus()[fakesys.MIG_A100].instances)
        os.remove(os.path.join(self.smi.data, 'query-gpu.csv'))
        self.assertRaises(exception.CommandFailed, mig.gpus)
        self.assertEqual({}, mig.CarvingReader().read_gpus())

    def test_no_instance_anywhere(self):
        # nvidia-smi fails when no GPU has an instance.
        os.remove(os.path.join(self.smi.data, 'mig-lgi.txt'))
        records = self._records()
        for address in (fakesys.MIG_A100, fakesys.MIG_H100,
                        fakesys.MIG_H100_EMPTY):
            self.assertEqual([], records[address].deployables)

    def test_prepare_and_release(self):
        driver = self._driver()
        records = self._records(driver)
        vfio = records[fakesys.MIG_H100].deployables[1].attach_handles[0]
        path = self.fs.real_path('/sys/devices/pci0000:8a/%s/nvidia/'
                                 'current_vgpu_type' % fakesys.MIG_H100_VFS[1])
        self.assertEqual({}, driver.prepare_attach(vfio.to_dict(), MDEV_UUID))
        with open(path) as f:
            self.assertEqual('1061', f.read())
        driver.release_attach(vfio.to_dict(), MDEV_UUID)
        with open(path) as f:
            self.assertEqual('0', f.read())
        mdev = records[fakesys.MIG_A100].deployables[1].attach_handles[0]
        self.assertEqual({'mdev_uuid': MDEV_UUID},
                         driver.prepare_attach(mdev.to_dict(), MDEV_UUID))
        with open(self.fs.real_path(
                '/sys/devices/pci0000:4b/%s/mdev_supported_types/nvidia-700/'
                'create' % fakesys.MIG_A100_VFS[1])) as f:
            self.assertEqual(MDEV_UUID, f.read())


class NoNvidiaSmiTestCase(sysfs.FakeHostMixin, base.TestCase):
    """Without nvidia-smi no GPU is known to be in MIG mode."""

    MODE = sysfs.SYSFS_ROOT
    BUILDER = staticmethod(fakesys.mig_host)

    def test_without_nvidia_smi(self):
        self.useFixture(nvidia_smi.FakeNvidiaSmi())
        os.remove(os.path.join(os.environ['PATH'].split(os.pathsep)[0],
                               'nvidia-smi'))
        driver = nvidia.NvidiaGpuDriver(CONF, 'test-host',
                                        pci_host=self.pci_host)
        with self.assertLogs('cyborg.drivers.gpu.mig', 'INFO') as logs:
            records = {r.address: r for r in driver.discover()}
            driver.discover()
        self.assertEqual(1, sum('not installed' in line
                                for line in logs.output))
        # The A100's VFs offer no configured type: nothing, as before.
        self.assertEqual('unconfigured', records[fakesys.MIG_A100]
                         .acc_specs.acc_capability['mode'])
        # Nor are the GPUs' memory and versions known.
        self.assertEqual({}, records[fakesys.MIG_A100].vendor_board_info)


class _RecordedH200Tests(sysfs.FakeHostMixin):
    """What the driver makes of a real H200's answers (data/h200)."""

    BUILDER = staticmethod(fakesys.h200_host)

    def setUp(self):
        super().setUp()
        self.smi = self.useFixture(nvidia_smi.FakeNvidiaSmi(H200_DATA))
        self.driver = nvidia.NvidiaGpuDriver(CONF, 'test-host',
                                             pci_host=self.pci_host)

    def test_discovery(self):
        [gpu] = self.driver.discover()
        self.assertEqual(fakesys.H200, gpu.address)
        self.assertEqual({'memory_mb': '143771', 'compute_capability': '9.0',
                          'driver_version': '580.159.04',
                          'firmware': '96.00.A5.00.1A'},
                         gpu.vendor_board_info)
        [deployable] = gpu.deployables
        self.assertEqual('PGPU', deployable.resource_class)
        self.assertEqual({}, self.driver.check_health([gpu]))

    def test_mig_is_offered_without_sriov(self):
        # A VM's GPU shows no SR-IOV capability; MIG mode is off.  The
        # driver offered passthrough only, never asking nvidia-smi.
        [gpu] = self.driver.discover()
        self.assertEqual(['passthrough', 'mig'],
                         gpu.configuration['settable']['mode']['enum'])
        self.assertEqual({'mode': 'passthrough', 'mig_layout': None,
                          'vgpu_type': None}, gpu.configuration['actual'])

    def test_the_limits_are_those_nvidia_smi_lists(self):
        [gpu] = self.driver.discover()
        limits = gpu.configuration['limits']['mig_layout']
        self.assertEqual((7, 8), (limits['compute_slices'],
                                  limits['memory_slices']))
        # How many of each profile fit, as "mig -lgip" counts them.
        with open(os.path.join(H200_DATA, 'mig-lgip.txt')) as f:
            listed = dict(re.findall(r'MIG (\S+)\s+\d+\s+\d+/(\d+)',
                                     f.read()))
        fit = {name: 1 if name.endswith('+me') else min(
            limits['compute_slices'] // p['compute_slices'],
            limits['memory_slices'] // p['memory_slices'])
            for name, p in limits['profiles'].items()}
        self.assertEqual({k: int(v) for k, v in listed.items()}, fit)

    def test_layouts_judged_by_the_record(self):
        [gpu] = self.driver.discover()
        reported = gpu.configuration
        self.assertIsNone(device_config.check(
            reported, {'mode': 'mig', 'mig_layout': '4g.71gb,3g.71gb'}))
        for layout in ('4g.71gb,4g.71gb', '7g.141gb,1g.18gb',
                       '1g.18gb,3g.71gb', '3g.40gb'):
            self.assertIsNotNone(device_config.check(
                reported, {'mode': 'mig', 'mig_layout': layout}), layout)


class RecordedH200UdevTestCase(_RecordedH200Tests, base.TestCase):
    MODE = sysfs.UDEV


class RecordedH200SysfsRootTestCase(_RecordedH200Tests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT


class MigUdevTestCase(_MigTests, base.TestCase):
    MODE = sysfs.UDEV


class MigSysfsRootTestCase(_MigTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT
