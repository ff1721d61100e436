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
"""Options of the [telemetry] group: devices' telemetry, idle ones."""

from oslo_config import cfg

from cyborg.conf import _group
from cyborg.i18n import _

telemetry_opts = [
    cfg.IntOpt('interval',
               default=30,
               min=1,
               help=_("""
Seconds between two reads of the devices' telemetry by cyborg-agent (one
``nvidia-smi`` query for all the GPUs of a host, sysfs for the rest).
""")),
    cfg.IntOpt('read_timeout',
               default=10,
               min=1,
               help=_("""
Seconds a driver's read of its devices' telemetry may take before it is
stopped; its devices' samples are then stale (with the reason), their
health unchanged, and no report of the agent waits for it.
""")),
    cfg.FloatOpt('idle_threshold',
                 default=0.05,
                 min=0.0,
                 max=1.0,
                 help=_("""
Utilization (0 to 1) under which cyborg-agent counts a device as idle.
A device whose utilization stayed under it since its ARQ was bound, for
``idle_window`` seconds, is an idle accelerator.
""")),
    cfg.IntOpt('idle_window',
               default=86400,
               min=1,
               help=_("""
Seconds a bound device must stay idle to be named by ``GET
/v2/instances?idle=true`` (``cyborg instance-list --idle``) and counted by
the ``cyborg_idle_accelerators`` metric of cyborg-api.  Read by
cyborg-api.
""")),
]


telemetry_group, register_opts, list_opts = _group.define(
    telemetry_opts, 'telemetry', 'Device telemetry options',
    _("""
The agent reads its devices' telemetry every ``interval`` seconds, serves
it to Prometheus (``[metrics] agent_port``) and reports what changed; the
database keeps the latest sample of each device.
"""))
