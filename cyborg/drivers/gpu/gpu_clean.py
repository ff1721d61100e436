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
"""The gpu driver's clean steps, by the GPU's mode (steps()): those of
STEPS (what each does and its source there), the optional SCRUB where the
host's nvidia driver owns a whole GPU, and VFIO_VERIFY in place of
``verify`` where vfio-pci owns it (nvidia-smi cannot see it).
"""

import json
import time

from cyborg import exception
from cyborg.common import cleaning as common_cleaning
from cyborg.common import device_config
from cyborg.drivers import clean as cleaning
from cyborg.drivers import command
from cyborg.drivers import pci
from cyborg.drivers import sriov
from cyborg.drivers.gpu import clean_check
from cyborg.drivers.gpu import memory_scrub
from cyborg.drivers.gpu import mig
from cyborg.drivers.gpu import mig_config

GPU_INSTANCES = 'gpu_instances'
VGPU_DEVICES = 'vgpu_devices'
VERIFY = 'verify'
#: The kernel drivers verify() can read a GPU through.
NVIDIA_DRIVER = 'nvidia'
VFIO_DRIVER = 'vfio-pci'

STEPS = {
    GPU_INSTANCES: cleaning.CleanStep(
        GPU_INSTANCES, 'its GPU instances destroyed and made again, each '
        'read back with nvidia-smi mig -lgi',
        'NVIDIA Multi-Instance GPU User Guide: "Destroying GPU Instances", '
        '"Creating GPU Instances"'),
    VGPU_DEVICES: cleaning.CleanStep(
        VGPU_DEVICES, 'mediated devices left removed and VF vGPU types '
        'cleared, read back from sysfs',
        'Linux, Documentation/driver-api/vfio-mediated-device.rst '
        '(remove); NVIDIA Virtual GPU Software User Guide '
        '(nvidia/current_vgpu_type)'),
    VERIFY: cleaning.CleanStep(
        VERIFY, 'the host\'s nvidia driver owns it: no process, no memory '
        'in use, no uncorrectable ECC error nor pending memory repair '
        '(nvidia-smi)',
        'nvidia-smi(1): --query-compute-apps, --query-gpu',
        priority=cleaning.VERIFY_PRIORITY),
}
SCRUB_MEMORY = 'scrub_memory'
#: Offered, never run by default (it takes the GPU's whole free memory
#: for a while): a class names it.
SCRUB = cleaning.CleanStep(
    SCRUB_MEMORY, 'the host\'s nvidia driver owns it: its free device '
    'memory, which a function-level reset does not clear, written with a '
    'pattern and read back (CUDA driver API)',
    'CUDA Driver API reference: cuMemGetInfo, cuMemAlloc, cuMemsetD32, '
    'cuMemcpyDtoH (cyborg/drivers/gpu/memory_scrub.py)', default=False,
    priority=30)
#: MiB of the free memory a scrub may leave unwritten (what cuMemAlloc's
#: granularity leaves): not measured yet, tools/gpu-memory-scrub.py on a
#: lent GPU says how much is left.
SCRUB_SLACK_MIB = 256
#: ``verify`` of a GPU bound to vfio-pci, which nvidia-smi cannot see.
VFIO_VERIFY = cleaning.CleanStep(
    VERIFY, 'bound to vfio-pci, read from sysfs (not nvidia-smi, which '
    'cannot see it): still bound to vfio-pci, present with its vendor and '
    'device ids, no mediated device, its PCIe link up',
    'Linux, Documentation/ABI/testing/sysfs-bus-pci (vendor, device, '
    'current_link_speed, current_link_width), '
    'Documentation/driver-api/vfio-mediated-device.rst (devices)',
    priority=cleaning.VERIFY_PRIORITY)

#: Seconds the verification waits for a GPU to be back (processes end),
#: and sysfs to show a mediated device removed.
VERIFY_SECONDS = 30.0
SYSFS_SECONDS = 5.0
POLL_SECONDS = 1.0


def steps(record, pf):
    mode = (record.acc_specs.acc_capability or {}).get('mode')
    if mode == 'mig':
        own = [STEPS[GPU_INSTANCES]]
    elif mode == 'vgpu':
        own = [STEPS[VGPU_DEVICES]]
    elif pf is not None and cleaning.can_reset(pf):
        own = [cleaning.reset_step('the GPU', common_cleaning.DEVICE)]
    else:
        own = []
    driver = pf.driver if pf is not None else None
    if mode == 'pgpu' and driver == NVIDIA_DRIVER:
        own.append(SCRUB)
    return own + [VFIO_VERIFY if driver == VFIO_DRIVER else STEPS[VERIFY]]


