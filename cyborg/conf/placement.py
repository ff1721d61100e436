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
"""Options of the [placement] group: how the conductor reaches Placement."""

from oslo_config import cfg

from cyborg.conf import _group
from cyborg.i18n import _

SERVICE_TYPE = 'placement'

placement_opts = [
    cfg.BoolOpt(
        'create_compute_rp',
        default=False,
        help=_("""
Create a missing compute node resource provider, named after the agent's
host, for standalone use without Nova.  Otherwise the conductor logs an
error and tries again every ``sync_interval`` seconds until Nova creates
it (see ``[agent] resource_provider_name``).
""")),
    cfg.IntOpt(
        'sync_interval',
        default=60,
        min=1,
        help=_("""
Seconds between two runs of the conductor's Placement check: it reserves
the inventory of hosts whose agent is down (and restores it), retries
failed synchronisations, and removes the providers of removed hardware
once nothing holds them.  Reports are synchronised at once, not by it.
""")),
    cfg.IntOpt(
        'push_claim_seconds',
        default=300,
        min=10,
        help=_("""
Seconds a conductor owns a host whose resource providers it pushes to
Placement.  Should it die pushing, the host waits that long before
another conductor pushes it, and with it what waits for the push: a
device's configuration handed to its agent, a configuration rollout's
next device there.  A push normally takes well under a second; one that
outlasts its claim goes on while another conductor may push the host
too, which only repeats writes.  Lower it where conductors are killed
more often than Placement is slow.
""")),
]


placement_group, register_opts, list_opts = _group.define(
    placement_opts, 'placement', 'Placement service options',
    _("""
How cyborg-conductor reaches Placement (keystoneauth options; without
Keystone, ``auth_type = none`` and ``endpoint_override``; with neither
set, nothing is published).
"""), SERVICE_TYPE)
