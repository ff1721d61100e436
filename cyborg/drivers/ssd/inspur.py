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
"""Inspur NVMe SSDs: the NVMe controllers (class 0x0108) of vendor
0x1bd4, one ``CUSTOM_SSD`` each, with upstream's traits.
"""

from cyborg.drivers import base
from cyborg.drivers import pci
from cyborg.objects import fields

INSPUR = '1bd4'
NVME_CLASS = '0108'
RESOURCE_CLASS = 'CUSTOM_SSD'


class InspurNvmeSsdDriver(base.AcceleratorDriver):
    name = 'inspur_nvme_ssd'
    device_types = (fields.DeviceType.SSD,)

    def discover(self):
        return [self._record(dev)
                for dev in pci.of_vendor(self.pci_host, INSPUR, NVME_CLASS)]

    def _record(self, dev):
        traits = ['CUSTOM_SSD_INSPUR',
                  'CUSTOM_SSD_PRODUCT_ID_%s' % dev.product_id.upper()]
        deployable = self.deployable(dev.address, RESOURCE_CLASS, traits)
        return self.record(
            dev, fields.DeviceType.SSD, [deployable],
            acc_capability={'vendor': 'inspur', 'controller': 'nvme',
                            'block_devices': dev.listdir('nvme')},
            vendor_board_info={'vendor': 'inspur'})
