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
"""Options of the [conductor] group (cyborg-conductor)."""

from oslo_config import cfg

from cyborg.conf import _group
from cyborg.i18n import _

conductor_opts = [
    cfg.IntOpt(
        'arq_concurrency',
        default=4,
        min=1,
        help=_("""
How many of Nova's accelerator request calls (create, bind or unbind,
delete) one conductor runs at once; the others wait for a turn.  Each is a
short transaction, mostly CPU: more at once only cost more CPU per call
(see the performance guide).  Other calls do not wait for these turns.
Raise it with a slow database, lower it to 1 or 2 where the conductor has
less than a core.
""")),
    cfg.IntOpt(
        'workers_pool_size',
        default=12,
        min=1,
        deprecated_name='thread_pool_size',
        deprecated_group='DEFAULT',
        help=_("""
The number of threads of one conductor's work pool: the device work of
binds, unbinds and program requests (each holding a thread while the agent
works), the Nova events and Placement pushes that calls start, and driver
installs.  Work that finds the pool and its queue full is left to the
periodic tasks: it comes later, nothing is lost.  Each thread keeps a
database connection (see the HA guide's sizing rule).
""")),
    cfg.FloatOpt(
        'work_poll_interval',
        default=2.0,
        min=0.1,
        help=_("""
Seconds between two looks of a conductor for work that is due (bind jobs,
events for Nova) created by another conductor, left by one that died, or
waiting for a retry; its own work starts at once.
""")),
    cfg.IntOpt(
        'handle_audit_interval',
        default=600,
        min=0,
        help=_("""
Seconds between two runs of the conductor's attach handle check, which
logs a warning for each handle in use that no accelerator request or bind
job holds, and each free one an accelerator request references.  It
repairs nothing: see ``cyborg-manage handle heal``.  0: never.
""")),
    cfg.IntOpt(
        'instance_audit_interval',
        default=0,
        min=0,
        help=_("""
Seconds between two runs of the conductor's check against Nova, which logs
a warning for each bound accelerator request whose server Nova no longer
has (or has on another host) and each allocation on Cyborg's providers
without a bound request.  It repairs nothing: see ``cyborg-manage instance
heal``.  0: never.
""")),
    cfg.IntOpt(
        'instance_orphan_grace',
        default=3600,
        min=0,
        help=_("""
Seconds an accelerator request must have kept its state before the check
against Nova calls it orphaned, so that one caught in the middle of a
server delete, evacuation or rebuild is not released.
""")),
    cfg.IntOpt(
        'usage_audit_interval',
        default=600,
        min=0,
        help=_("""
Seconds between two runs of the conductor's usage audit, which closes
each open usage interval whose accelerator request no longer holds its
accelerator (deleted or changed otherwise than by Cyborg's own flows: a
database edited by hand, restored from a backup) at the time it went
away, and opens one for each Bound accelerator request without one, each
with a warning in the log (``cyborg-manage usage audit`` does the same on
demand).  An interval whose request's row is gone closes at the time of
the run that finds it, so the interval bounds how late that is.  0: never
(``cyborg-manage usage heal`` still does).
""")),
    cfg.IntOpt(
        'clean_timeout',
        default=3600,
        min=1,
        help=_("""
Seconds a device's clean may take on its agent, from the time the
conductor handed it over; a clean not reported by then is
``clean_failed`` and the device stays held until an operator retries it
(``cyborg device-clean``) or releases it uncleaned.

Possible values:

* A number of seconds, above the longest clean a driver makes (an NVMe
  sanitize of a large drive takes minutes to hours).

Related options:

* ``[conductor] clean_devices_by_default``
""")),
    cfg.BoolOpt(
        'clean_devices_by_default',
        default=True,
        help=_("""
Whether the devices of the real drivers are cleaned when their last
binding ends, where no device class of theirs says otherwise (a class's
``cleaning``: off, on or the steps named).  The fake driver's devices
are cleaned only when a class asks.

Possible values:

* True: each real driver's default steps run between two tenants.
* False: no device is cleaned unless its class asks.

Related options:

* ``[conductor] clean_timeout``
""")),
]


conductor_group, register_opts, list_opts = _group.define(
    conductor_opts, 'conductor', 'Conductor options',
    _('Options of cyborg-conductor.'))
