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

from cyborg.i18n import _

agent_group = cfg.OptGroup(
    'agent',
    title='Agent options',
    help=_('Options of cyborg-agent, the per-node discovery service.'))

agent_opts = [
    cfg.ListOpt(
        'enabled_drivers',
        default=['fake'],
        help=_("""
Accelerator drivers the agent loads at start.

Each name is an entry point of the ``cyborg.accelerator.driver`` namespace.
An unknown name stops the agent at start with a message naming it.

Possible values:

* A list of driver names: ``generic``, ``fpga``, ``crypto``, ``gpu``,
  ``fake``, or the names used by earlier Cyborg releases
  (``fake_driver``, ``pci_driver``, ``intel_fpga_driver``,
  ``xilinx_fpga_driver``, ``intel_qat_driver``, ``nvidia_gpu_driver``).
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

Related options:

* ``[placement] sync_interval``
""")),
    cfg.BoolOpt(
        'hotplug',
        default=True,
        help=_("""
Run discovery when PCI devices appear or disappear.

The agent watches the kernel's uevents (it needs no udev daemon) and
reports within about a second of a hotplug; the periodic discovery every
``[DEFAULT] periodic_interval`` seconds runs either way.

Possible values:

* True (default): watch hotplug events.
* False: discover periodically and on request only.

Related options:

* ``[DEFAULT] periodic_interval``
""")),
    cfg.IntOpt(
        'start_jitter',
        default=30,
        min=0,
        help=_("""
Seconds over which the agent spreads its start: it waits a random time
between 0 and this many seconds before its first heartbeat (its
registration with the conductor) and its first report, and starts
serving calls after them.

A rack of compute nodes powered on together after a power cut, or a
deployment tool restarting every agent at once, would otherwise send
every agent's registration and report to the conductors in the same
second.  Each costs the conductor little (an unchanged inventory is one
statement), but thousands at once queue up behind its RPC threads; spread
over this many seconds they do not (see the performance guide's rack
start).  The periodic heartbeats and discoveries start at a random point
of their interval anyway.

Possible values:

* 0: register and report at once (a single host, a test, the
  all-in-one mode, which always does).
* A number of seconds.  On the performance guide's machine one
  conductor took the start of about 33 agents a second (1,000 over 30
  s: no call failed, its queue stayed under 25 messages); 2,000 agents
  over 30 s queued hundreds of calls, over 60 s under 50.  So about the
  number of agents per conductor divided by 33.  Keep it below
  ``[DEFAULT] service_down_time`` minus ``report_interval`` (50 s with
  the defaults), so that an agent restarted while the conductor still
  counts it up is not recorded down while it waits: where that is too
  short, add conductors, or raise ``service_down_time`` with it.

Related options:

* ``[DEFAULT] report_interval``, ``service_down_time``
* ``[DEFAULT] executor_thread_pool_size`` and ``[database]
  max_overflow`` of the conductors: how many calls they run at once.
""")),
    cfg.StrOpt(
        'image_cache_dir',
        default='$state_path/images',
        help=_("""
Directory of the bitstream images the agent programs FPGAs with.

An image named by a device profile is looked up here first, as
``<image uuid>`` (for ``accel:bitstream_id``) or
``function-<function id>`` (for ``accel:function_id``); when missing
it is downloaded from Glance into this directory.  Operators of hosts
without Glance place the images here.

Related options:

* ``[glance]``
""")),
    cfg.StrOpt(
        'resource_provider_name',
        default=socket.getfqdn(),
        sample_default='<the host\'s fully qualified domain name>',
        help=_("""
Name of the compute node resource provider in Placement under which this
agent's devices are published.

It must be the compute node's name as Nova knows it (its hypervisor host
name: ``openstack hypervisor list``), which is also the host name Nova
binds accelerator requests with.  When Placement has no provider of this
name, the conductor uses the provider named after ``[DEFAULT] host``
instead (and logs a warning), as the existing Cyborg does.

Possible values:

* A resource provider name.  The default is this host's fully qualified
  domain name (``socket.getfqdn()``), which is what libvirt reports to
  Nova.

Related options:

* ``[DEFAULT] host``
* ``[placement] create_compute_rp``
""")),
]


def register_opts(conf):
    conf.register_group(agent_group)
    conf.register_opts(agent_opts, group=agent_group)


def list_opts():
    return {agent_group: agent_opts}
