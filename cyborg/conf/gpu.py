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

from cyborg.i18n import _

gpu_group = cfg.OptGroup(
    'gpu_devices',
    title='GPU driver options',
    help=_('How the gpu driver splits NVIDIA GPUs into virtual GPUs.'))

gpu_opts = [
    cfg.ListOpt(
        'enabled_vgpu_types',
        default=[],
        help=_("""
Virtual GPU types the gpu driver offers.

Each value is either a mediated device type id (nvidia-222: classic
mdev vGPU, on the physical function or on each SR-IOV virtual function of
older drivers) or, for the vendor-specific VFIO mode of NVIDIA vGPU 17 and
later, the numeric id or the name of a type listed in a virtual function's
nvidia/creatable_vgpu_types (692 or NVIDIA A100D-1-10C).

A GPU that offers one of these types is reported as VGPU inventory, one
attach handle per instance it can hold; its physical function is then never
reported as a PGPU.  A GPU with none of them is reported as one PGPU
when its SR-IOV virtual functions are not enabled; virtual functions without
a configured type are not reported at all, since they cannot be used
without one.

For each type, a group [vgpu_<type>] (for example [vgpu_nvidia-222])
may set device_addresses, the PCI addresses of the GPUs (physical
functions) that offer it; without it, every GPU that supports the type
offers it.

Possible values:

* An empty list (default): every NVIDIA GPU whose SR-IOV functions are not
  enabled is one PGPU.
* A list of type ids or names.

Related options:

* ``[agent] enabled_drivers`` must contain ``gpu`` (or
  ``nvidia_gpu_driver``).
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
ignored (its ``True`` is this driver's only behaviour).

Related options:

* ``enabled_vgpu_types``
""")),
]

vgpu_opts = [
    cfg.ListOpt(
        'device_addresses',
        default=[],
        help=_("""
PCI addresses of the GPUs (physical functions) that offer this vGPU type.

Possible values:

* A list of addresses such as ``0000:af:00.0``; empty: every GPU that
  supports the type.

Related options:

* ``[gpu_devices] enabled_vgpu_types``
""")),
]


def vgpu_group_name(vgpu_type):
    """The name of the dynamic group of *vgpu_type* (``vgpu_<type>``)."""
    return 'vgpu_%s' % vgpu_type


def register_vgpu_opts(conf):
    """Register ``[vgpu_<type>] device_addresses`` for each enabled type.

    Called when the gpu driver loads, after the configuration was parsed,
    because the group names depend on ``enabled_vgpu_types``.
    """
    for vgpu_type in conf.gpu_devices.enabled_vgpu_types:
        group = vgpu_group_name(vgpu_type)
        if group not in conf:
            conf.register_opts(vgpu_opts, group=group)


def register_opts(conf):
    conf.register_group(gpu_group)
    conf.register_opts(gpu_opts, group=gpu_group)


def list_opts():
    return {gpu_group: gpu_opts}
