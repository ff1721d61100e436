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
"""An NVIDIA GPU's configuration in its record (device_config): ``mode``
(``passthrough``, ``vgpu`` or ``mig``), ``vgpu_type`` (the time-sliced
type offered) and ``mig_layout`` (largest first).
"""

from cyborg.common import device_config
from cyborg.drivers.gpu import mig_config


def configuration(product_id, mig_gpu, vgpu_types, vgpu_type):
    """The configuration of a GPU's record.

    :param mig_gpu: a mig.MigGpu, or None.
    :param vgpu_types: ids of the time-sliced vGPU types it lists.
    :param vgpu_type: the vGPU type it offers (not in MIG mode), or None.
    """
    types = set(vgpu_types) | ({vgpu_type} - {None})
    modes = [device_config.MODE_PASSTHROUGH]
    settable, limits = {}, {}
    if types:
        modes.append(device_config.MODE_VGPU)
        settable[device_config.VGPU_TYPE] = {'type': 'string',
                                             'enum': sorted(types)}
    if mig_gpu is not None and mig_gpu.capable:
        modes.append(device_config.MODE_MIG)
        settable[device_config.MIG_LAYOUT] = mig_config.layout_schema(
            product_id)
        fits = mig_config.limits(product_id)
        if fits is not None:
            limits[device_config.MIG_LAYOUT] = fits
    settable[device_config.MODE] = {'type': 'string', 'enum': modes}
    actual = {device_config.MODE: device_config.MODE_PASSTHROUGH,
              device_config.VGPU_TYPE: None,
              device_config.MIG_LAYOUT: None}
    if mig_gpu is not None and mig_gpu.enabled:
        actual[device_config.MODE] = device_config.MODE_MIG
        actual[device_config.MIG_LAYOUT] = device_config.mig_layout(
            gi.profile for gi in mig_gpu.instances)
    elif vgpu_type is not None:
        actual[device_config.MODE] = device_config.MODE_VGPU
        actual[device_config.VGPU_TYPE] = vgpu_type
    configuration = {'settable': settable, 'actual': actual}
    if limits:
        configuration['limits'] = limits
    return configuration

