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
"""The gpu driver: NVIDIA GPUs as ``PGPU``, ``VGPU`` or MIG instances.

The layouts (a ``PGPU``, a ``VGPU`` per configured type over mdevs or
vendor-specific VFIO VFs, a deployable per MIG GPU instance) are those of
doc/source/admin/drivers.rst; configure() (gpu_config, mig_config) those
of doc/source/admin/device-configuration.rst: ``vgpu_type`` is kept in
memory (the agent applies every configuration again at start).  Its clean
steps between two tenants are cyborg.drivers.gpu.gpu_clean's.
"""

from oslo_log import log as logging

from cyborg import exception
from cyborg.common import device_config
from cyborg.common import traits as cyborg_traits
from cyborg.conf import gpu as gpu_conf
from cyborg.drivers import base
from cyborg.drivers import pci
from cyborg.drivers import selector
from cyborg.drivers import sriov
from cyborg.drivers.gpu import facts as gpu_facts
from cyborg.drivers.gpu import gpu_clean
from cyborg.drivers.gpu import gpu_config
from cyborg.drivers.gpu import gpu_health
from cyborg.drivers.gpu import mig
from cyborg.drivers.gpu import mig_config
from cyborg.drivers.gpu import telemetry as gpu_telemetry
from cyborg.objects import fields

LOG = logging.getLogger(__name__)

NVIDIA = '10de'
DISPLAY_CLASS = '03'


def vgpu_trait_name(type_name):
    """``T4_1B`` from ``GRID T4-1B`` (the second word), as upstream."""
    words = type_name.split()
    word = words[1] if len(words) > 1 else (words[0] if words else 'VGPU')
    return selector.custom_name(word)


def is_gpu(dev):
    """Whether *dev* is an NVIDIA GPU (a display-class PF)."""
    return (dev.vendor_id == NVIDIA and not dev.is_vf and
            (dev.class_code or '').startswith(DISPLAY_CLASS))


def creatable_vgpu_types(dev):
    """{id: name} of a VF's ``nvidia/creatable_vgpu_types``."""
    lines = (line.partition(':') for line in (
        dev.read('nvidia/creatable_vgpu_types') or '').splitlines())
    return {type_id.strip(): name.strip() for type_id, sep, name in lines
            if sep and type_id.strip().isdigit()}


def _offered(by_type):
    """The first type with handles of _offers(), or None."""
    offered = [(order, type_id) for type_id, (_name, handles, order)
               in by_type.items() if handles]
    return min(offered)[1] if offered else None


