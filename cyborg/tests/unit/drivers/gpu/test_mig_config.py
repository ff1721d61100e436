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
"""Tests of the gpu driver's configure(): MIG mode, MIG layouts and vGPU
types of the GPUs of fakesys.mig_host, with an nvidia-smi that keeps what
it is told (nvidia_smi.StatefulNvidiaSmi).
"""

import os
import re

from oslotest import base as oslo_base

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.common import device_config
from cyborg.conf import gpu as gpu_conf
from cyborg.drivers.gpu import gpu_config
from cyborg.drivers.gpu import mig
from cyborg.drivers.gpu import mig_config
from cyborg.drivers.gpu import nvidia
from cyborg.tests import base
from cyborg.tests.fixtures import fake_kernel
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import nvidia_smi
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF

H100 = fakesys.MIG_H100
#: The H100's index for nvidia-smi (data/mig/query-gpu.csv).
H100_INDEX = 1
#: Time-sliced vGPU types the H100's VFs list besides the MIG-backed
#: ones of fakesys (the ids are illustrative).
TIME_SLICED = '1050  : NVIDIA H100XM-80C\n1051  : NVIDIA H100XM-40C'
LAYOUT = '3g.40gb,2g.20gb,1g.10gb'
QUERIES = ('--query-gpu=', 'mig -lgi')


def config_host(root):
    """fakesys.mig_host, whose H100 VFs also list a 2g.20gb MIG-backed
    type and two time-sliced types (a real VF lists the ones of its GPU's
    mode only; discovery picks what the mode needs).
    """
    fs = fakesys.mig_host(root)
    for vf in fakesys.MIG_H100_VFS:
        fs.write('/sys/devices/pci0000:8a/%s/nvidia/creatable_vgpu_types'
                 % vf, '\n'.join([fakesys.H100_MIG_TYPES,
                                  '1062  : NVIDIA H100XM-2-20C',
                                  TIME_SLICED]))
    return fs


