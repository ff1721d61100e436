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
"""Tests of the gpu driver's clean steps (cyborg.drivers.gpu.gpu_clean
and clean_check): on the recorded H200 (fakesys.h200_host and the dry run
of tools/gpu-clean-verify.py on it, fixtures/data/h200/clean-verify*), on
GPUs in MIG mode (fakesys.mig_host, StatefulNvidiaSmi; data/mig's
processes.csv and state.csv are written in the recorded shape) and in vGPU
mode (accelerator_host's T4 and A100, the fake kernel removing mdevs).
"""

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import threading

import fixtures
from oslotest import base as oslo_base

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.common import privsep_allowlists
from cyborg.conf import gpu as gpu_conf
from cyborg.drivers import command
from cyborg.drivers.gpu import clean_check
from cyborg.drivers.gpu import gpu_clean
from cyborg.drivers.gpu import memory_scrub
from cyborg.drivers.gpu import nvidia
from cyborg.tests import base
from cyborg.tests.fixtures import cleaning as clean_fixture
from cyborg.tests.fixtures import fake_cuda
from cyborg.tests.fixtures import fake_kernel
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import nvidia_smi
from cyborg.tests.fixtures import nvidia_smi_tool
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF

H200_DATA = os.path.join(os.path.dirname(nvidia_smi.DATA), 'h200')
IDLE = os.path.join(H200_DATA, 'clean-verify')
BUSY = os.path.join(H200_DATA, 'clean-verify-busy')
TOOL = os.path.join(os.path.dirname(os.path.abspath(cyborg_conf.__file__)),
                    os.pardir, os.pardir, 'tools', 'gpu-clean-verify.py')


def _read(directory, name):
    with open(os.path.join(directory, name)) as f:
        return f.read()


class CheckTestCase(oslo_base.BaseTestCase):

    def test_the_recorded_verdicts(self):
        for directory in (IDLE, BUSY):
            for address, verdict in json.loads(
                    _read(directory, 'verdict.json')).items():
                self.assertEqual(
                    (verdict['state'], verdict['problems']),
                    clean_check.judge(address,
                                      _read(directory, 'processes.csv'),
                                      _read(directory, 'state.csv')))
        self.assertEqual(['processes 645 run on it',
                          '5197 MiB of its memory in use'],
                         json.loads(_read(BUSY, 'verdict.json'))[
                             fakesys.H200]['problems'])

    def test_health(self):
        state = ('00000000:4B:00.0, Enabled, 4000, 81920, 2, Yes, Yes, Yes\n'
                 '00000000:8A:00.0, Disabled, [N/A], 81559, 0, No, No, No')
        self.assertEqual(
            ['2 uncorrectable ECC errors since its driver loaded',
             'a page retirement waits for a reset',
             'a row remapping waits for a reset', 'a row remapping failed'],
            clean_check.judge('0000:4b:00.0', '', state)[1])
        self.assertEqual(['[N/A] MiB of its memory in use'],
                         clean_check.judge('0000:8a:00.0', '', state)[1])
        self.assertEqual(['nvidia-smi does not list the GPU'],
                         clean_check.judge('0000:c3:00.0', '', state)[1])

    def test_reads_are_the_allowed_read_only_queries(self):
        for argv in clean_check.READS.values():
            self.assertIn(argv[1:],
                          privsep_allowlists.ONLY_ARGS['nvidia-smi'])
            self.assertIn(argv[1:], nvidia_smi_tool.QUERY_FILES)

    def _dry_run(self, data):
        self.useFixture(nvidia_smi.FakeNvidiaSmi(data))
        out = self.useFixture(fixtures.TempDir()).path
        # Isolated, without site-packages: the standard library only.
        result = subprocess.run([sys.executable, '-I', '-S', TOOL, out],
                                capture_output=True, text=True,
                                timeout=60, check=False)
        return result.returncode, out

    def test_dry_run_without_cyborg(self):
        for data, code in ((IDLE, 0), (BUSY, 1)):
            returncode, out = self._dry_run(data)
            self.assertEqual(code, returncode)
            for name in ('processes.csv', 'state.csv'):
                self.assertEqual(_read(data, name), _read(out, name))
            verdict = json.loads(_read(out, 'verdict.json'))
            self.assertEqual(json.loads(_read(data, 'verdict.json'))[
                fakesys.H200]['problems'],
                verdict[fakesys.H200]['problems'])