def run(name, pf, timeout, ids=None):
    """Run the step *name* on the GPU *pf*; returns its detail.

    :param ids: ``(vendor id, device id)`` *pf* had when discovered.
    """
    if name == cleaning.FUNCTION_RESET:
        return cleaning.reset(pf)
    if name == GPU_INSTANCES:
        return _gpu_instances(pf.address)
    if name == VGPU_DEVICES:
        return _vgpu_devices(pf, min(timeout, SYSFS_SECONDS))
    if name == VERIFY:
        return verify(pf, min(timeout, VERIFY_SECONDS), ids)
    if name == SCRUB_MEMORY:
        return scrub_memory(pf, timeout)
    raise exception.UnsupportedOperation(driver='gpu',
                                         operation='clean step %s' % name)


def _instances(address):
    gpu = mig.gpus().get(address)
    if gpu is None or not gpu.enabled:
        raise cleaning.failed(GPU_INSTANCES, address,
                              'nvidia-smi lists it not in MIG mode')
    return gpu, device_config.mig_layout(gi.profile for gi in gpu.instances)


def _gpu_instances(address):
    gpu, layout = _instances(address)
    mig_config.destroy_instances(gpu)
    gpu, left = _instances(address)
    if left:
        raise cleaning.failed(GPU_INSTANCES, address, 'GPU instances %s '
                              'left after they were destroyed' % left)
    if layout:
        mig_config.carve(gpu, layout)
    made = _instances(address)[1]
    if made != layout:
        raise cleaning.failed(GPU_INSTANCES, address, 'GPU instances %s '
                              'made again, not %s' % (made or 'none',
                                                      layout))
    return 'GPU instances %s destroyed and made again' % (layout or 'none')


def _held(units):
    held = ['%s %s' % (unit.address, mdev) for unit in units
            for mdev_type in unit.mdev_types()
            for mdev in mdev_type['devices']]
    return held + ['%s vGPU type %s' % (unit.address, unit.read(
        'nvidia/current_vgpu_type')) for unit in units
        if unit.read('nvidia/current_vgpu_type', '0') != '0']


def _vgpu_devices(pf, timeout):
    pf = pf.uncached()
    units = [pf] + pf.virtfn_devices()
    for unit in units:
        for mdev_type in unit.mdev_types():
            for mdev in mdev_type['devices']:
                unit.write('%s/remove' % mdev, '1')
        if unit.read('nvidia/current_vgpu_type', '0') != '0':
            unit.write('nvidia/current_vgpu_type', '0')
    sriov.wait(lambda: not _held(units), timeout)
    left = _held(units)
    if left:
        raise cleaning.failed(VGPU_DEVICES, pf.address,
                              'still there: %s' % ', '.join(left))
    return 'no mediated device nor vGPU type left on %d functions' % len(
        units)


def verify(pf, timeout, ids):
    """Read the GPU *pf* until it is back, through the kernel driver that
    owns it (READERS); any other driver fails.
    """
    read = READERS.get(pf.driver)
    if read is None:
        raise cleaning.failed(VERIFY, pf.address, 'bound to %s: only the '
                              'nvidia driver (nvidia-smi) or vfio-pci '
                              '(sysfs) can tell it is back'
                              % (pf.driver or 'no driver'))
    if read is _sysfs and not ids:
        raise cleaning.failed(VERIFY, pf.address, 'not discovered since the '
                              'agent started: the ids to read back are not '
                              'known')
    deadline = time.monotonic() + timeout
    while True:
        detail, problems = read(pf, ids, max(1.0,
                                             deadline - time.monotonic()))
        if not problems:
            return detail
        if time.monotonic() + POLL_SECONDS > deadline:
            raise cleaning.failed(VERIFY, pf.address, '; '.join(problems))
        time.sleep(POLL_SECONDS)


