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
"""Inspur FPGA cards: the processing accelerators (class 0x12) of vendor
0x1bd4, one ``FPGA`` each, with upstream's traits.  Programmed from the
instance; nothing documented restores one: no clean step of its own.
"""

from cyborg.drivers import base
from cyborg.drivers import pci
from cyborg.objects import fields

INSPUR = '1bd4'
PROCESSING_ACCELERATOR = '12'
RESOURCE_CLASS = 'FPGA'


class InspurFpgaDriver(base.AcceleratorDriver):
    name = 'inspur_fpga'
    device_types = (fields.DeviceType.FPGA,)

    def _cards(self):
        return pci.of_vendor(self.pci_host, INSPUR, PROCESSING_ACCELERATOR)

    def discover(self):
        return [self._record(dev) for dev in self._cards()]

    def _record(self, dev):
        traits = ['CUSTOM_FPGA_INSPUR',
                  'CUSTOM_FPGA_PRODUCT_ID_%s' % dev.product_id.upper()]
        deployable = self.deployable(dev.address, RESOURCE_CLASS, traits)
        return self.record(dev, fields.DeviceType.FPGA, [deployable],
                           acc_capability={'vendor': 'inspur'},
                           vendor_board_info={'vendor': 'inspur'})

    def _check(self, address):
        if address not in {dev.address for dev in self._cards()}:
            raise self.not_found(address)

    def program(self, address, image_path):
        self._check(address)
        return super().program(address, image_path)

    def clean_step(self, address, name, timeout, unit=None, abort=None):
        self._check(address)
        return super().clean_step(address, name, timeout, unit, abort)
