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
"""Options of [nic_devices] and of the NIC type groups (intel_nic)."""

from oslo_config import cfg

from cyborg.conf import _group
from cyborg.i18n import _

nic_opts = [
    cfg.ListOpt(
        'enabled_nic_types',
        default=[],
        help=_("""
Names of the NIC type groups the intel_nic driver reads, each holding
``physical_device_mappings``, ``function_device_mappings`` and
``device_addresses``, such as the existing Cyborg's ``x710_static``; the
mappings of all of them apply.  Empty: every known Intel NIC, with no
physical network and no function.
""")),
]

nic_type_opts = [
    cfg.ListOpt(
        'physical_device_mappings',
        default=[],
        help=_("""
Physical networks of the NICs, by the interface of their physical
function: its attach handles carry the ``physical_network`` and its
deployables the traits ``CUSTOM_PHYSNET_<NAME>`` and ``CUSTOM_<NAME>``.
A malformed value, or a network named twice, stops the agent.  Such as
``physnet1:eth2|eth3``.
""")),
    cfg.ListOpt(
        'function_device_mappings',
        default=[],
        help=_("""
Functions the NICs are set up for (a GTP offload), by the interface of
their physical function: their deployables have the traits
``CUSTOM_NIC_FUNCTION_<NAME>`` and ``CUSTOM_<NAME>``.  Such as
``GTPv1:eth3|eth2``.
""")),
    cfg.ListOpt(
        'device_addresses',
        default=[],
        help=_("""
PCI addresses of the NIC functions the driver reports: a physical
function's gives all its VFs (or itself without VFs), a VF's that VF
only.  The addresses of all the groups add up; a malformed one stops the
agent.  Empty: every known Intel NIC.
""")),
]


def register_type_opts(conf):
    """Register the groups of ``enabled_nic_types`` (once it is parsed)."""
    for nic_type in conf.nic_devices.enabled_nic_types:
        conf.register_opts(nic_type_opts, group=nic_type)


nic_group, register_opts, list_opts = _group.define(
    nic_opts, 'nic_devices', 'NIC driver options',
    _('Which SR-IOV NICs the intel_nic driver reports, and how.'))
