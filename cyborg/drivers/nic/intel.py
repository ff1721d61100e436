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
"""Intel SR-IOV NICs: E810 (ice), the 700 series X710/XL710/XXV710 (i40e)
and the two XL710-family NICs of the PAC N3000.

One device per PF: each enabled VF is a ``CUSTOM_NIC`` deployable, else
the PF is; the mappings of ``[<nic type>]`` give the PF's interface a
physical network and a function.  The VFs can be configured (sriov).
Clean steps: ``function_reset``, then ``vf_settings``.
"""

import json
import re

from oslo_log import log as logging

from cyborg import exception
from cyborg.common import cleaning as common_cleaning
from cyborg.conf import nic as nic_conf
from cyborg.drivers import base
from cyborg.drivers import clean as cleaning
from cyborg.drivers import command
from cyborg.drivers import health
from cyborg.drivers import pci
from cyborg.drivers import selector
from cyborg.drivers import sriov
from cyborg.objects import fields
from cyborg.objects import hardware

LOG = logging.getLogger(__name__)

INTEL = '8086'
RESOURCE_CLASS = 'CUSTOM_NIC'

# The families (trait CUSTOM_NIC_INTEL_<F>) of PF product ids, from the
# kernel's i40e_devids.h and ice_devids.h.
_FAMILIES = {
    ('X710',): ('1572', '1586', '1589', '15ff', '104e', '104f', '101f'),
    ('XL710',): ('1580', '1581', '1583', '1584', '1585', '1587', '1588'),
    ('XXV710',): ('158a', '158b'),
    # The NICs of the Intel FPGA PAC N3000.
    ('X710', 'N3000'): ('0cf8',),
    ('XXV710', 'N3000'): ('0d58',),
    # 800 series (ice): E810-C and E810-XXV
    ('E810',): ('1591', '1592', '1593', '1599', '159a', '159b'),
}
PRODUCTS = {product: families for families, products in _FAMILIES.items()
            for product in products}

# The kernel's own driver of the VFs of i40e and ice: iavf.
HOST_VF_DRIVERS = ('iavf',)

_ADDRESS_RE = re.compile(r'^[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}'
                         r'\.[0-7]$')


def parse_mappings(values, option):
    """``{key: {interface, ...}}`` of ``key:if1|if2`` values."""
    mappings = {}
    for value in values:
        key, sep, interfaces = value.partition(':')
        key = key.strip()
        if not sep or not key:
            raise exception.ConfigInvalid(
                reason='%s: %r is not <name>:<interface>|<interface>...'
                       % (option, value))
        if key in mappings:
            raise exception.ConfigInvalid(
                reason='%s: %s is mapped twice' % (option, key))
        mappings[key] = {i.strip() for i in interfaces.split('|')
                         if i.strip()}
    return mappings


def _by_interface(mappings, option):
    """{interface: key} of parse_mappings() results."""
    found = {}
    for key, interfaces in mappings:
        for interface in interfaces:
            if found.get(interface, key) != key:
                raise exception.ConfigInvalid(
                    reason='%s: interface %s is mapped to both %s and %s'
                           % (option, interface, found[interface], key))
            found[interface] = key
    return found


#: A VF's MAC address and VLAN set back to none (ip-link(8)).
NO_MAC = '00:00:00:00:00:00'
VF_SETTINGS = cleaning.CleanStep(
    'vf_settings', 'each VF\'s MAC address and VLAN set back to none, read '
    'back from the PF\'s VF list',
    'ip-link(8): ip link set DEVICE vf NUM mac LLADDR vlan VLANID (VLAN 0, '
    'QoS 0: no tagging); Linux rtnetlink IFLA_VF_MAC, IFLA_VF_VLAN_LIST',
    priority=40, scope=common_cleaning.UNIT)


def _vf_settings(vf):
    """What ``ip -j link show``'s entry *vf* of a VF sets."""
    if vf is None:
        return 'not listed'
    vlans = [v.get('vlan', 0) for v in vf.get('vlan_list', [])]
    vlans = [v for v in vlans + [vf.get('vlan', 0)] if v]
    mac = vf.get('address')
    return '%s, %s' % ('no MAC' if mac == NO_MAC else 'MAC %s' % mac,
                       'VLAN %s' % vlans[0] if vlans else 'no VLAN')


def _link_health(pf):
    down = [name for name in pf.net_names if pf.link_down(name)]
    if down:
        return health.unhealthy('link down on %s' % ', '.join(down))
    return None