class LayoutTestCase(oslo_base.BaseTestCase):

    def _check(self, product_id, layout):
        """device_config.check() of a layout of a GPU in MIG mode."""
        return device_config.check(
            gpu_config.configuration(product_id, mig.MigGpu(0, True, True,
                                                            []), [], None),
            {'mig_layout': layout})

    def test_known_gpu(self):
        for layout in (LAYOUT, '7g.80gb', '1g.10gb,1g.10gb,1g.10gb+me',
                       '4g.40gb,3g.40gb', '2g.20gb,2g.20gb,2g.20gb',
                       '3g.40gb,2g.20gb,1g.10gb,1g.10gb'):
            self.assertIsNone(self._check('2330', layout), layout)
        for layout in ('1g.10gb,3g.40gb', '1g.5gb', '', ',3g.40gb',
                       '3g.40gb,', '3g.40gb3g.40gb', '3g.40gb,,1g.10gb',
                       '1g.10gb+me,1g.10gb', '3G.40GB', '7g.80gb\n'):
            self.assertIsNotNone(self._check('2330', layout), layout)
        self.assertIsNone(self._check('20f1', '3g.20gb,1g.5gb'))
        self.assertIsNotNone(self._check('20f1', LAYOUT))

    def test_limits(self):
        self.assertEqual(
            {'compute_slices': 4, 'memory_slices': 4,
             'media_extensions': 1, 'profiles': {
                 '1g.6gb': {'compute_slices': 1, 'memory_slices': 1,
                            'instances': 4},
                 '1g.6gb+me': {'compute_slices': 1, 'memory_slices': 1,
                               'instances': 1},
                 '2g.12gb': {'compute_slices': 2, 'memory_slices': 2,
                             'instances': 2},
                 '2g.12gb+me': {'compute_slices': 2, 'memory_slices': 2,
                                'instances': 1},
                 '4g.24gb': {'compute_slices': 4, 'memory_slices': 4,
                             'instances': 1}}},
            mig_config.limits('20b7'))
        self.assertIsNone(mig_config.limits('2321'))
        self.assertIn('takes 8 compute slices, the GPU has 7',
                      self._check('20b5', '4g.40gb,3g.40gb,1g.10gb'))
        self.assertIn('takes 10 memory slices, the GPU has 8',
                      self._check('20b5', ','.join(['1g.20gb'] * 5)))
        self.assertIn('takes 5 compute slices, the GPU has 4',
                      self._check('20b7', '4g.24gb,1g.6gb'))
        self.assertIn("'1g.5gb' is not MIG profiles of the GPU",
                      self._check('20b5', '1g.5gb'))

    def test_one_media_extension_a_gpu(self):
        # Two 1g.10gb+me instances were taken, applied and published: the
        # GPU's one optical flow accelerator goes to one +me instance.
        self.assertEqual(
            'mig_layout: 2 GPU instances with the media extension '
            '(1g.10gb+me, 1g.10gb+me), the GPU makes 1',
            self._check('20b5', '1g.10gb+me,1g.10gb+me'))
        self.assertIn('2 GPU instances with the media extension',
                      self._check('20b7', '2g.12gb+me,1g.6gb+me'))
        self.assertIsNone(self._check('20b7', '2g.12gb+me,1g.6gb,1g.6gb'))
        self.assertIsNone(self._check('20b5', '3g.40gb,1g.10gb+me'))

    def test_instances_of_a_profile(self):
        # The instances each profile makes, as nvidia-smi mig -lgip lists
        # them (the H200's recorded in tests' data/h200).
        with open(os.path.join(os.path.dirname(fakesys.__file__), 'data',
                               'h200', 'mig-lgip.txt')) as recorded:
            lgip = recorded.read()
        for profile, instances in mig_config.GPUS['2335'].profiles.items():
            self.assertRegex(lgip, r'MIG %s\s+\d+\s+%d/%d\s' % (
                re.escape(profile), instances, instances))
        self.assertEqual(
            'mig_layout: 3 instances of 3g.71gb, the GPU makes at most 2',
            device_config._too_many(
                ['3g.71gb'] * 3, mig_config.limits('2335')['profiles'], {}))

    def test_another_gpu(self):
        # An H100 NVL (not in GPUS): any profile names, in the order of
        # every layout; what fits is nvidia-smi's to say.
        self.assertIsNone(self._check('2321', '7g.141gb'))
        self.assertIsNone(self._check('2321', '7g.141gb,7g.141gb'))
        self.assertIn('largest first: 3g.71gb,1g.18gb',
                      self._check('2321', '1g.18gb,3g.71gb'))
        self.assertIn("'whole' is not MIG profiles joined by commas",
                      self._check('2321', 'whole'))
        self.assertIsNotNone(self._check('2321', '1g.18gb;reboot'))


