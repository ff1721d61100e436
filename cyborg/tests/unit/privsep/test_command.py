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
"""Tests of the privileged runner's argument lists (allow-lists)."""

import os

import fixtures

from cyborg.privsep import command as privsep_command
from cyborg.tests import base

#: What the gpu driver runs to configure GPU 3 (cyborg.drivers.gpu.
#: mig_config).
CONFIGURE = (
    ['-i', '3', '-mig', '1'],
    ['-i', '3', '-mig', '0'],
    ['mig', '-i', '3', '-dci'],
    ['mig', '-i', '3', '-dgi'],
    ['mig', '-i', '3', '-cgi', '3g.40gb,2g.20gb,1g.10gb', '-C'],
    ['mig', '-i', '12', '-cgi', '1g.10gb+me', '-C'],
    ['mig', '-i', '0', '-cgi', ','.join(['1g.10gb'] * 7), '-C'],
)

#: What it must never run: other GPUs or all of them, other options,
#: options added, values that are no index or profile list, digits that
#: are not ASCII, a newline after a valid value.
REFUSED = (
    [],
    ['-r'],
    ['-i', '0', '-r'],
    ['-mig', '1'],
    ['-i', '0', '-mig', '2'],
    ['-i', '0,1', '-mig', '1'],
    ['-i', '0', '-mig', '1', '-pm', '1'],
    ['-i', '0\n', '-mig', '1'],
    ['-i', '\u0663', '-mig', '1'],
    ['-i', '0', '-mig', '1\n'],
    ['-mig', '1', '-i', '0'],
    ['mig', '-dci'],
    ['mig', '-dgi'],
    ['mig', '-i', '0', '-dci', '--force'],
    ['mig', '-i', '0', '-dgi', '-gi', '1'],
    ['mig', '-i', '0', '-cgi', '19', '-C'],
    ['mig', '-i', '0', '-cgi', '3g.40gb'],
    ['mig', '-i', '0', '-cgi', '3g.40gb,', '-C'],
    ['mig', '-i', '0', '-cgi', '3g.40gb;reboot', '-C'],
    ['mig', '-i', '0', '-cgi', '3g.40gb', '-C', '-r'],
    ['mig', '-i', '0', '-cgi', ','.join(['1g.10gb'] * 17), '-C'],
    ['mig', '-lgi', '-i', '0'],
    ['--query-gpu=index,pci.bus_id,mig.mode.current'],
    ['--query-gpu=index,pci.bus_id,mig.mode.current',
     '--format=csv,noheader', '-i', '0'],
)


