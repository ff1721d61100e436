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
"""The fake driver: simulated devices, no hardware touched.

By default what upstream's fake driver reports, which upstream's tempest
scenarios rely on: one FPGA ``<host>_FakeDevice`` of vendor ``0xABCD`` at
``0000:0c:00.0`` with 16 ``TEST_PCI`` handles.  ``[fake_driver] devices``
adds simulated devices of TYPES: FPGAs programmed (to the image's digest;
FAIL_PROGRAM_MARKER fails), QATs and GPUs (an A100 80GB, by the gpu
driver's rules) configured, in memory.  Telemetry and faults:
fake_telemetry.
"""

import hashlib
import threading
import time

from cyborg import exception
from cyborg.common import cleaning as common_cleaning
from cyborg.common import device_config
from cyborg.common import traits as cyborg_traits
from cyborg.conf import fake as fake_conf
from cyborg.drivers import base
from cyborg.drivers import clean as cleaning
from cyborg.drivers import fake_telemetry
from cyborg.drivers import health
from cyborg.drivers import sriov
from cyborg.drivers.gpu import gpu_config
from cyborg.drivers.gpu import mig
from cyborg.drivers.ssd import nvme
from cyborg.objects import fields
from cyborg.objects import hardware

FAKE_TRAIT = 'CUSTOM_FAKE_DEVICE'
FAKE_VENDOR = '0xABCD'
FIRST_BUS = 0x0c
#: The most simulated devices: one a bus, from FIRST_BUS to the last of
#: a PCI domain (0xff).
MAX_DEVICES = 0x100 - FIRST_BUS

# New types go at the end: the devices of the earlier ones keep their
# addresses.
TYPES = ('fpga', 'qat', 'gpu', 'vgpu', 'nic', 'ssd', 'npu', 'nvme')
_FPGA_ACCELERATORS = 16
_QAT_VFS = 4
_QAT_TOTAL_VFS = 16
FAKE_QAT_VF_DRIVER = 'qat_fakevf'
FAKE_QAT_PF_DRIVER = 'qat_fake'
#: An A100 80GB PCIe, whose MIG profiles a simulated GPU has.
FAKE_MIG_GPU = '20b5'
_QAT_SERVICES = ('asym', 'dc', 'sym')
_VGPUS = 4
FAKE_VGPU_TYPE = 'fake-vgpu-1'
_NIC_VFS = 4
FAKE_PHYSNET = 'physnet1'
#: A configurable type's configuration until configure() changes it.
_DEFAULTS = {'qat': {device_config.NUM_VFS: _QAT_VFS,
                     device_config.VF_DRIVER: FAKE_QAT_VF_DRIVER},
             'gpu': {device_config.MODE: device_config.MODE_PASSTHROUGH,
                     device_config.VGPU_TYPE: None,
                     device_config.MIG_LAYOUT: None}}
FAIL_PROGRAM_MARKER = b'cyborg-fake-driver: this image fails to program\n'


def parse_devices(values):
    """{type: count} of ``[fake_driver] devices``, MAX_DEVICES at most."""
    counts = dict.fromkeys(TYPES, 0)
    for value in values:
        kind, sep, count = value.partition('=')
        kind, count = kind.strip().lower(), count.strip()
        if (not sep or kind not in counts or not count.isascii() or
                not count.isdigit()):
            raise exception.ConfigInvalid(
                reason='[fake_driver] devices: %r is not <type>=<count> '
                       'with type one of %s' % (value, ', '.join(TYPES)))
        # int() of thousands of digits raises: any such is too many.
        counts[kind] += int(count) if len(count) < 10 else MAX_DEVICES + 1
        if sum(counts.values()) > MAX_DEVICES:
            raise exception.ConfigInvalid(
                reason='[fake_driver] devices: %r asks for more than the %d '
                       'devices it can simulate (one a PCI bus)' % (
                           value, MAX_DEVICES))
    return counts


