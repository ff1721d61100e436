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
"""Tests of the configuration of drivers installed through the API."""

from cyborg import exception
from cyborg.common import driver_config as common_config
from cyborg.drivers import config as driver_config
from cyborg.drivers import fake
from cyborg.drivers import generic
from cyborg.drivers.gpu import nvidia
from cyborg.tests import base


class CheckTestCase(base.TestCase):

    def test_values_are_converted(self):
        self.assertEqual(
            {'fake_driver': {'devices': ['fpga=2', 'qat=1'],
                             'program_seconds': 1.5}},
            driver_config.check(fake.FakeDriver, {'fake_driver': {
                'devices': 'fpga=2,qat=1', 'program_seconds': '1.5'}}))

    def test_selectors_may_be_objects(self):
        config = {'pci': {'device_spec': [{'vendor_id': '8086'}]}}
        self.assertEqual({'pci': {'device_spec': ['{"vendor_id": "8086"}']}},
                         common_config.normalise(config))
        self.assertEqual(
            ['{"vendor_id": "8086"}'],
            driver_config.check(generic.GenericDriver,
                                config)['pci']['device_spec'])

    def test_one_selector_without_a_list(self):
        for value in ('{"vendor_id": "8086"}', {'vendor_id': '8086'}):
            self.assertEqual(
                ['{"vendor_id": "8086"}'],
                driver_config.check(generic.GenericDriver, {'pci': {
                    'device_spec': value}})['pci']['device_spec'])

    def test_dynamic_groups_of_the_gpu_driver(self):
        config = {'gpu_devices': {'enabled_vgpu_types': ['nvidia-222']},
                  'vgpu_nvidia-222': {'device_addresses': ['0000:af:00.0']}}
        self.assertEqual(config, driver_config.check(nvidia.NvidiaGpuDriver,
                                                     config))

    def test_refused(self):
        for config, reason in (
                ([], 'expected'),
                ({'pci': 1}, 'must be an object'),
                ({'database': {'connection': 'x'}}, 'takes no options'),
                ({'pci': {'colour': 'red'}}, 'has no option colour')):
            exc = self.assertRaises(exception.DriverConfigInvalid,
                                    driver_config.check,
                                    generic.GenericDriver, config)
            self.assertIn(reason, exc.message)
        exc = self.assertRaises(
            exception.DriverConfigInvalid, driver_config.check,
            fake.FakeDriver, {'fake_driver': {'program_seconds': -1}})
        self.assertIn('program_seconds = -1', exc.message)

    def test_numbers_are_finite_and_within_the_option(self):
        # oslo.config's float reads "nan" and "1e400" (infinity), and its
        # bounds let both by: such a discover_seconds was taken, and put
        # every device of the driver in driver_error.
        for value in ('nan', 'NaN', 'inf', '-Infinity', '1e400',
                      float('nan'), float('inf'), 3601, '1e300'):
            exc = self.assertRaises(
                exception.DriverConfigInvalid, driver_config.check,
                fake.FakeDriver, {'fake_driver': {'discover_seconds': value}})
            self.assertIn('discover_seconds', exc.message)
        self.assertEqual(
            {'fake_driver': {'discover_seconds': 3600.0}},
            driver_config.check(fake.FakeDriver, {'fake_driver': {
                'discover_seconds': '3600'}}))


class DriverConfTestCase(base.TestCase):

    def test_overrides_and_the_rest(self):
        self.flags(group='fake_driver', devices=['fpga=1'],
                   program_seconds=2.0)
        conf = driver_config.DriverConf(base.CONF, driver_config.check(
            fake.FakeDriver, {'fake_driver': {'devices': 'vgpu=1'}}))
        self.assertEqual(['vgpu=1'], conf.fake_driver.devices)
        self.assertEqual(['vgpu=1'], conf['fake_driver']['devices'])
        self.assertEqual(2.0, conf.fake_driver.program_seconds)
        self.assertEqual('test-host', conf.host)
        self.assertIn('pci', conf)
        # The configuration file's value is untouched.
        self.assertEqual(['fpga=1'], base.CONF.fake_driver.devices)

    def test_a_driver_built_on_it(self):
        conf = driver_config.DriverConf(base.CONF, driver_config.check(
            fake.FakeDriver, {'fake_driver': {'devices': 'gpu=2'}}))
        records = fake.FakeDriver(conf, 'n1').discover()
        self.assertEqual(['GPU', 'GPU'], [r.type for r in records])
