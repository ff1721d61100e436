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
"""The fpga driver: the Intel, Xilinx and Inspur modules' cards under one
name, each call sent to the module owning the card.
"""

from cyborg import exception
from cyborg.drivers import base
from cyborg.drivers.fpga import inspur
from cyborg.drivers.fpga import intel
from cyborg.drivers.fpga import xilinx
from cyborg.objects import fields

VENDOR_DRIVERS = (intel.IntelFpgaDriver, xilinx.XilinxFpgaDriver,
                  inspur.InspurFpgaDriver)


class FpgaDriver(base.AcceleratorDriver):
    name = 'fpga'
    device_types = (fields.DeviceType.FPGA,)

    def __init__(self, conf, host, pci_host=None):
        super().__init__(conf, host, pci_host=pci_host)
        self.vendors = [cls(conf, host, pci_host=self.pci_host)
                        for cls in VENDOR_DRIVERS]
        for vendor in self.vendors:
            # Records and deployables carry this driver's name.
            vendor.name = self.name

    def discover(self):
        return sorted((record for vendor in self.vendors
                       for record in vendor.discover()),
                      key=lambda r: r.address)

    def _owner(self, method, address, *args):
        for vendor in self.vendors:
            try:
                return getattr(vendor, method)(address, *args)
            except exception.DriverDeviceNotFound:
                continue
        raise self.not_found(address)

    def program(self, address, image_path):
        return self._owner('program', address, image_path)

    def device_clean_steps(self, record):
        return [step for vendor in self.vendors
                for step in vendor.device_clean_steps(record)]

    def clean_step(self, address, name, timeout, unit=None, abort=None):
        return self._owner('clean_step', address, name, timeout, unit, abort)
