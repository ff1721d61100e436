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
"""Carving an NVIDIA GPU for MIG: its MIG mode and GPU instances, as its
desired configuration asks (cyborg.common.device_config, the gpu driver's
configure()).

For MIG-backed vGPUs, NVIDIA's vGPU documentation ("Configuring a GPU for
MIG-Backed vGPUs", NVIDIA vGPU for Compute / AI Enterprise) has the host
enable MIG mode on the GPU and create its GPU instances and their compute
instances; the MIG User Guide ("Getting Started with MIG") gives the
commands, all run here for one GPU (``-i <index>``) through the one
runner (cyborg.drivers.command), whose privileged helper allows these
argument lists only (cyborg.common.privsep_allowlists.ARG_PATTERNS):

* ``nvidia-smi -i <index> -mig 1`` (``0`` to turn it off): the mode
  changes at once, or stays pending until the GPU is reset, which the
  mode query then tells (``mig.mode.current`` unchanged): a reboot of the
  host completes it;
* ``nvidia-smi mig -i <index> -dci`` then ``-dgi``: destroy the compute
  instances, then the GPU instances (nvidia-smi exits with NOT_FOUND when
  there is none, which is fine);
* ``nvidia-smi mig -i <index> -cgi <profile>,<profile>... -C``: create
  the GPU instances, in the order given, each with its default compute
  instance.  The instances made before one that fails stay, as they are:
  the next configuration destroys them first.

A layout is given and reported largest first (cyborg.common.
device_config.mig_layout()), since the NVIDIA driver numbers instances by
placement: the conductor compares the desired layout with the one
discovery reads back, as strings.  For the GPUs whose profiles the MIG
User Guide lists ("Supported MIG Profiles"; the PCI device ids as
NVIDIA's mig-parted configuration names them), the record's schema names
the profiles and its ``limits`` (limits()) give their compute and memory
slices and the GPU's, which cyborg.common.device_config.check() judges a
layout with before it is stored; another GPU's layout is judged for its
form and order only, and nvidia-smi refuses what does not fit.
"""

import collections
import re

from cyborg import exception
from cyborg.common import device_config
from cyborg.drivers import command
from cyborg.drivers.gpu import mig

#: Seconds a change of the MIG mode or of the GPU instances may take (a
#: change of mode may reset the GPU).
TIMEOUT = 300

#: The MIG geometry of a GPU: its compute slices, its memory slices, the
#: GB of one memory slice (a profile's GB, rounded, name its slices) and
#: its GPU instance profiles.
MigSpec = collections.namedtuple(
    'MigSpec', ('slices', 'memory_slices', 'slice_gb', 'profiles'))

_GB80 = MigSpec(7, 8, 10, ('1g.10gb', '1g.10gb+me', '1g.20gb', '2g.20gb',
                           '3g.40gb', '4g.40gb', '7g.80gb'))
_GB40 = MigSpec(7, 8, 5, ('1g.5gb', '1g.5gb+me', '1g.10gb', '2g.10gb',
                          '3g.20gb', '4g.20gb', '7g.40gb'))
_A30 = MigSpec(4, 4, 6, ('1g.6gb', '1g.6gb+me', '2g.12gb', '2g.12gb+me',
                         '4g.24gb'))
# As an H200's nvidia-smi mig -lgip listed them (cyborg/tests/fixtures/
# data/h200): 141 GB in eight memory slices.
_H200 = MigSpec(7, 8, 141 / 8, ('1g.18gb', '1g.18gb+me', '1g.35gb',
                                '2g.35gb', '3g.71gb', '4g.71gb', '7g.141gb'))

#: The GPUs whose MIG profiles are known, by PCI device id: H200 141GB
#: (SXM), H100 80GB (SXM5, PCIe), H800 80GB, A100 80GB (SXM4, PCIe), A800
#: 80GB, A100 40GB (SXM4, PCIe), A800 40GB, A30.
GPUS = {
    '2335': _H200,
    '2330': _GB80, '2331': _GB80, '2322': _GB80, '20b2': _GB80,
    '20b5': _GB80, '20f3': _GB80, '20f5': _GB80,
    '20b0': _GB40, '20b1': _GB40, '20f1': _GB40, '20f6': _GB40,
    '20b7': _A30,
}