class IntelNicDriver(base.AcceleratorDriver):
    name = 'intel_nic'
    device_types = (fields.DeviceType.NIC,)
    config_options = {nic_conf.nic_group.name: nic_conf.nic_opts}

    @classmethod
    def driver_options(cls, group):
        if group == nic_conf.nic_group.name:
            return nic_conf.nic_opts
        return nic_conf.nic_type_opts

    def __init__(self, conf, host, pci_host=None):
        super().__init__(conf, host, pci_host=pci_host)
        nic_conf.register_type_opts(conf)
        physnets, functions, addresses = [], [], set()
        for nic_type in conf.nic_devices.enabled_nic_types:
            group = conf[nic_type]
            physnets.extend(parse_mappings(
                group.physical_device_mappings,
                '[%s] physical_device_mappings' % nic_type).items())
            functions.extend(parse_mappings(
                group.function_device_mappings,
                '[%s] function_device_mappings' % nic_type).items())
            for address in group.device_addresses:
                if not _ADDRESS_RE.match(address):
                    raise exception.ConfigInvalid(
                        reason='[%s] device_addresses: %r is not a PCI '
                               'address' % (nic_type, address))
                addresses.add(address.lower())
        self.physnets = _by_interface(physnets, 'physical_device_mappings')
        self.functions = _by_interface(functions, 'function_device_mappings')
        self.addresses = addresses

    def _is_nic(self, dev):
        return (dev.vendor_id == INTEL and dev.product_id in PRODUCTS and
                not dev.is_vf)

    def discover(self):
        devices = pci.by_address(self.pci_host)
        records = (self._record(dev, devices)
                   for _address, dev in sorted(devices.items())
                   if self._is_nic(dev))
        return [record for record in records if record is not None]

    def check_health(self, records):
        """A NIC whose PF's link is down is unhealthy."""
        return self.each_device(records, _link_health)

    def _units(self, pf, devices):
        """*pf*'s VFs, or itself, as ``device_addresses`` allows."""
        vfs = sriov.vfs(pf, devices)
        if not self.addresses or pf.address in self.addresses:
            return vfs or [pf]
        return [vf for vf in vfs if vf.address in self.addresses]

    def _record(self, pf, devices):
        units = self._units(pf, devices)
        if not units:
            return None
        interfaces = pf.net_names
        if not interfaces and (self.physnets or self.functions):
            LOG.warning('NIC %s has no network interface (kernel driver '
                        '%s): no physical network or function is mapped '
                        'to it', pf.address, pf.driver)
        physnet = next((self.physnets[i] for i in interfaces
                        if i in self.physnets), None)
        function = next((self.functions[i] for i in interfaces
                         if i in self.functions), None)
        families = PRODUCTS[pf.product_id]
        traits = ['CUSTOM_NIC_INTEL_%s' % f for f in families]
        if physnet:
            name = selector.custom_name(physnet)
            traits.extend(['CUSTOM_PHYSNET_' + name, 'CUSTOM_' + name])
        if function:
            name = selector.custom_name(function)
            traits.extend(['CUSTOM_NIC_FUNCTION_' + name, 'CUSTOM_' + name])
        deployables = [self._deployable(unit, physnet, traits)
                       for unit in units]
        return self.record(
            pf, fields.DeviceType.NIC, deployables,
            acc_capability={'vendor': 'intel', 'families': list(families),
                            'interfaces': interfaces,
                            'physical_network': physnet,
                            'function': function,
                            'sriov_totalvfs': pf.sriov_totalvfs,
                            'sriov_numvfs': pf.sriov_numvfs,
                            'functions': [u.address for u in units]},
            vendor_board_info={'family': families[0],
                               'physical_network': physnet,
                               'function': function},
            configuration=sriov.configuration(pf, devices,
                                              HOST_VF_DRIVERS))

    def configure(self, address, desired):
        """sriov.configure() of the NIC's PF."""
        return self.configure_sriov(
            self.device_at(address, pci.by_address(self.pci_host),
                           self._is_nic), desired, HOST_VF_DRIVERS)

    def _clean_units(self, address):
        devices = pci.by_address(self.pci_host)
        pf = self.device_at(address, devices, self._is_nic)
        return pf, self._units(pf, devices)

    def clean_units(self, address):
        return self._clean_units(address)[1]

    def device_clean_steps(self, record):
        try:
            pf, units = self._clean_units(record.address)
        except exception.DriverDeviceNotFound:
            return []
        steps = cleaning.reset_steps(units, 'each function offered')
        if pf.net_names and all(unit.is_vf for unit in units):
            steps.append(VF_SETTINGS)
        return steps

    def clean_step(self, address, name, timeout, unit=None, abort=None):
        if name != VF_SETTINGS.name:
            return super().clean_step(address, name, timeout, unit, abort)
        pf, units = self._clean_units(address)
        units = cleaning.only(units, unit, name, 'a VF of the device')
        interface = pf.net_names[0]
        # The VF numbers of ip-link: those of the PF's virtfn<N> links.
        links = {pf.link_name(link): int(link[len('virtfn'):])
                 for link in pf.listdir() if link.startswith('virtfn')}
        numbers = [links[unit.address] for unit in units]
        for number in numbers:
            command.run(['ip', 'link', 'set', interface, 'vf', number, 'mac',
                         NO_MAC, 'vlan', '0'], timeout=timeout)
        [link] = json.loads(command.run(
            ['ip', '-j', 'link', 'show', 'dev', interface], timeout=timeout))
        shown = {vf.get('vf'): vf for vf in link.get('vfinfo_list', [])}
        wrong = ['%d: %s' % (n, _vf_settings(shown.get(n))) for n in numbers
                 if _vf_settings(shown.get(n)) != 'no MAC, no VLAN']
        if wrong:
            raise cleaning.failed(VF_SETTINGS.name, address, 'VFs of %s read '
                                  'back %s' % (interface, '; '.join(wrong)))
        return 'VFs %s of %s read back no MAC, no VLAN' % (
            ', '.join(map(str, numbers)), interface)

    def _deployable(self, unit, physnet, traits):
        role = 'CUSTOM_VF' if unit.is_vf else 'CUSTOM_PF'
        info = hardware.pci_address_info(unit.address)
        # Always present: Nova reads it without a default.
        info['physical_network'] = physnet
        handle = hardware.HardwareAttachHandle(
            attach_type=fields.AttachType.PCI, attach_info=info)
        return self.deployable(unit.address, RESOURCE_CLASS,
                               traits + [role], [handle])
