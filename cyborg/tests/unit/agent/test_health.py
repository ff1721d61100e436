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
"""Tests of the agent's health checks: the gpu driver's records on a
recorded host, with recorded nvidia-smi output and kernel log.
"""

from cyborg import conf as cyborg_conf
from cyborg.agent import health as agent_health
from cyborg.drivers.gpu import nvidia
from cyborg.tests import base
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import kernel_log
from cyborg.tests.fixtures import nvidia_smi
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF


class GpuHealthTestCase(sysfs.FakeHostMixin, base.TestCase):

    MODE = sysfs.SYSFS_ROOT
    BUILDER = staticmethod(fakesys.mig_host)

    def setUp(self):
        super().setUp()
        self.useFixture(nvidia_smi.FakeNvidiaSmi())
        self.kmsg = self.useFixture(kernel_log.RecordedKernelLog())
        self.drivers = {'gpu': nvidia.NvidiaGpuDriver(
            CONF, 'test-host', pci_host=self.pci_host,
            kernel_log=self.kmsg.read)}
        self.tracker = agent_health.HealthTracker()

    def _assess(self):
        records = self.drivers['gpu'].discover()
        self.tracker.assess(self.drivers, {'gpu': records})
        return {r.address: (r.health, r.health_reason) for r in records
                if r.health != 'healthy'}

    def test_critical_xid_makes_the_gpu_unhealthy_once(self):
        # The recorded log's XID 48 of the H100 is the baseline.
        self.assertEqual({}, self._assess())
        self.kmsg.xid('0000:8a:00', 79, 'GPU has fallen off the bus.')
        self.assertEqual(
            {fakesys.MIG_H100: ('unhealthy', 'GPU XID 79 (GPU has fallen '
                                             'off the bus.)')},
            self._assess())
        # Reported healthy at the next check; the conductor's hold-down
        # keeps it out of scheduling.
        self.assertEqual({}, self._assess())