class ArgumentsTestCase(base.TestCase):

    def test_exact_lists(self):
        for args in privsep_command.ONLY_ARGS['nvidia-smi']:
            self.assertTrue(privsep_command.arguments_allowed(
                'nvidia-smi', list(args)), args)

    def test_patterns(self):
        for args in CONFIGURE:
            self.assertTrue(privsep_command.arguments_allowed(
                'nvidia-smi', args), args)

    def test_refused(self):
        for args in REFUSED:
            self.assertFalse(privsep_command.arguments_allowed(
                'nvidia-smi', args), args)

    def test_clean_steps(self):
        # The nvme and intel_nic drivers' erasures and reads, the gpu
        # driver's verification.
        for tool, args in (
                ('nvme', ['sanitize', '/dev/nvme0', '--sanact=4']),
                ('nvme', ['sanitize-log', '/dev/nvme12', '-o', 'json']),
                ('nvme', ['format', '/dev/nvme0n1', '--ses=1', '--lbaf=1',
                          '--force', '--timeout=600000']),
                ('nvme', ['read', '/dev/nvme0n1', '--start-block=937684565',
                          '--block-count=0', '--data-size=4096']),
                ('ip', ['link', 'set', 'ens1f0', 'vf', '3', 'mac',
                        '00:00:00:00:00:00', 'vlan', '0']),
                ('ip', ['-j', 'link', 'show', 'dev', 'ens1f0']),
                ('nvidia-smi', ['--query-compute-apps=gpu_bus_id,pid,'
                                'used_memory',
                                '--format=csv,noheader,nounits'])):
            self.assertTrue(privsep_command.arguments_allowed(tool, args),
                            args)
        # An overwrite or exit of a sanitize, a format of a whole
        # controller or with another secure erase, a write, any passthru;
        # a MAC or VLAN that is not none, a link down, an option for a
        # name.
        for tool, args in (
                ('nvme', ['sanitize', '/dev/nvme0', '--sanact=3']),
                ('nvme', ['sanitize', '/dev/nvme0', '--sanact=1']),
                ('nvme', ['format', '/dev/nvme0', '--ses=1', '--lbaf=0',
                          '--force', '--timeout=1']),
                ('nvme', ['format', '/dev/nvme0n1', '--ses=0', '--lbaf=0',
                          '--force', '--timeout=1']),
                ('nvme', ['write', '/dev/nvme0n1', '--start-block=0',
                          '--block-count=0', '--data-size=4096']),
                ('nvme', ['admin-passthru', '/dev/nvme0', '-o', 'json']),
                ('nvme', ['id-ctrl', '/dev/sda', '-o', 'json']),
                ('ip', ['link', 'set', 'ens1f0', 'vf', '3', 'mac',
                        '52:54:00:00:00:01', 'vlan', '0']),
                ('ip', ['link', 'set', 'ens1f0', 'vf', '3', 'mac',
                        '00:00:00:00:00:00', 'vlan', '10']),
                ('ip', ['link', 'set', 'ens1f0', 'down']),
                ('ip', ['-j', 'link', 'show', 'dev', '-all'])):
            self.assertFalse(privsep_command.arguments_allowed(tool, args),
                             args)

    def test_fpga_tools(self):
        # What the intel and xilinx drivers run: one port or partition
        # programmed, a base shell flashed, from an absolute path.
        for tool, args in (
                ('fpgaconf', ['-B', '0x5e', '-D', '0x00', '-F', '0x1',
                              '/var/lib/cyborg/images/function-d8424dc4']),
                ('xbutil', ['program', '--device', '0000:3b:00.1', '--user',
                            '/var/lib/cyborg/images/5e3c.xclbin']),
                ('xbmgmt', ['program', '--device', '0000:3b:00.0', '--base',
                            '--image', '/opt/xilinx/shell.xsabin'])):
            self.assertTrue(privsep_command.arguments_allowed(tool, args),
                            args)
        # Report files written as root, resets, other options or devices,
        # a relative, option-like or climbing path, values with a newline.
        for tool, args in (
                ('fpgaconf', ['--bus', '0x5e', '/tmp/image.gbs']),
                ('fpgaconf', ['-B', '0x5e', '-D', '0x00', '-F', '0x1',
                              '-n', '/tmp/image.gbs']),
                ('fpgaconf', ['-B', '0x5e', '-D', '0x00', '-F', '0x8',
                              '/tmp/image.gbs']),
                ('fpgaconf', ['-B', '0x5e\n', '-D', '0x00', '-F', '0x1',
                              '/tmp/image.gbs']),
                ('fpgaconf', ['-B', '0x5e', '-D', '0x00', '-F', '0x1',
                              'image.gbs']),
                ('fpgaconf', ['-B', '0x5e', '-D', '0x00', '-F', '0x1',
                              '-']),
                ('xbutil', ['examine', '--device', '0000:3b:00.1',
                            '--output', '/etc/cron.d/x', '--force']),
                ('xbutil', ['reset', '--device', '0000:3b:00.1']),
                ('xbutil', ['program', '--device', '0000:3b:00.1', '--user',
                            '/tmp/a.xclbin', '--force']),
                ('xbutil', ['program', '--device', '0000:3b:00.1\n',
                            '--user', '/tmp/a.xclbin']),
                ('xbutil', ['program', '--device', '0000:3b:00.1', '--user',
                            '/images/../etc/shadow']),
                ('xbutil', ['program', '--device', '0000:3b:00.1', '--user',
                            '/tmp/a b']),
                ('xbmgmt', ['program', '--device', '0000:3b:00.0', '--base',
                            '--image', '--help']),
                ('xbmgmt', ['program', '--device', '0000:3b:00.0',
                            '--shell', '/tmp/x.xsabin']),
                ('xbmgmt', ['examine', '--report', 'all', '--output',
                            '/root/x'])):
            self.assertFalse(privsep_command.arguments_allowed(tool, args),
                             args)


class ExecuteTestCase(base.TestCase):
    """The checks as the privileged entry point applies them (in this
    process, tests.base), with an nvidia-smi on PATH that logs its calls.
    """

    def setUp(self):
        super().setUp()
        tmp = self.useFixture(fixtures.TempDir()).path
        self.log = os.path.join(tmp, 'calls')
        tool = os.path.join(tmp, 'nvidia-smi')
        with open(tool, 'w') as f:
            f.write('#!/bin/sh\necho "$*" >> %s\necho done\n' % self.log)
        os.chmod(tool, 0o700)
        self.useFixture(fixtures.EnvironmentVariable(
            'PATH', tmp + os.pathsep + os.environ['PATH']))

    def _calls(self):
        try:
            with open(self.log) as f:
                return f.read().splitlines()
        except FileNotFoundError:
            return []

    def test_allowed_runs(self):
        result = privsep_command.execute(
            ['nvidia-smi', 'mig', '-i', '1', '-cgi', '3g.40gb,1g.10gb',
             '-C'], 5)
        self.assertEqual((0, 'done\n'),
                         (result['returncode'], result['stdout']))
        self.assertEqual(['mig -i 1 -cgi 3g.40gb,1g.10gb -C'],
                         self._calls())

    def test_refused_never_runs(self):
        for args in REFUSED:
            self.assertRaises(PermissionError, privsep_command.execute,
                              ['nvidia-smi'] + args, 5)
        self.assertEqual([], self._calls())
