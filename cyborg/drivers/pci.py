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
"""The one PCI/sysfs layer: pyudev (no udevd needed; umockdev in tests;
the tests' ``SysfsRoot`` reads a tree as plain files); every write
through the privileged ``write_sysfs()``.
"""

import fnmatch
import os

from oslo_log import log as logging
import pyudev

from cyborg.privsep import sysfs as privsep_sysfs

LOG = logging.getLogger(__name__)

TYPE_PCI = 'type-PCI'
TYPE_PF = 'type-PF'
TYPE_VF = 'type-VF'

# What every PCI function's sysfs path holds, after the sysfs root.
_SYS_DEVICES = '/sys/devices/'


def _read_file(path):
    try:
        with open(path) as f:
            return f.read().strip()
    except (OSError, UnicodeDecodeError):
        return None


def _resolve(path):
    """The real path of the link *path*, or None when it is gone (the
    kernel removes VFs one by one: a listed link can go before readlink).
    """
    try:
        return os.path.realpath(path)
    except OSError:
        return None


def _to_int(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def write_sysfs(path, value):
    """Write *value* (no newline added) to *path* through privsep.

    :raises: OSError, PermissionError (outside ``[cyborg_sysfs] root``).
    """
    LOG.info('Writing %(value)r to %(path)s', {'value': value, 'path': path})
    privsep_sysfs.write(path, str(value))


def _hex_attribute(name):
    return property(lambda dev: dev._hex(name))


def _count_attribute(name):
    return property(lambda dev: _to_int(dev.attr(name)) or 0)


def _link_attribute(name):
    return property(lambda dev: dev.link_name(name))


class PciDevice:
    """One PCI function (*udev_device*: its pyudev Device, if any)."""

    def __init__(self, sys_path, udev_device=None):
        self.sys_path = sys_path
        self._udev = udev_device
        self.address = os.path.basename(sys_path)

    def __repr__(self):
        return '<PciDevice %s %s:%s>' % (self.address, self.vendor_id,
                                         self.product_id)

    def path(self, relpath=''):
        if not relpath:
            return self.sys_path
        return os.path.join(self.sys_path, relpath)

    def attr(self, name, default=None):
        if self._udev is None or '/' in name:
            return self.read(name, default)
        raw = self._udev.attributes.get(name)
        return default if raw is None else raw.decode('utf-8',
                                                      'replace').strip()

    def read(self, relpath, default=None):
        value = _read_file(self.path(relpath))
        return default if value is None else value

    def exists(self, relpath):
        return os.path.lexists(self.path(relpath))

    def listdir(self, relpath=''):
        try:
            return sorted(os.listdir(self.path(relpath)))
        except OSError:
            return []

    def glob(self, pattern):
        """Sorted relative paths matching *pattern*, each ``/`` part an
        fnmatch pattern (``fpga_region/region*/dfl-port.*/afu_id``).
        """
        found = ['']
        for part in pattern.split('/'):
            matches = []
            for base in found:
                names = self.listdir(base)
                matches.extend(os.path.join(base, name) if base else name
                               for name in fnmatch.filter(names, part))
            found = matches
        return sorted(found)

    def link_name(self, relpath):
        try:
            return os.path.basename(os.readlink(self.path(relpath)))
        except OSError:
            return None

    def write(self, relpath, value):
        write_sysfs(self.path(relpath), value)

    @property
    def sysfs_root(self):
        """``/sys`` (also under umockdev) or a SysfsRoot's ``<root>/sys``."""
        # The last one: a SysfsRoot's own directory could hold the words.
        index = self.sys_path.rfind(_SYS_DEVICES)
        if index < 0:
            raise ValueError('%s is not below a sysfs devices directory'
                             % self.sys_path)
        return self.sys_path[:index] + '/sys'

    def probe(self):
        """Have the kernel bind a driver to the unbound function."""
        write_sysfs(os.path.join(self.sysfs_root, 'bus/pci/drivers_probe'),
                    self.address)

    def uncached(self):
        """The same function without pyudev's cache."""
        return PciDevice(self.sys_path)

    def virtfn_devices(self):
        """This PF's VFs (uncached), in VF order; those gone left out."""
        targets = (_resolve(self.path(name)) for name in self._virtfn_links())
        return [PciDevice(target) for target in targets
                if target is not None and os.path.isdir(target)]

    def _virtfn_links(self):
        links = [name for name in self.listdir()
                 if name.startswith('virtfn') and name[6:].isdecimal()]
        return sorted(links, key=lambda name: int(name[6:]))

    def _hex(self, name):
        value = (self.attr(name) or '').lower()
        return (value[2:] if value.startswith('0x') else value) or None

    # Lower-case hex without ``0x``: ``8086``; the class ``0b4000``.
    vendor_id = _hex_attribute('vendor')
    product_id = _hex_attribute('device')
    class_code = _hex_attribute('class')
    subsystem_vendor_id = _hex_attribute('subsystem_vendor')
    subsystem_product_id = _hex_attribute('subsystem_device')

    @property
    def driver(self):
        if self._udev is not None:
            return self._udev.driver
        return self.link_name('driver')

    @property
    def numa_node(self):
        """The NUMA node, or None where the platform reports none (-1)."""
        node = _to_int(self.attr('numa_node'))
        return node if node is not None and node >= 0 else None

    iommu_group = _link_attribute('iommu_group')
    physfn = _link_attribute('physfn')
    sriov_totalvfs = _count_attribute('sriov_totalvfs')
    sriov_numvfs = _count_attribute('sriov_numvfs')

    @property
    def virtfns(self):
        return [self.link_name(name) for name in self._virtfn_links()]

    @property
    def is_vf(self):
        return self.physfn is not None

    @property
    def is_pf(self):
        return self.sriov_totalvfs > 0

    @property
    def device_type(self):
        """``type-VF``, ``type-PF`` (SR-IOV capable) or ``type-PCI``."""
        if self.is_vf:
            return TYPE_VF
        if self.is_pf:
            return TYPE_PF
        return TYPE_PCI

    @property
    def net_names(self):
        return self.listdir('net')

    def mdev_types(self):
        """``[{id, name, available_instances, device_api, devices}]`` of
        the mdev types offered (``devices``: the mdevs made), by id.
        """
        types = []
        for type_id in self.listdir('mdev_supported_types'):
            base = 'mdev_supported_types/' + type_id
            types.append({
                'id': type_id,
                'name': self.read(base + '/name', ''),
                'available_instances': _to_int(
                    self.read(base + '/available_instances')) or 0,
                'device_api': self.read(base + '/device_api', ''),
                'devices': self.listdir(base + '/devices'),
            })
        return types

    @property
    def present(self):
        return os.path.isdir(self.sys_path)

    @property
    def config_all_ones(self):
        """Whether its config space reads all ones: it no longer answers."""
        return self.vendor_id == 'ffff'

    def link_down(self, interface):
        """Whether *interface* has no link (an unknown state is not)."""
        base = 'net/%s/' % interface
        operstate = self.read(base + 'operstate')
        carrier = self.read(base + 'carrier')
        return operstate in ('down', 'lowerlayerdown') or carrier == '0'

    def aer_totals(self):
        """``{kind: total since boot}`` of its ``aer_dev_<kind>``."""
        totals = {kind: parse_aer(self.read('aer_dev_' + kind, ''))
                  for kind in AER_KINDS}
        return {kind: n for kind, n in totals.items() if n is not None}

    def link(self):
        """The ``pcie_link_*`` telemetry fields; the maximum is the
        smaller of the function's and its upstream port's (an x16 card
        in an x8 slot trains at x8 as it should).  A VF has none.
        """
        port = os.path.dirname(self.sys_path)
        found = {}
        for field, name, parse in (
                ('pcie_link_speed_gts', 'current_link_speed', parse_speed),
                ('pcie_link_max_speed_gts', 'max_link_speed', parse_speed),
                ('pcie_link_width', 'current_link_width', _to_int),
                ('pcie_link_max_width', 'max_link_width', _to_int)):
            value = parse(self.read(name))
            if value and name.startswith('max_'):
                upstream = parse(_read_file(os.path.join(port, name)))
                value = min(value, upstream) if upstream else value
            if value:
                found[field] = value
        return found

    def telemetry(self):
        """The AER totals (``aer_<kind>``) and link() telemetry fields."""
        found = {'aer_' + kind: total
                 for kind, total in self.aer_totals().items()}
        found.update(self.link())
        return found

    def hwmon(self, pattern):
        """Telemetry fields of the hwmon directories matching *pattern*
        (glob()); temp1_* are millidegrees Celsius (``temp1_max``: where
        it throttles), power1_* microwatts.  The first directory wins.
        """
        found = {}
        for path in reversed(self.glob(pattern)):
            for name, field, scale in (
                    ('temp1_input', 'temperature_celsius', 1000.0),
                    ('temp1_max', 'slowdown_temperature_celsius', 1000.0),
                    ('power1_input', 'power_watts', 1000000.0),
                    ('power1_max', 'power_limit_watts', 1000000.0)):
                value = _to_int(self.read(path + '/' + name))
                if value is not None:
                    found[field] = value / scale
        return found

    def std_board_info(self):
        info = {'vendor_id': self.vendor_id, 'product_id': self.product_id,
                'class_code': self.class_code,
                'subsystem_vendor_id': self.subsystem_vendor_id,
                'subsystem_product_id': self.subsystem_product_id,
                'kernel_driver': self.driver,
                'numa_node': (None if self.numa_node is None
                              else str(self.numa_node)),
                'iommu_group': self.iommu_group,
                'device_type': self.device_type}
        return {k: v for k, v in info.items() if v is not None}


#: The kinds of AER counters, as named in ``aer_dev_<kind>``.
AER_KINDS = ('correctable', 'nonfatal', 'fatal')


def parse_aer(text):
    """An ``aer_dev_*`` file's ``TOTAL_ERR_*``, else the sum of its
    lines, or None.
    """
    pairs = [line.split() for line in text.splitlines()]
    counts = [(p[0], _to_int(p[1])) for p in pairs if len(p) == 2]
    counts = [(name, n) for name, n in counts if n is not None]
    totals = [n for name, n in counts if name.startswith('TOTAL_ERR_')]
    if totals:
        return totals[-1]
    return sum(n for _name, n in counts) if counts else None


def parse_speed(text):
    """GT/s of ``16.0 GT/s PCIe``, or None (``Unknown``, absent)."""
    parts = (text or '').split()
    if len(parts) < 2 or parts[1] != 'GT/s':
        return None
    try:
        return float(parts[0])
    except ValueError:
        return None


class UdevHost:
    """The host's PCI devices through pyudev (production, and umockdev)."""

    def __init__(self):
        self._context = pyudev.Context()

    def pci_devices(self):
        devices = [PciDevice(dev.sys_path, dev)
                   for dev in self._context.list_devices(subsystem='pci')]
        return sorted(devices, key=lambda d: d.address)


def by_address(host):
    """{address: PciDevice} of every PCI function of *host*."""
    return {dev.address: dev for dev in host.pci_devices()}


def of_vendor(host, vendor_id, class_prefix):
    """The PCI functions of *host* of a vendor whose class code starts
    with *class_prefix*, in address order.
    """
    return [dev for address, dev in sorted(by_address(host).items())
            if dev.vendor_id == vendor_id and
            (dev.class_code or '').startswith(class_prefix)]
