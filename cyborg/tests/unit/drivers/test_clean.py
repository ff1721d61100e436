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
"""Tests of the clean steps every driver shares (cyborg.drivers.clean):
the operator's own, run through the privileged helper (in process here)
with real processes, and the kernel's function reset, against fake sysfs
trees (the generic driver's: a device offering a reset and one that
does not).
"""

import os

import fixtures

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.drivers import clean
from cyborg.drivers import command
from cyborg.drivers import generic
from cyborg.tests import base
from cyborg.tests.fixtures import cleaning as clean_fixture
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF

RNG_SPEC = '{"address": "0000:00:05.0"}'
SDXI_SPEC = '{"class_code": "1201"}'


class _CleanTests(sysfs.FakeHostMixin):

    def setUp(self):
        super().setUp()
        # The virtio RNG can be reset (its kernel lists flr), SDXI not.
        self.rng = fakesys.pci_path(fakesys.VIRTIO_RNG)
        self.fs.write(self.rng + '/reset', '')
        self.fs.write(self.rng + '/reset_method', 'flr')
        self.flags(group='pci', device_spec=[RNG_SPEC, SDXI_SPEC])
        self.driver = generic.GenericDriver(CONF, 'h',
                                            pci_host=self.pci_host)
        self.records = {r.address: r for r in self.driver.discover()}

    def _operator(self, name, script):
        tmp = self.useFixture(fixtures.TempDir()).path
        path = os.path.join(tmp, name)
        with open(path, 'w') as f:
            f.write('#!/bin/sh\n' + script + '\n')
        os.chmod(path, 0o700)
        steps = dict(CONF.clean_steps.operator_steps, **{name: path})
        self.flags(group='clean_steps', operator_steps=steps)
        return path

    def test_function_reset_where_the_kernel_offers_one(self):
        [step] = self.driver.clean_steps(self.records[fakesys.VIRTIO_RNG])
        self.assertEqual((clean.FUNCTION_RESET, True),
                         (step.name, step.default))
        self.assertIn('sysfs-bus-pci', step.source)
        [done] = clean_fixture.clean(self.driver, fakesys.VIRTIO_RNG,
                                     [clean.FUNCTION_RESET], 10)
        self.assertEqual({'step': 'function_reset', 'detail':
                          '0000:00:05.0 reset (flr), reads 1af4:1044 bound '
                          'to virtio-pci'}, done)
        with open(self.fs.real_path(self.rng + '/reset')) as f:
            self.assertEqual('1', f.read())

    def test_nothing_where_it_offers_none(self):
        self.assertEqual([], self.driver.clean_steps(
            self.records[fakesys.SDXI]))
        self.assertRaises(exception.DeviceCleanFailed, clean_fixture.clean,
                          self.driver,
                          fakesys.SDXI, [clean.FUNCTION_RESET], 10)
        self.assertEqual([], clean_fixture.clean(self.driver, fakesys.SDXI,
                                                 [], 10))

    def test_a_reset_the_kernel_refuses(self):
        # Even root cannot write a directory.
        os.remove(self.fs.real_path(self.rng + '/reset'))
        os.mkdir(self.fs.real_path(self.rng + '/reset'))
        exc = self.assertRaises(exception.DeviceCleanFailed,
                                clean_fixture.clean, self.driver,
                                fakesys.VIRTIO_RNG,
                                [clean.FUNCTION_RESET], 10)
        self.assertIn('the kernel did not reset it', exc.message)

    def test_a_function_that_reads_all_ones_fails(self):
        self.fs.write(self.rng + '/vendor', '0xffff')
        exc = self.assertRaises(exception.DeviceCleanFailed,
                                clean_fixture.clean, self.driver,
                                fakesys.VIRTIO_RNG,
                                [clean.FUNCTION_RESET], 10)
        self.assertIn('after its reset it reads ffff:1044', exc.message)

    def test_unknown_step_and_device(self):
        self.assertRaises(exception.UnsupportedOperation, clean_fixture.clean,
                          self.driver, fakesys.VIRTIO_RNG, ['firmware'], 10)
        self.assertRaises(exception.DriverDeviceNotFound, clean_fixture.clean,
                          self.driver,
                          fakesys.A100, [clean.FUNCTION_RESET], 10)


class CleanUdevTestCase(_CleanTests, base.TestCase):
    MODE = sysfs.UDEV


class CleanSysfsRootTestCase(_CleanTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT

    # The operator's steps run the same whatever reads sysfs: once.

    def test_operator_steps_offered_by_every_driver_not_default(self):
        self._operator('wear', 'true')
        self._operator('firmware', 'true')
        steps = self.driver.clean_steps(self.records[fakesys.SDXI])
        self.assertEqual([('operator:firmware', False),
                          ('operator:wear', False)],
                         [(s.name, s.default) for s in steps])
        self.assertIn('[clean_steps] operator_steps', steps[0].source)

    def test_operator_step_gets_the_address_its_output_kept(self):
        self._operator('wear', 'echo "checked $1: 3% used"')
        self.assertEqual(
            [{'step': 'function_reset', 'detail': '0000:00:05.0 reset '
              '(flr), reads 1af4:1044 bound to virtio-pci'},
             {'step': 'operator:wear',
              'detail': 'checked 0000:00:05.0: 3% used'}],
            clean_fixture.clean(self.driver, fakesys.VIRTIO_RNG,
                                ['function_reset', 'operator:wear'], 10))

    def test_operator_step_failing_holds_its_output(self):
        self._operator('wear', 'echo "99% used" >&2; exit 3')
        exc = self.assertRaises(exception.DeviceCleanFailed,
                                clean_fixture.clean, self.driver, fakesys.SDXI,
                                ['operator:wear'], 10)
        self.assertEqual('Clean step operator:wear of device 0000:90:00.0 '
                         'failed: exit status 3: 99% used', exc.message)

    def test_operator_step_timing_out(self):
        self._operator('firmware', 'echo flashing; exec sleep 5')
        self.flags(group='clean_steps', operator_timeout=1)
        exc = self.assertRaises(exception.DeviceCleanFailed,
                                clean_fixture.clean, self.driver, fakesys.SDXI,
                                ['operator:firmware'], 10)
        self.assertIn('not done in 1 s, its processes killed: flashing',
                      exc.message)

    def test_clean_out_of_time(self):
        self._operator('wear', 'true')
        self.assertRaises(exception.CommandTimeout, clean_fixture.clean,
                          self.driver, fakesys.SDXI, ['operator:wear'], 0)

    def test_operator_step_not_configured(self):
        self.assertRaises(exception.UnsupportedOperation, clean_fixture.clean,
                          self.driver, fakesys.SDXI, ['operator:wear'], 10)

    def test_helper_runs_only_its_own_steps_with_an_address(self):
        # The privileged helper reads the command from its own
        # configuration, and refuses anything but a PCI address.
        self._operator('wear', 'true')
        for name, address in (('wear', '-rf /'), ('wear', '0000:90:00.0;'),
                              ('/bin/sh', '0000:90:00.0')):
            self.assertRaises(exception.CommandNotFound,
                              command.run_operator_step, name, address, 5)
        self.assertEqual(0, command.run_operator_step(
            'wear', '0000:90:00.0', 5)['returncode'])
        # A command looked for on PATH is not the operator's file.
        self.flags(group='clean_steps', operator_steps={'wear': 'true'})
        self.assertRaises(exception.CommandNotFound,
                          command.run_operator_step, 'wear', '0000:90:00.0',
                          5)