_PROFILE = r'\d+g\.\d+gb(\+me)?'
_DESCRIPTION = 'MIG profiles%s joined by commas, largest first'


def layout_schema(product_id):
    """The JSON schema of the ``mig_layout`` of a GPU.

    :param product_id: its PCI device id (``20b5``).
    :returns: a string schema whose pattern allows the GPU's profiles
        (any profile names for a GPU not in GPUS); their order is
        device_config.check()'s.
    """
    spec = GPUS.get(product_id)
    names = ('(%s)' % '|'.join(re.escape(p) for p in spec.profiles)
             if spec else _PROFILE)
    return {'type': 'string', 'pattern': '^%s(,%s)*$' % (names, names),
            'description': _DESCRIPTION % (
                ' of the GPU (%s)' % device_config.mig_layout(
                    spec.profiles).replace(',', ', ') if spec else '')}


def limits(product_id):
    """The record's ``limits.mig_layout`` of a GPU (cyborg.common.
    device_config): its compute and memory slices and its profiles'.

    :param product_id: its PCI device id.
    :returns: a dict, or None for a GPU not in GPUS.
    """
    spec = GPUS.get(product_id)
    if spec is None:
        return None
    profiles = {}
    for profile in spec.profiles:
        slices, memory, _media = device_config.mig_profile_size(profile)
        profiles[profile] = {'compute_slices': slices,
                             'memory_slices': round(memory / spec.slice_gb)}
    return {'compute_slices': spec.slices,
            'memory_slices': spec.memory_slices, 'profiles': profiles}


def _nvidia_smi(*args):
    return command.run(('nvidia-smi',) + args, timeout=TIMEOUT)


def destroy_instances(gpu):
    """Destroy the compute instances, then the GPU instances of *gpu*
    (a mig.MigGpu); none to destroy is fine.

    :raises: CommandFailed, CommandNotFound, CommandTimeout.
    """
    for option in ('-dci', '-dgi'):
        try:
            _nvidia_smi('mig', '-i', gpu.index, option)
        except exception.CommandFailed as exc:
            if exc.kwargs.get('exit_code') != mig.NOT_FOUND:
                raise


def set_mig_mode(address, gpu, enabled):
    """Turn MIG mode of *gpu* on or off (its GPU instances destroyed
    first when off); nothing when it already is.

    :param address: the GPU's PCI address.
    :param gpu: its mig.MigGpu.
    :param enabled: True for on.
    :raises: CommandFailed, CommandNotFound, CommandTimeout.
    :returns: the GPU as nvidia-smi tells afterwards (a mig.MigGpu); its
        ``enabled`` is not *enabled* while the change is pending (or
        *gpu* when nvidia-smi no longer lists the GPU, being reset).
    """
    if gpu.enabled == enabled:
        return gpu
    if gpu.instances:
        destroy_instances(gpu)
    _nvidia_smi('-i', gpu.index, '-mig', '1' if enabled else '0')
    after = mig.gpus().get(address)
    return gpu if after is None else after


def carve(gpu, layout):
    """Make the GPU instances of *gpu* (in MIG mode) those of *layout*,
    unless they are: the instances there are destroyed first.

    :param gpu: a mig.MigGpu.
    :param layout: as device_config.check() accepts it.
    :raises: CommandFailed, CommandNotFound, CommandTimeout.
    :returns: whether anything was changed.
    """
    if device_config.mig_layout(gi.profile for gi in gpu.instances) == \
            layout:
        return False
    if gpu.instances:
        destroy_instances(gpu)
    _nvidia_smi('mig', '-i', gpu.index, '-cgi', layout, '-C')
    return True
