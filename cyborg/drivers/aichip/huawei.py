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
"""Huawei Ascend NPUs of the 310 and 910 families: one ``CUSTOM_NPU``
deployable each (upstream's had no resource class).
"""

from cyborg.common import traits as cyborg_traits
from cyborg.drivers import base
from cyborg.drivers import pci
from cyborg.objects import fields

HUAWEI = '19e5'
RESOURCE_CLASS = 'CUSTOM_NPU'

# Product id: model (from Huawei's Ascend driver packages).
MODELS = {
    'd100': '310',
    'd500': '310P',
    'd801': '910',
    'd802': '910B',
    'd803': '910_93',
}


class AscendDriver(base.AcceleratorDriver):
    name = 'huawei_ascend'
    device_types = (fields.DeviceType.AICHIP,)

    def discover(self):
        return [self._record(dev)
                for address, dev in sorted(
                    pci.by_address(self.pci_host).items())
                if dev.vendor_id == HUAWEI and dev.product_id in MODELS]

    def _record(self, dev):
        model = MODELS[dev.product_id]
        traits = [cyborg_traits.OWNER_CYBORG, 'CUSTOM_NPU_HUAWEI',
                  'CUSTOM_NPU_ASCEND_%s' % model,
                  'CUSTOM_NPU_PRODUCT_ID_%s' % dev.product_id.upper()]
        deployable = self.deployable(dev.address, RESOURCE_CLASS, traits)
        return self.record(
            dev, fields.DeviceType.AICHIP, [deployable],
            acc_capability={'vendor': 'huawei', 'model': 'Ascend ' + model,
                            'kernel_driver': dev.driver},
            vendor_board_info={'model': 'Ascend ' + model})
