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
"""Options of the [agent] group (cyborg-agent)."""

import socket

from oslo_config import cfg

from cyborg.conf import _group
from cyborg.i18n import _

agent_opts = [
    cfg.ListOpt(
        'enabled_drivers',
        default=['fake'],
        help=_("""
Accelerator drivers the agent loads at start (entry points of the
``cyborg.accelerator.driver`` namespace: ``generic``, ``fpga``, ``crypto``,
``gpu``, ``fake``, or earlier releases' names such as ``pci_driver``); an
unknown name stops the agent.
""")),
    cfg.IntOpt(
        'resource_provider_startup_retries',
        default=3,
        min=0,
        deprecated_for_removal=True,
        deprecated_reason=_(
            'Ignored.  The agent does not look the compute node up in '
            'Placement at start: the conductor does, and tries again '
            'every [placement] sync_interval seconds until it exists.'),
        help=_("""
Accepted for configuration files of the existing OpenStack Cyborg, and
ignored.
""")),
    cfg.BoolOpt(
        'hotplug',
        default=True,
        help=_("""
Run discovery when PCI devices appear or disappear (the agent watches the
kernel's uevents; periodic discovery runs either way).
""")),
    cfg.IntOpt(
        'start_jitter',
        default=30,
        min=0,
        help=_("""
Seconds over which the agent spreads its start: it waits a random time up
to this long before its first heartbeat and report, so that a rack of
agents started together does not reach the conductors in one second.
About the agents per conductor divided by 33 (see the performance guide),
below ``[DEFAULT] service_down_time`` minus ``report_interval``; 0 (a
single host): start at once.
""")),
    cfg.IntOpt(
        'clean_workers',
        default=4,
        min=1,
        help=_("""
How many devices (or units of devices) the agent cleans at once between
two tenants.  Cleans run beside the agent's other work: binds, reports
and configurations never wait for them; more cleans than this wait for
a worker, and their ``[conductor] clean_timeout`` counts from each
step's start, not from the wait.

Possible values: a positive number: the cleans that may run at once,
which share the host's PCIe, CPU and the devices' firmware (an NVMe
sanitize, an FPGA image loaded, a GPU verification).

Related options: ``[conductor] clean_timeout``.
""")),
    cfg.StrOpt(
        'image_cache_dir',
        default='$state_path/images',
        help=_("""
Directory of the bitstream images the agent programs FPGAs with, named
``<image uuid>`` or ``function-<function id>``; a missing image is
downloaded from Glance (``[glance]``) into it.
""")),
    cfg.StrOpt(
        'resource_provider_name',
        default=socket.getfqdn(),
        sample_default='<the host\'s fully qualified domain name>',
        help=_("""
Name of the compute node resource provider in Placement under which this
agent's devices are published: the hypervisor host name Nova knows (the
default: the host's FQDN, as libvirt reports it).  When Placement has
none of this name, the conductor uses ``[DEFAULT] host``.
""")),
]


agent_group, register_opts, list_opts = _group.define(
    agent_opts, 'agent', 'Agent options',
    _('Options of cyborg-agent, the per-node discovery service.'))