class _ConfigureTests(sysfs.FakeHostMixin):

    BUILDER = staticmethod(config_host)

    def setUp(self):
        super().setUp()
        self.smi = self.useFixture(nvidia_smi.StatefulNvidiaSmi())
        # Passthrough disables a GPU's VFs (sriov_numvfs).
        self.kernel = self.useFixture(fake_kernel.FakeKernel(self.fs))
        self.driver = self._driver()

    def _driver(self, types=()):
        self.flags(group='gpu_devices', enabled_vgpu_types=list(types))
        gpu_conf.register_vgpu_opts(CONF)
        return nvidia.NvidiaGpuDriver(CONF, 'test-host',
                                      pci_host=self.pci_host)

    def _record(self, address=H100):
        return {r.address: r for r in self.driver.discover()}[address]

    def _changes(self):
        """The nvidia-smi calls so far that are not queries."""
        return [c for c in self.smi.calls() if not c.startswith(QUERIES)]

    def _passthrough(self):
        self.smi.set_gpu(H100_INDEX, mig='Disabled', instances=[])

    def test_settable(self):
        configuration = self._record().configuration
        self.assertEqual(
            {'mode': {'type': 'string',
                      'enum': ['passthrough', 'vgpu', 'mig']},
             'vgpu_type': {'type': 'string', 'enum': ['1050', '1051']},
             'mig_layout': mig_config.layout_schema('2330')},
            configuration['settable'])
        self.assertEqual({'mig_layout': mig_config.limits('2330')},
                         configuration['limits'])
        self.assertEqual({'mode': 'mig', 'vgpu_type': None,
                          'mig_layout': '3g.40gb,1g.10gb,1g.10gb,1g.10gb'},
                         configuration['actual'])
        # The L40 has no MIG, nor a vGPU type: passthrough only.
        l40 = self._record(fakesys.MIG_L40).configuration
        self.assertEqual({'mode': {'type': 'string',
                                   'enum': ['passthrough']}},
                         l40['settable'])
        self.assertEqual('passthrough', l40['actual']['mode'])

    def test_passthrough_to_mig(self):
        self._passthrough()
        before = self._record()
        self.assertEqual('passthrough', before.configuration['actual'][
            'mode'])
        self.assertEqual([], before.deployables)
        desired = {'mode': 'mig', 'mig_layout': LAYOUT}
        self.assertEqual({'reboot_required': False},
                         self.driver.configure(H100, desired))
        self.assertEqual(['-i 1 -mig 1', 'mig -i 1 -cgi %s -C' % LAYOUT],
                         self._changes())
        after = self._record()
        self.assertEqual(
            ['CUSTOM_MIG_3G_40GB', 'CUSTOM_MIG_2G_20GB',
             'CUSTOM_MIG_1G_10GB'],
            [d.resource_class for d in after.deployables])
        self.assertEqual(
            ['1064', '1062', '1061'],
            [d.attach_handles[0].attach_info['asked_type']
             for d in after.deployables])
        self.assertEqual({}, device_config.differences(
            desired, after.configuration['actual']))
        # The same again changes nothing.
        calls = len(self.smi.calls())
        self.assertEqual({'reboot_required': False},
                         self.driver.configure(H100, desired))
        self.assertEqual([], [c for c in self.smi.calls()[calls:]
                              if not c.startswith(QUERIES)])

    def test_another_layout(self):
        # Instances there that are not the layout are destroyed first.
        self.driver.configure(H100, {'mig_layout': '7g.80gb'})
        self.assertEqual(['mig -i 1 -dci', 'mig -i 1 -dgi',
                          'mig -i 1 -cgi 7g.80gb -C'], self._changes())
        self.assertEqual('7g.80gb', self._record().configuration[
            'actual']['mig_layout'])

    def test_mig_mode_alone_keeps_the_instances(self):
        self.driver.configure(H100, {'mode': 'mig'})
        self.assertEqual([], self._changes())

    def test_mig_to_passthrough(self):
        self.assertEqual({'reboot_required': False},
                         self.driver.configure(H100, {'mode': 'passthrough'}))
        self.assertEqual(['mig -i 1 -dci', 'mig -i 1 -dgi', '-i 1 -mig 0'],
                         self._changes())
        record = self._record()
        self.assertEqual({'mode': 'passthrough', 'vgpu_type': None,
                          'mig_layout': None},
                         record.configuration['actual'])
        self.assertEqual('Disabled', self.smi.gpu(H100_INDEX)['mig'])
        # Its VFs disabled first, it is offered whole.
        self.assertEqual(['0'], self.kernel.writes('sriov_numvfs', H100))
        self.assertEqual([('PGPU', 'test-host_' + H100)],
                         [(d.resource_class, d.name)
                          for d in record.deployables])

    def test_layout_over_the_slices(self):
        exc = self.assertRaises(
            exception.DeviceConfigInvalid, self.driver.configure, H100,
            {'mode': 'mig', 'mig_layout': '4g.40gb,3g.40gb,1g.10gb'})
        self.assertIn('takes 8 compute slices, the GPU has 7', exc.message)
        self.assertEqual([], self._changes())

    def test_refused_before_any_change(self):
        self._passthrough()
        for desired in ({'mode': 'mig', 'mig_layout': '1g.10gb,3g.40gb'},
                        {'mode': 'passthrough', 'mig_layout': '7g.80gb'},
                        {'vgpu_type': '1050'},
                        {'mode': 'vgpu'},
                        {'mode': 'vgpu', 'vgpu_type': '1061'},
                        {'mode': 'whole'}, {'num_vfs': 2}):
            self.assertRaises(exception.DeviceConfigInvalid,
                              self.driver.configure, H100, desired)
        self.assertEqual([], self._changes())

    def test_mig_on_a_gpu_without(self):
        exc = self.assertRaises(exception.DeviceConfigInvalid,
                                self.driver.configure, fakesys.MIG_L40,
                                {'mode': 'mig'})
        self.assertIn('mode', exc.message)

    def test_pending_mig_mode(self):
        self._passthrough()
        self.smi.hold_mig_mode(H100_INDEX)
        desired = {'mode': 'mig', 'mig_layout': LAYOUT}
        self.assertEqual({'reboot_required': True},
                         self.driver.configure(H100, desired))
        self.assertEqual(['-i 1 -mig 1'], self._changes())
        self.assertEqual('passthrough',
                         self._record().configuration['actual']['mode'])
        # After the reboot, the agent applies it again.
        self.smi.reboot()
        self.assertEqual({'reboot_required': False},
                         self.driver.configure(H100, desired))
        self.assertEqual(LAYOUT, self._record().configuration['actual'][
            'mig_layout'])

    def test_pending_mig_mode_off(self):
        self.smi.hold_mig_mode(H100_INDEX)
        self.assertEqual({'reboot_required': True},
                         self.driver.configure(H100, {'mode': 'passthrough'}))

    def test_nvidia_smi_fails(self):
        self._passthrough()
        self.smi.fail_next('-cgi', 'Unable to create a GPU instance on GPU '
                           ' 1 using profile 3g.40gb: Unknown Error')
        exc = self.assertRaises(exception.CommandFailed,
                                self.driver.configure, H100,
                                {'mode': 'mig', 'mig_layout': LAYOUT})
        self.assertIn('Unknown Error', exc.message)
        self.assertEqual(255, exc.kwargs['exit_code'])

    def test_vgpu(self):
        desired = {'mode': 'vgpu', 'vgpu_type': '1050'}
        self.assertEqual({'reboot_required': False},
                         self.driver.configure(H100, desired))
        self.assertEqual(['mig -i 1 -dci', 'mig -i 1 -dgi', '-i 1 -mig 0'],
                         self._changes())
        record = self._record()
        [vgpu] = record.deployables
        self.assertEqual(('VGPU', 'test-host_' + H100),
                         (vgpu.resource_class, vgpu.name))
        self.assertEqual(
            [('PCI', '1050')] * len(fakesys.MIG_H100_VFS),
            [(h.attach_type, h.attach_info['asked_type'])
             for h in vgpu.attach_handles])
        self.assertEqual({}, device_config.differences(
            desired, record.configuration['actual']))
        # The chosen type stays when the mode is asked alone.
        self.driver.configure(H100, {'mode': 'vgpu'})
        self.assertEqual('1050', self._record().configuration['actual'][
            'vgpu_type'])

    def test_chosen_type_wins_over_the_configured_ones(self):
        self.driver = self._driver(types=['1051'])
        self._passthrough()
        self.assertEqual({'mode': 'vgpu', 'vgpu_type': '1051',
                          'mig_layout': None},
                         self._record().configuration['actual'])
        self.driver.configure(H100, {'vgpu_type': '1050'})
        self.assertEqual('1050', self._record().configuration['actual'][
            'vgpu_type'])
        # Passthrough: no type at all, whatever the options say; no VF
        # either, the GPU offered whole.
        self.driver.configure(H100, {'mode': 'passthrough'})
        record = self._record()
        self.assertEqual(['PGPU'],
                         [d.resource_class for d in record.deployables])
        self.assertEqual('passthrough',
                         record.configuration['actual']['mode'])

    def test_not_a_gpu(self):
        self.assertRaises(exception.DriverDeviceNotFound,
                          self.driver.configure, fakesys.MIG_H100_VFS[0],
                          {'mode': 'passthrough'})


