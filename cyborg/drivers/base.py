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
"""The accelerator driver interface: the one ABC every driver implements.

A driver is a class registered under the stevedore namespace
``cyborg.accelerator.driver`` and named in ``[agent] enabled_drivers``.
The agent instantiates it once, at start and before serving anything, as
``Driver(conf=CONF, host=CONF.host)``; the constructor checks the
driver's configuration and raises ``ConfigInvalid`` (or a subclass) so
that a bad setting stops the agent at start.  Then the agent calls
``discover()`` at start, periodically, on hotplug events and on request.
"""

import abc
import re

from cyborg import exception
from cyborg.common import traits as cyborg_traits
from cyborg.drivers import pci
from cyborg.objects import fields
from cyborg.objects import hardware

READY = 'READY'
ERROR = 'ERROR'


def sanitize_name(name):
    """Keep ``[A-Za-z0-9_-]``, replace anything else with ``_``."""
    return re.sub(r'[^A-Za-z0-9_-]', '_', name)


def numa_trait(node):
    """``CUSTOM_NUMA_NODE_<node>``: the trait of a device on NUMA node
    *node*, so that a device profile can ask for one (os-traits has no
    trait for a device's NUMA node; ``HW_NUMA_ROOT`` marks the provider
    of a NUMA node itself).
    """
    return 'CUSTOM_NUMA_NODE_%d' % node


def pci_attach_handle(address, attach_type=fields.AttachType.PCI,
                      **extra):
    """An attach handle for the PCI function at *address*.

    :param address: ``dddd:bb:ss.f``.
    :param attach_type: PCI (default), TEST_PCI or MDEV.
    :param extra: more attach_info keys (``physical_network``,
        ``asked_type``, ``vgpu_mark``...); None values are left out.
    :returns: a HardwareAttachHandle.
    """
    info = hardware.pci_address_info(address)
    info.update({k: str(v) for k, v in extra.items() if v is not None})
    return hardware.HardwareAttachHandle(attach_type=attach_type,
                                         attach_info=info)


