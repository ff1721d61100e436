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
"""Tests of the driver registry: names, aliases, loading."""

import logging

import fixtures

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.common import driver_names
from cyborg.common import upstream_driver_names
from cyborg.drivers import registry
from cyborg.tests import base

CONF = cyborg_conf.CONF


class LoadTestCase(base.TestCase):

    def test_names_and_aliases(self):
        self.flags(group='agent', enabled_drivers=['fake', 'fake_driver',
                                                   'pci_driver'])
        drivers, aliases = registry.load(CONF, 'h')
        self.assertEqual(['fake', 'generic'], list(drivers))
        self.assertEqual({'fake': 'fake', 'fake_driver': 'fake',
                          'pci_driver': 'generic'}, aliases)

    def test_every_entry_point_loads(self):
        names = driver_names.available()
        self.assertEqual(22, len(names))
        self.flags(group='agent', enabled_drivers=names)
        drivers, _ = registry.load(CONF, 'h')
        self.assertEqual(['crypto', 'fake', 'fpga', 'generic', 'gpu',
                          'huawei_ascend', 'inspur_fpga', 'inspur_nvme_ssd',
                          'intel_fpga', 'intel_nic', 'nvme', 'xilinx_fpga'],
                         sorted(drivers))

    def test_own_names_need_no_import(self):
        # driver_names.own_name() reads the package metadata only (the
        # conductor resolves the operator's names with it): each entry
        # point's own name is the class's name.
        for name in driver_names.available():
            self.assertEqual(registry.driver_class(name).name,
                             driver_names.own_name(name), name)
        self.assertRaises(exception.DriverNotFound, driver_names.own_name,
                          'tpu')

    def test_unknown_name(self):
        self.flags(group='agent', enabled_drivers=['fake', 'tpu'])
        exc = self.assertRaises(exception.DriverNotFound,
                                registry.load, CONF, 'h')
        self.assertIn('tpu', exc.message)
        self.assertIn('generic', exc.message)

    def test_upstream_names_of_drivers_we_have(self):
        # The names an OpenStack Cyborg configuration file uses load the
        # drivers that handle the same hardware.
        names = {'fake_driver': 'fake', 'pci_driver': 'generic',
                 'intel_fpga_driver': 'intel_fpga',
                 'xilinx_fpga_driver': 'xilinx_fpga',
                 'intel_qat_driver': 'crypto', 'nvidia_gpu_driver': 'gpu',
                 'intel_nic_driver': 'intel_nic',
                 'inspur_fpga_driver': 'inspur_fpga',
                 'inspur_nvme_ssd_driver': 'inspur_nvme_ssd',
                 'huawei_ascend_driver': 'huawei_ascend'}
        self.flags(group='agent', enabled_drivers=list(names))
        _drivers, aliases = registry.load(CONF, 'h')
        self.assertEqual(names, aliases)

    def test_upstream_name_of_a_driver_we_lack(self):
        known = set(driver_names.available())
        missing = sorted(set(upstream_driver_names.DRIVER_NAMES) - known)
        self.assertIn('nvmf_spdk_driver', missing)
        for name in missing:
            self.flags(group='agent', enabled_drivers=['fake', name])
            logs = self.useFixture(fixtures.FakeLogger(level=logging.WARNING))
            drivers, aliases = registry.load(CONF, 'h')
            self.assertEqual(['fake'], list(drivers))
            self.assertEqual({'fake': 'fake'}, aliases)
            self.assertIn('Skipping accelerator driver %s of [agent] '
                          'enabled_drivers: a driver of OpenStack Cyborg '
                          '(%s)' % (
                              name, upstream_driver_names.DRIVER_NAMES[name]),
                          logs.output)
            self.assertIn('Remove it from [agent] enabled_drivers',
                          logs.output)
            exc = self.assertRaises(exception.DriverNotProvided,
                                    registry.driver_class, name)
            self.assertIn('is not provided by this Cyborg yet', exc.message)

    def test_bad_driver_configuration(self):
        self.flags(group='agent', enabled_drivers=['generic'])
        self.flags(group='pci', device_spec=['{"address": "zz:00.0"}'])
        exc = self.assertRaises(exception.InvalidSelector,
                                registry.load, CONF, 'h')
        self.assertIn('zz:00.0', exc.message)
