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
"""acc_status.reboot_required (issue 37: always false, even after a
Xilinx base shell flash that needs a cold reboot).

The agent's tracker runs the real FPGA driver on a fake sysfs tree, with a
fake ``xbmgmt`` on PATH, and reports to a real conductor; the boot id is a
file the test changes, as a reboot changes the kernel's.
"""

import os

import fixtures

from cyborg import conf as cyborg_conf
from cyborg.agent import device_work
from cyborg.agent import reboots
from cyborg.agent import resource_tracker
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.db.queries import hardware as hardware_queries
from cyborg.drivers.fpga import card
from cyborg.tests import base
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF

SHELL_IMAGE = '7b3c2f1e-9a4d-4c8b-b5e6-0d1f2a3b4c5d'
XCLBIN_IMAGE = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'


class PendingRebootsTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.dir = self.useFixture(fixtures.TempDir()).path
        self.boot_id = os.path.join(self.dir, 'boot_id')
        self.boot('first-boot')

    def boot(self, boot_id):
        with open(self.boot_id, 'w') as f:
            f.write(boot_id + '\n')

    def pending(self):
        return reboots.PendingReboots(
            os.path.join(self.dir, 'state', reboots.FILE_NAME),
            boot_id_path=self.boot_id)

    def test_until_the_host_booted_again(self):
        pending = self.pending()
        self.assertEqual(set(), pending.required())
        pending.add('fpga', '0000:3b:00.0', 'programmed with shell.mcs')
        self.assertEqual({('fpga', '0000:3b:00.0')}, pending.required())
        # An agent restarted in the same boot still knows.
        self.assertEqual({('fpga', '0000:3b:00.0')},
                         self.pending().required())
        self.boot('second-boot')
        self.assertEqual(set(), pending.required())
        # ... and forgot it for good.
        self.boot('first-boot')
        self.assertEqual(set(), self.pending().required())

    def test_in_memory(self):
        pending = reboots.PendingReboots(boot_id_path=self.boot_id)
        pending.add('fpga', '0000:3b:00.0', 'flash')
        self.assertEqual({('fpga', '0000:3b:00.0')}, pending.required())


class _TrackerTests(sysfs.FakeHostMixin):

    def setUp(self):
        super().setUp()
        self.rpc_servers.start_conductor()
        self.dir = self.useFixture(fixtures.TempDir()).path
        self.boot_id = os.path.join(self.dir, 'boot_id')
        self.boot('first-boot')
        cache = os.path.join(self.dir, 'images')
        os.makedirs(cache)
        with open(os.path.join(cache, SHELL_IMAGE), 'wb') as f:
            f.write(b':020000040000FA\r\n')
        with open(os.path.join(cache, XCLBIN_IMAGE), 'wb') as f:
            f.write(b'xclbin2\0' + b'\0' * 56)
        self.flags(group='agent', image_cache_dir=cache)
        self._fake_tools()

    def boot(self, boot_id):
        with open(self.boot_id, 'w') as f:
            f.write(boot_id + '\n')

    def _fake_tools(self):
        """xbmgmt and xbutil that succeed and change nothing."""
        bindir = self.useFixture(fixtures.TempDir()).path
        for name in ('xbmgmt', 'xbutil'):
            tool = os.path.join(bindir, name)
            with open(tool, 'w') as f:
                f.write('#!/bin/sh\nexit 0\n')
            os.chmod(tool, 0o700)
        self.useFixture(fixtures.EnvironmentVariable(
            'PATH', bindir + os.pathsep + os.environ['PATH']))

    def tracker(self):
        """A tracker as an agent (re)started makes it."""
        driver = card.FpgaDriver(CONF, 'test-host', pci_host=self.pci_host)
        return resource_tracker.ResourceTracker(
            'test-host', {'fpga': driver}, {'fpga': 'fpga'},
            conductor_rpcapi.ConductorAPI(),
            reboots=reboots.PendingReboots(
                os.path.join(self.dir, reboots.FILE_NAME),
                boot_id_path=self.boot_id))

    def waiting(self, tracker):
        """The devices that wait for a reboot after a discovery: as the
        agent has them (its /hardware), as the conductor stored them (the
        API's /v2/hardware).
        """
        tracker.update(self.context)
        agent = sorted(r['address'] for r in tracker.hardware()['hardware']
                       if r['acc_status']['reboot_required'])
        [stored] = hardware_queries.get_all(self.context, host='test-host')
        self.assertEqual(agent, sorted(
            r['address'] for r in stored['hardware']
            if r['acc_status']['reboot_required']))
        return agent

    def test_a_base_shell_flash_waits_for_the_reboot(self):
        tracker = self.tracker()
        self.assertEqual([], self.waiting(tracker))
        # An xclbin runs at once.
        device_work.program(tracker, 'fpga', fakesys.U250_USER,
                            bitstream_id=XCLBIN_IMAGE)
        self.assertEqual([], self.waiting(tracker))
        result = device_work.program(tracker, 'fpga', fakesys.U250_USER,
                                     bitstream_id=SHELL_IMAGE)
        self.assertTrue(result['reboot_required'])
        self.assertEqual([fakesys.U250_MGMT], self.waiting(tracker))
        # Every discovery says so, also after the agent restarted...
        self.assertEqual([fakesys.U250_MGMT], self.waiting(tracker))
        self.assertEqual([fakesys.U250_MGMT], self.waiting(self.tracker()))
        # ... until the host booted again.
        self.boot('second-boot')
        self.assertEqual([], self.waiting(tracker))


class TrackerUdevTestCase(_TrackerTests, base.DbTestCase):
    MODE = sysfs.UDEV


class TrackerSysfsRootTestCase(_TrackerTests, base.DbTestCase):
    MODE = sysfs.SYSFS_ROOT
