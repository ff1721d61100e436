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
"""The generic PCI driver: any PCI function ``[pci] device_spec`` (by
default the accelerator classes) selects, a deployable each, one device
per PF; a PF whose VFs are selected is not offered itself.  A selected
SR-IOV PF can be configured (sriov).  Its clean step, where the kernel
can reset every function offered, is ``function_reset``.
"""

from cyborg import exception
from cyborg.common import device_config
from cyborg.common import traits as cyborg_traits
from cyborg.conf import pci as pci_conf
from cyborg.drivers import base
from cyborg.drivers import pci
from cyborg.drivers import selector
from cyborg.drivers import sriov
from cyborg.objects import fields

DEFAULT_RESOURCE_CLASS = 'CUSTOM_PCI'

# Vendor traits (CUSTOM_PCI_<NAME>): upstream's pci_driver's, and more.
KNOWN_VENDORS = {
    '8086': 'INTEL',
    '10de': 'NVIDIA',
    '10ee': 'XILINX',
    '102b': 'MATROX',
    '1bd4': 'INSPUR',
    '19e5': 'HUAWEI',
    '1002': 'AMD',
    '15b3': 'MELLANOX',
    '1af4': 'REDHAT',
    '1c2c': 'SILICOM',
}


def vendor_traits(dev):
    """The vendor and product traits of the PciDevice *dev*."""
    traits = ['CUSTOM_PCI_VENDOR_%s' % dev.vendor_id.upper(),
              'CUSTOM_PCI_PRODUCT_ID_%s' % dev.product_id.upper()]
    if dev.vendor_id in KNOWN_VENDORS:
        traits.append('CUSTOM_PCI_%s' % KNOWN_VENDORS[dev.vendor_id])
    return traits


def _vf_drivers(pf, devices):
    """The drivers but vfio-pci the VFs of *pf* are bound to."""
    return sorted({vf.driver for vf in sriov.vfs(pf, devices)
                   if vf.driver and vf.driver != device_config.VFIO_PCI})


def _units(members):
    """The ``(PciDevice, Selector)`` of *members* offered: VFs, or all."""
    return [(dev, match) for dev, match in members if dev.is_vf] or members


def _pf_selected(parent, members):
    return parent.is_pf and any(dev.address == parent.address
                                for dev, _ in members)


class GenericDriver(base.AcceleratorDriver):
    name = 'generic'
    device_types = (fields.DeviceType.GENERIC,)
    catch_all = True
    config_options = {'pci': pci_conf.pci_opts}

    def __init__(self, conf, host, pci_host=None):
        super().__init__(conf, host, pci_host=pci_host)
        specs = conf.pci.device_spec
        self.selectors = (selector.parse(specs) if specs
                          else selector.defaults())

    def _groups(self, devices):
        """``{control path address: [(PciDevice, Selector)]}``; a VF goes
        with its PF.
        """
        groups = {}
        for address, dev in sorted(devices.items()):
            match = selector.first_match(self.selectors, dev)
            if match is None:
                continue
            parent = dev.physfn if dev.physfn in devices else address
            groups.setdefault(parent, []).append((dev, match))
        return groups

    def discover(self):
        devices = pci.by_address(self.pci_host)
        return [self._record(devices[parent], members, devices)
                for parent, members in sorted(self._groups(devices).items())]

    def _record(self, parent, members, devices):
        units = _units(members)
        deployables = [self._deployable(dev, match) for dev, match in units]
        configuration = None
        if _pf_selected(parent, members):
            configuration = sriov.configuration(
                parent, devices, _vf_drivers(parent, devices))
        record = self.record(
            parent, fields.DeviceType.GENERIC, deployables,
            acc_capability={'kernel_driver': parent.driver,
                            'sriov_totalvfs': parent.sriov_totalvfs,
                            'sriov_numvfs': parent.sriov_numvfs,
                            'functions': [dev.address for dev, _ in units]},
            configuration=configuration)
        record.acc_specs.remote = any(m.remote_managed for _, m in units)
        return record

    def configure(self, address, desired):
        """sriov.configure() of a selected SR-IOV PF."""
        devices = pci.by_address(self.pci_host)
        members = self.device_at(address, self._groups(devices))
        dev = devices[address]
        if not _pf_selected(dev, members):
            raise exception.DeviceNotConfigurable(
                uuid=self.device_uuid(address), driver=self.name)
        # None: any driver but vfio-pci is the host's own.
        return self.configure_sriov(dev, desired)

    def clean_units(self, address):
        members = self.device_at(address,
                                 self._groups(pci.by_address(self.pci_host)))
        return [dev for dev, _ in _units(members)]

    def _deployable(self, dev, match):
        traits = ([cyborg_traits.OWNER_CYBORG] + vendor_traits(dev)
                  + match.traits)
        trusted = None if match.trusted is None else str(match.trusted)
        handle = base.pci_attach_handle(
            dev.address, physical_network=match.physical_network,
            trusted=trusted and trusted.lower())
        return self.deployable(
            dev.address, match.resource_class or DEFAULT_RESOURCE_CLASS,
            traits, [handle])