class NvidiaGpuDriver(base.AcceleratorDriver):
    name = 'gpu'
    device_types = (fields.DeviceType.GPU,)
    config_options = {gpu_conf.gpu_group.name: gpu_conf.gpu_opts}

    @classmethod
    def driver_options(cls, group):
        """[gpu_devices], and the [vgpu_<type>] group of any type."""
        if group.startswith(gpu_conf.vgpu_group_name('')):
            return gpu_conf.vgpu_opts
        return super().driver_options(group)

    def __init__(self, conf, host, pci_host=None, kernel_log=None):
        super().__init__(conf, host, pci_host=pci_host)
        gpu_conf.register_vgpu_opts(conf)
        self.enabled_types = list(conf.gpu_devices.enabled_vgpu_types)
        self._carving = mig.CarvingReader()
        self._facts = gpu_facts.reader()
        self._telemetry = gpu_telemetry.TelemetryQuery()
        self._xids = gpu_health.XidReader(conf, read=kernel_log)
        # PF address -> the vGPU type configure() chose, or None.
        self._vgpu_choice = {}
        # PF address -> (vendor id, device id) when last discovered, which
        # the clean's verification reads back (kept while a GPU being
        # reset is missing from a discovery).
        self._ids = {}

    def _vgpu_deployables(self, pf, by_type):
        first = min((order for _n, _h, order in by_type.values()),
                    default=None)
        return [self.deployable(
            pf.address if order == first else
            '%s_%s' % (pf.address, type_id), 'VGPU',
            self._traits(pf, name), handles)
            for type_id, (name, handles, order) in sorted(by_type.items())
            if handles]

    def _configured(self, keys, pf_address):
        """The first configured type among *keys* (ids or names) that
        *pf_address* may offer, or None.
        """
        if pf_address in self._vgpu_choice:
            chosen = self._vgpu_choice[pf_address]
            return chosen if chosen in keys else None
        for vgpu_type in self.enabled_types:
            if vgpu_type not in keys:
                continue
            group = self.conf[gpu_conf.vgpu_group_name(vgpu_type)]
            if not group.device_addresses or (
                    pf_address in group.device_addresses):
                return vgpu_type
        return None

    def _order(self, vgpu_type):
        """Sort key: configure()'s choice, then enabled_vgpu_types."""
        if vgpu_type in self.enabled_types:
            return self.enabled_types.index(vgpu_type)
        return -1

    def discover(self):
        devices = pci.by_address(self.pci_host)
        gpus = [dev for _address, dev in sorted(devices.items())
                if is_gpu(dev)]
        # Only SR-IOV GPUs (Ampere+) or known MIG ones (a VM's passthrough
        # GPU shows no SR-IOV) have MIG: older hosts never run nvidia-smi.
        mig_gpus = (self._carving.read_gpus()
                    if any(gpu.sriov_totalvfs or
                           gpu.product_id in mig_config.GPUS
                           for gpu in gpus) else {})
        found = self._facts.read() if gpus else {}
        self._ids.update((gpu.address, (gpu.vendor_id, gpu.product_id))
                         for gpu in gpus)
        return [self._record(gpu, devices, mig_gpus.get(gpu.address),
                             found.get(gpu.address, {})) for gpu in gpus]

    def check_health(self, records):
        """The GPUs with a critical XID since the last check (ECC and
        pending repairs are telemetry's rules).
        """
        if not records:
            return {}
        xids = self._xids.read()
        found = {r.address: xids.get(gpu_health.gpu_slot(r.address))
                 for r in records}
        return {address: h for address, h in found.items() if h}

    def read_telemetry(self, records, bound=()):
        """One nvidia-smi query for every GPU."""
        if not records:
            return {}
        found = self._telemetry.read(
            self.conf.telemetry.read_timeout)
        return {r.address: found[r.address] for r in records
                if r.address in found}

    def _offers(self, pf, vfs):
        """``{type id: (name, handles, order)}`` of the configured vGPU
        types *pf* offers: vendor-specific VFIO, else classic mdev.
        """
        by_type = self._vendor_vfio_types(pf, vfs) if vfs else {}
        return by_type or self._mdev_types(pf, vfs or [pf])

    def _record(self, pf, devices, mig_gpu, board_info):
        vfs = sriov.vfs(pf, devices)
        if mig_gpu is not None and mig_gpu.enabled:
            return self._mig_record(pf, vfs, mig_gpu, board_info)
        by_type = self._offers(pf, vfs)
        deployables = self._vgpu_deployables(pf, by_type)
        if not deployables and not vfs:
            deployables.append(self.deployable(pf.address, 'PGPU',
                                               self._traits(pf)))
        if deployables:
            mode = deployables[0].resource_class.lower()
        else:
            mode = 'unconfigured'
            LOG.info('GPU %s has SR-IOV virtual functions but none offers '
                     'a vGPU type of [gpu_devices] enabled_vgpu_types; it '
                     'is not offered', pf.address)
        return self._gpu_record(
            pf, vfs, mig_gpu, board_info, deployables, _offered(by_type),
            mode=mode, mdev_types=[t['id'] for t in pf.mdev_types()])

    def _gpu_record(self, pf, vfs, mig_gpu, board_info, deployables,
                    offered, **capability):
        return self.record(
            pf, fields.DeviceType.GPU, deployables,
            acc_capability=dict(capability, sriov_numvfs=len(vfs)),
            vendor_board_info=board_info, setup_required=not deployables,
            configuration=gpu_config.configuration(
                pf.product_id, mig_gpu, self._vgpu_types(pf, vfs), offered))

    @staticmethod
    def _vgpu_types(pf, vfs):
        """Ids of the time-sliced vGPU types *pf* or its *vfs* list."""
        named = {}
        for unit in [pf] + list(vfs):
            named.update((t['id'], t['name']) for t in unit.mdev_types())
        for vf in vfs:
            named.update(creatable_vgpu_types(vf))
        return {type_id for type_id, name in named.items()
                if mig.vgpu_profile(name) is None}

    def _traits(self, pf, type_name=None):
        traits = [cyborg_traits.OWNER_CYBORG, 'CUSTOM_NVIDIA_%s' %
                  pf.product_id.upper()]
        if type_name is not None:
            traits.append('CUSTOM_NVIDIA_%s_%s' % (
                pf.product_id.upper(), vgpu_trait_name(type_name)))
        return traits

    def _mdev_types(self, pf, units):
        """Classic mdev handles of the configured types over *units*."""
        by_type = {}
        for unit in units:
            for mdev_type in unit.mdev_types():
                chosen = self._configured(
                    (mdev_type['id'], mdev_type['name']), pf.address)
                if chosen is None:
                    continue
                entry = by_type.setdefault(mdev_type['id'], (
                    mdev_type['name'], [], self._order(chosen)))
                count = (mdev_type['available_instances'] +
                         len(mdev_type['devices']))
                for _ in range(count):
                    mark = '%s_%d' % (mdev_type['id'], len(entry[1]))
                    entry[1].append(base.pci_attach_handle(
                        unit.address, attach_type=fields.AttachType.MDEV,
                        asked_type=mdev_type['id'], vgpu_mark=mark))
        return by_type

    def _vendor_vfio_types(self, pf, vfs):
        """vGPU 17+: each VF offering a configured type is one vGPU."""
        by_type = {}
        for vf in vfs:
            types = creatable_vgpu_types(vf)
            current = vf.read('nvidia/current_vgpu_type', '0')
            if current != '0':
                # Already set: only that type can be used on this VF.
                types = {current: types.get(current, current)}
            for type_id, name in sorted(types.items()):
                chosen = self._configured((type_id, name), pf.address)
                if chosen:
                    by_type.setdefault(type_id, (
                        name, [], self._order(chosen)))[1].append(
                        base.pci_attach_handle(vf.address,
                                               asked_type=type_id))
                    break
        return by_type

    def _mig_record(self, pf, vfs, mig_gpu, board_info):
        instances = mig_gpu.instances
        if not instances:
            LOG.warning('GPU %s is in MIG mode with no GPU instance: it '
                        'offers nothing until GPU instances are created '
                        '(nvidia-smi mig -cgi)', pf.address)
        elif not vfs:
            LOG.warning('GPU %s is in MIG mode without SR-IOV virtual '
                        'functions: its GPU instances cannot reach a guest '
                        '(enable them with sriov-manage -e)', pf.address)
        deployables = []
        for gi, vf in zip(instances, vfs):
            handle = self._mig_handle(vf, gi.profile)
            if handle is None:
                LOG.warning('GPU instance %(gi)s (%(profile)s) of GPU '
                            '%(gpu)s: virtual function %(vf)s offers no '
                            'vGPU type of its profile; not offered',
                            {'gi': gi.gi_id, 'profile': gi.profile,
                             'gpu': pf.address, 'vf': vf.address})
                continue
            # No trait of the vGPU type: the type a VF holds is known by
            # its id only, and the traits must not change with a bind.
            traits = self._traits(pf) + [mig.profile_trait(gi.profile)]
            deployables.append(self.deployable(
                '%s_gi%d' % (pf.address, gi.gi_id),
                mig.resource_class(gi.profile), traits, [handle]))
        return self._gpu_record(
            pf, vfs, mig_gpu, board_info, deployables, None, mode='mig',
            gpu_instances=['%d:%s:%s' % (gi.gi_id, gi.profile, gi.placement)
                           for gi in instances])

    def _mig_held(self, vf):
        """(type id, attach type) of the vGPU *vf* holds, or None."""
        current = vf.read('nvidia/current_vgpu_type', '0')
        if current != '0':
            return current, fields.AttachType.PCI
        for mdev_type in vf.mdev_types():
            if mdev_type['devices']:
                return mdev_type['id'], fields.AttachType.MDEV
        return None

    def _mig_offers(self, vf, profile):
        """``[(type id, attach type)]`` *vf* offers for *profile*."""
        offers = [(type_id, name, fields.AttachType.PCI)
                  for type_id, name in creatable_vgpu_types(vf).items()]
        offers += [(t['id'], t['name'], fields.AttachType.MDEV)
                   for t in vf.mdev_types() if t['available_instances']]
        offers = [o for o in offers if mig.vgpu_profile(o[1]) == profile]

        def rank(offer):
            order = [i for i, t in enumerate(self.enabled_types)
                     if t in offer[:2]]
            return (order[0] if order else len(self.enabled_types),
                    len(offer[0]), offer[0])

        return [(o[0], o[2]) for o in sorted(offers, key=rank)]

    def _mig_handle(self, vf, profile):
        """The handle of *vf* for *profile*, or None: the vGPU it holds,
        else the first of ``enabled_vgpu_types``, then the lowest id.
        """
        held = self._mig_held(vf)
        offers = [held] if held else self._mig_offers(vf, profile)
        if not offers:
            return None
        type_id, attach_type = offers[0]
        mark = ('%s_0' % type_id if attach_type == fields.AttachType.MDEV
                else None)
        return base.pci_attach_handle(vf.address, attach_type=attach_type,
                                      asked_type=type_id, vgpu_mark=mark)

    def configure(self, address, desired):
        """See the module docstring; reboot_required while a change of
        MIG mode waits for a GPU reset.
        """
        devices = pci.by_address(self.pci_host)
        pf = self.device_at(address, devices, is_gpu)
        mig_gpu = self._mig_gpu(pf)
        mode, vgpu_type, layout = self._wanted(pf, devices, mig_gpu,
                                               desired)
        if mode == device_config.MODE_MIG:
            mig_gpu = mig_config.set_mig_mode(address, mig_gpu, True)
            if not mig_gpu.enabled:
                return {'reboot_required': True}
            if layout is not None:
                mig_config.carve(mig_gpu, layout)
            self._virtual_functions(pf, True)
            return {'reboot_required': False}
        if mode == device_config.MODE_PASSTHROUGH:
            self._virtual_functions(pf, False)
        if mig_gpu is not None and mig_gpu.enabled:
            mig_gpu = mig_config.set_mig_mode(address, mig_gpu, False)
        if mode == device_config.MODE_VGPU:
            self._virtual_functions(pf, True)
        self._vgpu_choice[address] = vgpu_type
        return {'reboot_required': bool(mig_gpu and mig_gpu.enabled)}

    def device_clean_steps(self, record):
        return gpu_clean.steps(record, pci.by_address(self.pci_host).get(
            record.address))

    def clean_step(self, address, name, timeout, unit=None, abort=None):
        return gpu_clean.run(
            name, self.device_at(address, pci.by_address(self.pci_host),
                                 is_gpu),
            timeout, ids=self._ids.get(address))

    def _virtual_functions(self, pf, enabled):
        """Enable every VF of *pf* when it has none, or disable them."""
        if not pf.sriov_totalvfs:
            return
        if enabled == bool(pf.uncached().virtfn_devices()):
            return
        sriov.configure(pf, {device_config.NUM_VFS: pf.sriov_totalvfs
                             if enabled else 0},
                        self.device_uuid(pf.address),
                        timeout=self.sriov_timeout)

    def _mig_gpu(self, pf):
        """*pf*'s mig.MigGpu now, or None (no SR-IOV or no nvidia-smi)."""
        if not pf.sriov_totalvfs:
            return None
        try:
            return mig.gpus().get(pf.address)
        except exception.CommandNotFound:
            return None

    def _wanted(self, pf, devices, mig_gpu, desired):
        """``(mode, vgpu type, MIG layout)`` *desired* asks of *pf*; left
        out: the mode now, no layout, and in mode ``vgpu`` the type chosen
        before or offered now.
        """
        vfs = sriov.vfs(pf, devices)
        offered = (None if mig_gpu is not None and mig_gpu.enabled
                   else _offered(self._offers(pf, vfs)))
        configuration = gpu_config.configuration(
            pf.product_id, mig_gpu, self._vgpu_types(pf, vfs), offered)
        reason = device_config.check(configuration, desired)
        if reason is not None:
            raise exception.DeviceConfigInvalid(
                uuid=self.device_uuid(pf.address), reason=reason)
        mode = desired.get(device_config.MODE,
                           configuration['actual'][device_config.MODE])
        vgpu_type = desired.get(device_config.VGPU_TYPE)
        layout = desired.get(device_config.MIG_LAYOUT)
        if mode == device_config.MODE_VGPU and vgpu_type is None:
            vgpu_type = self._vgpu_choice.get(pf.address) or offered
        return mode, vgpu_type, layout

    def _device(self, attach_handle):
        info = attach_handle['attach_info']
        address = '%s:%s:%s.%s' % (info['domain'], info['bus'],
                                   info['device'], info['function'])
        return self.device_at(address, pci.by_address(self.pci_host)), info

    def prepare_attach(self, attach_handle, mdev_uuid):
        """Create the mdev or set the VF's vGPU type."""
        dev, info = self._device(attach_handle)
        if attach_handle['attach_type'] == fields.AttachType.MDEV:
            if not dev.exists(mdev_uuid):
                dev.write('mdev_supported_types/%s/create'
                          % info['asked_type'], mdev_uuid)
            return {'mdev_uuid': mdev_uuid}
        if info.get('asked_type'):
            dev.write('nvidia/current_vgpu_type', info['asked_type'])
            return {}
        return super().prepare_attach(attach_handle, mdev_uuid)

    def release_attach(self, attach_handle, mdev_uuid):
        """Remove the mdev (if it is there), or clear the VF's vGPU type."""
        dev, info = self._device(attach_handle)
        if attach_handle['attach_type'] == fields.AttachType.MDEV:
            if dev.exists(mdev_uuid):
                dev.write('%s/remove' % mdev_uuid, '1')
        elif info.get('asked_type'):
            dev.write('nvidia/current_vgpu_type', '0')
        else:
            super().release_attach(attach_handle, mdev_uuid)
