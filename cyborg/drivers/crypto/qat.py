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
"""The crypto driver: Intel QuickAssist (QAT) physical and virtual
functions.

One device per PF: each enabled VF is a ``CUSTOM_QAT`` deployable, else
the PF is; ``qat/cfg_services`` become traits.  A PF whose ``qat/state``
is ``down`` has no deployable, and can still be configured (sriov).
Clean step: ``function_reset``.  No vendor telemetry: the QAT driver's
counters are in debugfs, root's only.
"""

from cyborg.drivers import base
from cyborg.drivers import health
from cyborg.drivers import pci
from cyborg.drivers import sriov
from cyborg.objects import fields
from cyborg.objects import hardware

INTEL = '8086'
RESOURCE_CLASS = 'CUSTOM_QAT'

# PF product id: (VF product id, generation name).  HARDWARE.md 3.1.
QAT_DEVICES = {
    '0435': ('0443', 'DH895XCC'),
    '37c8': ('37c9', 'C62X'),
    '19e2': ('19e3', 'C3XXX'),
    '4940': ('4941', '4XXX'),
    '4942': ('4943', '401XX'),
    '4944': ('4945', '402XX'),
    '4946': ('4947', '420XX'),
    '4948': ('4949', '6XXX'),
}
VF_PRODUCTS = {vf: (pf, gen) for pf, (vf, gen) in QAT_DEVICES.items()}

# PF product id: the kernel's own driver of its VFs (HARDWARE.md 3.1).
# GEN4 and later have none: their VFs take vfio-pci, always offered.
# qat_vfio_pci (for live migration) is not offered: Cyborg does not
# migrate a VF's state, and naming a module not loaded leaves the VF
# unbound.
HOST_VF_DRIVERS = {
    '0435': 'dh895xccvf',
    '37c8': 'c6xxvf',
    '19e2': 'c3xxxvf',
}

# Without qat/cfg_services (older generations) all services are on.
DEFAULT_SERVICES = ('asym', 'dc', 'sym')
# "cy" is the older name of sym + asym.
_SERVICE_ALIASES = {'cy': ('asym', 'sym')}


def parse_services(value):
    services = set()
    for token in (value or '').replace(',', ';').split(';'):
        token = token.strip().lower()
        if token:
            services.update(_SERVICE_ALIASES.get(token, (token,)))
    return sorted(services)


_PF = 'pf'
_LONE_VF = 'lone-vf'


def _kind(dev, devices):
    """_PF, _LONE_VF (its PF not seen, e.g. in a VM) or None."""
    if dev.vendor_id != INTEL:
        return None
    if dev.product_id in QAT_DEVICES and not dev.is_vf:
        return _PF
    if dev.product_id in VF_PRODUCTS and dev.physfn not in devices:
        return _LONE_VF
    return None


def _state_health(dev):
    if dev.read('qat/state') == 'down':
        return health.unhealthy('QAT device state is down')
    return None


class QatDriver(base.AcceleratorDriver):
    name = 'crypto'
    device_types = (fields.DeviceType.QAT,)

    def discover(self):
        devices = pci.by_address(self.pci_host)
        kinds = ((dev, _kind(dev, devices))
                 for _address, dev in sorted(devices.items()))
        return [self._pf_record(dev, devices) if kind == _PF
                else self._lone_vf_record(dev) for dev, kind in kinds if kind]

    def check_health(self, records):
        """A QAT device whose ``qat/state`` reads ``down`` is unhealthy."""
        return self.each_device(records, _state_health)

    def _traits(self, generation, services):
        return (['CUSTOM_QAT', 'CUSTOM_QAT_%s' % generation] +
                ['CUSTOM_QAT_%s' % s.upper() for s in services])

    def _pf_record(self, pf, devices):
        generation = QAT_DEVICES[pf.product_id][1]
        state = pf.read('qat/state')
        configured = pf.read('qat/cfg_services')
        services = (parse_services(configured) if configured is not None
                    else list(DEFAULT_SERVICES))
        vfs = sriov.vfs(pf, devices)
        capability = {'generation': generation, 'services': services,
                      'qat_state': state, 'sriov_totalvfs':
                      pf.sriov_totalvfs, 'sriov_numvfs': len(vfs)}
        down = state == 'down'
        traits = self._traits(generation, services)
        deployables = [] if down else [
            self.deployable(unit.address, RESOURCE_CLASS, traits)
            for unit in (vfs or [pf])]
        return self.record(
            pf, fields.DeviceType.QAT, deployables, acc_capability=capability,
            state=hardware.STATE_DOWN if down else None, setup_required=down,
            vendor_board_info=None if down else {'generation': generation},
            configuration=sriov.configuration(pf, devices,
                                              self._vf_drivers(pf)))

    def _lone_vf_record(self, vf):
        generation = VF_PRODUCTS[vf.product_id][1]
        services = list(DEFAULT_SERVICES)
        deployable = self.deployable(
            vf.address, RESOURCE_CLASS, self._traits(generation, services))
        return self.record(vf, fields.DeviceType.QAT, [deployable],
                           acc_capability={'generation': generation,
                                           'services': services},
                           vendor_board_info={'generation': generation})

    @staticmethod
    def _vf_drivers(pf):
        driver = HOST_VF_DRIVERS.get(pf.product_id)
        return [driver] if driver else []

    def configure(self, address, desired):
        """sriov.configure() of a QAT PF."""
        # A lone VF is no PF: not configurable.
        dev, _kind = self._device(address, pci.by_address(self.pci_host))
        return self.configure_sriov(dev, desired, self._vf_drivers(dev))

    def _device(self, address, devices):
        dev = self.device_at(address, devices, lambda d: _kind(d, devices))
        return dev, _kind(dev, devices)

    def clean_units(self, address):
        devices = pci.by_address(self.pci_host)
        dev, kind = self._device(address, devices)
        return (sriov.vfs(dev, devices) or [dev]) if kind == _PF else [dev]
