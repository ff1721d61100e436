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
"""Options of the [device_health] group: hold-down and GPU XID errors."""

from oslo_config import cfg
from oslo_config import types

from cyborg.conf import _group
from cyborg.i18n import _

device_health_group = cfg.OptGroup(
    'device_health',
    title='Device health options',
    help=_("""
A device the agent finds unhealthy has its free inventory reserved in
Placement, so that nothing new is scheduled on it; instances that use it
keep it.  See the admin guide's device health page.
"""))

device_health_opts = [
    cfg.IntOpt('hold_down',
               default=600,
               min=0,
               help=_("""
Seconds a device that was unhealthy stays reserved once its agent reports
it healthy again, so that a device whose errors come and go is not offered
between two of them.  ``openstack accelerator device enable`` returns it at
once.

Possible values:

* 0: a device returns as soon as it is healthy;
* a positive number of seconds.

Related options:

* ``[placement] sync_interval`` (how often the conductor checks)
""")),
    cfg.ListOpt('gpu_critical_xids',
                item_type=types.Integer(min=0),
                default=[48, 62, 63, 64, 74, 79, 92, 95, 119, 120, 140],
                help=_("""
The XID errors of the NVIDIA driver, read from the kernel log at each
health check, that make a GPU unhealthy; other XIDs are logged only.  The
default holds those whose action in NVIDIA's Xid catalog is a GPU reset,
a reboot or service, not an application restart.

Possible values:

* a comma-separated list of XID numbers;
* an empty list: GPU health comes from ``nvidia-smi`` alone.

Related options:

* ``[cyborg_kernel_log]`` (the privileged kernel log reader)
* ``[device_health] hold_down``
""")),
]


register_opts, list_opts = _group.functions(
    device_health_group, device_health_opts)