class _H200Tests(sysfs.FakeHostMixin):

    BUILDER = staticmethod(fakesys.h200_host)

    def setUp(self):
        super().setUp()
        self.smi = self.useFixture(nvidia_smi.FakeNvidiaSmi(H200_DATA))
        self._answer(IDLE)
        self.driver = nvidia.NvidiaGpuDriver(CONF, 'h',
                                             pci_host=self.pci_host)

    def _answer(self, directory):
        for name in clean_check.READS:
            shutil.copy(os.path.join(directory, name), self.smi.data)

    def test_steps_of_the_recorded_gpu(self):
        [record] = self.driver.discover()
        self.assertEqual([('function_reset', True), ('scrub_memory', False),
                          ('verify', True)],
                         [(s.name, s.default) for s in
                          self.driver.clean_steps(record)])

    def test_no_reset_where_the_kernel_offers_none(self):
        os.remove(self.fs.real_path(fakesys.pci_path(fakesys.H200) +
                                    '/reset'))
        [record] = self.driver.discover()
        self.assertEqual(['scrub_memory', 'verify'],
                         [s.name for s in self.driver.clean_steps(record)])

    def test_reset_then_verified(self):
        self.assertEqual(
            [{'step': 'function_reset', 'detail': 'reset (flr), reads '
              '10de:2335 bound to nvidia'},
             {'step': 'verify', 'detail': 'no process; 0 of 143771 MiB in '
              'use; no uncorrectable ECC error nor pending memory repair'}],
            clean_fixture.clean(self.driver, fakesys.H200,
                                ['function_reset', 'verify'], 60))

    def test_not_back_fails_with_what_was_read(self):
        self._answer(BUSY)
        exc = self.assertRaises(exception.DeviceCleanFailed,
                                clean_fixture.clean, self.driver, fakesys.H200,
                                ['verify'], 0.5)
        self.assertEqual('Clean step verify of device 0000:00:06.0 failed: '
                         'processes 645 run on it; 5197 MiB of its memory '
                         'in use', exc.message)

    def test_waits_for_the_process_to_end(self):
        self._answer(BUSY)
        ended = threading.Timer(0.3, self._answer, (IDLE,))
        ended.start()
        self.addCleanup(ended.cancel)
        [done] = clean_fixture.clean(self.driver, fakesys.H200, ['verify'], 20)
        self.assertIn('no process', done['detail'])

    def test_not_a_gpu(self):
        self.assertRaises(exception.DriverDeviceNotFound, clean_fixture.clean,
                          self.driver, '0000:00:07.0', ['verify'], 5)
        self.assertRaises(exception.UnsupportedOperation, clean_fixture.clean,
                          self.driver, fakesys.H200, ['gpu_reset'], 5)


class H200UdevTestCase(_H200Tests, base.TestCase):
    MODE = sysfs.UDEV


