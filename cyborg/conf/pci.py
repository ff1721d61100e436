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
"""Options of the [pci] group: which PCI devices the generic driver takes."""

from oslo_config import cfg

from cyborg.i18n import _

pci_group = cfg.OptGroup(
    'pci',
    title='PCI device selection',
    help=_('Selectors of the PCI devices the generic driver manages.'))

pci_opts = [
    cfg.MultiStrOpt(
        'device_spec',
        default=[],
        deprecated_opts=[cfg.DeprecatedOpt('passthrough_whitelist',
                                           group='pci')],
        help=_("""
Selectors of the PCI devices that the generic driver reports.

Each value is a JSON object, or a JSON list of objects, in the syntax of
Nova's [pci] device_spec: the match keys vendor_id, product_id
(hex, ``*`` for any), address (a glob string such as
``"0000:0a:00.*"`` or a dict of regular expressions with the keys
``domain``, ``bus``, ``slot`` and ``function``) or devname (a network
interface name), plus three keys of Cyborg's own: ``class_code`` (2, 4 or 6
hex digits, a prefix of the 24-bit PCI class), ``driver`` (a glob on the
bound kernel driver) and ``device_type`` (``type-PCI``, ``type-PF`` or
``type-VF``).  Missing keys match anything.  When ``address`` is the exact
address of an SR-IOV physical function, its virtual functions match too.

The tags ``resource_class`` (default ``CUSTOM_PCI``), ``traits``
(comma-separated), ``physical_network``, ``trusted`` and
``remote_managed`` describe what matched.  Names are normalised as Nova
does: upper case, other characters become ``_`` and ``CUSTOM_`` is added
unless the name is a standard one.

An unknown key or a malformed value stops the agent at start with a
message naming the selector.  When no selector is set, the generic driver
reports the devices of the accelerator class codes (processing
accelerators 0x1200, co-processors 0x0b40, encryption controllers 0x10,
3D controllers 0x0302).

Possible values:

* ``{"vendor_id": "1af4", "product_id": "1044"}``
* ``{"class_code": "12", "device_type": "type-PF", "resource_class":
  "CUSTOM_ACCEL"}``
* ``{"address": "0000:3d:00.0", "traits": "CUSTOM_QAT_VF"}``

Related options:

* ``[agent] enabled_drivers`` must contain ``generic`` (or
  ``pci_driver``) for these selectors to be used.
""")),
]


def register_opts(conf):
    conf.register_group(pci_group)
    conf.register_opts(pci_opts, group=pci_group)


def list_opts():
    return {pci_group: pci_opts}
