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
"""Tests of the nvme driver: discovery, telemetry and the erasure of a
controller between two tenants, against fakesys.nvme_host() and a fake
nvme-cli answering from data/nvme (written from the specification: see
its README.rst).
"""

import json
import os

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.agent import health
from cyborg.drivers.ssd import nvme
from cyborg.drivers.ssd import nvme_clean
from cyborg.tests import base
from cyborg.tests.fixtures import cleaning as clean_fixture
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import nvme_cli
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF

SELECT = '{"address": {"bus": "8[0-9a-f]"}}'


def _spec(**clear):
    return json.dumps(dict(json.loads(SELECT), **clear))


class _NvmeTests(sysfs.FakeHostMixin):

    BUILDER = staticmethod(fakesys.nvme_host)

    def _driver(self, *specs):
        self.flags(group='nvme', device_spec=list(specs or [SELECT]))
        return nvme.NvmeDriver(CONF, 'test-host', pci_host=self.pci_host)

    def _nvme(self, reads='tenant', erased='zero', **controller):
        return self.useFixture(nvme_cli.FakeNvme(
            {'/dev/nvme0': nvme_cli.controller(**controller),
             '/dev/nvme2': nvme_cli.controller()},
            {'/dev/nvme0n1': {'reads': reads, 'erased': erased},
             '/dev/nvme2n1': {'reads': reads, 'erased': erased}}))

    def _erase(self, *specs, address=fakesys.NVME, timeout=60):
        return clean_fixture.clean(self._driver(*specs), address,
                                   [nvme_clean.ERASE], timeout)

    # Discovery -------------------------------------------------------

    def test_nothing_without_a_selector(self):
        self.flags(group='nvme', device_spec=[])
        self.assertEqual([], nvme.NvmeDriver(
            CONF, 'h', pci_host=self.pci_host).discover())

    def test_the_selected_controllers(self):
        records = {r.address: r for r in self._driver().discover()}
        # Not the host's own disk, nor the virtio disk.
        self.assertEqual([fakesys.NVME, fakesys.NVME_GUEST,
                          fakesys.NVME_MULTIPATH], sorted(records))
        record = records[fakesys.NVME]
        self.assertEqual(('nvme', 'NVME', '0x144d', '0xa824'),
                         (record.driver, record.type, record.vendor,
                          record.product))
        [dep] = record.deployables
        self.assertEqual(('test-host_0000:81:00.0', 'CUSTOM_NVME', 1),
                         (dep.name, dep.resource_class,
                          dep.num_accelerators))
        self.assertEqual(['CUSTOM_NUMA_NODE_0', 'CUSTOM_NVME_PRODUCT_ID_A824',
                          'CUSTOM_NVME_VENDOR_144D', 'OWNER_CYBORG'],
                         dep.traits)
        [handle] = dep.attach_handles
        self.assertEqual(('PCI', '81'), (handle.attach_type,
                                         handle.attach_info['bus']))
        self.assertEqual({'controller': 'nvme0', 'namespaces': ['nvme0n1'],
                          'clear_action': 'auto', 'clear_strategy': 'auto'},
                         {k: record.acc_specs.acc_capability[k] for k in (
                             'controller', 'namespaces', 'clear_action',
                             'clear_strategy')})
        self.assertEqual('SAMPLE NVMe PM1733 3.84TB',
                         record.vendor_board_info['model'])
        # In a guest: the kernel's driver does not hold it.
        guest = records[fakesys.NVME_GUEST].acc_specs.acc_capability
        self.assertEqual((None, []), (guest['controller'],
                                      guest['namespaces']))
        multipath = records[fakesys.NVME_MULTIPATH].acc_specs
        self.assertEqual(['nvme2n1'],
                         multipath.acc_capability['namespaces'])

    def test_selector_tags_and_clear_keys(self):
        [record] = self._driver(json.dumps({
            'address': fakesys.NVME, 'resource_class': 'nvme_fast',
            'traits': 'gen4', 'clear_action': 'zero',
            'clear_strategy': 'block'})).discover()
        [dep] = record.deployables
        self.assertEqual('CUSTOM_NVME_FAST', dep.resource_class)
        self.assertIn('CUSTOM_GEN4', dep.traits)
        self.assertEqual(('zero', 'block'), (
            record.acc_specs.acc_capability['clear_action'],
            record.acc_specs.acc_capability['clear_strategy']))

    def test_bad_clear_keys_stop_the_agent(self):
        for spec in (_spec(clear_action='shred'),
                     _spec(clear_strategy='fire'), _spec(erase='yes')):
            self.assertRaises(exception.InvalidSelector, self._driver, spec)

    # Clean steps -----------------------------------------------------

    def test_one_erase_step(self):
        driver = self._driver(_spec(clear_action='sanitize'))
        record = {r.address: r for r in driver.discover()}[fakesys.NVME]
        [step] = driver.clean_steps(record)
        self.assertEqual((nvme_clean.ERASE, True),
                         (step.name, step.default))
        self.assertIn('clear_action sanitize, clear_strategy auto',
                      step.description)
        self.assertIn('Sanitize command', step.source)

    def test_auto_sanitizes_by_crypto_erase(self):
        fake = self._nvme()
        [done] = self._erase()
        self.assertEqual(nvme_clean.ERASE, done['step'])
        self.assertIn('crypto erase sanitize of nvme0: its log reads '
                      'completed successfully, global data erased',
                      done['detail'])
        self.assertEqual(['id-ctrl /dev/nvme0 -o json',
                          'sanitize /dev/nvme0 --sanact=4',
                          'sanitize-log /dev/nvme0 -o json'], fake.calls())
        self.assertEqual('zero',
                         fake.state()['namespaces']['/dev/nvme0n1']['reads'])

    def test_block_erase_where_asked_or_only_offered(self):
        fake = self._nvme(id_ctrl={'sanicap': 2})
        self._erase()
        fake2 = self._nvme()
        self._erase(_spec(clear_strategy='block'))
        for tool in (fake, fake2):
            self.assertIn('sanitize /dev/nvme0 --sanact=2', tool.calls())

    def test_sanitize_log_of_nvme_cli_2_8(self):
        self._nvme(log_style='2.8')
        [done] = self._erase()
        self.assertIn('completed successfully', done['detail'])

    def test_failed_sanitize_fails(self):
        self._nvme(sanitize_ends=3)
        exc = self.assertRaises(exception.DeviceCleanFailed, self._erase)
        self.assertIn('the log reads status 3, global data erased 0',
                      exc.message)

    def test_sanitize_still_running_times_out(self):
        self._nvme(polls=1000)
        self.assertRaises(exception.CommandTimeout, self._erase,
                          timeout=0.5)

    def test_offered_nothing_asked(self):
        fake = self._nvme(id_ctrl={'sanicap': 0})
        exc = self.assertRaises(exception.DeviceCleanFailed, self._erase,
                                _spec(clear_action='sanitize'))
        self.assertIn('offers no erase of clear_action sanitize, '
                      'clear_strategy auto (SANICAP 0x0', exc.message)
        self.assertEqual(['id-ctrl /dev/nvme0 -o json'], fake.calls())

    def test_zero_formats_in_the_current_lba_format(self):
        fake = self._nvme()
        [done] = self._erase(_spec(clear_action='zero'))
        self.assertEqual('block erase format of nvme0n1: first and last '
                         'blocks read zeros', done['detail'])
        # fna 0: no cryptographic erase; flbas 1: the 4096-byte format;
        # the last block: 7501476528 sectors of 512 bytes in 4096.
        self.assertEqual([
            'id-ctrl /dev/nvme0 -o json', 'id-ns /dev/nvme0n1 -o json',
            'format /dev/nvme0n1 --ses=1 --lbaf=1 --force',
            'read /dev/nvme0n1 --start-block=0 --block-count=0 '
            '--data-size=4096',
            'read /dev/nvme0n1 --start-block=937684565 --block-count=0 '
            '--data-size=4096'],
            [' '.join(c.split()[:5]) if c.startswith('format') else c
             for c in fake.calls()])

    def test_auto_formats_without_sanitize(self):
        fake = self._nvme(id_ctrl={'sanicap': 0, 'fna': 4})
        self._erase()
        self.assertIn('format /dev/nvme0n1 --ses=2 --lbaf=1 --force',
                      ' '.join(fake.calls()))

    def test_format_that_does_not_read_zeros_fails(self):
        self._nvme(erased='ones')
        exc = self.assertRaises(exception.DeviceCleanFailed, self._erase,
                                _spec(clear_action='zero'))
        self.assertIn('logical block 0 of nvme0n1 does not read zeros',
                      exc.message)

    def test_multipath_heads_are_formatted(self):
        fake = self._nvme()
        self._erase(_spec(clear_action='zero'),
                    address=fakesys.NVME_MULTIPATH)
        self.assertIn('format /dev/nvme2n1 --ses=1 --lbaf=1 --force',
                      ' '.join(fake.calls()))

    def test_not_the_kernels_controller(self):
        fake = self._nvme()
        exc = self.assertRaises(exception.DeviceCleanFailed, self._erase,
                                address=fakesys.NVME_GUEST)
        self.assertIn('does not hold it (bound to vfio-pci)', exc.message)
        self.assertEqual([], fake.calls())

    def test_a_namespace_the_host_holds_is_never_erased(self):
        fake = self._nvme()
        self.fs.link(fakesys.pci_path(fakesys.NVME) +
                     '/nvme/nvme0/nvme0n1/nvme0n1p1/holders/dm-0',
                     '/sys/devices/virtual/block/dm-0')
        exc = self.assertRaises(exception.DeviceCleanFailed, self._erase)
        self.assertIn('the host uses it: nvme0n1p1 is held by dm-0',
                      exc.message)
        self.assertEqual([], fake.calls())

    def test_unknown_step(self):
        self.assertRaises(exception.UnsupportedOperation,
                          clean_fixture.clean, self._driver(), fakesys.NVME,
                          ['shred'], 5)
        self.assertRaises(exception.DriverDeviceNotFound,
                          clean_fixture.clean, self._driver(),
                          fakesys.NVME_BOOT, [nvme_clean.ERASE], 5)

    # Telemetry -------------------------------------------------------

    def test_smart_log_telemetry(self):
        fake = self._nvme()
        driver = self._driver()
        found = driver.read_telemetry(driver.discover())
        # The guest's controller is not the kernel's: not read.
        self.assertEqual([fakesys.NVME, fakesys.NVME_MULTIPATH],
                         sorted(found))
        self.assertEqual({'critical_warning': False, 'media_errors': 0,
                          'temperature_celsius': 37, 'wear_ratio': 0.03,
                          'available_spare_ratio': 1.0,
                          'available_spare_threshold_ratio': 0.1},
                         found[fakesys.NVME])
        self.assertEqual(['smart-log /dev/nvme0 -o json',
                          'smart-log /dev/nvme2 -o json'], fake.calls())