class ConfigureUdevTestCase(_ConfigureTests, base.TestCase):
    MODE = sysfs.UDEV


class ConfigureSysfsRootTestCase(_ConfigureTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT


A100 = fakesys.MIG_A100


class _PassthroughGpuTests(sysfs.FakeHostMixin):

    BUILDER = staticmethod(fakesys.passthrough_gpu_host)

    def setUp(self):
        super().setUp()
        self.smi = self.useFixture(nvidia_smi.StatefulNvidiaSmi())
        self.smi.set_gpu(0, mig='Disabled', instances=[])
        self.kernel = self.useFixture(fake_kernel.FakeKernel(
            self.fs, vf_drivers=fakesys.NVIDIA_VF_DRIVERS,
            on_vf=fakesys.nvidia_vf))
        self.driver = nvidia.NvidiaGpuDriver(CONF, 'test-host',
                                             pci_host=self.pci_host)

    def _record(self):
        [record] = self.driver.discover()
        return record

    def test_passthrough_to_mig_enables_the_vfs_and_back(self):
        self.assertEqual(['PGPU'], [d.resource_class
                                    for d in self._record().deployables])
        desired = {'mode': 'mig', 'mig_layout': LAYOUT}
        self.assertEqual({'reboot_required': False},
                         self.driver.configure(A100, desired))
        # The GPU instances first, then every VF.
        self.assertEqual(['4'], self.kernel.writes('sriov_numvfs', A100))
        self.assertEqual(['-i 0 -mig 1', 'mig -i 0 -cgi %s -C' % LAYOUT],
                         [c for c in self.smi.calls()
                          if not c.startswith(QUERIES)])
        record = self._record()
        self.assertEqual(
            [('CUSTOM_MIG_3G_40GB', '700'), ('CUSTOM_MIG_2G_20GB', '701'),
             ('CUSTOM_MIG_1G_10GB', '702')],
            [(d.resource_class, d.attach_handles[0].attach_info[
                'asked_type']) for d in record.deployables])
        self.assertEqual({}, device_config.differences(
            desired, record.configuration['actual']))
        # Back: the VFs go first, then the instances and MIG mode.
        self.driver.configure(A100, {'mode': 'passthrough'})
        self.assertEqual(['4', '0'],
                         self.kernel.writes('sriov_numvfs', A100))
        record = self._record()
        self.assertEqual(['PGPU'],
                         [d.resource_class for d in record.deployables])
        self.assertEqual('passthrough',
                         record.configuration['actual']['mode'])

    def test_vfs_the_kernel_does_not_make_fail_the_configuration(self):
        self.kernel.stall()
        self.driver.sriov_timeout = 0.3
        exc = self.assertRaises(exception.DeviceConfigFailed,
                                self.driver.configure, A100,
                                {'mode': 'mig', 'mig_layout': '7g.80gb'})
        self.assertIn('4 VFs asked of %s' % A100, str(exc))


class PassthroughGpuUdevTestCase(_PassthroughGpuTests, base.TestCase):
    MODE = sysfs.UDEV


class PassthroughGpuSysfsRootTestCase(_PassthroughGpuTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT
