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
"""Options of the [metrics] group: Prometheus metrics of cyborg-api and
cyborg-conductor.
"""

from oslo_config import cfg
from oslo_config import types

from cyborg.i18n import _

metrics_group = cfg.OptGroup(
    'metrics',
    title='Prometheus metrics options',
    help=_("""
Metrics for Prometheus, in its text format, off by default.  cyborg-api
serves the fleet's state, read from the database (``/metrics``);
each cyborg-conductor serves what it counted itself (binds, unbinds,
calls to Placement and Nova) on a port of its own.  See the admin
guide's monitoring page.
"""))

metrics_opts = [
    cfg.BoolOpt('enabled',
                default=False,
                help=_("""
Serve ``/metrics`` on cyborg-api: the accelerators, devices, accelerator
requests, outboxes and agents of the whole cloud, read from the database
at most once every ``cache_seconds``.

A request from an address of ``allowed_source_ranges`` is answered
without a token (as ``/healthcheck`` is); any other request needs a
token allowed by the policy ``cyborg:metrics:get`` (administrators).

Possible values:

* false: ``/metrics`` answers 404, as any unknown path;
* true: it is served.

Related options:

* ``[metrics] cache_seconds``
* ``[metrics] allowed_source_ranges``
""")),
    cfg.IntOpt('cache_seconds',
               default=15,
               min=0,
               help=_("""
Seconds cyborg-api keeps the fleet's state it read from the database
before it reads it again: however often ``/metrics`` is scraped, and by
however many scrapers, each API process runs the metrics' queries (six
aggregate statements) at most once per interval.

Possible values:

* 0: read at every scrape;
* a number of seconds; Prometheus' ``scrape_interval`` (15 s by
  default) is a good choice.

Related options:

* ``[metrics] enabled``
""")),
    cfg.ListOpt('allowed_source_ranges',
                item_type=types.String(),
                default=[],
                help=_("""
Networks (CIDR notation) whose requests to ``/metrics`` are answered
without a token: the Prometheus servers'.  Requests from elsewhere go
through authentication and the policy ``cyborg:metrics:get``.  The
address is the client's as the WSGI server sees it (behind a proxy,
with ``[oslo_middleware] enable_proxy_headers_parsing``, the forwarded
one).

Possible values:

* an empty list: every request needs a token;
* a comma-separated list such as ``10.0.0.0/24,127.0.0.1/32``.

Related options:

* ``[metrics] enabled``
""")),
    cfg.PortOpt('conductor_port',
                default=0,
                help=_("""
The TCP port on which cyborg-conductor serves its own counters and
histograms (binds, unbinds, calls to Placement and Nova) in Prometheus'
text format, at any path, without a token.  Each conductor counts what
it did: Prometheus scrapes every conductor and sums.

Possible values:

* 0: not served;
* a port number, such as 9464.

Related options:

* ``[metrics] conductor_host``
""")),
    cfg.HostAddressOpt('conductor_host',
                       default='127.0.0.1',
                       help=_("""
The address on which cyborg-conductor serves its metrics, when
``conductor_port`` is set.

Possible values:

* an IP address or a host name; ``0.0.0.0`` listens on every IPv4
  address.

Related options:

* ``[metrics] conductor_port``
""")),
]


def register_opts(conf):
    conf.register_group(metrics_group)
    conf.register_opts(metrics_opts, group=metrics_group)


def list_opts():
    return {metrics_group: metrics_opts}
