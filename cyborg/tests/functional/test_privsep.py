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
"""The agent's privileged work through real privsep daemons.

Each context of cyborg.privsep starts its daemon with ``privsep-helper``
and a configuration file, as the agent does, but as the test's own user
and keeping no capabilities (``sudo`` is what a deployment puts in front;
see the devstack plugin).  The drivers' entry points (PciDevice.write,
command.run) then reach the daemons over their sockets.
"""

import os
import sys

import fixtures

from cyborg import privsep
from cyborg.drivers import command
from cyborg.drivers import pci
from cyborg.tests import base


class PrivsepDaemonTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        tmp = self.useFixture(fixtures.TempDir()).path
        self.root = os.path.join(tmp, 'sys')
        self.device = os.path.join(self.root, 'devices', '0000:41:00.4')
        os.makedirs(os.path.join(self.device, 'nvidia'))
        self.outside = os.path.join(tmp, 'outside')
        helper = os.path.join(os.path.dirname(sys.executable),
                              'privsep-helper')
        conf_file = os.path.join(tmp, 'cyborg.conf')
        sections = []
        for context in privsep.CONTEXTS:
            sections.append(
                '[%s]\ncapabilities =\nhelper_command = %s %s '
                '--config-file %s\n' % (context.cfg_section, sys.executable,
                                        helper, conf_file))
        with open(conf_file, 'w') as f:
            f.write('\n'.join(sections).replace(
                '[cyborg_sysfs]\n', '[cyborg_sysfs]\nroot = %s\n' % self.root))
        # The agent's side reads the same file.
        self.flags(group='cyborg_sysfs', root=self.root)
        for context in privsep.CONTEXTS:
            self.flags(group=context.cfg_section,
                       helper_command='%s %s --config-file %s' % (
                           sys.executable, helper, conf_file))
            # Out of the in-process mode of tests.base.
            context.set_client_mode(True)
            self.addCleanup(context.stop)
        # A vendor tool that says which process started it.
        bindir = os.path.join(tmp, 'bin')
        os.makedirs(bindir)
        tool = os.path.join(bindir, 'xbutil')
        with open(tool, 'w') as f:
            f.write('#!/bin/sh\necho "$PPID $*"\n')
        os.chmod(tool, 0o700)
        self.useFixture(fixtures.EnvironmentVariable(
            'PATH', bindir + os.pathsep + os.environ['PATH']))

    def test_sysfs_writes_go_through_the_daemon(self):
        dev = pci.PciDevice(self.device)
        dev.write('nvidia/current_vgpu_type', '692')
        self.assertEqual('692', dev.read('nvidia/current_vgpu_type'))
        self.assertIsNotNone(privsep.sysfs_pctxt.channel)
        # The daemon refuses what is not below its root, and says so.
        exc = self.assertRaises(PermissionError, pci.write_sysfs,
                                self.outside, '1')
        self.assertIn(self.root, str(exc))
        self.assertFalse(os.path.exists(self.outside))

    def test_tools_run_in_the_daemon(self):
        parent, args = command.run(
            ['xbutil', 'program', '--device', '0000:3b:00.1', '--user',
             '/x.xclbin']).split(' ', 1)
        # Started by the daemon, not by this process.
        self.assertNotEqual(os.getpid(), int(parent))
        self.assertEqual('program --device 0000:3b:00.1 --user /x.xclbin\n',
                         args)
        self.assertIsNotNone(privsep.sys_admin_pctxt.channel)
