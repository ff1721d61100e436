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
"""Options of the [nic_devices] group and of the NIC type groups (the
intel_nic driver), with the existing Cyborg's names.
"""

from oslo_config import cfg

from cyborg.i18n import _

nic_group = cfg.OptGroup(
    'nic_devices',
    title='NIC driver options',
    help=_('Which SR-IOV NICs the intel_nic driver reports, and how.'))

nic_opts = [
    cfg.ListOpt(
        'enabled_nic_types',
        default=[],
        help=_("""
Names of the NIC type groups the intel_nic driver reads.

Each name is the name of a configuration group of its own (the existing
Cyborg's example is ``x710_static``) holding ``physical_device_mappings``,
``function_device_mappings`` and ``device_addresses``.  The mappings of
all the listed groups apply; the existing Cyborg reads the group
``x710_static`` only, so its configuration files keep working.

Possible values:

* An empty list (default): every known Intel NIC is reported, with no
  physical network and no function.
* ``x710_static``, or any names of groups.

Related options:

* ``[agent] enabled_drivers`` must contain ``intel_nic`` (or
  ``intel_nic_driver``).
""")),
]

nic_type_opts = [
    cfg.ListOpt(
        'physical_device_mappings',
        default=[],
        help=_("""
Physical networks of the NICs, by the network interface of their physical
function.

Each value is ``<physical network>:<interface>|<interface>...``.  A
physical function whose interface is listed, and each of its virtual
functions, is attached to that physical network: every attach handle
carries it as ``physical_network`` (Nova passes it to Neutron in the
port's binding profile) and the deployable has the traits
``CUSTOM_PHYSNET_<NAME>`` and, as the existing Cyborg names it,
``CUSTOM_<NAME>``.  A malformed value, or a physical network named twice,
stops the agent at start.

Possible values:

* ``physnet1:eth2|eth3``
* An empty list (default): no physical network.

Related options:

* ``[nic_devices] enabled_nic_types`` names this group.
""")),
    cfg.ListOpt(
        'function_device_mappings',
        default=[],
        help=_("""
Functions the NICs are set up for (for example a GTP offload), by the
network interface of their physical function.

Each value is ``<function>:<interface>|<interface>...``.  The deployables
of a listed NIC have the traits ``CUSTOM_NIC_FUNCTION_<NAME>`` and, as the
existing Cyborg names it, ``CUSTOM_<NAME>``, so that a device profile
can ask for it.

Possible values:

* ``GTPv1:eth3|eth2``
* An empty list (default): no function.

Related options:

* ``[nic_devices] enabled_nic_types`` names this group.
""")),
    cfg.ListOpt(
        'device_addresses',
        default=[],
        help=_("""
PCI addresses of the NIC functions the driver reports.

The address of a physical function gives all its virtual functions (or
the physical function itself when none are enabled); the address of a
virtual function gives that function only, so that some virtual functions
of a NIC can be left to Nova or to the host.  The addresses of all the
enabled NIC type groups add up.  A malformed address stops the agent at
start.

Possible values:

* An empty list (default): every known Intel NIC.
* ``0000:05:00.0,0000:05:02.3``

Related options:

* ``[nic_devices] enabled_nic_types`` names this group.
""")),
]


def register_type_opts(conf):
    """Register the options of each group of ``enabled_nic_types``.

    Called when the intel_nic driver loads, after the configuration was
    parsed, since the group names come from it.
    """
    for nic_type in conf.nic_devices.enabled_nic_types:
        conf.register_opts(nic_type_opts, group=nic_type)


def register_opts(conf):
    conf.register_group(nic_group)
    conf.register_opts(nic_opts, group=nic_group)


def list_opts():
    return {nic_group: nic_opts}
