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
"""Tests of the FPGA drivers (Intel DFL and OPAE layouts, Xilinx)."""

import json
import os
import struct
import uuid

import fixtures

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.drivers.fpga import card
from cyborg.drivers.fpga import intel
from cyborg.drivers.fpga import xilinx
from cyborg.tests import base
from cyborg.tests.fixtures import cleaning as clean_fixture
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF

NEW_AFU = 'ffeeddccbbaa99887766554433221100'
NEW_XCLBIN = '11111111-2222-3333-4444-555555555555'


def _handle_addresses(deployable):
    return ['{domain}:{bus}:{device}.{function}'.format(**h.attach_info)
            for h in deployable.attach_handles]


class _FpgaTests(sysfs.FakeHostMixin):

    def _driver(self, cls=card.FpgaDriver):
        return cls(CONF, 'test-host', pci_host=self.pci_host)

    def _fake_tool(self, name, target_sysfs_path, value):
        """Put a fake vendor tool on PATH: it records its arguments and
        writes *value* to the device file, as the real tool's effect.
        """
        bindir = self.useFixture(fixtures.TempDir()).path
        args_file = os.path.join(bindir, 'args')
        # Under umockdev the tool sees the fake tree as /sys (it inherits
        # the preload library); otherwise it writes into the tree itself.
        target = (target_sysfs_path if self.MODE == sysfs.UDEV
                  else self.fs.real_path(target_sysfs_path))
        tool = os.path.join(bindir, name)
        with open(tool, 'w') as f:
            f.write('#!/bin/sh\necho "$@" > %s\necho %s > %s\n' % (
                args_file, value, target))
        os.chmod(tool, 0o700)
        self.useFixture(fixtures.EnvironmentVariable(
            'PATH', bindir + os.pathsep + os.environ['PATH']))
        return args_file

    def test_intel_dfl_card(self):
        records = {r.address: r for r in
                   self._driver(intel.IntelFpgaDriver).discover()}
        self.assertEqual([fakesys.N3000, fakesys.PAC_A10], sorted(records))
        n3000 = records[fakesys.N3000]
        [dep] = n3000.deployables
        self.assertEqual(('FPGA', 1, 'intel_fpga'),
                         (dep.resource_class, dep.num_accelerators,
                          dep.driver_name))
        self.assertEqual([fakesys.N3000], _handle_addresses(dep))
        self.assertEqual(sorted([
            'CUSTOM_NUMA_NODE_0',
            'CUSTOM_FPGA_INTEL', 'CUSTOM_FPGA_INTEL_PAC_N3000',
            'CUSTOM_FPGA_REGION_INTEL_' + fakesys.N3000_PR_ID.upper(),
            'CUSTOM_FPGA_FUNCTION_ID_INTEL_' + fakesys.N3000_AFU.upper()]),
            dep.traits)
        self.assertEqual('dfl', n3000.acc_specs.acc_capability['layout'])
        self.assertEqual('0x23000410010309',
                         n3000.vendor_board_info['bitstream_id'])

    def test_intel_dfl_telemetry(self):
        fme = ('/sys/bus/pci/devices/%s/fpga_region/region0/dfl-fme.0/'
               'hwmon/' % fakesys.N3000)
        for name, value in (('hwmon2/name', 'dfl_fme_thermal'),
                            ('hwmon2/temp1_input', '61500'),
                            ('hwmon2/temp1_max', '90000'),
                            ('hwmon3/name', 'dfl_fme_power'),
                            ('hwmon3/power1_input', '48250000'),
                            ('hwmon3/power1_max', '120000000')):
            self.fs.write(fme + name, value)
        driver = self._driver(intel.IntelFpgaDriver)
        found = driver.read_telemetry(driver.discover())
        # The OPAE card has no hwmon read: nothing beyond sysfs's PCI.
        self.assertEqual({fakesys.N3000: {
            'temperature_celsius': 61.5,
            'slowdown_temperature_celsius': 90.0, 'power_watts': 48.25,
            'power_limit_watts': 120.0}}, found)

    def test_intel_opae_card_with_vf(self):
        records = {r.address: r for r in
                   self._driver(intel.IntelFpgaDriver).discover()}
        a10 = records[fakesys.PAC_A10]
        [dep] = a10.deployables
        self.assertEqual([fakesys.PAC_A10_VF], _handle_addresses(dep))
        self.assertIn('CUSTOM_FPGA_INTEL_PAC_ARRIA10', dep.traits)
        self.assertIn('CUSTOM_FPGA_FUNCTION_ID_INTEL_' +
                      fakesys.A10_AFU.upper(), dep.traits)
        self.assertIn('CUSTOM_FPGA_REGION_INTEL_' +
                      fakesys.A10_PR_ID.upper(), dep.traits)
        self.assertEqual('opae', a10.acc_specs.acc_capability['layout'])

    def test_xilinx_card(self):
        [record] = self._driver(xilinx.XilinxFpgaDriver).discover()
        self.assertEqual(fakesys.U250_MGMT, record.address)
        [dep] = record.deployables
        self.assertEqual(1, dep.num_accelerators)
        self.assertEqual([fakesys.U250_MGMT, fakesys.U250_USER],
                         _handle_addresses(dep))
        self.assertEqual(sorted([
            'CUSTOM_NUMA_NODE_0',
            'CUSTOM_FPGA_XILINX', 'CUSTOM_FPGA_PRODUCT_ID_5004',
            'CUSTOM_FPGA_FUNCTION_ID_XILINX_' +
            fakesys.U250_XCLBIN.replace('-', '').upper()]), dep.traits)
        self.assertEqual('u250', record.vendor_board_info['board_name'])

    def test_fpga_driver_reports_all_cards_under_its_name(self):
        records = self._driver().discover()
        self.assertEqual([fakesys.U250_MGMT, fakesys.N3000, fakesys.PAC_A10],
                         [r.address for r in records])
        self.assertEqual({'fpga'}, {r.driver for r in records} |
                         {d.driver_name for r in records
                          for d in r.deployables})

    def test_program_intel_rereads_the_function(self):
        args = self._fake_tool(
            'fpgaconf', '/sys/bus/pci/devices/%s/fpga_region/region0/'
            'dfl-port.0/afu_id' % fakesys.N3000, NEW_AFU)
        result = self._driver().program(fakesys.N3000, '/images/x.gbs')
        self.assertEqual({'address': fakesys.N3000,
                          'function_id': NEW_AFU.upper(),
                          'function_traits': [
                              'CUSTOM_FPGA_FUNCTION_ID_INTEL_' +
                              NEW_AFU.upper()]}, result)
        with open(args) as f:
            self.assertEqual('-B 0x5e -D 0x00 -F 0x0 /images/x.gbs\n',
                             f.read())
        [n3000] = [r for r in self._driver().discover()
                   if r.address == fakesys.N3000]
        self.assertIn('CUSTOM_FPGA_FUNCTION_ID_INTEL_' + NEW_AFU.upper(),
                      n3000.deployables[0].traits)

    def _image(self, name, content):
        path = os.path.join(self.useFixture(fixtures.TempDir()).path, name)
        with open(path, 'wb') as f:
            f.write(content)
        return path

    def test_program_xilinx(self):
        args = self._fake_tool(
            'xbutil', '/sys/bus/pci/devices/%s/xclbinuuid' %
            fakesys.U250_USER, NEW_XCLBIN)
        image = self._image('x.xclbin', b'xclbin2\0' + b'\0' * 56)
        result = self._driver().program(fakesys.U250_MGMT, image)
        loaded = NEW_XCLBIN.replace('-', '').upper()
        self.assertEqual({'address': fakesys.U250_USER, 'function_id':
                          loaded, 'function_traits': [
                              'CUSTOM_FPGA_FUNCTION_ID_XILINX_' + loaded]},
                         result)
        with open(args) as f:
            self.assertEqual('program --device %s --user %s\n' %
                             (fakesys.U250_USER, image), f.read())

    def test_flash_xilinx_base_shell(self):
        # xbmgmt writes the flash; the card runs its old shell and xclbin
        # until the host is rebooted.
        args = self._fake_tool('xbmgmt', '/sys/bus/pci/devices/%s/flashed'
                               % fakesys.U250_MGMT, 'yes')
        image = self._image('shell.mcs', b':020000040000FA\r\n'
                            b':10000000FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF00\r\n')
        self.assertEqual('base', xilinx.image_kind(image))
        result = self._driver().program(fakesys.U250_USER, image)
        loaded = fakesys.U250_XCLBIN.replace('-', '').upper()
        # The card (its record's address) needs a cold reboot of the host.
        self.assertEqual({'address': fakesys.U250_MGMT, 'function_id':
                          loaded, 'function_traits': [
                              'CUSTOM_FPGA_FUNCTION_ID_XILINX_' + loaded],
                          'reboot_required': True}, result)
        [record] = self._driver(xilinx.XilinxFpgaDriver).discover()
        self.assertEqual(fakesys.U250_MGMT, record.address)
        with open(args) as f:
            self.assertEqual('program --device %s --base --image %s\n' %
                             (fakesys.U250_MGMT, image), f.read())
        self.assertRaises(exception.DriverDeviceNotFound,
                          self._driver(xilinx.XilinxFpgaDriver).flash_base,
                          fakesys.N3000, image)

    def test_image_kind(self):
        self.assertEqual('xclbin', xilinx.image_kind(
            self._image('a.xclbin', b'xclbin2\0')))
        self.assertEqual('xclbin', xilinx.image_kind('/nonexistent/x'))
        self.assertEqual('base', xilinx.image_kind(
            self._image('b.mcs', b'\n:020000040000FA\n')))

    def test_program_failure_and_unknown_device(self):
        self._fake_tool('fpgaconf', '/nonexistent/dir/afu_id', NEW_AFU)
        self.assertRaises(exception.CommandFailed, self._driver().program,
                          fakesys.N3000, '/x.gbs')
        self.assertRaises(exception.DriverDeviceNotFound,
                          self._driver().program, fakesys.T4, '/x.gbs')


    def test_image_paths_that_are_no_argument_never_run(self):
        # What the tools take is built from the device's sysfs address
        # and a path that cannot be an option nor climb out of its
        # directory; the privileged helper checks the same shapes.
        tools = [self._fake_tool(name, '/nonexistent/x', 'x')
                 for name in ('fpgaconf', 'xbutil', 'xbmgmt')]
        for path in ('--force', 'x.gbs', '/images/../etc/shadow',
                     '/images/x y.gbs'):
            for address in (fakesys.N3000, fakesys.U250_MGMT):
                self.assertRaises(exception.ImageNotFound,
                                  self._driver().program, address, path)
            self.assertRaises(exception.ImageNotFound,
                              self._driver(xilinx.XilinxFpgaDriver)
                              .flash_base, fakesys.U250_MGMT, path)
        self.assertEqual([], [args for args in tools
                              if os.path.exists(args)])

    # Clean steps: the known-good image loaded back, its id read back.

    def _gbs(self, afu):
        meta = json.dumps({'version': 1, 'afu-image': {
            'interface-uuid': fakesys.N3000_PR_ID, 'magic-no': 488605312,
            'accelerator-clusters': [{'name': 'nlb_0', 'total-contexts': 1,
                                      'accelerator-type-uuid':
                                      str(uuid.UUID(afu))}]}}).encode()
        return self._image('clean.gbs', intel.GBS_GUID + struct.pack(
            '<I', len(meta)) + meta + b'bitstream')

    def _xclbin(self, value):
        return self._image('clean.xclbin', (xilinx.XCLBIN_MAGIC + b'\0' *
                                            408 + uuid.UUID(value).bytes +
                                            b'\0' * 64))

    def test_image_ids(self):
        self.assertEqual(NEW_AFU.upper(), intel.gbs_afu_id(self._gbs(
            NEW_AFU)))
        self.assertEqual(NEW_XCLBIN.replace('-', '').upper(),
                         xilinx.image_uuid(self._xclbin(NEW_XCLBIN)))
        for path in (self._image('x', b'xclbin2\0'), '/nonexistent'):
            self.assertIsNone(intel.gbs_afu_id(path))
            self.assertIsNone(xilinx.image_uuid(path))

    def test_intel_clean_image_loaded_and_read_back(self):
        self.flags(group='fpga', clean_images={'intel': self._gbs(NEW_AFU)})
        driver = self._driver()
        n3000 = {r.address: r for r in driver.discover()}[fakesys.N3000]
        [step] = driver.clean_steps(n3000)
        self.assertEqual(('load_clean_image', True),
                         (step.name, step.default))
        self.assertIn('fpgaconf', step.source)
        self._fake_tool('fpgaconf', '/sys/bus/pci/devices/%s/fpga_region/'
                        'region0/dfl-port.0/afu_id' % fakesys.N3000,
                        NEW_AFU)
        [done] = clean_fixture.clean(driver, fakesys.N3000,
                                     ['load_clean_image'], 30)
        self.assertEqual('AFU %s loaded into %s, read back' % (
            NEW_AFU.upper(), fakesys.N3000), done['detail'])

    def test_intel_clean_image_not_read_back_fails(self):
        self.flags(group='fpga', clean_images={'intel': self._gbs(NEW_AFU)})
        afu = ('/sys/bus/pci/devices/%s/fpga_region/region0/dfl-port.0/'
               'afu_id' % fakesys.N3000)
        # The tenant's function stays; then no id can be read at all.
        for value, found in ((fakesys.N3000_AFU, fakesys.N3000_AFU.upper()),
                             ('', 'none')):
            self._fake_tool('fpgaconf', afu, value)
            exc = self.assertRaises(exception.DeviceCleanFailed,
                                    clean_fixture.clean, self._driver(),
                                    fakesys.N3000, ['load_clean_image'], 30)
            self.assertIn('reads function id %s, not the known-good '
                          'image\'s %s' % (found, NEW_AFU.upper()),
                          exc.message)

    def test_xilinx_clean_image(self):
        self.flags(group='fpga',
                   clean_images={'xilinx': self._xclbin(NEW_XCLBIN)})
        driver = self._driver(xilinx.XilinxFpgaDriver)
        [record] = driver.discover()
        self.assertEqual(['load_clean_image'],
                         [s.name for s in driver.clean_steps(record)])
        self._fake_tool('xbutil', '/sys/bus/pci/devices/%s/xclbinuuid'
                        % fakesys.U250_USER, NEW_XCLBIN)
        [done] = clean_fixture.clean(driver, fakesys.U250_MGMT,
                                     ['load_clean_image'], 30)
        self.assertEqual('xclbin %s loaded into %s, read back' % (
            NEW_XCLBIN.replace('-', '').upper(), fakesys.U250_USER),
            done['detail'])
        self._fake_tool('xbutil', '/sys/bus/pci/devices/%s/xclbinuuid'
                        % fakesys.U250_USER, fakesys.U250_XCLBIN)
        self.assertRaises(exception.DeviceCleanFailed, clean_fixture.clean,
                          driver, fakesys.U250_MGMT, ['load_clean_image'], 30)

    def test_no_clean_image_no_step(self):
        driver = self._driver()
        for record in driver.discover():
            self.assertEqual([], driver.clean_steps(record))
        self.assertRaises(exception.UnsupportedOperation, clean_fixture.clean,
                          driver, fakesys.N3000, ['load_clean_image'], 30)
        self.assertRaises(exception.DriverDeviceNotFound, clean_fixture.clean,
                          driver, fakesys.T4, ['load_clean_image'], 30)

    def test_unreadable_clean_image_stops_the_agent(self):
        for vendor in ('intel', 'xilinx'):
            self.flags(group='fpga',
                       clean_images={vendor: self._image('x', b'junk')})
            self.assertRaises(exception.ConfigInvalid, self._driver)
        # A readable image at a path the tools are never given.
        self.flags(group='fpga', clean_images={'intel': os.path.join(
            os.path.dirname(self._gbs(NEW_AFU)), 'sub', '..',
            'clean.gbs')})
        exc = self.assertRaises(exception.ConfigInvalid, self._driver)
        self.assertIn('the FPGA tools are given only an absolute, normal '
                      'path', exc.message)


class FpgaUdevTestCase(_FpgaTests, base.TestCase):
    MODE = sysfs.UDEV


class FpgaSysfsRootTestCase(_FpgaTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT
