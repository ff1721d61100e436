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
"""Intel FPGA cards: PAC Arria 10, D5005, N3000, MCP, OFS (N6000...) and
Silicom N501x, under the DFL or the older OPAE driver (HARDWARE.md 3.3).

One deployable per card: the VFs (a port each) when enabled, else the
PF; the PR interface id and loaded AFU ids are traits.  Telemetry: the
DFL FME's hwmon (Linux,
``Documentation/ABI/testing/sysfs-platform-dfl-fme``).  Clean step:
``load_clean_image`` into each port.
"""

import json
import struct
import uuid

from cyborg.common import cleaning as common_cleaning
from cyborg.drivers import base
from cyborg.drivers import clean as cleaning
from cyborg.drivers import command
from cyborg.drivers import pci
from cyborg.drivers import sriov
from cyborg.objects import fields
from cyborg.objects import hardware

RESOURCE_CLASS = 'FPGA'
#: acc_capability's vendor, and its key in ``[fpga] clean_images``.
VENDOR = 'intel'

# (vendor, PF product): the board of trait CUSTOM_FPGA_INTEL_<BOARD>.
BOARDS = {
    ('8086', '09c4'): 'PAC_ARRIA10',
    ('8086', '0b2b'): 'PAC_D5005',
    ('8086', '0b30'): 'PAC_N3000',
    ('8086', 'bcbd'): 'MCP',
    ('8086', 'bcc0'): 'MCP',
    ('8086', 'bcce'): 'OFS',
    ('1c2c', '1000'): 'N5010',
    ('1c2c', '1001'): 'N5011',
}

_DFL_FME = 'fpga_region/region*/dfl-fme.*'
_DFL_HWMON = _DFL_FME + '/hwmon/hwmon*'
_DFL_AFU = 'fpga_region/region*/dfl-port.*/afu_id'
_DFL_PR_ID = _DFL_FME + '/dfl-fme-region.*/fpga_region/region*/compat_id'
_OPAE_DEV = 'fpga/intel-fpga-dev.*'
_OPAE_AFU = _OPAE_DEV + '/intel-fpga-port.*/afu_id'
_OPAE_PR_ID = _OPAE_DEV + '/intel-fpga-fme.*/pr/interface_id'


def _first(dev, pattern):
    paths = dev.glob(pattern)
    return dev.read(paths[0]) if paths else None


def _loaded(value):
    if not value:
        return None
    value = value.replace('-', '').strip().upper()
    if value.startswith('0X'):
        value = value[2:]
    return value if value.strip('0') else None


#: What a GBS file begins with, then its metadata's length and its JSON
#: (OPAE SDK, libopae bitstream.c: METADATA_GUID, read_gbs_metadata()).
GBS_GUID = uuid.UUID('58656f6e-4650-4741-b747-425376303031').bytes


def gbs_afu_id(path):
    """The first ``accelerator-type-uuid`` of the GBS *path*, or None."""
    try:
        with open(path, 'rb') as f:
            head = f.read(20)
            if head[:16] != GBS_GUID:
                return None
            meta = json.loads(f.read(struct.unpack('<I', head[16:])[0]))
        return _loaded(meta['afu-image']['accelerator-clusters'][0][
            'accelerator-type-uuid'])
    except (OSError, ValueError, struct.error, LookupError, TypeError):
        return None


def afu_id(dev):
    return _loaded(_first(dev, _DFL_AFU) or _first(dev, _OPAE_AFU))


def layout(dev):
    if dev.glob(_DFL_FME) or dev.glob('fpga_region/region*/dfl-port.*'):
        return 'dfl'
    if dev.glob(_OPAE_DEV):
        return 'opae'
    return None


