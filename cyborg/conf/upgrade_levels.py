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
"""Options of the [upgrade_levels] group: RPC version caps for upgrades."""

from oslo_config import cfg

from cyborg.conf import _group
from cyborg.i18n import _

upgrade_opts = [
    cfg.StrOpt(
        'conductor',
        help=_("""
Highest cyborg-conductor RPC API version to send, such as ``1.0``; unset:
the newest this code knows.
""")),
    cfg.StrOpt(
        'agent',
        help=_("""
Highest cyborg-agent RPC API version to send, such as ``1.0``; unset: the
newest this code knows.
""")),
]


upgrade_group, register_opts, list_opts = _group.define(
    upgrade_opts, 'upgrade_levels', 'Upgrade levels',
    _("""
Caps on the RPC API versions this service sends, for rolling upgrades
(pin to the oldest service's, upgrade everything, remove the pins).
"""))
