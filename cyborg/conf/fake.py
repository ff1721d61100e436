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
"""Options of the [fake_driver] group: the fake driver's simulated devices."""

from oslo_config import cfg
from oslo_config import types

from cyborg.conf import _group
from cyborg.i18n import _

# The longest delay the fake driver simulates: an hour.
MAX_SECONDS = 3600.0

fake_opts = [
    cfg.ListOpt(
        'devices',
        default=['fpga=1'],
        help=_("""
Simulated devices, as ``type=count`` pairs: ``fpga``, ``qat``, ``gpu`` (a
``PGPU``), ``vgpu`` (a GPU with 4 ``MDEV`` handles), ``nic`` (4 VFs on
``physnet1``), ``ssd`` and ``npu``, at most 244 devices in all (one a
PCI bus).  The first FPGA is the existing Cyborg's fake device, which
the upstream tempest scenarios rely on.  A malformed value stops the
agent.

Possible values:

* ``fpga=1`` (default): the existing fake device only.
* ``fpga=2,qat=1,gpu=1``
* An empty value: no device at all.

Related options:

* ``[agent] enabled_drivers`` must contain ``fake``.
""")),
    cfg.FloatOpt(
        'program_seconds',
        default=0.0,
        min=0.0,
        max=MAX_SECONDS,
        help=_("""
How long programming a simulated FPGA takes, in seconds (at most an
hour), to exercise slow programming and ``[DEFAULT] bind_timeout``.
""")),
    cfg.FloatOpt(
        'discover_seconds',
        default=0.0,
        min=0.0,
        max=MAX_SECONDS,
        help=_("""
How long a discovery of the simulated devices takes, in seconds (at most
an hour).

Related options:

* ``[api] discovery_wait``
""")),
    cfg.ListOpt(
        'raise_in',
        default=[],
        item_type=types.String(choices=(
            'discover', 'configure', 'check_health')),
        help=_("""
Operations of the fake driver that raise ``RuntimeError`` on purpose, to
show what an operator sees when a driver fails (its devices held as last
known, with the health ``driver_error``).

Possible values:

* ``discover``, ``configure``, ``check_health``.
* An empty value (default): the driver works.
""")),
    cfg.BoolOpt(
        'qat_all_vfs',
        default=False,
        help=_("""
Whether the simulated QATs take only 0 or all 16 VFs, as under the kernel's
own QAT driver: another count then fails once the agent tries it.

Related options:

* ``devices``: ``qat=N`` simulates the QATs.
""")),
    cfg.StrOpt(
        'faults_file',
        default='$state_path/fake-faults.json',
        help=_("""
A JSON file of faults to inject into the simulated devices' telemetry and
health (ECC errors, an XID, a temperature, a PCIe link dropped to x8, AER
errors, a utilization, a failing or hanging read, a configuration that
fails or takes long), read at each read:
``{"<address or device uuid>": {"ecc_uncorrected": 2}}``.  Remove a key to
clear its faults.  The admin guide's telemetry page lists the faults.

Related options:

* ``[telemetry] interval``
""")),
]


fake_group, register_opts, list_opts = _group.define(
    fake_opts, 'fake_driver', 'Fake driver options',
    _("""
Devices the fake driver simulates, for tests, demonstrations and the
embedded mode.  It touches no hardware.
"""))
