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
"""Tests of the driver base class and its helpers."""

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.drivers import base as driver_base
from cyborg.drivers import fake
from cyborg.tests import base

CONF = cyborg_conf.CONF


class _Minimal(driver_base.AcceleratorDriver):
    name = 'minimal'
    device_types = ('GPU', 'FPGA')

    def discover(self):
        return []


class DriverBaseTestCase(base.TestCase):

    def test_discover_is_abstract(self):
        self.assertRaises(TypeError, driver_base.AcceleratorDriver, CONF, 'h')

    def test_hello(self):
        self.assertEqual({'name': 'minimal', 'version': '1.0',
                          'device_types': ['FPGA', 'GPU'],
                          'status': 'READY', 'detail': None},
                         _Minimal(CONF, 'h').hello())

    def test_optional_operations_are_unsupported(self):
        driver = _Minimal(CONF, 'h')
        for call in (lambda: driver.program('0000:0c:00.0', '/x.gbs'),
                     lambda: driver.prepare_attach({}, 'u'),
                     lambda: driver.release_attach({}, 'u')):
            exc = self.assertRaises(exception.UnsupportedOperation, call)
            self.assertIn('minimal', exc.message)
            self.assertEqual(400, exc.code)
        # The fake driver programs only its simulated FPGAs.
        self.assertRaises(exception.DriverDeviceNotFound,
                          fake.FakeDriver(CONF, 'h').program,
                          '0000:99:00.0', '/x.gbs')

    def test_names_and_handles(self):
        self.assertEqual('a_b-c_0000_0c_00_1',
                         driver_base.sanitize_name('a.b-c_0000:0c:00.1'))
        handle = driver_base.pci_attach_handle('0000:AF:00.3',
                                               physical_network=None,
                                               asked_type='nvidia-222')
        self.assertEqual({'domain': '0000', 'bus': 'af', 'device': '00',
                          'function': '3', 'asked_type': 'nvidia-222'},
                         handle.attach_info)
        self.assertRaises(ValueError, driver_base.pci_attach_handle, 'x')

    def test_numa_trait(self):
        self.assertEqual('CUSTOM_NUMA_NODE_0', driver_base.numa_trait(0))
        self.assertEqual('CUSTOM_NUMA_NODE_3', driver_base.numa_trait(3))
