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
"""The one ABC of accelerator drivers (stevedore namespace
``cyborg.accelerator.driver``), made once per agent start.
"""

import abc
import re

from cyborg import exception
from cyborg.common import traits as cyborg_traits
from cyborg.drivers import clean as cleaning
from cyborg.drivers import pci
from cyborg.drivers import sriov
from cyborg.objects import fields
from cyborg.objects import hardware

READY = 'READY'
ERROR = 'ERROR'


def sanitize_name(name):
    return re.sub(r'[^A-Za-z0-9_-]', '_', name)


def numa_trait(node):
    """``CUSTOM_NUMA_NODE_<node>`` (os-traits has no NUMA trait)."""
    return 'CUSTOM_NUMA_NODE_%d' % node


def pci_attach_handle(address, attach_type=fields.AttachType.PCI,
                      **extra):
    """A HardwareAttachHandle of *address*; *extra*: more attach_info
    keys (None values are left out).
    """
    info = hardware.pci_address_info(address)
    info.update({k: str(v) for k, v in extra.items() if v is not None})
    return hardware.HardwareAttachHandle(attach_type=attach_type,
                                         attach_info=info)


class AcceleratorDriver(abc.ABC):
    """Base of every accelerator driver.

    :param pci_host: ``pci.UdevHost()`` (default), or what else has
        its ``pci_devices()`` (the tests' ``SysfsRoot``).
    :raises: ConfigInvalid: a bad setting stops the agent at start.
    """

    name = None
    version = '1.0'
    device_types = ()
    #: True for a driver that takes whatever its selectors match
    #: (generic): devices another enabled driver reports are left to it.
    catch_all = False
    #: What ``POST /v2/drivers`` may set: ``{group name: [Opt]}``.
    config_options = {}
    #: ``<vendor>`` of ``CUSTOM_FPGA_FUNCTION_ID_<vendor>_<function id>``.
    function_vendor = None
    #: Whether the generic PCI health checks apply (not to simulations).
    pci_health = True
    sriov_timeout = sriov.WAIT_SECONDS

    def __init__(self, conf, host, pci_host=None):
        self.conf = conf
        self.host = host
        self._pci_host = pci_host

    @classmethod
    def driver_options(cls, group):
        """The Opts of *group* an API configuration may set, or None."""
        return cls.config_options.get(group)

    @property
    def pci_host(self):
        if self._pci_host is None:
            self._pci_host = pci.UdevHost()
        return self._pci_host

    @abc.abstractmethod
    def discover(self):
        """The ``hardware.Hardware`` of the driver's devices, by address;
        read-only.  An exception marks the driver ERROR.
        """

    def hello(self):
        """The driver's registration (the agent sets ERROR on failure)."""
        return {'name': self.name, 'version': self.version,
                'device_types': sorted(self.device_types),
                'status': READY, 'detail': None}

    def function_traits(self, function_ids):
        """The sorted traits of a deployable carrying *function_ids*."""
        if not self.function_vendor:
            return []
        return sorted({'%s%s_%s' % (cyborg_traits.FUNCTION_TRAIT_PREFIX,
                                    self.function_vendor,
                                    cyborg_traits.function_trait_suffix(f))
                       for f in function_ids if f})

    def program(self, address, image_path):
        """Load the image at *image_path* into the function at *address*.

        :raises: UnsupportedOperation (default), DriverDeviceNotFound,
            CommandFailed.
        :returns: ``{address, function_id, function_traits}`` as the next
            discover() reports them; plus ``reboot_required: True`` (with
            the record's ``address``) when the image runs only after a
            cold reboot (cyborg.agent.reboots).
        """
        raise exception.UnsupportedOperation(driver=self.name,
                                             operation='program')

    def configure(self, address, desired):
        """Make the device of the record at *address* as *desired*
        (``{field: value}``, cyborg.common.device_config) says; fields
        left out stay.  Idempotent: a restarted agent applies it again.

        :raises: UnsupportedOperation (default), DriverDeviceNotFound,
            DeviceNotConfigurable, DeviceConfigInvalid, DeviceConfigFailed
            (not as asked in time), CommandFailed, CommandNotFound,
            CommandTimeout, OSError.
        :returns: ``{"reboot_required": bool}``.
        """
        raise exception.UnsupportedOperation(driver=self.name,
                                             operation='configure')

    def clean_steps(self, record):
        """The clean.CleanSteps of *record*'s device, in the order they
        run: device_clean_steps(), then the operator's.
        """
        return (self.device_clean_steps(record) +
                cleaning.operator_steps(self.conf))

    def device_clean_steps(self, record):
        """The driver's own clean steps of *record*: by default
        ``function_reset`` where the kernel can reset each of
        clean_units().
        """
        try:
            units = self.clean_units(record.address)
        except exception.DriverDeviceNotFound:
            return []
        return cleaning.reset_steps(units, 'each function offered')

    def clean_units(self, address):
        """The PciDevices the default ``function_reset`` of the device at
        *address* resets, or None (no such step, the default).
        """
        return None

    def clean_step(self, address, name, timeout, unit=None, abort=None):
        """Run and verify the driver's own step *name* (of clean_steps())
        on the device of the record at *address*, within *timeout*
        seconds, reading back what it promises.  Never twice at once for
        one device.

        :param unit: the PCI address of the one unit to clean (a step of
            scope UNIT), or None: the whole device.
        :param abort: a threading.Event set when the clean is aborted: an
            abortable step stops (DeviceCleanFailed).
        :raises: UnsupportedOperation, DriverDeviceNotFound,
            DeviceCleanFailed, CommandFailed, CommandNotFound,
            CommandTimeout, OSError.
        :returns: the step's detail: what it did and read back.
        """
        units = (self.clean_units(address)
                 if name == cleaning.FUNCTION_RESET else None)
        if units is not None:
            return cleaning.reset_each(units, unit)
        raise exception.UnsupportedOperation(
            driver=self.name, operation='clean step %s' % name)

    def prepare_attach(self, attach_handle, mdev_uuid):
        """Idempotent device-side work before *attach_handle* (its
        ``to_dict()``) goes to an instance, such as creating the mdev
        *mdev_uuid*; returns extra attach_info.
        """
        raise exception.UnsupportedOperation(driver=self.name,
                                             operation='prepare_attach')

    def release_attach(self, attach_handle, mdev_uuid):
        """Undo prepare_attach(); nothing to undo is fine."""
        raise exception.UnsupportedOperation(driver=self.name,
                                             operation='release_attach')

    def check_health(self, records):
        """The vendor tools' verdict beyond the generic PCI checks on
        *records* (the last discover()): ``{address: health.Health}`` of
        the unhealthy ones.  An exception keeps the generic verdict.
        """
        return {}

    def read_telemetry(self, records, bound=()):
        """Telemetry of *records* beyond what sysfs gives
        (cyborg.common.telemetry): one batch, never a process per device,
        a vendor tool within ``conf.telemetry.read_timeout``.  An
        exception marks the driver's samples stale.

        :param bound: uuids of the records bound (for simulators).
        :returns: ``{address: {field: value}}``.
        """
        return {}

    # Helpers of subclasses ------------------------------------------------

    def each_device(self, records, read):
        """``{address: read(PciDevice)}`` of the *records* in sysfs, where
        *read* answers something.
        """
        devices = pci.by_address(self.pci_host)
        found = {r.address: read(devices[r.address]) for r in records
                 if r.address in devices}
        return {address: value for address, value in found.items() if value}

    def device_uuid(self, address):
        return hardware.device_uuid(self.host, self.name, address)

    def configure_sriov(self, dev, desired, vf_drivers=None):
        """sriov.configure() of the PF *dev* (DeviceNotConfigurable unless
        SR-IOV capable).
        """
        uuid = self.device_uuid(dev.address)
        if not dev.is_pf:
            raise exception.DeviceNotConfigurable(uuid=uuid,
                                                  driver=self.name)
        return sriov.configure(dev, desired, uuid, vf_drivers,
                               timeout=self.sriov_timeout)

    def not_found(self, address):
        return exception.DriverDeviceNotFound(address=address,
                                              driver=self.name)

    def device_at(self, address, devices, accept=bool):
        """``devices[address]`` where *accept* takes it, else
        DriverDeviceNotFound.
        """
        dev = devices.get(address)
        if dev is None or not accept(dev):
            raise self.not_found(address)
        return dev

    def deployable_name(self, suffix):
        """``<host>_<suffix>``: upstream's name, so that its resource
        providers (uuids derived from it) are adopted.
        """
        return '%s_%s' % (self.host, suffix)

    def deployable(self, suffix, resource_class, traits, handles=None,
                   num_accelerators=None):
        """A HardwareDeployable, by default one accelerator a handle and
        one handle, the PCI function *suffix*.
        """
        if handles is None:
            handles = [pci_attach_handle(suffix)]
        if num_accelerators is None:
            num_accelerators = len(handles)
        return hardware.HardwareDeployable(
            name=self.deployable_name(suffix),
            num_accelerators=num_accelerators,
            resource_class=resource_class, traits=sorted(set(traits)),
            driver_name=self.name, attach_handles=list(handles))

    def record(self, dev, device_type, deployables, acc_capability=None,
               vendor_board_info=None, state=None, setup_required=False,
               configuration=None):
        """The Hardware record of the PciDevice *dev*; each deployable
        gets its numa_trait().

        :param state: default: ready when a kernel driver is bound.
        :param configuration: ``{"settable": {field: schema}, "actual":
            {field: value}}`` of a device configure() can change.
        """
        if state is None:
            state = (hardware.STATE_READY if dev.driver
                     else hardware.STATE_UNBOUND)
        capability = {'class_code': dev.class_code,
                      'numa_node': dev.numa_node,
                      'iommu_group': dev.iommu_group}
        capability.update(acc_capability or {})
        if dev.numa_node is not None:
            for deployable in deployables:
                deployable.traits = sorted(
                    set(deployable.traits) | {numa_trait(dev.numa_node)})
        return self.hardware(
            dev.address, '0x' + (dev.vendor_id or ''),
            '0x' + (dev.product_id or ''), device_type, deployables,
            capability, dev.std_board_info(),
            {k: None if v is None else str(v) for k, v in
             (vendor_board_info or {}).items()}, configuration,
            # reboot_required: the agent's (cyborg.agent.reboots).
            setup_required=setup_required, reboot_required=False,
            state=state)

    def hardware(self, address, vendor, product, device_type, deployables,
                 acc_capability, std_board_info, vendor_board_info,
                 configuration=None, **status):
        """The Hardware record of the device at *address*, its AccSpecs
        counting the accelerators of *deployables*; *status*: its
        AccStatus.
        """
        return hardware.Hardware(
            uuid=self.device_uuid(address), driver=self.name,
            address=address, vendor=vendor, product=product,
            type=device_type,
            acc_specs=hardware.AccSpecs(
                remote=False,
                num=sum(d.num_accelerators for d in deployables),
                device_type=device_type, acc_capability=acc_capability),
            acc_status=hardware.AccStatus(**status),
            deployables=list(deployables), std_board_info=std_board_info,
            vendor_board_info=vendor_board_info, configuration=configuration)
