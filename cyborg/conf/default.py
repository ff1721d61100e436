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
"""Options of the [DEFAULT] group shared by every Cyborg service."""

import socket

from oslo_config import cfg

from cyborg.i18n import _

service_opts = [
    cfg.StrOpt(
        'host',
        default=socket.gethostname(),
        sample_default='<hostname>',
        help=_("""
Name of this node (a host name, FQDN or any unique identifier): the host
of its row in the services table, the agent's RPC server name, and the
compute node provider's name when Placement has none named ``[agent]
resource_provider_name``.
""")),
    cfg.IntOpt(
        'periodic_interval',
        default=60,
        min=1,
        help=_("""
Seconds between two runs of the agent's periodic hardware discovery, a
safety net beside discovery at start, on hotplug and on request.
""")),
    cfg.IntOpt(
        'report_interval',
        default=10,
        min=1,
        help=_("""
Seconds between two heartbeats of a service, smaller than
``service_down_time``.
""")),
    cfg.IntOpt(
        'service_down_time',
        default=60,
        min=1,
        help=_("""
Seconds without a heartbeat after which a service is considered down, at
least twice ``report_interval``.
""")),
    cfg.IntOpt(
        'bind_timeout',
        default=60,
        min=1,
        help=_("""
Seconds the device work of a bind (programming an FPGA, creating a
mediated device) may take before the accelerator request becomes
BindFailed.  Keep it below Nova's ``[DEFAULT] arq_binding_timeout``.
""")),
    cfg.IntOpt(
        'max_arqs_per_group',
        default=128,
        min=1,
        help=_("""
The most accelerator requests one device profile group may ask for (the
sum of its ``resources:*`` amounts).  cyborg-api refuses a larger profile,
and cyborg-conductor refuses to create its requests, with 400: set it in
the configuration of both.
""")),
    cfg.IntOpt(
        'max_arqs_per_profile',
        default=256,
        min=1,
        help=_("""
The most accelerator requests a whole device profile may ask for, checked
as ``max_arqs_per_group`` is.
""")),
    cfg.StrOpt(
        'auth_strategy',
        default='keystone',
        choices=[('keystone', 'Validate tokens with keystonemiddleware '
                              '(configure [keystone_authtoken]).'),
                 ('noauth', 'No authentication: for standalone use and '
                            'tests only.')],
        help=_(r"""
How cyborg-api authenticates requests.  With ``noauth`` the context comes
from the ``X-User-Id``, ``X-Project-Id``, ``X-Roles`` and
``X-Service-Roles`` headers, and a request without them is an
administrator of the project ``cyborg-standalone``: never expose it to
untrusted clients.
""")),
    cfg.StrOpt(
        'state_path',
        default='/var/lib/cyborg',
        help=_("""
Top-level directory for the state a Cyborg service keeps on disk; other
options may refer to it as ``$state_path``.
""")),
]


def register_opts(conf):
    conf.register_opts(service_opts)


def list_opts():
    return {'DEFAULT': service_opts}
