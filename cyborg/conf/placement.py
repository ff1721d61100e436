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

from cyborg.conf import _ksa
from cyborg.i18n import _

SERVICE_TYPE = 'placement'

placement_group = cfg.OptGroup(
    'placement',
    title='Placement service options',
    help=_("""
How cyborg-conductor (and ``cyborg-manage placement``) reach the Placement
service, and how devices are published there: a keystoneauth session, auth
plugin and adapter, plus Cyborg's own options.  With Keystone, give the
service user's credentials; without it (standalone), set
``auth_type = none`` and ``endpoint_override`` to Placement's URL.  When
neither ``auth_type`` nor ``endpoint_override`` is set, the conductor does
not publish anything to Placement (it says so at start).
"""))

placement_opts = [
    cfg.BoolOpt(
        'create_compute_rp',
        default=False,
        help=_("""
Create a missing compute node resource provider.

Each agent's devices are published as child resource providers of its
compute node's provider, which Nova creates and which Cyborg finds by name
(``[agent] resource_provider_name`` of the agent, else its host).  When
neither exists, the conductor logs an error naming them and tries again
every ``sync_interval`` seconds.  In standalone mode, without Nova, enable
this option and the conductor creates it, named after the agent's host
(with no inventory of its own).

Possible values:

* False (default): wait for Nova to create it.
* True: create it (standalone use, without Nova).

Related options:

* ``[agent] resource_provider_name``
* ``sync_interval``
""")),
    cfg.IntOpt(
        'sync_interval',
        default=60,
        min=1,
        help=_("""
Seconds between two runs of the conductor's Placement check.

The check reserves the inventory of hosts whose agent is down (longer than
``[DEFAULT] service_down_time``) and restores it when the agent is back,
retries hosts whose last synchronisation failed (Placement unreachable,
compute node resource provider missing), and removes the rows and resource
providers of removed hardware once no accelerator request or allocation
holds them any more.  Agents' reports are synchronised at once, not by this
check.

Possible values:

* A positive number of seconds.

Related options:

* ``[DEFAULT] service_down_time``
""")),
]


def register_opts(conf):
    conf.register_group(placement_group)
    conf.register_opts(placement_opts, group=placement_group)
    _ksa.register_ksa_opts(conf, placement_group, SERVICE_TYPE)


def list_opts():
    return {placement_group: _ksa.list_ksa_opts(SERVICE_TYPE, placement_opts)}
