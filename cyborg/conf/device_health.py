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
"""Options of the [device_health] group: how long a device that failed
its health checks stays out of scheduling once it is healthy again, and
which NVIDIA XID errors make a GPU fail them.
"""

from oslo_config import cfg
from oslo_config import types

from cyborg.i18n import _

device_health_group = cfg.OptGroup(
    'device_health',
    title='Device health options',
    help=_("""
A device that the agent finds unhealthy (fatal PCIe AER errors, a function
that vanished, uncorrectable GPU ECC errors or a critical XID error, a NIC
link down, a QAT device down) has its free inventory reserved in
Placement by the conductor, so that nothing new is scheduled on it;
instances that use it keep it.  See the admin guide's device health
page.
"""))

device_health_opts = [
    cfg.IntOpt('hold_down',
               default=600,
               min=0,
               help=_("""
Seconds a device that was unhealthy stays reserved after its agent
reports it healthy again, before the conductor offers it again, so that
a device whose errors come and go is not offered between two of them.

The conductor checks every ``[placement] sync_interval`` seconds, so a
device returns up to that much later.  ``openstack accelerator device
enable`` (``POST /v2/devices/{uuid}/enable``) returns a recovering device
at once.

Possible values:

* 0: a device returns as soon as its agent reports it healthy;
* a positive number of seconds.

Related options:

* ``[placement] sync_interval``
* ``[DEFAULT] periodic_interval`` (how often agents check their devices)
""")),
    cfg.ListOpt('gpu_critical_xids',
                item_type=types.Integer(min=0),
                default=[48, 62, 63, 64, 74, 79, 92, 95, 119, 120, 140],
                help=_("""
The XID errors of the NVIDIA driver that make a GPU unhealthy, read by
cyborg-agent from the kernel log (``NVRM: Xid (PCI:0000:01:00): 79, ...``)
at each health check.  A GPU with one of these since the agent's last
check is unhealthy for that check; other XIDs are logged only.  The XIDs
already in the kernel log when the agent starts are logged, not counted.

The default holds the XIDs whose immediate action in NVIDIA's Xid
catalog (https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html)
is a GPU reset, a reboot or service, not restarting the application: 48
(double-bit ECC error), 62 (internal micro-controller halt), 63 and 64
(page retirement or row remapping event), 74 (NVLink error), 79 (the GPU
has fallen off the bus), 92 (high single-bit ECC error rate), 95
(uncontained ECC error), 119 and 120 (GSP RPC timeout, GSP error) and 140
(unrecovered ECC error).  Errors of the applications, such as 13, 31, 43,
45, 68 or 109, are not failures of the GPU.

Possible values:

* a comma-separated list of XID numbers;
* an empty list: XIDs are logged only, and the health of the GPUs comes
  from ``nvidia-smi`` alone.

Related options:

* ``[cyborg_kernel_log]`` (the privileged helper that reads the kernel
  log; it needs CAP_SYSLOG)
* ``[DEFAULT] periodic_interval`` (how often agents check their devices)
* ``[device_health] hold_down``
""")),
]


def register_opts(conf):
    conf.register_group(device_health_group)
    conf.register_opts(device_health_opts, group=device_health_group)


def list_opts():
    return {device_health_group: device_health_opts}