class H200SysfsRootTestCase(_H200Tests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT


class _VfioVerifyTests(sysfs.FakeHostMixin):
    """The H200 bound to vfio-pci: nvidia-smi does not list it."""

    BUILDER = staticmethod(fakesys.h200_vfio_host)

    def setUp(self):
        super().setUp()
        self.smi = self.useFixture(nvidia_smi.FakeNvidiaSmi(H200_DATA))
        for name in clean_check.READS:
            with open(os.path.join(self.smi.data, name), 'w'):
                pass
        self.driver = nvidia.NvidiaGpuDriver(CONF, 'h',
                                             pci_host=self.pci_host)
        self.gpu = fakesys.pci_path(fakesys.H200)

    def _fails(self, *steps):
        return self.assertRaises(exception.DeviceCleanFailed,
                                 clean_fixture.clean, self.driver,
                                 fakesys.H200,
                                 list(steps) or ['verify'], 0.2).message

    def test_verified_from_sysfs(self):
        [record] = self.driver.discover()
        steps = self.driver.clean_steps(record)
        self.assertEqual(['function_reset', 'verify'],
                         [s.name for s in steps])
        self.assertIn('bound to vfio-pci, read from sysfs',
                      steps[1].description)
        self.assertIn('current_link_speed', steps[1].source)
        self.assertEqual(
            [{'step': 'function_reset', 'detail': 'reset (flr), reads '
              '10de:2335 bound to vfio-pci'},
             {'step': 'verify', 'detail': 'bound to vfio-pci, reads '
              '10de:2335, no mediated device, PCIe link 32.0 GT/s PCIe '
              'x16 (sysfs: nvidia-smi cannot see a GPU bound to '
              'vfio-pci)'}],
            clean_fixture.clean(self.driver, fakesys.H200,
                                ['function_reset', 'verify'], 60))
        self.assertEqual([], [c for c in self.smi.calls()
                              if 'compute-apps' in c or 'memory.used' in c])

    def test_what_keeps_it_from_being_back(self):
        self.driver.discover()
        self.fs.write(self.gpu + '/current_link_speed', 'Unknown')
        self.fs.write(self.gpu + '/current_link_width', '0')
        self.fs.write(self.gpu + '/device', '0x2336')
        self.fs.add_mdev_type(self.gpu, 'nvidia-1', 'GRID H200-1', 0,
                              created=('c0ffee00-0000-4000-8000-000000000001',
                                       ))
        self.assertEqual(
            'Clean step verify of device 0000:00:06.0 failed: reads '
            '10de:2336, not 10de:2335; mediated devices left: 0000:00:06.0 '
            'c0ffee00-0000-4000-8000-000000000001; its PCIe link is not up '
            '(current_link_speed Unknown, current_link_width 0)',
            self._fails())
        os.remove(self.fs.real_path(self.gpu + '/current_link_width'))
        self.assertIn('current_link_width unreadable', self._fails())

    def test_not_discovered_or_no_driver(self):
        self.assertIn('not discovered since the agent started',
                      self._fails())
        self.driver.discover()
        self.fs.unbind(fakesys.H200)
        self.assertIn('bound to no driver: only the nvidia driver '
                      '(nvidia-smi) or vfio-pci (sysfs) can tell it is back',
                      self._fails())


class VfioVerifyUdevTestCase(_VfioVerifyTests, base.TestCase):
    MODE = sysfs.UDEV


class VfioVerifySysfsRootTestCase(_VfioVerifyTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT


class ScrubTestCase(oslo_base.BaseTestCase):
    """How the step judges memory_scrub's output (on a fake library)."""

    def _result(self, cuda=None, **changes):
        """What the helper returns of memory_scrub.py run on *cuda*."""
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = memory_scrub.main(['0000:4b:00.0'],
                                       cuda or fake_cuda.FakeCuda())
        found = dict(json.loads(out.getvalue()), **changes)
        return {'returncode': status, 'stdout': json.dumps(found),
                'stderr': ''}

    def _fails(self, result):
        return self.assertRaises(exception.DeviceCleanFailed,
                                 gpu_clean.scrubbed, '0000:4b:00.0',
                                 result).message

    def test_written_and_read_back(self):
        # The fake's 32 MiB GPU: its 23 MiB free in one allocation.
        self.assertEqual('22 of 23 MiB free written with 0x5aa5c33c and '
                         'read back; 9 of 32 MiB held by the driver and '
                         'the scrub\'s own context not written',
                         gpu_clean.scrubbed('0000:4b:00.0', self._result()))

    def test_not_read_back_or_not_all_written(self):
        self.assertIn('its memory does not read back the pattern 0x5aa5c33c '
                      'written: 1 regions differ, the first at byte 4096 '
                      '(read 0x74656e61)', self._fails(self._result(
                          fake_cuda.FakeCuda(stuck={(0, 4096)}))))
        self.assertIn('only 22 of 300 MiB free could be written',
                      self._fails(self._result(free=300 << 20)))
        self.assertIn('CUDA cannot be used: cuInit: CUDA_ERROR_NO_DEVICE '
                      '(100)', self._fails(self._result(fake_cuda.FakeCuda(
                          init_error=fake_cuda.NO_DEVICE))))
        self.assertIn('exit status 1: Traceback', self._fails(
            {'returncode': 1, 'stdout': '', 'stderr': 'Traceback ...'}))


class ScrubStepTestCase(sysfs.FakeHostMixin, base.TestCase):
    """The step through the privileged helper, which runs memory_scrub.py
    alone: no GPU at fakesys.NOWHERE, with or without CUDA installed.
    """

    MODE = sysfs.SYSFS_ROOT
    BUILDER = staticmethod(fakesys.h200_nowhere_host)

    def test_through_the_helper(self):
        driver = nvidia.NvidiaGpuDriver(CONF, 'h', pci_host=self.pci_host)
        exc = self.assertRaises(exception.DeviceCleanFailed,
                                clean_fixture.clean, driver,
                                fakesys.NOWHERE, ['scrub_memory'], 120)
        self.assertIn('Clean step scrub_memory of device ffff:ff:1f.7 '
                      'failed: CUDA cannot be used: ', exc.message)
        self.fs.bind(fakesys.NOWHERE, 'vfio-pci')
        exc = self.assertRaises(exception.DeviceCleanFailed,
                                clean_fixture.clean, driver,
                                fakesys.NOWHERE, ['scrub_memory'], 120)
        self.assertIn('bound to vfio-pci: only the host\'s nvidia driver '
                      '(CUDA) can write its memory', exc.message)
        self.assertRaises(exception.CommandNotFound,
                          command.run_gpu_memory_scrub, '0000:4b:00.0; x', 5)


class _MigCleanTests(sysfs.FakeHostMixin):

    BUILDER = staticmethod(fakesys.mig_host)

    def setUp(self):
        super().setUp()
        self.smi = self.useFixture(nvidia_smi.StatefulNvidiaSmi())
        self.driver = nvidia.NvidiaGpuDriver(CONF, 'h',
                                             pci_host=self.pci_host)

    def _profiles(self, index=0):
        return sorted(gi['profile'] for gi in
                      self.smi.gpu(index)['instances'])

    def test_gpu_instances_made_again(self):
        record = {r.address: r for r in
                  self.driver.discover()}[fakesys.MIG_A100]
        self.assertEqual(['gpu_instances', 'verify'],
                         [s.name for s in self.driver.clean_steps(record)])
        before = self._profiles()
        done = clean_fixture.clean(self.driver, fakesys.MIG_A100,
                                   ['gpu_instances', 'verify'], 60)
        self.assertEqual('GPU instances 3g.40gb,2g.20gb,2g.20gb destroyed '
                         'and made again', done[0]['detail'])
        self.assertEqual(before, self._profiles())
        self.assertEqual(['mig -i 0 -dci', 'mig -i 0 -dgi',
                          'mig -i 0 -cgi 3g.40gb,2g.20gb,2g.20gb -C'],
                         [c for c in self.smi.calls()
                          if c.startswith('mig -i')])

    def test_instances_left_fail(self):
        self.smi.fail_next('-dgi', 'No GPU instances found: Not Found',
                           exit_code=nvidia_smi_tool.NOT_FOUND)
        exc = self.assertRaises(exception.DeviceCleanFailed,
                                clean_fixture.clean, self.driver,
                                fakesys.MIG_A100,
                                ['gpu_instances'], 60)
        self.assertIn('GPU instances 3g.40gb,2g.20gb,2g.20gb left after '
                      'they were destroyed', exc.message)

    def test_instances_not_made_again(self):
        self.smi.fail_next('-cgi', 'Insufficient Resources')
        self.assertRaises(exception.CommandFailed, clean_fixture.clean,
                          self.driver, fakesys.MIG_A100, ['gpu_instances'], 60)
        self.assertEqual([], self._profiles())


class MigCleanUdevTestCase(_MigCleanTests, base.TestCase):
    MODE = sysfs.UDEV


class MigCleanSysfsRootTestCase(_MigCleanTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT


class _VgpuCleanTests(sysfs.FakeHostMixin):

    def setUp(self):
        super().setUp()
        self.useFixture(nvidia_smi.FakeNvidiaSmi())
        self.flags(group='gpu_devices',
                   enabled_vgpu_types=['nvidia-222', '692'])
        gpu_conf.register_vgpu_opts(CONF)
        self.driver = nvidia.NvidiaGpuDriver(CONF, 'h',
                                             pci_host=self.pci_host)

    def test_mediated_device_removed(self):
        kernel = self.useFixture(fake_kernel.FakeKernel(self.fs))
        t4 = {r.address: r for r in self.driver.discover()}[fakesys.T4]
        self.assertEqual(['vgpu_devices', 'verify'],
                         [s.name for s in self.driver.clean_steps(t4)])
        [done] = clean_fixture.clean(self.driver, fakesys.T4,
                                     ['vgpu_devices'], 10)
        self.assertEqual('no mediated device nor vGPU type left on 1 '
                         'functions', done['detail'])
        self.assertEqual(['1'], kernel.writes('remove'))
        [mdev_type] = [t for t in self.pci_host.pci_devices()
                       if t.address == fakesys.T4][0].uncached().mdev_types(
                       )[:1]
        self.assertEqual(([], 16), (mdev_type['devices'],
                                    mdev_type['available_instances']))

    def test_mediated_device_the_kernel_keeps_fails(self):
        exc = self.assertRaises(exception.DeviceCleanFailed,
                                clean_fixture.clean, self.driver, fakesys.T4,
                                ['vgpu_devices'], 0.2)
        self.assertIn('still there: 0000:af:00.0 '
                      '7d5bc7a6-1d3b-4b4c-8d31-5d8c5b8a1b11', exc.message)

    def test_vf_vgpu_type_cleared(self):
        vf = fakesys.pci_path(fakesys.A100_VFS[1])
        self.fs.write(vf + '/nvidia/current_vgpu_type', '692')
        [done] = clean_fixture.clean(self.driver, fakesys.A100,
                                     ['vgpu_devices'], 10)
        self.assertEqual('no mediated device nor vGPU type left on 3 '
                         'functions', done['detail'])
        with open(self.fs.real_path(vf + '/nvidia/current_vgpu_type')) as f:
            self.assertEqual('0', f.read().strip())


class VgpuCleanUdevTestCase(_VgpuCleanTests, base.TestCase):
    MODE = sysfs.UDEV


class VgpuCleanSysfsRootTestCase(_VgpuCleanTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT


class StepsTestCase(oslo_base.BaseTestCase):

    def test_sources_named(self):
        for step in list(gpu_clean.STEPS.values()) + [
                gpu_clean.VFIO_VERIFY]:
            self.assertTrue(step.default)
            self.assertTrue(step.source)
        self.assertFalse(gpu_clean.SCRUB.default)