class IntelFpgaDriver(base.AcceleratorDriver):
    name = 'intel_fpga'
    device_types = (fields.DeviceType.FPGA,)
    function_vendor = 'INTEL'

    def __init__(self, conf, host, pci_host=None):
        super().__init__(conf, host, pci_host=pci_host)
        self.clean_image = cleaning.clean_image(conf, VENDOR, gbs_afu_id)

    def _is_card(self, dev):
        return (dev.vendor_id, dev.product_id) in BOARDS and not dev.is_vf

    def discover(self):
        devices = pci.by_address(self.pci_host)
        return [self._record(dev, devices)
                for address, dev in sorted(devices.items())
                if self._is_card(dev)]

    def _record(self, pf, devices):
        board = BOARDS[(pf.vendor_id, pf.product_id)]
        units = sriov.vfs(pf, devices) or [pf]
        interface_id = _loaded(_first(pf, _DFL_PR_ID) or
                               _first(pf, _OPAE_PR_ID))
        functions = {unit.address: afu_id(unit) for unit in units}
        traits = ['CUSTOM_FPGA_INTEL', 'CUSTOM_FPGA_INTEL_%s' % board]
        if interface_id:
            traits.append('CUSTOM_FPGA_REGION_INTEL_%s' % interface_id)
        traits.extend(self.function_traits(functions.values()))
        fme = pf.glob(_DFL_FME)
        bitstream_id = pf.read(fme[0] + '/bitstream_id') if fme else None
        # Named after the PF, or its last VF, as upstream names it.
        deployable = self.deployable(
            units[-1].address, RESOURCE_CLASS, traits,
            [base.pci_attach_handle(unit.address) for unit in units])
        return self.record(
            pf, fields.DeviceType.FPGA, [deployable],
            acc_capability={'vendor': VENDOR, 'board': board,
                            'layout': layout(pf),
                            'interface_id': interface_id,
                            'functions': functions},
            vendor_board_info={'board': board, 'bitstream_id': bitstream_id,
                               'interface_id': interface_id})

    def read_telemetry(self, records, bound=()):
        return self.each_device(records, lambda dev: dev.hwmon(_DFL_HWMON))

    def _unit(self, address):
        devices = pci.by_address(self.pci_host)
        dev = devices.get(address)
        parent = devices.get(dev.physfn) if dev and dev.is_vf else dev
        if parent is None or not self._is_card(parent):
            raise self.not_found(address)
        return dev

    def program(self, address, image_path):
        """Partial reconfiguration of the port of *address* with OPAE's
        ``fpgaconf``; the traits are every port's.
        """
        dev = self._unit(address)
        # From the address sysfs names, and a path that is no option.
        info = hardware.pci_address_info(dev.address)
        command.run(['fpgaconf', '-B', '0x' + info['bus'],
                     '-D', '0x' + info['device'],
                     '-F', '0x' + info['function'],
                     command.image_argument(image_path)])
        devices = pci.by_address(self.pci_host)
        card = devices[dev.physfn] if dev.is_vf else dev
        units = sriov.vfs(card, devices) or [card]
        return {'address': address, 'function_id': afu_id(dev),
                'function_traits': self.function_traits(
                    afu_id(unit) for unit in units)}

    def device_clean_steps(self, record):
        if (record.acc_specs.acc_capability.get('vendor') != VENDOR or
                not self.clean_image):
            return []
        return [cleaning.image_step(
            VENDOR, 'each port (afu_id)',
            'OPAE fpgaconf(8), partial reconfiguration; Linux '
            'Documentation/fpga/dfl.rst (the port\'s afu_id)',
            scope=common_cleaning.UNIT)]

    def clean_step(self, address, name, timeout, unit=None, abort=None):
        dev = self._unit(address)
        image = self.clean_image
        if name != cleaning.LOAD_IMAGE or not image:
            return super().clean_step(address, name, timeout, unit, abort)
        devices = pci.by_address(self.pci_host)
        ports = cleaning.only(sriov.vfs(dev, devices) or [dev], unit, name,
                              'a port of the FPGA')
        return cleaning.load_image(self, ports, image, gbs_afu_id(image),
                                   'AFU')
