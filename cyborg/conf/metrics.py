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
"""Options of the [metrics] group: Prometheus metrics."""

from oslo_config import cfg
from oslo_config import types

from cyborg.conf import _group
from cyborg.i18n import _

metrics_opts = [
    cfg.BoolOpt('enabled',
                default=False,
                help=_("""
Serve ``/metrics`` on cyborg-api.  A request from
``allowed_source_ranges`` needs no token; any other needs one allowed by
the policy ``cyborg:metrics:get``.  When false, ``/metrics`` answers 404.
""")),
    cfg.IntOpt('cache_seconds',
               default=15,
               min=0,
               help=_("""
Seconds cyborg-api keeps the fleet's state before it reads the database
again, however often and by however many scrapers ``/metrics`` is read
(such as Prometheus' ``scrape_interval``; 0: read at every scrape).
""")),
    cfg.ListOpt('allowed_source_ranges',
                item_type=types.String(),
                default=[],
                help=_("""
Networks (CIDR notation) whose requests to ``/metrics`` need no token: the
Prometheus servers'.  The address is the client's as the WSGI server sees
it (behind a proxy, the forwarded one with ``[oslo_middleware]
enable_proxy_headers_parsing``).  Empty: every request needs a token.
""")),
    cfg.PortOpt('conductor_port',
                default=0,
                help=_("""
The TCP port on which cyborg-conductor serves its own counters (binds,
unbinds, calls to Placement and Nova), at any path, without a token (such
as 9464; 0: not served).
""")),
    cfg.HostAddressOpt('conductor_host',
                       default='127.0.0.1',
                       help=_("""
The address on which cyborg-conductor serves its metrics.
""")),
    cfg.PortOpt('agent_port',
                default=0,
                help=_("""
The TCP port on which cyborg-agent serves its devices' telemetry (one
series per device and measure, labelled with the host, device, deployable,
resource class, driver and, while bound, the instance and project), at any
path, without a token.  A scrape reads the last samples taken (every
``[telemetry] interval`` seconds); it runs no command.  Such as 9465; 0:
not served.
""")),
    cfg.HostAddressOpt('agent_host',
                       default='127.0.0.1',
                       help=_("""
The address on which cyborg-agent serves its devices' telemetry: the one
Prometheus reaches the host on (``0.0.0.0``: every address).
""")),
]


metrics_group, register_opts, list_opts = _group.define(
    metrics_opts, 'metrics', 'Prometheus metrics options',
    _("""
Metrics for Prometheus, off by default: cyborg-api serves the fleet's
state (``/metrics``); each conductor its own counters, and each agent its
devices' telemetry, on ports of their own.
"""))
