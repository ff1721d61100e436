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
Name of this node.

The agent uses it as its RPC server name on the ``cyborg-agent`` topic and,
when Placement has no provider named ``[agent] resource_provider_name``, as
the name of the compute node resource provider its devices hang under.
Every service uses it as the host of its row in the services table.  Nova
binds accelerator requests with either name.

Possible values:

* A host name, FQDN or any unique identifier of the node.

Related options:

* ``[agent] resource_provider_name``
""")),
    cfg.IntOpt(
        'periodic_interval',
        default=60,
        min=1,
        help=_("""
Seconds between two runs of the agent's periodic hardware discovery.

Discovery also runs at start, on hotplug events and when an operator asks for
it; the periodic run is a safety net.

Possible values:

* A positive number of seconds.
""")),
    cfg.IntOpt(
        'report_interval',
        default=10,
        min=1,
        help=_("""
Seconds between two heartbeats of a service.

Agents send a ``hello`` to the conductor this often; conductors update their
own row in the services table directly.

Possible values:

* A positive number of seconds, smaller than ``service_down_time``.

Related options:

* ``service_down_time``
""")),
    cfg.IntOpt(
        'service_down_time',
        default=60,
        min=1,
        help=_("""
Seconds without a heartbeat after which a service is considered down.

Possible values:

* A positive number of seconds, larger than ``report_interval`` (at least
  twice as large is recommended, so that one lost heartbeat does not flap
  the status).

Related options:

* ``report_interval``
""")),
    cfg.IntOpt(
        'bind_timeout',
        default=60,
        min=1,
        help=_("""
Seconds the device work of a bind may take (programming an FPGA,
creating a mediated device) before the accelerator request is failed.

An accelerator request never stays in BindStarted longer than this: when
its work has not finished, the request becomes BindFailed and Nova is told.
Keep it below Nova's ``[DEFAULT] arq_binding_timeout`` (300 seconds).
""")),
    cfg.IntOpt(
        'max_arqs_per_group',
        default=128,
        min=1,
        help=_("""
The largest number of accelerator requests one group of a device profile
may ask for (the sum of its ``resources:*`` amounts).

cyborg-api refuses a device profile above it with 400, and cyborg-conductor
refuses to create accelerator requests from a profile above it (one stored
before the limit was lowered) with 400: each request is a row written in
one transaction, so an unbounded amount makes one call as slow as the
database allows.  Set it in the configuration of cyborg-api and of
cyborg-conductor.

Possible values:

* A positive integer.

Related options:

* ``max_arqs_per_profile``
""")),
    cfg.IntOpt(
        'max_arqs_per_profile',
        default=256,
        min=1,
        help=_("""
The largest number of accelerator requests a whole device profile may ask
for (the sum over its groups).

Checked where ``max_arqs_per_group`` is, with the same 400.

Possible values:

* A positive integer.

Related options:

* ``max_arqs_per_group``
""")),
    cfg.StrOpt(
        'auth_strategy',
        default='keystone',
        choices=[('keystone', 'Validate tokens with keystonemiddleware '
                              '(configure [keystone_authtoken]).'),
                 ('noauth', 'No authentication: for standalone use and '
                            'tests only.')],
        help=_(r"""
How cyborg-api authenticates requests.

With ``noauth`` the request context comes from the ``X-User-Id``,
``X-Project-Id``, ``X-Roles`` and ``X-Service-Roles`` headers when a
request carries them (as keystonemiddleware would have set them), and a
request without them acts as an administrator of the project
``cyborg-standalone`` with the service role.  Never expose a
``noauth`` API to untrusted clients.

Related options:

* ``[keystone_authtoken]``
""")),
    cfg.StrOpt(
        'state_path',
        default='/var/lib/cyborg',
        help=_("""
Top-level directory for the state a Cyborg service keeps on disk.

Possible values:

* An absolute path.  ``$state_path`` can be used in other options, for
  example in ``[database] connection``.
""")),
]


def register_opts(conf):
    conf.register_opts(service_opts)


def list_opts():
    return {'DEFAULT': service_opts}