class AcceleratorDriver(abc.ABC):
    """Base of every accelerator driver.

    Subclasses set the class attributes and implement ``discover()``.

    :param conf: the ConfigOpts holding the driver's options.
    :param host: this node's name (``[DEFAULT] host``); deployable names
        start with it, since they must be unique across the cloud.
    :param pci_host: where PCI devices are read from: a
        ``pci.UdevHost()`` (default) or, in tests, a ``pci.SysfsRoot``.
    :raises: ConfigInvalid when the driver's configuration is wrong.
    """

    #: The driver's name: its hello name and the deployables'
    #: ``driver_name``.  Aliases in pyproject.toml load the same class.
    name = None
    #: The driver's own version, reported in its hello.
    version = '1.0'
    #: The device types it reports (``fields.DeviceType`` values).
    device_types = ()
    #: True for a driver that takes whatever its selectors match (generic):
    #: the agent leaves devices that another enabled driver reports to
    #: that driver.
    catch_all = False
    #: The option groups a configuration given through the API may set
    #: (``POST /v2/drivers``): ``{group name: [oslo.config Opt]}``.
    config_options = {}
    #: The vendor part of the driver's function traits
    #: (``CUSTOM_FPGA_FUNCTION_ID_<vendor>_<function id>``); None for a
    #: driver whose devices carry no function.
    function_vendor = None
    #: Whether the generic PCI health checks (cyborg.drivers.health.
    #: PciHealth) apply to its devices: False for simulated ones.
    pci_health = True

    def __init__(self, conf, host, pci_host=None):
        self.conf = conf
        self.host = host
        self._pci_host = pci_host

    @classmethod
    def driver_options(cls, group):
        """The options of *group* the driver's API configuration may set.

        :returns: a list of Opts, or None when the group is not the
            driver's.
        """
        return cls.config_options.get(group)

    @property
    def pci_host(self):
        """The PCI layer (created on first use)."""
        if self._pci_host is None:
            self._pci_host = pci.UdevHost()
        return self._pci_host

    @abc.abstractmethod
    def discover(self):
        """Find the devices this driver manages on this host.

        It reads the host only through ``self.pci_host`` (the PCI/sysfs
        layer) and changes nothing.

        :raises: any exception: the agent records the driver as ERROR in
            its hello and goes on with the other drivers.
        :returns: a list of ``hardware.Hardware``, sorted by address.
        """

    def hello(self):
        """The driver's registration (the seeds' driver ``/hello``).

        :returns: ``{name, version, device_types, status, detail}``;
            status READY here, the agent turns it to ERROR when discovery
            fails.
        """
        return {'name': self.name, 'version': self.version,
                'device_types': sorted(self.device_types),
                'status': READY, 'detail': None}

    def function_traits(self, function_ids):
        """The traits a deployable carrying these functions reports,
        which say the scheduler what it carries.

        Only the driver knows its vendor's naming: the conductor takes
        these traits from the result of ``program()`` and never builds
        one itself.

        :param function_ids: the loaded functions' ids (None and empty
            ids are left out).
        :returns: a sorted list of traits (empty when the driver sets no
            ``function_vendor``).
        """
        if not self.function_vendor:
            return []
        return sorted({'%s%s_%s' % (cyborg_traits.FUNCTION_TRAIT_PREFIX,
                                    self.function_vendor,
                                    cyborg_traits.function_trait_suffix(f))
                       for f in function_ids if f})

    def program(self, address, image_path):
        """Load a bitstream or firmware image into a device.

        :param address: PCI address of the function to program.
        :param image_path: path of the image file on this host.
        :raises: UnsupportedOperation (default), DriverDeviceNotFound,
            CommandFailed.
        :returns: a dict with what the device reports afterwards:
            ``address``, ``function_id`` (the function now loaded) and
            ``function_traits`` (the function traits of the deployable
            now, exactly as the next ``discover()`` reports them; see
            function_traits()); and ``reboot_required: True`` when the
            image runs only after a (cold) reboot of the host, with
            ``address`` the device's record's: the agent then reports
            ``acc_status.reboot_required`` for it until the host booted
            again (cyborg.agent.reboots).
        """
        raise exception.UnsupportedOperation(driver=self.name,
                                             operation='program')

    def configure(self, address, desired):
        """Make the device whose record has *address* as *desired* says
        (cyborg.common.device_config): its SR-IOV VFs and their kernel
        driver, a GPU's mode, vGPU type or MIG layout.

        The agent calls it on its work thread, then discovers, and the
        record's ``configuration.actual`` tells what the device is now.
        *desired* was judged with the record (cyborg.common.device_config.
        check()) by the conductor, and again by the agent just before
        this call; fields left out stay as they are.  It must be
        idempotent (a restarted agent applies the desired state again, a
        host's reboot having undone it) and change nothing when the device
        already is as desired.

        :param address: the record's address (the control path).
        :param desired: ``{field: value}``.
        :raises: UnsupportedOperation (default), DriverDeviceNotFound
            (not one of the driver's records), DeviceNotConfigurable (a
            record the driver cannot configure), DeviceConfigInvalid,
            DeviceConfigFailed (the device did not become as asked, e.g.
            the kernel did not make the VFs in time), CommandFailed,
            CommandNotFound, CommandTimeout, OSError (a sysfs write the
            kernel refused).
        :returns: ``{"reboot_required": bool}``: True when only a reboot
            of the host completes the change.
        """
        raise exception.UnsupportedOperation(driver=self.name,
                                             operation='configure')

    def prepare_attach(self, attach_handle, mdev_uuid):
        """Device-side work before an attach handle is given to an
        instance (create a mediated device, set a vGPU type...).

        Must be idempotent: a job that a conductor did not see finish runs
        again.

        :param attach_handle: the handle's ``to_dict()`` form.
        :param mdev_uuid: the uuid of the mediated device to create (the
            handle's uuid).
        :raises: UnsupportedOperation (default).
        :returns: extra attach_info for the instance (may be empty).
        """
        raise exception.UnsupportedOperation(driver=self.name,
                                             operation='prepare_attach')

    def release_attach(self, attach_handle, mdev_uuid):
        """Undo prepare_attach() after the instance let the handle go;
        nothing to undo is fine.

        :param attach_handle: the handle's ``to_dict()`` form.
        :param mdev_uuid: as given to prepare_attach().
        :raises: UnsupportedOperation (default).
        """
        raise exception.UnsupportedOperation(driver=self.name,
                                             operation='release_attach')

    def check_health(self, records):
        """What the vendor's tools tell of the health of the devices this
        driver just reported (an uncorrectable ECC error, a link down, a
        device in a down state).

        The agent calls it after each discovery, on its schedule, and
        adds the generic PCI checks (cyborg.drivers.health.PciHealth) for
        every driver; the default is healthy.  It reads the host only and
        changes nothing.

        :param records: the ``hardware.Hardware`` records of this
            driver's last discover().
        :raises: any exception: the agent logs it and keeps the devices'
            health as the generic checks say.
        :returns: ``{address: health.Health}`` for the devices (by their
            control-path address) that are not healthy; devices left out
            are healthy.
        """
        return {}

    # Helpers of subclasses ------------------------------------------------

    def deployable_name(self, suffix):
        """``<host>_<suffix>``, e.g. ``compute1_0000:3b:00.0``: the name the
        existing Cyborg gives the deployable (and its resource provider,
        whose uuid derives from it), so that its providers are adopted.
        """
        return '%s_%s' % (self.host, suffix)

    def deployable(self, suffix, resource_class, traits, handles,
                   num_accelerators=None):
        """A HardwareDeployable named after the host and *suffix*.

        :param num_accelerators: default: one per handle.
        """
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
        """The Hardware record of the PciDevice *dev*.

        Each deployable gets the trait of the device's NUMA node
        (numa_trait()) when the platform reports one.

        :param state: acc_status.state; default: ready when a kernel
            driver is bound, unbound otherwise.
        :param configuration: of a device configure() can change,
            ``{"settable": {field: JSON schema}, "actual": {field:
            value}}`` (cyborg.common.device_config).
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
        return hardware.Hardware(
            uuid=hardware.device_uuid(self.host, self.name, dev.address),
            driver=self.name, address=dev.address,
            vendor='0x' + (dev.vendor_id or ''),
            product='0x' + (dev.product_id or ''),
            type=device_type,
            acc_specs=hardware.AccSpecs(
                remote=False,
                num=sum(d.num_accelerators for d in deployables),
                device_type=device_type, acc_capability=capability),
            # reboot_required: set by the agent, which knows what was
            # programmed since the host booted (cyborg.agent.reboots).
            acc_status=hardware.AccStatus(
                setup_required=setup_required, reboot_required=False,
                state=state),
            deployables=list(deployables),
            std_board_info=dev.std_board_info(),
            vendor_board_info={k: None if v is None else str(v) for k, v in
                               (vendor_board_info or {}).items()},
            configuration=configuration)
