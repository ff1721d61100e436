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

Drivers are registered under the stevedore namespace
``cyborg.accelerator.driver``.  The agent makes each once, at start, as
``Driver(conf=CONF, host=CONF.host)``; the constructor raises
``ConfigInvalid`` for a bad setting, so that it stops the agent at start.
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


#: Kept here too: the interface of drivers.
CleanStep = cleaning.CleanStep


def sanitize_name(name):
    return re.sub(r'[^A-Za-z0-9_-]', '_', name)


def numa_trait(node):
    """``CUSTOM_NUMA_NODE_<node>``: os-traits has no trait for a device's
    NUMA node.
    """
    return 'CUSTOM_NUMA_NODE_%d' % node


def pci_attach_handle(address, attach_type=fields.AttachType.PCI,
                      **extra):
    """A HardwareAttachHandle of the PCI function at *address*.

    :param extra: more attach_info keys (``physical_network``,
        ``asked_type``, ``vgpu_mark``...); None values are left out.
    """
    info = hardware.pci_address_info(address)
    info.update({k: str(v) for k, v in extra.items() if v is not None})
    return hardware.HardwareAttachHandle(attach_type=attach_type,
                                         attach_info=info)


class AcceleratorDriver(abc.ABC):
    """Base of every accelerator driver.

    :param host: this node's name, which deployable names start with.
    :param pci_host: ``pci.UdevHost()`` (default) or, in tests, a
        ``pci.SysfsRoot``.
    :raises: ConfigInvalid when the driver's configuration is wrong.
    """

    #: The hello name and the deployables' ``driver_name``.
    name = None
    version = '1.0'
    #: ``fields.DeviceType`` values.
    device_types = ()
    #: True for a driver that takes whatever its selectors match
    #: (generic): devices another enabled driver reports are left to it.
    catch_all = False
    #: What ``POST /v2/drivers`` may set: ``{group name: [Opt]}``.
    config_options = {}
    #: The vendor part of its function traits
    #: (``CUSTOM_FPGA_FUNCTION_ID_<vendor>_<function id>``), or None.
    function_vendor = None
    #: Whether cyborg.agent.health.PciHealth applies: False for
    #: simulated devices.
    pci_health = True
    #: How long configure() waits for sysfs to show a change of VFs.
    sriov_timeout = sriov.WAIT_SECONDS

    def __init__(self, conf, host, pci_host=None):
        self.conf = conf
        self.host = host
        self._pci_host = pci_host

    @classmethod
    def driver_options(cls, group):
        """The options of *group* an API configuration may set.

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
        """Find the devices this driver manages; read-only, through
        ``self.pci_host``.

        :raises: any exception: the agent marks the driver ERROR and goes
            on with the others.
        :returns: a list of ``hardware.Hardware``, sorted by address.
        """

    def hello(self):
        """The driver's registration.

        :returns: ``{name, version, device_types, status, detail}``;
            status READY (the agent sets ERROR when discovery fails).
        """
        return {'name': self.name, 'version': self.version,
                'device_types': sorted(self.device_types),
                'status': READY, 'detail': None}

    def function_traits(self, function_ids):
        """The traits of a deployable carrying these functions (only the
        driver knows its vendor's naming).

        :param function_ids: the loaded functions' ids (empty ones are
            left out).
        :returns: a sorted list (empty without ``function_vendor``).
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
        :returns: ``{address, function_id, function_traits}``: the
            function now loaded and the deployable's function traits as
            the next ``discover()`` reports them; plus ``reboot_required:
            True`` (with ``address`` the record's) when the image runs only
            after a cold reboot of the host (cyborg.agent.reboots).
        """
        raise exception.UnsupportedOperation(driver=self.name,
                                             operation='program')

    def configure(self, address, desired):
        """Make the device whose record has *address* as *desired* says
        (cyborg.common.device_config): SR-IOV VFs and their driver, a
        GPU's mode, vGPU type or MIG layout.

        Fields left out stay as they are.  Must be idempotent: a restarted
        agent applies it again after a reboot undid it.

        :param address: the record's address (the control path).
        :param desired: ``{field: value}``.
        :raises: UnsupportedOperation (default), DriverDeviceNotFound
            (not one of the driver's records), DeviceNotConfigurable,
            DeviceConfigInvalid, DeviceConfigFailed (the device did not
            become as asked in time), CommandFailed, CommandNotFound,
            CommandTimeout, OSError (a sysfs write the kernel refused).
        :returns: ``{"reboot_required": bool}``: True when only a reboot
            of the host completes the change.
        """
        raise exception.UnsupportedOperation(driver=self.name,
                                             operation='configure')

    def clean_steps(self, record):
        """The clean steps this driver can run on the device of *record*,
        in the order they run: device_clean_steps(), then the operator's
        (cyborg.drivers.clean).

        :param record: the device's ``hardware.Hardware``.
        :returns: a list of ``CleanStep``.
        """
        return (self.device_clean_steps(record) +
                cleaning.operator_steps(self.conf))

    def device_clean_steps(self, record):
        """The driver's own clean steps of the device of *record* (an
        empty list, the default: nothing can be done to it between two
        tenants, which the driver's docs say).
        """
        return []

    def clean(self, address, steps, timeout):
        """Clean the device whose record has *address* before its next
        tenant: run each of *steps* in order and verify it worked (a
        step is done only when what it promises was read back).

        Runs on the agent's work thread while the device is held out of
        scheduling; it is never called twice at once for one device.

        :param address: the record's address (the control path).
        :param steps: names from ``clean_steps()``.
        :param timeout: the seconds left for all of them; a step that
            cannot finish in time raises CommandTimeout.
        :raises: UnsupportedOperation (a step the driver does not offer),
            DriverDeviceNotFound, DeviceCleanFailed (a step ran and its
            verification failed, or it failed), CommandFailed,
            CommandNotFound, CommandTimeout, OSError.
        :returns: ``[{"step": name, "detail": str}]``: what each step did
            and what its verification read.
        """
        return cleaning.run(self, address, steps, timeout)

    def clean_step(self, address, name, timeout):
        """Run the driver's own clean step *name* (device_clean_steps())
        on the device at *address*, and verify it.

        :param timeout: the seconds it may take.
        :raises: as clean(); UnsupportedOperation by default.
        :returns: what it did and read back (the step's detail).
        """
        raise exception.UnsupportedOperation(
            driver=self.name, operation='clean step %s' % name)

    def prepare_attach(self, attach_handle, mdev_uuid):
        """Device-side work before an attach handle is given to an
        instance (create a mediated device...); idempotent.

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
        """What the vendor's tools tell of the devices' health (an
        uncorrectable ECC error, a link down...), beyond the generic PCI
        checks (cyborg.agent.health.PciHealth); read-only.

        :param records: the ``hardware.Hardware`` of the last discover().
        :raises: any exception: the agent logs it and keeps the generic
            checks' verdict.
        :returns: ``{control-path address: health.Health}`` of the
            unhealthy devices only.
        """
        return {}

    def read_telemetry(self, records, bound=()):
        """What the devices are doing now (cyborg.common.telemetry), beyond
        what sysfs gives of any PCI function (AER counters, link: the
        agent reads those for every driver with ``pci_health``); one batch
        for the host's records, never a process per device, read-only.

        A vendor tool runs with ``self.conf.telemetry.read_timeout``: the
        agent never waits on a read to report, and marks the samples of a
        driver whose read raised stale, with the error.

        :param records: the ``hardware.Hardware`` of the last discover().
        :param bound: the uuids of the records an instance holds, as the
            conductor last said (a simulator's business; hardware tells).
        :raises: any exception: the samples of the driver's devices are
            stale, their health unchanged.
        :returns: ``{control-path address: {field: value}}``; {} (the
            default): nothing beyond sysfs.
        """
        return {}

    # Helpers of subclasses ------------------------------------------------

    def deployable_name(self, suffix):
        """``<host>_<suffix>``: upstream Cyborg's name, from which the
        resource provider's uuid derives, so that its providers are
        adopted.
        """
        return '%s_%s' % (self.host, suffix)

    def deployable(self, suffix, resource_class, traits, handles,
                   num_accelerators=None):
        """A HardwareDeployable named after the host and *suffix*, with
        one accelerator per handle unless *num_accelerators* says.
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
        """The Hardware record of the PciDevice *dev*; each deployable
        gets its numa_trait().

        :param state: acc_status.state; default: ready when a kernel
            driver is bound, else unbound.
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
            # reboot_required: the agent's (cyborg.agent.reboots).
            acc_status=hardware.AccStatus(
                setup_required=setup_required, reboot_required=False,
                state=state),
            deployables=list(deployables),
            std_board_info=dev.std_board_info(),
            vendor_board_info={k: None if v is None else str(v) for k, v in
                               (vendor_board_info or {}).items()},
            configuration=configuration)
