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
"""Options of the [nvme] group (the nvme driver), named as the existing
Cyborg (17.0.0) names them.
"""

from oslo_config import cfg

from cyborg.conf import _group
from cyborg.i18n import _

nvme_opts = [
    cfg.MultiStrOpt(
        'device_spec',
        default=[],
        help=_("""
Selectors of the NVMe controllers (PCI class 0x0108) the nvme driver
reports; without any, it reports none (a host's own disks are never
taken).  The syntax of ``[pci] device_spec`` (``vendor_id``,
``product_id``, ``address``, ``class_code``, ``driver``, the tags
``resource_class``, default ``CUSTOM_NVME``, and ``traits``), plus how a
controller is erased between two tenants:

* ``clear_action``: ``sanitize`` (the NVMe Sanitize command), ``zero``
  (Format NVM with a secure erase, read back as zeros) or ``auto`` (the
  default: sanitize where the controller offers it, else zero);
* ``clear_strategy``: ``crypto`` (a cryptographic erase), ``block`` (a
  block erase, or Format NVM's user data erase) or ``auto`` (the default:
  crypto where the controller offers it, else block).

Possible values:

* ``{"vendor_id": "144d", "product_id": "a80a"}``
* ``{"address": "0000:81:00.0", "clear_action": "sanitize",
  "clear_strategy": "crypto"}``

Related options:

* ``[agent] enabled_drivers`` must contain ``nvme``.
""")),
    cfg.IntOpt(
        'cleanup_timeout',
        default=900,
        min=60,
        help=_("""
Seconds an erasure of an NVMe controller may take, within the clean's own
timeout: a block erase or format of a large drive takes minutes.
""")),
]


nvme_group, register_opts, list_opts = _group.define(
    nvme_opts, 'nvme', 'NVMe driver options',
    _('The NVMe controllers the nvme driver passes through whole, '
      'and how it erases them between two tenants.'))
