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
"""Options of the [gpu_devices] group (the gpu driver)."""

from oslo_config import cfg

from cyborg.conf import _group
from cyborg.i18n import _

gpu_opts = [
    cfg.ListOpt(
        'enabled_vgpu_types',
        default=[],
        help=_("""
Virtual GPU types the gpu driver offers: mediated device type ids
(``nvidia-222``) or, for NVIDIA vGPU 17 and later's VFIO mode, the id or
name of a type in a VF's ``nvidia/creatable_vgpu_types`` (``692``).  A GPU
that offers one is reported as VGPU inventory, never as a PGPU.  A group
``[vgpu_<type>]`` may limit a type to some GPUs with
``device_addresses``.  Empty: each NVIDIA GPU without enabled VFs is a
PGPU.
""")),
    cfg.BoolOpt(
        'filter_sriov_vfs',
        default=False,
        deprecated_for_removal=True,
        deprecated_reason=_(
            'Ignored.  The gpu driver never reports an SR-IOV virtual '
            'function of a GPU as a GPU of its own: a virtual function '
            'is reported only through the vGPU type configured for it.'),
        help=_("""
Accepted for configuration files of the existing OpenStack Cyborg, and
ignored.
""")),
]

vgpu_opts = [
    cfg.ListOpt(
        'device_addresses',
        default=[],
        help=_("""
PCI addresses of the GPUs (physical functions) that offer this vGPU type
(``0000:af:00.0``); empty: every GPU that supports it.
""")),
]


def vgpu_group_name(vgpu_type):
    return 'vgpu_%s' % vgpu_type


def register_vgpu_opts(conf):
    """Register ``[vgpu_<type>]`` of each enabled type (once parsed)."""
    for vgpu_type in conf.gpu_devices.enabled_vgpu_types:
        group = vgpu_group_name(vgpu_type)
        if group not in conf:
            conf.register_opts(vgpu_opts, group=group)


gpu_group, register_opts, list_opts = _group.define(
    gpu_opts, 'gpu_devices', 'GPU driver options',
    _('How the gpu driver splits NVIDIA GPUs into virtual GPUs.'))
