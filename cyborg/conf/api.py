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
"""Options of the [api] group (cyborg-api)."""

from oslo_config import cfg

from cyborg.i18n import _

api_group = cfg.OptGroup(
    'api',
    title='API options',
    help=_('Options of cyborg-api, the REST API service.'))

api_opts = [
    cfg.HostAddressOpt(
        'host_ip',
        default='127.0.0.1',
        help=_("""
The IP address or host name on which cyborg-api listens.

Possible values:

* An IPv4 or IPv6 address, or a host name; ``0.0.0.0`` listens on all
  IPv4 interfaces.
""")),
    cfg.PortOpt(
        'port',
        default=6666,
        help=_("""
The TCP port on which cyborg-api listens.
""")),
    cfg.IntOpt(
        'api_workers',
        min=1,
        help=_(r"""
Number of worker processes of cyborg-api.

Possible values:

* A positive integer.  When unset, the number of CPUs of the host is used.

Related options:

* ``api_threads``
""")),
    cfg.IntOpt(
        'api_threads',
        default=8,
        min=1,
        help=_(r"""
Number of threads of each cyborg-api worker process.

Each thread serves one request at a time; most of a request's time is
spent waiting for the database or the conductor, so a few threads per
process keep a CPU busy.

Related options:

* ``api_workers``
* ``[database] max_pool_size``
""")),
    cfg.StrOpt(
        'api_paste_config',
        default='api-paste.ini',
        deprecated_for_removal=True,
        deprecated_reason=_(
            'cyborg-api builds its middleware in code from cyborg.conf '
            '([cors], [oslo_middleware], [keystone_authtoken], '
            '[healthcheck]); a paste.deploy file is no longer read.'),
        help=_("""
Where the paste.deploy file of upstream (the existing OpenStack Cyborg)
is, which is no longer read: cyborg-api only says at start (and
``cyborg-status upgrade check`` says) what of that file its built-in
middleware does not take over.

Possible values:

* An absolute path, or a file name looked up next to the configuration
  files.
""")),
    cfg.URIOpt(
        'public_endpoint',
        help=_("""
Public URL to use in links and version documents instead of the URL the
request came in on.

Set it when cyborg-api runs behind a proxy that does not pass the original
host and path (see also ``[oslo_middleware] enable_proxy_headers_parsing``).

Possible values:

* A URL such as ``https://cloud.example.com/accelerator``; the API
  version prefix (``/v2``) is appended to it.
""")),
    cfg.IntOpt(
        'messaging_wait_timeout',
        default=10,
        min=1,
        help=_(r"""
Seconds a write waits for the messaging backend before it is refused.

Every write of the API is a call to a conductor over the messaging
backend (RabbitMQ).  When the backend cannot be reached (it is down, or
``transport_url`` points where nothing listens), the write is answered
``503`` with the error code ``cyborg.messaging.unavailable`` after at
most about this many seconds, instead of waiting for the backend forever;
once each API process's heartbeat has found the backend unreachable,
writes are refused at once, and reads and ``/healthcheck`` keep
answering.  The backend is reachable again for writes from the first
heartbeat that gets through.

Possible values:

* A positive number of seconds.

Related options:

* ``[DEFAULT] report_interval``: how often the heartbeat tries.
* ``[DEFAULT] rpc_response_timeout``: how long a write that reached the
  backend waits for a conductor's answer (then ``503
  cyborg.conductor.unavailable``).
* ``[oslo_messaging_rabbit] rabbit_retry_interval`` and
  ``rabbit_retry_backoff``: the pauses between connection attempts.
* ``[api] conductor_wait_timeout``: how long a write waits for a
  conductor when the backend works.
""")),
    cfg.IntOpt(
        'conductor_wait_timeout',
        default=10,
        min=0,
        help=_(r"""
Seconds a write waits for a conductor to come up before it is refused.

Services start and restart in any order.  A write that finds no
conductor up (none has written its heartbeat within
``service_down_time``), or no conductor consuming from the messaging
backend yet (RabbitMQ has no queue to route the call to, as after the
backend itself started, until the first conductor starts), waits for one
for at most this many seconds: the services table is read again a few
times a second, and the call is sent as soon as a conductor's heartbeat
is there (or sent again as soon as its queue is).  Then, if there is
still none, it is answered ``503`` with the error code
``cyborg.conductor.unavailable``, which clients retry.  A conductor that
starts with or shortly after cyborg-api thus serves the writes of its
first seconds; during a longer outage each write holds an API thread for
this long before its 503.  ``0`` refuses at once.

Possible values:

* ``0`` or a positive number of seconds.

Related options:

* ``[DEFAULT] service_down_time``: when a conductor's heartbeat is too old
  for it to count as up.
* ``[api] messaging_wait_timeout``: how long a write waits for the
  messaging backend itself.
""")),
    cfg.FloatOpt(
        'discovery_wait',
        default=30.0,
        min=0,
        help=_(r"""
Seconds cyborg-api waits for the agents: for their reports of a
discovery (``POST /v2/discovery``), and for their hellos once they loaded
the drivers of an install or an update (``POST`` and ``PATCH
/v2/drivers``).

The conductor records what is asked of each host, tells the agents and
answers at once; each agent does it and reports, and its report (or
hello) records the outcome.  cyborg-api reads the outcome from the
database a few times a second, for at most this many seconds, so that
``cyborg discover-services`` shows each host ``done`` (with what the
report added, changed and removed) or ``failed`` (with the reason) in
one request, and ``cyborg install-driver`` answers 400 when an agent
would not load the driver with the configuration given (which is then
put back).  A host whose answer has not come by then is shown ``asked``
(status ``pending``) by a discovery, and its driver ``DISABLED``
(waiting for the agent) by an install: the agent goes on, and the next
request shows how it ended.  An agent that is down is never waited for.
``0`` answers at once.

Possible values:

* ``0`` or a positive number of seconds.

Related options:

* ``[DEFAULT] service_down_time``: when an agent counts as down.
* ``[DEFAULT] rpc_response_timeout``: how long the request to the
  conductor itself may take.
""")),
]


def register_opts(conf):
    conf.register_group(api_group)
    conf.register_opts(api_opts, group=api_group)


def list_opts():
    return {api_group: api_opts}
