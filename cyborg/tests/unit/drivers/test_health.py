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
"""Tests of device health: the generic PCI checks (AER counters, vanished
functions, config space of all ones) through pyudev (umockdev) and
SysfsRoot, and the vendor checks (nvidia-smi ECC, NIC link, QAT state).
"""

import os

from oslotest import base as oslo_base

from cyborg import conf as cyborg_conf
from cyborg.drivers import health
from cyborg.drivers import pci
from cyborg.drivers.crypto import qat
from cyborg.drivers.gpu import gpu_health
from cyborg.drivers.gpu import nvidia
from cyborg.drivers.nic import intel
from cyborg.tests import base
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import nvidia_smi
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF

ECC_DATA = os.path.join(os.path.dirname(nvidia_smi.__file__), 'data',
                        'gpu_health')


class ParseTestCase(oslo_base.BaseTestCase):

    def test_aer_total_line_wins(self):
        self.assertEqual(3, pci.parse_aer('DLP 1\nSDES 1\nTOTAL_ERR_FATAL 3'))

    def test_aer_without_total_sums(self):
        self.assertEqual(2, pci.parse_aer('RxErr 1\nBadTLP 1\n'))

    def test_aer_garbage(self):
        self.assertIsNone(pci.parse_aer('nonsense\n'))

    def test_worst_keeps_every_reason(self):
        self.assertEqual(health.OK, health.worst([health.OK, health.OK]))
        self.assertEqual(
            health.unhealthy('a; b'),
            health.worst([health.unhealthy('b'), health.OK,
                          health.unhealthy('a'), health.unhealthy('a')]))

    def test_gpu_query(self):
        with open(os.path.join(ECC_DATA, 'ecc-errors.csv')) as f:
            found = gpu_health.parse(f.read())
        self.assertEqual(health.OK, found[fakesys.MIG_A100])
        self.assertEqual(
            health.unhealthy('GPU 2 uncorrectable ECC errors; remapped '
                             'rows pending (reset needed)'),
            found[fakesys.MIG_H100])
        # A GPU without ECC says nothing.
        self.assertEqual(health.OK, found[fakesys.MIG_L40])

    def test_gpu_query_retired_pages(self):
        found = gpu_health.parse('00000000:3B:00.0, 0, Yes, [N/A]\n')
        self.assertEqual(
            health.unhealthy('GPU retired pages pending (reset needed)'),
            found['0000:3b:00.0'])


