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
"""Carving an NVIDIA GPU for MIG with the MIG User Guide's commands
(``-mig 1|0``, pending until a GPU reset; ``mig -dci``, ``-dgi``;
``mig -cgi <profile>,... -C``).  Layouts are compared as strings, largest
first; the GPUS of the guide's "Supported MIG Profiles" have their
profiles and limits, other GPUs' layouts are checked for form only.
"""

import collections
import re

from cyborg.common import device_config
from cyborg.drivers import command
from cyborg.drivers.gpu import mig

#: Seconds a change may take (a change of mode may reset the GPU).
TIMEOUT = 300

#: A GPU's compute and memory slices, the GB of one memory slice, and its
#: GPU instance profiles with how many instances of each it makes (the
#: "Instances Total" of ``nvidia-smi mig -lgip``).
MigSpec = collections.namedtuple(
    'MigSpec', ('slices', 'memory_slices', 'slice_gb', 'profiles'))

#: The GPU instances with the media extension (``+me``) a GPU makes: the
#: GPU's one optical flow accelerator goes to such an instance (NVIDIA:
#: one ``+me`` instance per GPU, whatever its profile).
MEDIA_EXTENSIONS = 1

_GB80 = MigSpec(7, 8, 10, {'1g.10gb': 7, '1g.10gb+me': 1, '1g.20gb': 4,
                           '2g.20gb': 3, '3g.40gb': 2, '4g.40gb': 1,
                           '7g.80gb': 1})
_GB40 = MigSpec(7, 8, 5, {'1g.5gb': 7, '1g.5gb+me': 1, '1g.10gb': 4,
                          '2g.10gb': 3, '3g.20gb': 2, '4g.20gb': 1,
                          '7g.40gb': 1})
_A30 = MigSpec(4, 4, 6, {'1g.6gb': 4, '1g.6gb+me': 1, '2g.12gb': 2,
                         '2g.12gb+me': 1, '4g.24gb': 1})
# As an H200's ``nvidia-smi mig -lgip`` listed them (tests' data/h200).
_H200 = MigSpec(7, 8, 141 / 8, {'1g.18gb': 7, '1g.18gb+me': 1,
                                '1g.35gb': 4, '2g.35gb': 3, '3g.71gb': 2,
                                '4g.71gb': 1, '7g.141gb': 1})

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
    """The JSON schema of the ``mig_layout`` of a GPU's PCI device id."""
    spec = GPUS.get(product_id)
    names = ('(%s)' % '|'.join(re.escape(p) for p in spec.profiles)
             if spec else _PROFILE)
    return {'type': 'string', 'pattern': '^%s(,%s)*$' % (names, names),
            'description': _DESCRIPTION % (
                ' of the GPU (%s)' % device_config.mig_layout(
                    spec.profiles).replace(',', ', ') if spec else '')}


def limits(product_id):
    """The record's ``limits.mig_layout`` of a GPU (None if not in GPUS).
    """
    spec = GPUS.get(product_id)
    if spec is None:
        return None
    profiles = {}
    for profile, instances in spec.profiles.items():
        slices, memory, _media = device_config.mig_profile_size(profile)
        profiles[profile] = {'compute_slices': slices,
                             'memory_slices': round(memory / spec.slice_gb),
                             'instances': instances}
    return {'compute_slices': spec.slices,
            'memory_slices': spec.memory_slices,
            'media_extensions': MEDIA_EXTENSIONS, 'profiles': profiles}


def _nvidia_smi(*args):
    return command.run(('nvidia-smi',) + args, timeout=TIMEOUT)


def destroy_instances(gpu):
    """Destroy the compute, then GPU instances of the mig.MigGpu *gpu*."""
    for option in ('-dci', '-dgi'):
        mig.run(('nvidia-smi', 'mig', '-i', gpu.index, option), TIMEOUT)


def set_mig_mode(address, gpu, enabled):
    """Turn MIG mode of the mig.MigGpu at *address* on or off; returns
    it afterwards (*gpu* while nvidia-smi does not list it, resetting).
    """
    if gpu.enabled == enabled:
        return gpu
    if gpu.instances:
        destroy_instances(gpu)
    _nvidia_smi('-i', gpu.index, '-mig', '1' if enabled else '0')
    after = mig.gpus().get(address)
    return gpu if after is None else after


def carve(gpu, layout):
    """Make *gpu*'s GPU instances those of *layout*; whether it changed.
    """
    if device_config.mig_layout(gi.profile for gi in gpu.instances) == \
            layout:
        return False
    if gpu.instances:
        destroy_instances(gpu)
    _nvidia_smi('mig', '-i', gpu.index, '-cgi', layout, '-C')
    return True
