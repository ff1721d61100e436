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
"""Tests of cyborg.common.driver_names (which drivers exist, by name)."""

from cyborg import exception
from cyborg.common import driver_names
from cyborg.tests import base


class DriverNamesTestCase(base.TestCase):

    def test_own_names_and_aliases(self):
        for name, own in (('fake', 'fake'), ('fake_driver', 'fake'),
                          ('pci_driver', 'generic'),
                          ('intel_fpga_driver', 'intel_fpga'),
                          ('intel_qat_driver', 'crypto')):
            self.assertEqual(own, driver_names.own_name(name), name)

    def test_unknown_names(self):
        exc = self.assertRaises(exception.DriverNotFound,
                                driver_names.own_name, 'tpu')
        self.assertIn('generic', exc.message)
        self.assertRaises(exception.DriverNotProvided,
                          driver_names.own_name, 'nvmf_spdk_driver')
