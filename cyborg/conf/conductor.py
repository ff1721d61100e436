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

from cyborg.i18n import _

conductor_group = cfg.OptGroup(
    'conductor',
    title='Conductor options',
    help=_('Options of cyborg-conductor.'))

conductor_opts = [
    cfg.FloatOpt(
        'work_poll_interval',
        default=2.0,
        min=0.1,
        help=_("""
Seconds between two looks of a conductor for work that is due: bind jobs
and events for Nova.

A conductor starts the work it creates itself at once; this interval bounds
how long work created by another conductor, left behind by a conductor that
died, or waiting for a retry, waits to be picked up.

Related options:

* ``[DEFAULT] bind_timeout``
""")),
    cfg.IntOpt(
        'handle_audit_interval',
        default=600,
        min=0,
        help=_("""
Seconds between two runs of the conductor's attach handle check.

The check looks for attach handles in use that no accelerator request in
state BindStarted, Bound or Deleting references and no bind job names
(nobody would ever free them, so Placement offers accelerators that no
bind can get), and for free handles that an accelerator request still
references.  It logs a warning for each and repairs nothing: run
``cyborg-manage handle heal`` to repair them.  The check reads the
attach handles, accelerator requests and bind jobs once, and locks a
handle only when it looks wrong.  Every conductor runs it.

Possible values:

* A positive number of seconds.
* 0: never run the check.

Related options:

* ``[nova] events_max_attempts`` (a release of a handle given up after
  that many failures leaves the handle in use; the check reports it)
""")),
]


def register_opts(conf):
    conf.register_group(conductor_group)
    conf.register_opts(conductor_opts, group=conductor_group)


def list_opts():
    return {conductor_group: conductor_opts}
