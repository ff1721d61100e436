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

from cyborg.conf import _group
from cyborg.i18n import _

pci_opts = [
    cfg.MultiStrOpt(
        'device_spec',
        default=[],
        deprecated_opts=[cfg.DeprecatedOpt('passthrough_whitelist',
                                           group='pci')],
        help=_("""
Selectors of the PCI devices that the generic driver reports.

Each value is a JSON object (or list of objects) in the syntax of Nova's
``[pci] device_spec`` (``vendor_id``, ``product_id``, ``address``,
``devname``), plus ``class_code`` (a prefix of the PCI class),
``driver`` (a glob on the bound kernel driver) and ``device_type``
(``type-PCI``, ``type-PF`` or ``type-VF``).  The tags ``resource_class``
(default ``CUSTOM_PCI``), ``traits``, ``physical_network``, ``trusted``
and ``remote_managed`` describe what matched, normalised as Nova does.  A
malformed selector stops the agent.  Without any, the devices of the
accelerator class codes are reported.  Such as ``{"vendor_id": "1af4",
"product_id": "1044"}``.
""")),
]


pci_group, register_opts, list_opts = _group.define(
    pci_opts, 'pci', 'PCI device selection',
    _('Selectors of the PCI devices the generic driver manages.'))
