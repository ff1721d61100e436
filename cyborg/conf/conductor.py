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
]


def register_opts(conf):
    conf.register_group(conductor_group)
    conf.register_opts(conductor_opts, group=conductor_group)


def list_opts():
    return {conductor_group: conductor_opts}
