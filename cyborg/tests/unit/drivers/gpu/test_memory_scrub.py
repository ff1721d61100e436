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
"""Tests of cyborg.drivers.gpu.memory_scrub against a fake CUDA driver
library (fixtures/fake_cuda.py), and of the file run alone as the
privileged helper and tools/gpu-memory-scrub.py run it, at an address no
host has (fakesys.NOWHERE) or on a GPU they refuse.
"""

import contextlib
import io
import json
import os
import subprocess
import sys

import fixtures
from oslotest import base as oslo_base

from cyborg import conf as cyborg_conf
from cyborg.drivers.gpu import memory_scrub
from cyborg.privsep import command as privsep_command
from cyborg.tests.fixtures import fake_cuda
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import nvidia_smi

GPU = '0000:4b:00.0'
TOOL = os.path.join(os.path.dirname(os.path.abspath(cyborg_conf.__file__)),
                    os.pardir, os.pardir, 'tools', 'gpu-memory-scrub.py')
BUSY = os.path.join(os.path.dirname(nvidia_smi.DATA), 'h200',
                    'clean-verify-busy')
MIB = fake_cuda.MIB
PATTERN = memory_scrub.PATTERN.to_bytes(4, 'little')


class ScrubTestCase(oslo_base.BaseTestCase):

    def _scrub(self, cuda, **kwargs):
        return memory_scrub.scrub(cuda, GPU, chunk=8 * MIB, read=MIB,
                                  **kwargs)

    def test_every_free_byte_written_and_read_back(self):
        cuda = fake_cuda.FakeCuda()
        found = self._scrub(cuda)
        # 32 MiB, 6 held by others, 3 by the scrub's context: 23 free,
        # allocated 8 + 8, then 4 + 2 once 8 no longer fits (1 left).
        self.assertEqual({'address': GPU, 'total': 32 * MIB,
                          'free': 23 * MIB, 'written': 22 * MIB,
                          'allocations': 4, 'pattern': '0x5aa5c33c',
                          'mismatches': []},
                         {k: v for k, v in found.items() if k != 'seconds'})
        self.assertEqual([8 * MIB, 8 * MIB, 4 * MIB, 2 * MIB],
                         [len(held) for held in cuda.released])
        for held in cuda.released:
            self.assertEqual(PATTERN * (len(held) // 4), held)
        # Everything is given back.
        self.assertEqual(({}, set()), (cuda.allocations, cuda.contexts))
        self.assertEqual(['cuInit', 'cuDeviceGetByPCIBusId',
                          'cuCtxCreate_v2', 'cuMemGetInfo_v2'],
                         cuda.calls[:4])
        self.assertEqual('cuCtxDestroy_v2', cuda.calls[-1])

    def test_a_cell_that_keeps_its_data_is_found(self):
        # The first word of each region read (1 MiB here) that differs.
        cuda = fake_cuda.FakeCuda(stuck={(1, 4096), (1, 8192),
                                         (1, 3 * MIB + 8)})
        found = self._scrub(cuda)
        self.assertEqual([{'offset': 8 * MIB + 4096, 'read': '74656e61'},
                          {'offset': 11 * MIB + 8, 'read': '20736563'}],
                         found['mismatches'])
        self.assertEqual(b'tena', cuda.released[1][4096:4100])
        self.assertEqual(({}, set()), (cuda.allocations, cuda.contexts))

    def test_errors_name_the_call_and_give_everything_back(self):
        cuda = fake_cuda.FakeCuda(init_error=fake_cuda.NO_DEVICE)
        exc = self.assertRaises(memory_scrub.CudaError, self._scrub, cuda)
        self.assertEqual('cuInit: CUDA_ERROR_NO_DEVICE (100)', str(exc))
        cuda = fake_cuda.FakeCuda(addresses=['0000:8a:00.0'])
        exc = self.assertRaises(memory_scrub.CudaError, self._scrub, cuda)
        self.assertEqual('cuDeviceGetByPCIBusId: CUDA_ERROR_INVALID_DEVICE '
                         '(101)', str(exc))
        self.assertNotIn('cuCtxCreate_v2', cuda.calls)
        # A read-back that fails after three allocations.
        cuda = fake_cuda.FakeCuda()
        cuda.cuMemcpyDtoH_v2 = lambda *args: fake_cuda.NO_DEVICE
        self.assertRaises(memory_scrub.CudaError, self._scrub, cuda)
        self.assertEqual(({}, set(), 4), (cuda.allocations, cuda.contexts,
                                          len(cuda.released)))

    def test_the_command_line(self):
        for cuda, status in ((fake_cuda.FakeCuda(), 0),
                             (fake_cuda.FakeCuda(stuck={(0, 0)}), 1),
                             (fake_cuda.FakeCuda(addresses=()), 2)):
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                self.assertEqual(status, memory_scrub.main([GPU], cuda))
            found = json.loads(out.getvalue())
            self.assertEqual(GPU, found['address'])
            self.assertEqual(status == 2, 'error' in found)

    def _alone(self, *argv):
        # The standard library only; libcuda.so.1 where a GPU's driver
        # is installed, but no GPU at NOWHERE on any host.
        return subprocess.run([sys.executable, '-I', '-S'] + list(argv),
                              capture_output=True, text=True, timeout=120,
                              check=False)

    def test_run_alone_as_the_helper_runs_it(self):
        result = self._alone(privsep_command.GPU_MEMORY_SCRUB,
                             fakesys.NOWHERE)
        self.assertEqual(2, result.returncode, result.stderr)
        found = json.loads(result.stdout)
        self.assertEqual(fakesys.NOWHERE, found['address'])
        self.assertTrue(found['error'])

    def test_the_tool_refuses_a_gpu_in_use(self):
        self.useFixture(nvidia_smi.FakeNvidiaSmi(BUSY))
        out = self.useFixture(fixtures.TempDir()).path
        result = self._alone(TOOL, out, fakesys.H200, fakesys.NOWHERE)
        self.assertEqual(1, result.returncode, result.stderr)
        with open(os.path.join(out, 'scrub.json')) as f:
            found = json.load(f)
        self.assertEqual({'refused': 'processes 645 run on it'},
                         found[fakesys.H200])
        self.assertEqual(['error'], list(found[fakesys.NOWHERE]))
