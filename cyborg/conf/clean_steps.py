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
"""Options of the [clean_steps] group: the operator's own clean steps."""

from oslo_config import cfg

from cyborg.conf import _group
from cyborg.i18n import _

clean_steps_opts = [
    cfg.DictOpt(
        'operator_steps',
        default={},
        help=_("""
The operator's clean steps: ``name:command`` pairs, each step offered by
every driver as ``operator:<name>`` (a device class names it in its
``cleaning`` steps; none is run by default).  The agent's privileged
helper runs the command (an absolute path, read from its own
configuration: never from the API) with the device's PCI address as its
only argument; exit status 0 is success, and the last lines of its output
are the step's detail, or the reason of its failure.  A firmware update,
a wear check.

Possible values:

* ``firmware:/usr/local/sbin/nvme-firmware,wear:/usr/local/sbin/wear``

Related options:

* ``[clean_steps] operator_timeout``
""")),
    cfg.IntOpt(
        'operator_timeout',
        default=600,
        min=1,
        help=_("""
Seconds an operator's clean step may run before it is killed and the
clean fails (less when the clean has less time left).
""")),
]


clean_steps_group, register_opts, list_opts = _group.define(
    clean_steps_opts, 'clean_steps', 'The operator\'s clean steps',
    _('Commands of the operator that the agent runs, as clean steps '
      'of every driver, on a device between two tenants.'))