def _nvidia_smi(pf, ids, left):
    """(detail, problems) of clean_check's queries."""
    state, problems = clean_check.judge(pf.address, *[
        command.run(argv, timeout=min(left, mig.TIMEOUT))
        for argv in (clean_check.PROCESSES_ARGV, clean_check.STATE_ARGV)])
    return ('no process; %s of %s MiB in use; no uncorrectable ECC error '
            'nor pending memory repair' % (state.get('memory.used'),
                                           state.get('memory.total')),
            problems)


def vfio_problems(dev, ids):
    """What keeps the GPU *dev*, bound to vfio-pci, from being back, read
    from sysfs: still bound to vfio-pci, present with *ids* (vendor,
    device), no mediated device on it or its VFs, its PCIe link up
    (``current_link_speed`` and ``current_link_width`` readable, neither
    ``Unknown`` nor 0).
    """
    if not dev.present:
        return ['its PCI function is gone']
    problems = []
    if dev.driver != VFIO_DRIVER:
        problems.append('bound to %s, not vfio-pci'
                        % (dev.driver or 'no driver'))
    found = (dev.vendor_id, dev.product_id)
    if dev.config_all_ones or found != tuple(ids):
        problems.append('reads %s:%s, not %s:%s' % (found + tuple(ids)))
    left = _held([dev] + dev.virtfn_devices())
    if left:
        problems.append('mediated devices left: %s' % ', '.join(left))
    speed, width = _link(dev)
    if not (pci.parse_speed(speed) and (width or '').isdigit() and
            int(width)):
        problems.append('its PCIe link is not up (current_link_speed %s, '
                        'current_link_width %s)' % (speed or 'unreadable',
                                                    width or 'unreadable'))
    return problems


def _link(dev):
    return dev.read('current_link_speed'), dev.read('current_link_width')


def _sysfs(pf, ids, left):
    """(detail, problems) of vfio_problems() on *pf* read anew."""
    dev = pf.uncached()
    return ('bound to vfio-pci, reads %s:%s, no mediated device, PCIe link '
            '%s x%s (sysfs: nvidia-smi cannot see a GPU bound to vfio-pci)'
            % ((dev.vendor_id, dev.product_id) + _link(dev)),
            vfio_problems(dev, ids))


#: How verify() reads a GPU, by the kernel driver bound to it.
READERS = {NVIDIA_DRIVER: _nvidia_smi, VFIO_DRIVER: _sysfs}


def scrub_memory(pf, timeout):
    """SCRUB on the GPU *pf*, through the privileged helper."""
    if pf.driver != NVIDIA_DRIVER:
        raise cleaning.failed(SCRUB_MEMORY, pf.address, 'bound to %s: only '
                              'the host\'s nvidia driver (CUDA) can write '
                              'its memory' % (pf.driver or 'no driver'))
    return scrubbed(pf.address,
                    command.run_gpu_memory_scrub(pf.address, timeout))


def scrubbed(address, result):
    """The detail of memory_scrub's *result* (``{returncode, stdout,
    stderr}``), else DeviceCleanFailed.
    """
    try:
        found = json.loads(result['stdout'])
    except ValueError:
        raise cleaning.failed(SCRUB_MEMORY, address, 'exit status %s: %s' % (
            result['returncode'], result['stderr'].strip()[-500:]))
    if 'error' in found:
        raise cleaning.failed(SCRUB_MEMORY, address, 'CUDA cannot be used: '
                              '%s' % found['error'])
    mismatches = found['mismatches']
    if mismatches:
        raise cleaning.failed(
            SCRUB_MEMORY, address, 'its memory does not read back the '
            'pattern %s written: %d%s regions differ, the first at byte %d '
            '(read 0x%s)' % (found['pattern'], len(mismatches),
                             '+' if len(mismatches) >=
                             memory_scrub.MISMATCHES_KEPT else '',
                             mismatches[0]['offset'], mismatches[0]['read']))
    mib = {key: found[key] >> 20 for key in ('total', 'free', 'written')}
    if mib['free'] - mib['written'] > SCRUB_SLACK_MIB:
        raise cleaning.failed(SCRUB_MEMORY, address, 'only %(written)d of '
                              '%(free)d MiB free could be written' % mib)
    return ('%(written)d of %(free)d MiB free written with %(pattern)s and '
            'read back; %(held)d of %(total)d MiB held by the driver and '
            'the scrub\'s own context not written'
            % dict(mib, pattern=found['pattern'],
                   held=mib['total'] - mib['free']))
