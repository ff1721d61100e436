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
"""Xilinx Alveo cards (XRT): a management PF (``xclmgmt``) and a user PF
(``xocl``) on one slot make one device with one accelerator, as upstream.

The loaded xclbin's uuid is a function trait.  program() loads an xclbin
or flashes a base shell (run after a cold reboot).  No vendor telemetry:
``xbutil examine`` is a process per card.  Clean step:
``load_clean_image``.
"""

import uuid

from cyborg.drivers import base
from cyborg.drivers import clean as cleaning
from cyborg.drivers import command
from cyborg.drivers import pci
from cyborg.objects import fields

XILINX = '10ee'
RESOURCE_CLASS = 'FPGA'
#: acc_capability's vendor, and its key in ``[fpga] clean_images``.
VENDOR = 'xilinx'

# Management PF product id: user PF product id (XRT's xocl/xclmgmt tables).
MGMT_TO_USER = {
    '5000': '5001',   # U200
    '5004': '5005',   # U250
    '5008': '5009',   # U280 ES1
    '500c': '500d',   # U280
    '5020': '5021',   # U50
    '505c': '505d',   # U55C
    '5050': '5051',   # U25
    '513c': '513d',   # U30
    '5048': '5049',   # VCK5000
    '5094': '5095',   # V70
}
USER_PRODUCTS = frozenset(MGMT_TO_USER.values())

# The kinds of image program() takes.
XCLBIN = 'xclbin'
BASE_SHELL = 'base'


def image_kind(image_path):
    """``base`` for an MCS file (starts with ``:``), else ``xclbin``:
    flashing can brick a card.
    """
    try:
        with open(image_path, 'rb') as f:
            head = f.read(64)
    except OSError:
        return XCLBIN
    return BASE_SHELL if head.lstrip().startswith(b':') else XCLBIN


#: An xclbin's magic, and where its uuid lies: struct axlf, whose header
#: (struct axlf_header, 152 bytes) starts at 304, its uuid 112 bytes in
#: (XRT, src/runtime_src/core/include/xclbin.h).
XCLBIN_MAGIC = b'xclbin2\0'
XCLBIN_UUID = slice(416, 432)


def image_uuid(path):
    try:
        with open(path, 'rb') as f:
            head = f.read(XCLBIN_UUID.stop)
    except OSError:
        return None
    if not head.startswith(XCLBIN_MAGIC) or len(head) < XCLBIN_UUID.stop:
        return None
    value = uuid.UUID(bytes=head[XCLBIN_UUID]).hex.upper()
    return value if value.strip('0') else None


def xclbin_uuid(user):
    """The uuid of the xclbin the user PF *user* (or None) runs, or None."""
    value = (user and user.attr('xclbinuuid') or '').replace('-', '').upper()
    return value if value.strip('0') else None


class XilinxFpgaDriver(base.AcceleratorDriver):
    name = 'xilinx_fpga'
    device_types = (fields.DeviceType.FPGA,)
    function_vendor = 'XILINX'

    def __init__(self, conf, host, pci_host=None):
        super().__init__(conf, host, pci_host=pci_host)
        self.clean_image = cleaning.clean_image(conf, VENDOR, image_uuid)

    def _cards(self):
        cards = {}
        for address, dev in sorted(pci.by_address(self.pci_host).items()):
            role = ('mgmt' if dev.product_id in MGMT_TO_USER else
                    'user' if dev.product_id in USER_PRODUCTS else None)
            if dev.vendor_id != XILINX or role is None:
                continue
            cards.setdefault(address.rpartition('.')[0], {})[role] = dev
        return cards

    def discover(self):
        cards = self._cards()
        return [self._record(cards[slot]) for slot in sorted(cards)]

    def _record(self, card):
        mgmt, user = card.get('mgmt'), card.get('user')
        control = mgmt or user
        functions = [d for d in (mgmt, user) if d is not None]
        loaded = xclbin_uuid(user)
        traits = ['CUSTOM_FPGA_XILINX',
                  'CUSTOM_FPGA_PRODUCT_ID_%s' % control.product_id.upper()]
        traits.extend(self.function_traits([loaded]))
        deployable = self.deployable(
            control.address, RESOURCE_CLASS, traits,
            [base.pci_attach_handle(d.address) for d in functions],
            num_accelerators=1)
        return self.record(
            control, fields.DeviceType.FPGA, [deployable],
            acc_capability={'vendor': VENDOR, 'xclbin_uuid': loaded,
                            'user_function': user and user.address,
                            'ready': user and user.attr('ready')},
            vendor_board_info={'board_name': mgmt and mgmt.attr(
                'board_name'), 'xclbin_uuid': loaded})

    def _card(self, address, role):
        for card in self._cards().values():
            if (address in {d.address for d in card.values()} and
                    role in card):
                return card
        raise self.not_found(address)

    def _loaded(self, card, address):
        loaded = xclbin_uuid(card.get('user'))
        return {'address': address, 'function_id': loaded,
                'function_traits': self.function_traits([loaded])}

    def program(self, address, image_path):
        """Load an xclbin, or flash a base shell (image_kind())."""
        if image_kind(image_path) == BASE_SHELL:
            return self.flash_base(address, image_path)
        user = self._card(address, 'user')['user']
        command.run(['xbutil', 'program', '--device', user.address,
                     '--user', command.image_argument(image_path)])
        return self._loaded({'user': user}, user.address)

    def flash_base(self, address, image_path):
        card = self._card(address, 'mgmt')
        mgmt = card['mgmt']
        command.run(['xbmgmt', 'program', '--device', mgmt.address,
                     '--base', '--image', command.image_argument(image_path)])
        return dict(self._loaded(card, mgmt.address), reboot_required=True)

    def device_clean_steps(self, record):
        capability = record.acc_specs.acc_capability
        if (capability.get('vendor') != VENDOR or
                not capability.get('user_function') or
                not self.clean_image):
            return []
        return [cleaning.image_step(
            VENDOR, 'the user PF (xclbinuuid)',
            'XRT xbutil program --user; XRT sysfs.rst (xocl xclbinuuid)')]

    def clean_step(self, address, name, timeout, unit=None, abort=None):
        user = self._card(address, 'user')['user']
        image = self.clean_image
        if name != cleaning.LOAD_IMAGE or not image:
            return super().clean_step(address, name, timeout, unit, abort)
        return cleaning.load_image(self, [user], image, image_uuid(image),
                                   'xclbin')
