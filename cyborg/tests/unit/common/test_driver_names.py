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

from importlib import metadata
import os
import shutil
import sys

import fixtures

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

    def test_read_again_only_when_a_distribution_comes_or_goes(self):
        site = self.useFixture(fixtures.TempDir()).path
        # A directory of the path last changed long ago (a file system
        # stamps a change to the tick, a few milliseconds: two changes
        # within one could not be told apart, as pip's never are).
        os.utime(site, ns=(0, 0))
        self.useFixture(fixtures.MonkeyPatch('sys.path', sys.path + [site]))
        reads = self.useFixture(fixtures.MockPatchObject(
            metadata, 'entry_points', autospec=True,
            side_effect=metadata.entry_points)).mock
        self.assertNotIn('tpu', driver_names.available())
        self.assertNotIn('tpu', driver_names.available())
        self.assertEqual(1, reads.call_count)

        info = os.path.join(site, 'cyborg_tpu-1.0.dist-info')
        os.mkdir(info)
        with open(os.path.join(info, 'METADATA'), 'w') as f:
            f.write('Metadata-Version: 2.1\nName: cyborg-tpu\n'
                    'Version: 1.0\n')
        with open(os.path.join(info, 'entry_points.txt'), 'w') as f:
            f.write('[%s]\ntpu = cyborg_tpu:TPUDriver\n'
                    % driver_names.NAMESPACE)
        self.assertEqual('tpu', driver_names.own_name('tpu'))
        self.assertEqual(2, reads.call_count)

        os.utime(site, ns=(0, 0))
        shutil.rmtree(info)
        self.assertRaises(exception.DriverNotFound, driver_names.own_name,
                          'tpu')
        self.assertEqual(3, reads.call_count)
