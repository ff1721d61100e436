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
"""The gpu driver's clean steps, by the GPU's mode (their sources in
STEPS): ``function_reset`` (a whole GPU), ``gpu_instances`` (MIG: each
destroyed and the same made again), ``vgpu_devices`` (vGPU: the mdevs
removed, the VFs' vGPU types cleared) and always ``verify``
(clean_check, until the GPU is back).
"""

import time

from cyborg import exception
from cyborg.common import device_config
from cyborg.drivers import clean as cleaning
from cyborg.drivers import command
from cyborg.drivers import sriov
from cyborg.drivers.gpu import clean_check
from cyborg.drivers.gpu import mig
from cyborg.drivers.gpu import mig_config

GPU_INSTANCES = 'gpu_instances'
VGPU_DEVICES = 'vgpu_devices'
VERIFY = 'verify'

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
        VERIFY, 'no process, no memory in use, no uncorrectable ECC error '
        'nor pending memory repair (nvidia-smi)',
        'nvidia-smi(1): --query-compute-apps, --query-gpu'),
}

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
        own = [cleaning.reset_step('the GPU')]
    else:
        own = []
    return own + [STEPS[VERIFY]]


def run(name, pf, timeout):
    """Run the step *name* on the GPU *pf*; returns its detail."""
    if name == cleaning.FUNCTION_RESET:
        return cleaning.reset(pf)
    if name == GPU_INSTANCES:
        return _gpu_instances(pf.address)
    if name == VGPU_DEVICES:
        return _vgpu_devices(pf, min(timeout, SYSFS_SECONDS))
    if name == VERIFY:
        return verify(pf.address, min(timeout, VERIFY_SECONDS))
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


def verify(address, timeout):
    """Read the GPU at *address* (clean_check) until it is back."""
    deadline = time.monotonic() + timeout
    while True:
        left = max(1.0, deadline - time.monotonic())
        state, problems = clean_check.judge(address, *[
            command.run(argv, timeout=min(left, mig.TIMEOUT))
            for argv in (clean_check.PROCESSES_ARGV,
                         clean_check.STATE_ARGV)])
        if not problems:
            return ('no process; %s of %s MiB in use; no uncorrectable ECC '
                    'error nor pending memory repair'
                    % (state['memory.used'], state['memory.total']))
        if time.monotonic() + POLL_SECONDS > deadline:
            raise cleaning.failed(VERIFY, address, '; '.join(problems))
        time.sleep(POLL_SECONDS)