class _PciHealthTests(sysfs.FakeHostMixin):

    def setUp(self):
        super().setUp()
        self.checker = health.PciHealth(self.pci_host)
        self.fs.write_aer(fakesys.C62X, fatal=2, nonfatal=1)

    def _check(self, addresses=(fakesys.C62X,), key='dev'):
        return self.checker.check(key, addresses)

    def test_reads_the_kernel_format(self):
        dev = pci.by_address(self.pci_host)[fakesys.C62X]
        self.assertEqual({'correctable': 0, 'nonfatal': 1, 'fatal': 2},
                         dev.aer_totals())
        self.assertEqual({}, pci.by_address(
            self.pci_host)[fakesys.T4].aer_totals())

    def test_first_read_is_the_baseline(self):
        # Counters grow from boot: errors before the agent looked are not
        # a reason to take the device out.
        self.assertEqual(health.OK, self._check())
        self.assertEqual(health.OK, self._check())

    def test_fatal_count_that_grows(self):
        self._check()
        self.fs.write_aer(fakesys.C62X, fatal=3, nonfatal=1)
        self.assertEqual(
            health.unhealthy('PCI function %s: 1 new fatal AER errors'
                             % fakesys.C62X), self._check())
        # No new error since: healthy again (the conductor's hold-down
        # keeps it out for a while).
        self.assertEqual(health.OK, self._check())

    def test_nonfatal_and_correctable_growth_is_only_logged(self):
        self._check()
        self.fs.write_aer(fakesys.C62X, fatal=2, nonfatal=5, correctable=9)
        self.assertEqual(health.OK, self._check())

    def test_function_that_vanishes(self):
        vfs = list(fakesys.C62X_VFS)
        self.assertEqual(health.OK, self._check([fakesys.C62X] + vfs))
        self.fs.remove_pci(vfs[1])
        # The device still reports its PF and one VF: the VF it had is
        # gone.
        self.assertEqual(
            health.unhealthy('PCI function %s vanished' % vfs[1]),
            self._check([fakesys.C62X, vfs[0]]))

    def test_config_space_of_all_ones(self):
        self.fs.write('/sys/bus/pci/devices/%s/vendor' % fakesys.C62X,
                      '0xffff')
        self.assertEqual(
            health.unhealthy('PCI function %s config space reads all ones'
                             % fakesys.C62X), self._check())

    def test_forget_drops_the_baseline(self):
        self._check()
        self.checker.forget([])
        self.fs.write_aer(fakesys.C62X, fatal=9)
        self.assertEqual(health.OK, self._check())

    def test_qat_down(self):
        driver = qat.QatDriver(CONF, 'test-host', pci_host=self.pci_host)
        found = driver.check_health(driver.discover())
        self.assertEqual(
            {fakesys.QAT_4XXX_DOWN: health.unhealthy(
                'QAT device state is down')}, found)

    def test_default_is_healthy(self):
        driver = qat.QatDriver(CONF, 'test-host', pci_host=self.pci_host)
        records = driver.discover()
        self.assertEqual({}, super(qat.QatDriver, driver).check_health(
            records))


class PciHealthUdevTestCase(_PciHealthTests, base.TestCase):
    MODE = sysfs.UDEV


class PciHealthSysfsRootTestCase(_PciHealthTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT


class _NicHealthTests(sysfs.FakeHostMixin):

    BUILDER = staticmethod(fakesys.nic_host)

    def _check(self):
        driver = intel.IntelNicDriver(CONF, 'test-host',
                                      pci_host=self.pci_host)
        return driver.check_health(driver.discover())

    def test_links_up(self):
        self.assertEqual({}, self._check())

    def test_link_down(self):
        net = '/sys/bus/pci/devices/%s/net/ens2f0/' % fakesys.X710
        self.fs.write(net + 'operstate', 'down')
        self.fs.write(net + 'carrier', '0')
        self.assertEqual(
            {fakesys.X710: health.unhealthy('link down on ens2f0')},
            self._check())


class NicHealthUdevTestCase(_NicHealthTests, base.TestCase):
    MODE = sysfs.UDEV


class NicHealthSysfsRootTestCase(_NicHealthTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT


class _GpuHealthTests(sysfs.FakeHostMixin):

    BUILDER = staticmethod(fakesys.mig_host)

    def setUp(self):
        super().setUp()
        self.smi = self.useFixture(nvidia_smi.FakeNvidiaSmi())
        self.driver = nvidia.NvidiaGpuDriver(CONF, 'test-host',
                                             pci_host=self.pci_host)

    def test_recorded_healthy_output(self):
        self.assertEqual({}, self.driver.check_health(
            self.driver.discover()))

    def test_recorded_ecc_errors(self):
        with open(os.path.join(ECC_DATA, 'ecc-errors.csv')) as src, open(
                os.path.join(self.smi.data, 'query-health.csv'), 'w') as dst:
            dst.write(src.read())
        found = self.driver.check_health(self.driver.discover())
        self.assertEqual([fakesys.MIG_H100], list(found))
        self.assertIn('2 uncorrectable ECC errors',
                      found[fakesys.MIG_H100].reason)

    def test_no_gpu_runs_nothing(self):
        self.assertEqual({}, self.driver.check_health([]))
        self.assertEqual([], [c for c in self.smi.calls() if 'ecc' in c])


class GpuHealthSysfsRootTestCase(_GpuHealthTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT
