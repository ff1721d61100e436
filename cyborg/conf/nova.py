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
"""Options of the [nova] group: how the conductor reaches Nova's API."""

from oslo_config import cfg

from cyborg.conf import _group
from cyborg.i18n import _

SERVICE_TYPE = 'compute'

nova_opts = [
    cfg.IntOpt(
        'events_max_attempts',
        default=40,
        min=1,
        help=_("""
How many times the conductor tries to send an event to Nova before it
gives up (and logs an error); retries back off exponentially, about half
an hour with the defaults.  Events are kept in the database.
""")),
    cfg.IntOpt(
        'events_retry_max_interval',
        default=60,
        min=1,
        help=_("""
Longest wait, in seconds, between two attempts to send an event to Nova.
""")),
    cfg.IntOpt(
        'failed_event_window',
        default=300,
        min=0,
        help=_("""
How long, in seconds, the conductor keeps sending the ``failed`` event of
a bind whose device work failed: nova-compute drops an event that comes
before it waits for it.  Meanwhile the API shows the request as
``BindStarted``.  The default is Nova's ``[DEFAULT] arq_binding_timeout``;
0 sends each event once.
""")),
    cfg.IntOpt(
        'failed_event_interval',
        default=5,
        min=1,
        help=_("""
Seconds between two sends of the ``failed`` event of an accelerator request
whose bind failed (see ``failed_event_window``).
""")),
]


nova_group, register_opts, list_opts = _group.define(
    nova_opts, 'nova', 'Nova API options',
    _("""
How cyborg-conductor reaches Nova's API (keystoneauth options).  Attach
and detach need Nova's administrator role: Nova shows a server's host only
to administrators.
"""), SERVICE_TYPE)