def _address(bus, index):
    """The address of function *index* (0 = the control path) on *bus*."""
    return '0000:%02x:%02x.%x' % (bus, index // 8, index % 8)


class FakeDriver(base.AcceleratorDriver):
    name = 'fake'
    device_types = (fields.DeviceType.FPGA, fields.DeviceType.QAT,
                    fields.DeviceType.GPU, fields.DeviceType.NIC,
                    fields.DeviceType.SSD, fields.DeviceType.AICHIP,
                    fields.DeviceType.NVME)
    config_options = {'fake_driver': fake_conf.fake_opts}
    function_vendor = 'FAKE'
    # Simulated devices are not in sysfs; their health is check_health's.
    pci_health = False

    def __init__(self, conf, host, pci_host=None):
        super().__init__(conf, host, pci_host=pci_host)
        self.counts = parse_devices(conf.fake_driver.devices)
        self._lock = threading.Lock()
        # By address: the function programmed, why it is unhealthy, what
        # configure() made it, why its next configuration fails (the last
        # two set by tests: cyborg.tests.fixtures.fake_faults).  mdevs:
        # {mdev uuid: its handle's attach_info}.
        self.functions = {}
        self.mdevs = {}
        self.unhealthy = {}
        self.configured = {}
        self.config_failures = {}

    def _raise_if_asked(self, operation):
        """Raise when ``[fake_driver] raise_in`` names *operation* (read
        at each call: a test can make the driver fail and recover).
        """
        if operation in self.conf.fake_driver.raise_in:
            raise RuntimeError('the fake driver fails in %s ([fake_driver] '
                               'raise_in)' % operation)

    def check_health(self, records):
        """The reasons of ``unhealthy``, and the faults file's critical
        XIDs and fatal AER errors.
        """
        self._raise_if_asked('check_health')
        faults = fake_telemetry.load_faults(
            self.conf.fake_driver.faults_file)
        found = {}
        for record in records:
            reasons = self._faulty(fake_telemetry.fault_of(faults, record))
            with self._lock:
                if record.address in self.unhealthy:
                    reasons.insert(0, self.unhealthy[record.address])
            if reasons:
                found[record.address] = health.unhealthy('; '.join(reasons))
        return found

    def _faulty(self, fault):
        opts = self.conf.device_health
        reasons = []
        if fault.get('xid') in opts.gpu_critical_xids:
            reasons.append('GPU XID %d (simulated)' % fault['xid'])
        fatal = int(fault.get('aer_fatal', 0))
        if opts.aer_fatal_errors and fatal >= opts.aer_fatal_errors:
            reasons.append('%d fatal AER errors (simulated)' % fatal)
        return reasons

    def read_telemetry(self, records, bound=()):
        """Simulated values (fake_telemetry), with the faults file's.

        :raises: RuntimeError (a ``read_error`` fault), CommandTimeout (a
            ``read_seconds`` fault over ``[telemetry] read_timeout``).
        """
        faults = fake_telemetry.load_faults(
            self.conf.fake_driver.faults_file)
        for record in records:
            self._read_faults(fake_telemetry.fault_of(faults, record))
        now = time.time()
        return {r.address: fake_telemetry.sample(
            self._kind_of(r.address), r, r.uuid in bound, now,
            fake_telemetry.fault_of(faults, r)) for r in records}

    def _read_faults(self, fault):
        if 'read_seconds' in fault:
            timeout = self.conf.telemetry.read_timeout
            time.sleep(min(float(fault['read_seconds']), timeout))
            if float(fault['read_seconds']) >= timeout:
                raise exception.CommandTimeout(command='fake-telemetry',
                                               timeout=timeout)
        if 'read_error' in fault:
            raise RuntimeError(str(fault['read_error']))

    def discover(self):
        # [fake_driver] discover_seconds: a slow discovery, for tests.
        time.sleep(self.conf.fake_driver.discover_seconds)
        self._raise_if_asked('discover')
        return self.simulated()

    def simulated(self):
        """What discover() finds, without its delay and failures."""
        # One bus a device, from FIRST_BUS on, in the order of TYPES.
        devices = [(kind, n) for kind in TYPES
                   for n in range(self.counts[kind])]
        return [getattr(self, '_' + kind)(FIRST_BUS + i, n)
                for i, (kind, n) in enumerate(devices)]

    def deployable_name(self, suffix):
        """Sanitised, as upstream's fake driver names its device."""
        return base.sanitize_name(super().deployable_name(suffix))

    def _whole(self, bus, name, resource_class,
               traits=(cyborg_traits.OWNER_CYBORG,)):
        return self.deployable('FakeDevice_' + name, resource_class,
                               [FAKE_TRAIT, *traits],
                               self._handles(bus, 1, start=0))

    def _handles(self, bus, count, start=1, **extra):
        return [base.pci_attach_handle(_address(bus, i),
                                       attach_type=fields.AttachType.TEST_PCI,
                                       **extra)
                for i in range(start, start + count)]

    def _record(self, bus, device_type, product, deployables,
                capability=None, configuration=None):
        return self.hardware(
            _address(bus, 0), FAKE_VENDOR, product, device_type, deployables,
            capability or {}, {'device_id': '0xabcd', 'class': 'Fake class'},
            {'simulated': 'true'}, configuration,
            state=hardware.STATE_READY)

    def _fpga(self, bus, n):
        # The first one is the existing fake driver's device, name included.
        suffix = 'FakeDevice' if n == 0 else 'FakeDevice_fpga%d' % n
        traits = [FAKE_TRAIT]
        function = self.functions.get(_address(bus, 0))
        traits.extend(self.function_traits([function]))
        deployable = self.deployable(
            suffix, 'FPGA', traits, self._handles(bus, _FPGA_ACCELERATORS))
        return self._record(bus, fields.DeviceType.FPGA, '0xabcd',
                            [deployable])

    def _state(self, address, kind):
        with self._lock:
            return dict(_DEFAULTS[kind], **self.configured.get(address, {}))

    @staticmethod
    def _configuration(kind, state):
        if kind == 'qat':
            num_vfs = state[device_config.NUM_VFS]
            return {'settable': sriov.settable(_QAT_TOTAL_VFS,
                                               [FAKE_QAT_VF_DRIVER]),
                    'actual': {device_config.NUM_VFS: num_vfs,
                               device_config.VF_DRIVER:
                               state[device_config.VF_DRIVER] if num_vfs
                               else None}}
        # As nvidia-smi would tell of it (cyborg.drivers.gpu.mig).
        layout = state[device_config.MIG_LAYOUT]
        enabled = state[device_config.MODE] == device_config.MODE_MIG
        mig_gpu = mig.MigGpu(0, True, enabled, [
            mig.GpuInstance(i, profile, None, None) for i, profile in
            enumerate(layout.split(',') if enabled and layout else [])])
        return gpu_config.configuration(
            FAKE_MIG_GPU, mig_gpu, [FAKE_VGPU_TYPE],
            state[device_config.VGPU_TYPE])

    def _qat(self, bus, n):
        state = self._state(_address(bus, 0), 'qat')
        traits = [FAKE_TRAIT, 'CUSTOM_QAT'] + [
            'CUSTOM_QAT_%s' % s.upper() for s in _QAT_SERVICES]
        num_vfs = state[device_config.NUM_VFS]
        if num_vfs:
            deployables = [
                self.deployable('FakeDevice_qat%d_vf%d' % (n, i),
                                'CUSTOM_QAT', traits, [handle])
                for i, handle in enumerate(self._handles(bus, num_vfs))]
        else:
            # As the crypto driver: with no VF enabled, the PF is offered.
            deployables = [self.deployable(
                'FakeDevice_qat%d' % n, 'CUSTOM_QAT', traits,
                self._handles(bus, 1, start=0))]
        return self._record(bus, fields.DeviceType.QAT, '0x0b40',
                            deployables, {'services': list(_QAT_SERVICES)},
                            self._configuration('qat', state))

    def _gpu(self, bus, n):
        state = self._state(_address(bus, 0), 'gpu')
        layout = state[device_config.MIG_LAYOUT]
        if state[device_config.MODE] == device_config.MODE_MIG:
            profiles = layout.split(',') if layout else []
            handles = self._handles(bus, len(profiles))
            deployables = [
                self.deployable('FakeDevice_gpu%d_mig%d' % (n, i),
                                mig.resource_class(profile),
                                [FAKE_TRAIT, cyborg_traits.OWNER_CYBORG,
                                 mig.profile_trait(profile)], [handle])
                for i, (profile, handle) in enumerate(zip(profiles,
                                                          handles))]
        elif state[device_config.MODE] == device_config.MODE_VGPU:
            deployables = [self.deployable(
                'FakeDevice_gpu%d_vgpu' % n, 'VGPU',
                [FAKE_TRAIT, cyborg_traits.OWNER_CYBORG],
                self._mdev_handles(bus, state[device_config.VGPU_TYPE]))]
        else:
            deployables = [self._whole(bus, 'gpu%d' % n, 'PGPU')]
        return self._record(bus, fields.DeviceType.GPU, '0x0302',
                            deployables,
                            configuration=self._configuration('gpu', state))

    @staticmethod
    def _mdev_handles(bus, vgpu_type):
        return [base.pci_attach_handle(_address(bus, 0),
                                       attach_type=fields.AttachType.MDEV,
                                       asked_type=vgpu_type,
                                       vgpu_mark='%s_%d' % (vgpu_type, i))
                for i in range(_VGPUS)]

    def _vgpu(self, bus, n):
        deployable = self.deployable(
            'FakeDevice_vgpu%d' % n, 'VGPU',
            [FAKE_TRAIT, cyborg_traits.OWNER_CYBORG],
            self._mdev_handles(bus, FAKE_VGPU_TYPE))
        return self._record(bus, fields.DeviceType.GPU, '0x0303',
                            [deployable], {'mdev_types': [FAKE_VGPU_TYPE]})

    def _nic(self, bus, n):
        # As the intel_nic driver reports an SR-IOV NIC: one CUSTOM_NIC
        # per VF, its physical network in every handle.
        traits = [FAKE_TRAIT, 'CUSTOM_VF',
                  'CUSTOM_PHYSNET_' + FAKE_PHYSNET.upper(),
                  'CUSTOM_' + FAKE_PHYSNET.upper()]
        handles = self._handles(bus, _NIC_VFS, physical_network=FAKE_PHYSNET)
        deployables = [
            self.deployable('FakeDevice_nic%d_vf%d' % (n, i), 'CUSTOM_NIC',
                            traits, [handle])
            for i, handle in enumerate(handles)]
        return self._record(bus, fields.DeviceType.NIC, '0x0200',
                            deployables,
                            {'physical_network': FAKE_PHYSNET})

    def _ssd(self, bus, n):
        return self._record(bus, fields.DeviceType.SSD, '0x0108', [
            self._whole(bus, 'ssd%d' % n, 'CUSTOM_SSD', ())])

    def _npu(self, bus, n):
        return self._record(bus, fields.DeviceType.AICHIP, '0x1200', [
            self._whole(bus, 'npu%d' % n, 'CUSTOM_NPU')])

    def _nvme(self, bus, n):
        # As the nvme driver reports a controller passed through whole.
        return self._record(bus, fields.DeviceType.NVME, '0x0108',
                            [self._whole(bus, 'nvme%d' % n,
                                         nvme.RESOURCE_CLASS)],
                            {'clear_action': 'auto', 'clear_strategy': 'auto',
                             'controller': 'nvme%d' % n,
                             'namespaces': ['nvme%dn1' % n]})

    def _kind_of(self, address):
        """The simulated type at the control-path *address*, or None."""
        bus = int(address.split(':')[1], 16) - FIRST_BUS
        for kind in TYPES:
            if 0 <= bus < self.counts[kind]:
                return kind if address.endswith('00.0') else None
            bus -= self.counts[kind]
        return None

    def program(self, address, image_path):
        """Program a simulated FPGA: its function the image's digest."""
        if self._kind_of(address) != 'fpga':
            raise self.not_found(address)
        with open(image_path, 'rb') as f:
            content = f.read()
        function = hashlib.sha256(content).hexdigest()[:32]
        time.sleep(self.conf.fake_driver.program_seconds)
        if content.startswith(FAIL_PROGRAM_MARKER):
            raise exception.CommandFailed(
                command='fake-program %s' % address, exit_code=1,
                stderr='the image asks the fake driver to fail')
        with self._lock:
            self.functions[address] = function
        return {'address': address, 'function_id': function,
                'function_traits': self.function_traits([function])}

    def configure(self, address, desired):
        """Configure a simulated QAT or GPU; a failure changes nothing.

        :raises: DriverDeviceNotFound, DeviceConfigInvalid,
            DeviceConfigFailed (a QAT's count other than 0 and 16 under
            ``[fake_driver] qat_all_vfs``), CommandFailed (asked by
            ``config_failures``, or the faults file's
            ``configure_error`` of the device), RuntimeError
            (``raise_in``).  The faults file's ``configure_seconds`` of
            the device makes it take that long.
        """
        self._raise_if_asked('configure')
        kind = self._kind_of(address)
        if kind not in ('qat', 'gpu'):
            raise self.not_found(address)
        before = self._state(address, kind)
        uuid = self.device_uuid(address)
        reason = device_config.check(self._configuration(kind, before),
                                     desired)
        if reason is not None:
            raise exception.DeviceConfigInvalid(uuid=uuid, reason=reason)
        count = desired.get(device_config.NUM_VFS)
        if (kind == 'qat' and self.conf.fake_driver.qat_all_vfs and
                count not in (None, 0, _QAT_TOTAL_VFS)):
            # What sriov.configure() finds after the kernel's QAT driver
            # enabled every VF.
            raise sriov.all_or_none(uuid, count, address, FAKE_QAT_PF_DRIVER,
                                    _QAT_TOTAL_VFS)
        state = dict(before, **desired)
        if kind == 'gpu':
            # What the other modes have goes with them.
            for field, mode in ((device_config.MIG_LAYOUT,
                                 device_config.MODE_MIG),
                                (device_config.VGPU_TYPE,
                                 device_config.MODE_VGPU)):
                if state[device_config.MODE] != mode:
                    state[field] = None
        fault = self._fault(address)
        # A change that takes long: an agent can be stopped during it.
        time.sleep(min(float(fault.get('configure_seconds', 0)),
                       fake_conf.MAX_SECONDS))
        with self._lock:
            failure = self.config_failures.pop(address, None)
            if failure is None:
                failure = fault.get('configure_error')
            if failure is not None:
                raise exception.CommandFailed(
                    command='fake-configure %s' % address, exit_code=1,
                    stderr=failure)
            self.configured[address] = state
        return {'reboot_required': False}

    def _fault(self, address):
        faults = fake_telemetry.load_faults(self.conf.fake_driver.faults_file)
        return faults.get(address) or faults.get(
            self.device_uuid(address)) or {}

    def device_clean_steps(self, record):
        """A simulated function reset (cleaning is off for the fake
        driver's devices unless a device class asks).
        """
        return [cleaning.CleanStep(
            'function_reset', 'a simulated function reset of each '
            'function offered, taking the faults file\'s clean_seconds, '
            'failing with its clean_error', 'the fake driver (simulated)',
            scope=common_cleaning.UNIT, abortable=True)]

    def clean_step(self, address, name, timeout, unit=None, abort=None):
        """The simulated function reset of *address* (or of its function
        *unit*); aborted when *abort* is set.

        :raises: UnsupportedOperation (another step), CommandTimeout
            (``clean_seconds`` over *timeout*), DeviceCleanFailed
            (``clean_error``, or aborted).
        """
        if name != 'function_reset':
            return super().clean_step(address, name, timeout, unit, abort)
        fault = self._fault(address)
        seconds = min(float(fault.get('clean_seconds', 0)),
                      fake_conf.MAX_SECONDS)
        abort = abort or threading.Event()
        if abort.wait(min(seconds, timeout)):
            raise exception.DeviceCleanFailed(step=name, address=address,
                                              reason='aborted')
        if seconds > timeout:
            raise exception.CommandTimeout(
                command='fake clean of %s' % address, timeout=timeout)
        if fault.get('clean_error'):
            raise exception.DeviceCleanFailed(step=name, address=address,
                                              reason=fault['clean_error'])
        return 'reset (simulated) of %s' % (unit or address)

    def prepare_attach(self, attach_handle, mdev_uuid):
        if attach_handle['attach_type'] != fields.AttachType.MDEV:
            return {}
        with self._lock:
            self.mdevs[mdev_uuid] = attach_handle['attach_info']
        return {'mdev_uuid': mdev_uuid}

    def release_attach(self, attach_handle, mdev_uuid):
        with self._lock:
            self.mdevs.pop(mdev_uuid, None)
