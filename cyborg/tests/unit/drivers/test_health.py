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
SysfsRoot, the vendor checks (NVIDIA XID errors of the kernel log, NIC
link, QAT state) and the rules on telemetry (nvidia-smi's ECC errors and
pending repairs, the PCIe link, the slowdown temperature).
"""

import logging
import os

import fixtures
from oslotest import base as oslo_base

from cyborg import conf as cyborg_conf
from cyborg import privsep
from cyborg.agent import health as agent_health
from cyborg.common import telemetry
from cyborg.drivers import health
from cyborg.drivers import pci
from cyborg.drivers.crypto import qat
from cyborg.drivers.gpu import gpu_health
from cyborg.drivers.gpu import nvidia
from cyborg.drivers.gpu import telemetry as gpu_telemetry
from cyborg.drivers.nic import intel
from cyborg.tests import base
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import kernel_log
from cyborg.tests.fixtures import nvidia_smi
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF

ECC_DATA = os.path.join(os.path.dirname(nvidia_smi.__file__), 'data',
                        'gpu_health')
#: The GPUs of fakesys.mig_host as XID records name them.
A100_SLOT = '0000:4b:00'
H100_SLOT = '0000:8a:00'
FALLEN = 'GPU has fallen off the bus.'


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

    def test_xid_messages(self):
        self.assertEqual(
            # The process fields left out, the text cut.
            (H100_SLOT, 48, 'An uncorrectable double bit error (DBE) has '
             'been detected on GPU in the framebuf'),
            gpu_health.parse_xid(
                "NVRM: Xid (PCI:0000:8a:00): 48, pid='<unknown>', "
                "name=<unknown>, An uncorrectable double bit error (DBE) "
                "has been detected on GPU in the framebuffer at partition "
                "6, subpartition 0."))
        # Older drivers: no "PCI:", no process fields; upper case hex.
        self.assertEqual(
            (A100_SLOT, 13, '0005 00000000 0000c5c0'),
            gpu_health.parse_xid('NVRM: Xid (0000:4B:00): 13, 0005 '
                                 '00000000 0000c5c0'))
        self.assertEqual(
            ('0000:01:00', 79, FALLEN),
            gpu_health.parse_xid('NVRM: Xid (PCI:0000:01:00): 79, pid=0, '
                                 + FALLEN))
        self.assertIsNone(gpu_health.parse_xid('NVRM: GPU at PCI:0000:01:00'))

    def test_gpu_slot(self):
        self.assertEqual(A100_SLOT, gpu_health.gpu_slot(fakesys.MIG_A100))
        self.assertEqual('0000:8a:01', gpu_health.gpu_slot('0000:8A:01.0'))
        self.assertEqual('10000:01:00', gpu_health.gpu_slot('10000:01:00'))


class XidReaderTestCase(base.TestCase):
    """XID errors read from a recorded kernel log (data/gpu_health/
    kmsg.txt: XID 48 of the H100, XIDs 13 and 31 of the A100).
    """

    def setUp(self):
        super().setUp()
        self.kmsg = self.useFixture(kernel_log.RecordedKernelLog())
        self.reader = gpu_health.XidReader(CONF, read=self.kmsg.read)
        self.logs = self.useFixture(fixtures.FakeLogger(
            name=gpu_health.__name__, level=logging.INFO))

    def test_first_read_is_the_baseline(self):
        # The XID 48 was there before the agent looked: logged, not
        # counted.
        self.assertEqual({}, self.reader.read())
        self.assertEqual([-1], self.kmsg.reads)
        self.assertIn('GPU 0000:8a:00 had 1 XID 48 errors before the first '
                      'check, not counted', self.logs.output)
        self.assertIn('GPU 0000:4b:00 had 1 XID 13 errors', self.logs.output)
        self.assertEqual({}, self.reader.read())
        self.assertEqual([-1, 1190], self.kmsg.reads)

    def test_critical_xid_since_the_last_read(self):
        self.reader.read()
        self.kmsg.xid(A100_SLOT, 79, FALLEN)
        self.kmsg.append('usb 1-1: USB disconnect, device number 2')
        self.assertEqual(
            {A100_SLOT: health.unhealthy('GPU XID 79 (%s)' % FALLEN)},
            self.reader.read())
        # Nothing new since: healthy again (the conductor's hold-down
        # keeps it out for a while).
        self.assertEqual({}, self.reader.read())

    def test_several_critical_xids(self):
        self.reader.read()
        self.kmsg.xid(H100_SLOT, 63, 'Row Remapper: New row marked for '
                      'remapping, reset gpu to activate.')
        self.kmsg.xid(H100_SLOT, 79, 'first')
        self.kmsg.xid(H100_SLOT, 79, FALLEN)
        self.kmsg.xid(A100_SLOT, 31, 'MMU Fault')
        self.assertEqual(
            {H100_SLOT: health.unhealthy(
                'GPU XID 63 (Row Remapper: New row marked for remapping, '
                'reset gpu to activate.); GPU XID 79 (%s)' % FALLEN)},
            self.reader.read())

    def test_application_xids_are_logged_only(self):
        self.reader.read()
        self.kmsg.xid(A100_SLOT, 13, 'Graphics Exception')
        self.kmsg.xid(A100_SLOT, 43, 'Ch 00000010')
        self.assertEqual({}, self.reader.read())
        self.assertIn('GPU 0000:4b:00: XID 43 (Ch 00000010), not a failure '
                      'of the GPU', self.logs.output)

    def test_the_critical_xids_are_an_option(self):
        self.flags(group='device_health', gpu_critical_xids=[13])
        self.reader.read()
        self.kmsg.xid(A100_SLOT, 13, 'Graphics Exception')
        self.kmsg.xid(A100_SLOT, 79, FALLEN)
        self.assertEqual(
            {A100_SLOT: health.unhealthy('GPU XID 13 (Graphics Exception)')},
            self.reader.read())
        self.flags(group='device_health', gpu_critical_xids=[])
        self.kmsg.xid(A100_SLOT, 79, FALLEN)
        self.assertEqual({}, self.reader.read())

    def test_overwritten_records(self):
        self.reader.read()
        # New records pushed the oldest out of the ring buffer, an XID
        # among them: the read starts with the oldest left.
        self.kmsg.xid(H100_SLOT, 79, FALLEN)
        self.kmsg.overwrite_oldest(11)
        self.assertEqual(
            {H100_SLOT: health.unhealthy('GPU XID 79 (%s)' % FALLEN)},
            self.reader.read())

    def test_new_numbering(self):
        self.reader.read()
        # The log numbered anew (below the last read's 1190): its records
        # are all newer than that read.
        self.kmsg.restart()
        self.kmsg.xid(H100_SLOT, 95, 'Uncontained error')
        self.assertEqual(
            {H100_SLOT: health.unhealthy('GPU XID 95 (Uncontained error)')},
            self.reader.read())
        self.assertEqual([-1, 1190], self.kmsg.reads)
        self.assertEqual({}, self.reader.read())
        self.assertEqual(0, self.kmsg.reads[-1])

    def test_unreadable_kernel_log(self):
        path = self.kmsg.path
        os.rename(path, path + '.away')
        self.assertEqual({}, self.reader.read())
        self.assertEqual({}, self.reader.read())
        self.assertEqual(1, self.logs.output.count(
            'Cannot read the XID errors of the GPUs in the kernel log'))
        # Readable again: that read is the baseline.
        os.rename(path + '.away', path)
        self.assertEqual({}, self.reader.read())
        self.kmsg.xid(A100_SLOT, 79, FALLEN)
        self.assertEqual([A100_SLOT], list(self.reader.read()))

    def test_no_privileged_helper(self):
        # The privileged helper, not in process: its daemon cannot start
        # (helper_command fails, as sudo without a rule does).  It is
        # tried once, not at every check.
        context = privsep.kernel_log_pctxt
        tries = os.path.join(self.useFixture(fixtures.TempDir()).path,
                             'tries')
        self.flags(group='cyborg_kernel_log',
                   helper_command="sh -c 'echo x >> %s; exit 1'" % tries)
        context.set_client_mode(True)
        self.addCleanup(context.set_client_mode, False)
        self.addCleanup(context.stop)
        reader = gpu_health.XidReader(CONF)
        self.assertEqual({}, reader.read())
        self.assertEqual({}, reader.read())
        with open(tries) as f:
            self.assertEqual('x\n', f.read())
        self.assertEqual(1, self.logs.output.count(
            'Cannot start the privileged reader of the kernel log'))


class TelemetryRulesTestCase(base.TestCase):
    """[device_health] telemetry_rules on samples."""

    def _judge(self, sample):
        return agent_health.from_telemetry(sample, CONF.device_health)

    def test_recorded_ecc_errors(self):
        with open(os.path.join(ECC_DATA, 'telemetry-ecc-errors.csv')) as f:
            found = gpu_telemetry.parse(f.read())
        self.assertEqual(health.OK, self._judge(found[fakesys.MIG_A100]))
        self.assertEqual(
            health.unhealthy('2 uncorrectable ECC errors; remapped rows '
                             'pending (reset needed)'),
            self._judge(found[fakesys.MIG_H100]))
        # A GPU without ECC says nothing.
        self.assertEqual(health.OK, self._judge(found[fakesys.MIG_L40]))

    def test_ecc_threshold_and_pending_repairs(self):
        sample = {'ecc_uncorrected_volatile': 2,
                  'retired_pages_pending': True,
                  'remapped_rows_failure': True}
        self.flags(group='device_health', ecc_uncorrectable_errors=3)
        self.assertEqual(
            health.unhealthy('retired pages pending (reset needed); row '
                             'remapping failed'), self._judge(sample))
        self.flags(group='device_health', telemetry_rules=['thermal'])
        self.assertEqual(health.OK, self._judge(sample))

    def test_link_width_not_speed_by_default(self):
        sample = {'pcie_link_speed_gts': 2.5, 'pcie_link_max_speed_gts': 16.0,
                  'pcie_link_width': 16, 'pcie_link_max_width': 16}
        # An idle GPU lowers its link speed: nothing wrong.
        self.assertEqual(health.OK, self._judge(sample))
        sample['pcie_link_width'] = 8
        self.assertEqual(health.unhealthy('PCIe link x8 of x16'),
                         self._judge(sample))
        self.flags(group='device_health', telemetry_rules=[
            'pcie_link_width', 'pcie_link_speed'])
        self.assertEqual(health.unhealthy(
            'PCIe link x8 of x16; PCIe link 2.5 of 16 GT/s'),
            self._judge(sample))

    def test_slowdown_temperature(self):
        sample = {'temperature_celsius': 84.0,
                  'slowdown_temperature_celsius': 87.0}
        self.assertEqual(health.OK, self._judge(sample))
        self.flags(group='device_health', slowdown_margin_celsius=3)
        self.assertEqual(
            health.unhealthy('temperature 84 C at its slowdown threshold '
                             '87 C'), self._judge(sample))
        self.assertEqual(
            health.unhealthy('thermal slowdown engaged'),
            self._judge({'thermal_slowdown': True}))

    def test_nothing_known_is_healthy(self):
        self.assertEqual(health.OK, self._judge({}))


class _PciHealthTests(sysfs.FakeHostMixin):

    def setUp(self):
        super().setUp()
        self.checker = agent_health.PciHealth(self.pci_host)
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

    def test_fatal_errors_threshold(self):
        self.checker = agent_health.PciHealth(self.pci_host, fatal_errors=2)
        self._check()
        self.fs.write_aer(fakesys.C62X, fatal=3, nonfatal=1)
        self.assertEqual(health.OK, self._check())
        self.fs.write_aer(fakesys.C62X, fatal=5, nonfatal=1)
        self.assertFalse(self._check().healthy)
        # 0: AER errors never make it unhealthy.
        self.checker.fatal_errors = 0
        self.fs.write_aer(fakesys.C62X, fatal=9, nonfatal=1)
        self.assertEqual(health.OK, self._check())

    def test_telemetry_of_sysfs(self):
        dev = pci.by_address(self.pci_host)[fakesys.C62X]
        self.assertEqual({'aer_correctable': 0, 'aer_nonfatal': 1,
                          'aer_fatal': 2}, dev.telemetry())
        path = '/sys/bus/pci/devices/%s/' % fakesys.C62X
        for name, value in (('current_link_speed', '8.0 GT/s PCIe'),
                            ('max_link_speed', '16.0 GT/s PCIe'),
                            ('current_link_width', '8'),
                            ('max_link_width', '16')):
            self.fs.write(path + name, value)
        self.assertEqual({'pcie_link_speed_gts': 8.0,
                          'pcie_link_max_speed_gts': 16.0,
                          'pcie_link_width': 8, 'pcie_link_max_width': 16},
                         pci.by_address(self.pci_host)[
                             fakesys.C62X].uncached().link())
        self.fs.write(path + 'current_link_speed', 'Unknown')
        self.assertNotIn('pcie_link_speed_gts', pci.by_address(
            self.pci_host)[fakesys.C62X].uncached().link())
        # In an x8 slot of 8 GT/s the card's maximum is the slot's.
        port = os.path.dirname(fakesys.pci_path(fakesys.C62X)) + '/'
        self.fs.write(port + 'max_link_width', '8')
        self.fs.write(port + 'max_link_speed', '8.0 GT/s PCIe')
        self.assertEqual((8, 8.0, False), (
            lambda link: (link['pcie_link_max_width'],
                          link['pcie_link_max_speed_gts'],
                          telemetry.link_degraded(link, speed=True)))(
            pci.by_address(self.pci_host)[fakesys.C62X].link()))

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

    def test_functions_a_configuration_removed_did_not_vanish(self):
        vfs = list(fakesys.C62X_VFS)
        self.assertEqual(health.OK, self._check([fakesys.C62X] + vfs))
        self.fs.remove_pci(vfs[1])
        # The device's VFs changed by design (cyborg.agent.health's
        # configured()): the one gone is not missed.
        self.checker.forget_device('dev')
        self.assertEqual(health.OK, self._check([fakesys.C62X, vfs[0]]))

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
        self.kmsg = self.useFixture(kernel_log.RecordedKernelLog())
        self.driver = nvidia.NvidiaGpuDriver(CONF, 'test-host',
                                             pci_host=self.pci_host,
                                             kernel_log=self.kmsg.read)

    def _ecc_errors(self):
        with open(os.path.join(ECC_DATA, 'telemetry-ecc-errors.csv')) as \
                src, open(os.path.join(self.smi.data, 'query-telemetry.csv'),
                          'w') as dst:
            dst.write(src.read())

    def _telemetry_verdicts(self, records):
        samples = self.driver.read_telemetry(records)
        return {address: agent_health.from_telemetry(sample,
                                                     CONF.device_health)
                for address, sample in samples.items()}

    def test_recorded_healthy_output(self):
        # The recorded log's XID 48 of the H100 is the baseline.
        records = self.driver.discover()
        self.assertEqual({}, self.driver.check_health(records))
        self.assertEqual({health.OK}, set(
            self._telemetry_verdicts(records).values()))

    def test_recorded_ecc_errors(self):
        self._ecc_errors()
        found = self._telemetry_verdicts(self.driver.discover())
        self.assertEqual([fakesys.MIG_H100], [
            address for address, verdict in found.items()
            if not verdict.healthy])
        self.assertIn('2 uncorrectable ECC errors',
                      found[fakesys.MIG_H100].reason)

    def test_critical_xid(self):
        records = self.driver.discover()
        self.driver.check_health(records)
        self.kmsg.xid(A100_SLOT, 79, FALLEN)
        # An XID of a function that is no GPU record: nothing.
        self.kmsg.xid('0000:8a:01', 79, FALLEN)
        self.assertEqual(
            {fakesys.MIG_A100: health.unhealthy('GPU XID 79 (%s)' % FALLEN)},
            self.driver.check_health(records))
        self.assertEqual({}, self.driver.check_health(records))

    def test_health_check_runs_no_nvidia_smi(self):
        # ECC errors come with the telemetry: the check reads the kernel
        # log only.
        self._ecc_errors()
        records = self.driver.discover()
        before = len(self.smi.calls())
        self.driver.check_health(records)
        self.driver.check_health(records)
        self.assertEqual(before, len(self.smi.calls()))

    def test_no_gpu_runs_nothing(self):
        self.assertEqual({}, self.driver.check_health([]))
        self.assertEqual({}, self.driver.read_telemetry([]))
        self.assertEqual([], [c for c in self.smi.calls() if 'ecc' in c])
        self.assertEqual([], self.kmsg.reads)


class GpuHealthSysfsRootTestCase(_GpuHealthTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT
