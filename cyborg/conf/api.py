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

from cyborg.conf import _group
from cyborg.i18n import _

api_opts = [
    cfg.HostAddressOpt(
        'host_ip',
        default='127.0.0.1',
        help=_("""
The IP address or host name on which cyborg-api listens (``0.0.0.0``: all
IPv4 interfaces).
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
Number of worker processes of cyborg-api (unset: the host's CPUs).
""")),
    cfg.IntOpt(
        'api_threads',
        default=8,
        min=1,
        help=_(r"""
Number of threads of each cyborg-api worker process, each serving one
request at a time (see ``[database] max_pool_size``).
""")),
    cfg.StrOpt(
        'api_paste_config',
        default='api-paste.ini',
        help=_("""
Where the paste.deploy file of a deployment of the existing OpenStack
Cyborg is (kolla-ansible's /etc/cyborg/api-paste.ini).  cyborg-api builds
its middleware in code from cyborg.conf; the filters of the file's
pipeline that the built-in stack has are that stack's, and any other
filter (an audit or a profiler middleware) runs where the file puts it.
A file that cannot be honoured (a filter that cannot be loaded, an order
the built-in stack has not, another application) stops cyborg-api at
start, saying why; ``cyborg-status upgrade check`` says the same.  A
relative name is looked up next to the configuration files (none there:
no filter is added).
""")),
    cfg.URIOpt(
        'public_endpoint',
        help=_("""
Public URL to use in links and version documents instead of the URL the
request came in on, for a proxy that does not pass the original host and
path (``/v2`` is appended).  See also ``[oslo_middleware]
enable_proxy_headers_parsing``.
""")),
    cfg.IntOpt(
        'messaging_wait_timeout',
        default=10,
        min=1,
        help=_(r"""
Seconds a write waits for the messaging backend before it is answered
``503`` (``cyborg.messaging.unavailable``).  Once the API's heartbeat has
found the backend unreachable, writes are refused at once until a
heartbeat (every ``[DEFAULT] report_interval``) gets through; reads keep
answering.
""")),
    cfg.IntOpt(
        'conductor_wait_timeout',
        default=10,
        min=0,
        help=_(r"""
Seconds a write waits for a conductor to come up (a heartbeat within
``service_down_time`` and a queue on the messaging backend) before it is
answered ``503`` (``cyborg.conductor.unavailable``), so that services may
start in any order; 0 refuses at once.
""")),
    cfg.FloatOpt(
        'discovery_wait',
        default=30.0,
        min=0,
        help=_(r"""
Seconds cyborg-api waits for the agents' reports of a discovery (``POST
/v2/discovery``), and for their hellos and the reports of the discovery
that follows a driver install or update (``POST`` and ``PATCH
/v2/drivers``), so that one request shows each host's outcome.  A host
that has not answered by then is shown pending; an agent that is down is
never waited for; 0 answers at once.
""")),
]


api_group, register_opts, list_opts = _group.define(
    api_opts, 'api', 'API options',
    _('Options of cyborg-api, the REST API service.'))
