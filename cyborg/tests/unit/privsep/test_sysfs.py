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
"""Tests of the privileged sysfs write (run in process, tests.base) and
of the contexts.
"""

import os

import fixtures
from oslo_privsep import capabilities

from cyborg import privsep
from cyborg.privsep import command as privsep_command
from cyborg.privsep import kernel_log
from cyborg.privsep import sysfs
from cyborg.tests import base


class SysfsWriteTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        tmp = self.useFixture(fixtures.TempDir()).path
        self.root = os.path.join(tmp, 'sys')
        self.outside = os.path.join(tmp, 'etc')
        for path in (self.root + '/devices/0000:0c:00.0', self.outside):
            os.makedirs(path)
        self.flags(group='cyborg_sysfs', root=self.root)

    def _read(self, path):
        with open(path) as f:
            return f.read()

    def test_write_below_the_root(self):
        path = self.root + '/devices/0000:0c:00.0/current_vgpu_type'
        sysfs.write(path, '692')
        self.assertEqual('692', self._read(path))

    def test_nothing_else_is_written(self):
        target = os.path.join(self.outside, 'passwd')
        os.symlink(target, self.root + '/devices/escape')
        for path in (target, self.root + '/../etc/passwd',
                     self.root + '/devices/escape', 'sys/devices/x',
                     self.root + '-other/x'):
            self.assertRaises(PermissionError, sysfs.write, path, 'x')
        self.assertFalse(os.path.exists(target))

    def test_binding_files_below_the_root(self):
        # What cyborg.drivers.sriov writes to rebind a VF: the bus's
        # drivers_probe, and its driver's unbind through its driver link.
        device = self.root + '/devices/0000:0c:00.0'
        drivers = self.root + '/bus/pci/drivers'
        os.makedirs(drivers + '/c6xxvf')
        os.symlink('../../bus/pci/drivers/c6xxvf', device + '/driver')
        sysfs.write(device + '/driver/unbind', '0000:0c:00.0')
        sysfs.write(self.root + '/bus/pci/drivers_probe', '0000:0c:00.0')
        self.assertEqual('0000:0c:00.0',
                         self._read(drivers + '/c6xxvf/unbind'))
        self.assertEqual('0000:0c:00.0',
                         self._read(self.root + '/bus/pci/drivers_probe'))
        # A driver link leading out of the root is not followed.
        os.remove(device + '/driver')
        os.symlink(self.outside, device + '/driver')
        self.assertRaises(PermissionError, sysfs.write,
                          device + '/driver/unbind', '0000:0c:00.0')
        self.assertFalse(os.path.exists(self.outside + '/unbind'))

    def test_the_default_root_is_sys(self):
        self.flags(group='cyborg_sysfs', root='/sys')
        self.assertRaises(PermissionError, sysfs.write,
                          os.path.join(self.outside, 'x'), '1')


class ContextsTestCase(base.TestCase):

    def test_narrow_contexts(self):
        # Only the capabilities each operation needs.
        self.assertEqual(
            (['CAP_DAC_OVERRIDE'], ['CAP_DAC_OVERRIDE', 'CAP_SYS_ADMIN'],
             ['CAP_SYSLOG']),
            (_names(privsep.SYSFS_CAPABILITIES),
             _names(privsep.SYS_ADMIN_CAPABILITIES),
             _names(privsep.KERNEL_LOG_CAPABILITIES)))
        self.assertEqual(['cyborg_sysfs', 'cyborg_sys_admin',
                          'cyborg_kernel_log'],
                         [ctx.cfg_section for ctx in privsep.CONTEXTS])
        self.assertTrue(privsep.sysfs_pctxt.is_entrypoint(sysfs.write))
        self.assertTrue(privsep.sys_admin_pctxt.is_entrypoint(
            privsep_command.execute))
        self.assertTrue(privsep.kernel_log_pctxt.is_entrypoint(
            kernel_log.driver_records))

    def test_tools(self):
        self.assertEqual({'fpgaconf', 'xbmgmt', 'xbutil', 'nvidia-smi',
                          'nvme', 'ip'}, set(privsep_command.TOOLS))

    def test_nvidia_smi_of_one_gpu_only(self):
        # As root, nvidia-smi could reset a GPU or carve all of them: the
        # gpu driver's queries run, and its changes of one GPU (-i) only
        # (test_command has the whole lists), checked before the tool is
        # looked for.
        for argv in (['nvidia-smi', 'mig', '-cgi', '19', '-C'],
                     ['nvidia-smi', '-r'], ['nvidia-smi', '-mig', '1'],
                     ['nvidia-smi', 'mig', '-lgi', '-i', '0'],
                     ['nvidia-smi']):
            self.assertRaises(PermissionError, privsep_command.execute,
                              argv, 5)


def _names(values):
    by_value = {v: k for k, v in capabilities.CAPS_BYNAME.items()}
    return sorted(by_value[v] for v in values)
