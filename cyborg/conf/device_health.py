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
its health checks stays out of scheduling once it is healthy again.
"""

from oslo_config import cfg

from cyborg.i18n import _

device_health_group = cfg.OptGroup(
    'device_health',
    title='Device health options',
    help=_("""
A device that the agent finds unhealthy (fatal PCIe AER errors, a function
that vanished, uncorrectable GPU ECC errors, a NIC link down, a QAT device
down) has its free inventory reserved in Placement by the conductor, so
that nothing new is scheduled on it; instances that use it keep it.  See
the admin guide's device health page.
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
]


def register_opts(conf):
    conf.register_group(device_health_group)
    conf.register_opts(device_health_opts, group=device_health_group)


def list_opts():
    return {device_health_group: device_health_opts}