class NvmeUdevTestCase(_NvmeTests, base.TestCase):
    MODE = sysfs.UDEV


class NvmeSysfsRootTestCase(_NvmeTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT

    # The tree's own /proc (the host's under umockdev).

    def _mountinfo(self, text=None):
        """Write the tree's mount table (None: remove it); its path."""
        path = os.path.join(os.path.dirname(self.fake.sysfs_root),
                            'proc/self/mountinfo')
        if text is None:
            os.remove(path)
            return path
        with open(path, 'w') as f:
            f.write(text)
        return path

    def test_a_mounted_namespace_is_never_erased(self):
        fake = self._nvme()
        self._mountinfo(
            fakesys.MOUNTINFO + '\n36 35 %s / /srv rw,noatime - xfs '
            '/dev/nvme0n1p1 rw\n' % fakesys.NVME_PART_DEV)
        exc = self.assertRaises(exception.DeviceCleanFailed, self._erase)
        self.assertIn('nvme0n1p1 is mounted', exc.message)
        self.assertEqual([], fake.calls())

    def test_mounts_that_cannot_be_read_are_a_use(self):
        fake = self._nvme()
        path = self._mountinfo()
        exc = self.assertRaises(exception.DeviceCleanFailed, self._erase)
        self.assertIn('the host uses it: its mounts cannot be told: %s '
                      'unreadable' % path, exc.message)
        for text in ('', 'garbled\n'):
            self._mountinfo(text)
            exc = self.assertRaises(exception.DeviceCleanFailed,
                                    self._erase)
            self.assertIn('its mounts cannot be told: %s' % path,
                          exc.message)
        self.assertEqual([], fake.calls())
        self._mountinfo(fakesys.MOUNTINFO)
        self.assertIn('erase', self._erase()[0]['step'])


class SmartLogTestCase(base.TestCase):

    def _log(self, **changes):
        with open(os.path.join(nvme_cli.DATA, 'smart-log.json')) as f:
            return dict(json.load(f), **changes)

    def test_critical_warning_as_nvme_cli_2_4_prints_it(self):
        sample = nvme.smart_sample(self._log(critical_warning=4))
        self.assertTrue(sample['critical_warning'])

    def test_wear_rule(self):
        opts = CONF.device_health
        worn = nvme.smart_sample(self._log(
            percent_used=100, avail_spare=5, media_errors=2,
            critical_warning={'value': 1}))
        verdict = health.from_telemetry(worn, opts)
        self.assertEqual('unhealthy', verdict.status)
        self.assertEqual('critical warning raised; 100% of its rated '
                         'endurance used; available spare 5% below 10%; 2 '
                         'media errors', verdict.reason)
        self.assertTrue(health.from_telemetry(
            nvme.smart_sample(self._log()), opts).healthy)
        self.flags(group='device_health', media_errors=0)
        self.assertTrue(health.from_telemetry(
            nvme.smart_sample(self._log(media_errors=9)),
            CONF.device_health).healthy)
