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

from cyborg.i18n import _

fake_group = cfg.OptGroup(
    'fake_driver',
    title='Fake driver options',
    help=_("""
Devices the fake driver simulates, for tests, demonstrations and the
embedded mode.  It touches no hardware.
"""))

fake_opts = [
    cfg.ListOpt(
        'devices',
        default=['fpga=1'],
        help=_("""
Simulated devices, as ``type=count`` pairs.

The types are ``fpga``, ``qat``, ``gpu`` (a passed-through ``PGPU``),
``vgpu`` (a GPU whose ``VGPU`` deployable has 4 ``MDEV`` handles, whose
mediated devices the driver "creates" at bind time), ``nic`` (an SR-IOV
NIC whose 4 virtual functions are ``CUSTOM_NIC`` deployables on the
physical network ``physnet1``, with the traits ``CUSTOM_VF`` and
``CUSTOM_PHYSNET_PHYSNET1``, as the intel_nic driver reports them), ``ssd``
(a ``CUSTOM_SSD``) and ``npu`` (a ``CUSTOM_NPU``, as the huawei_ascend
driver reports an NPU).  The first FPGA is
exactly the device of the existing Cyborg's fake driver, which deployments
and the upstream tempest scenarios rely on: vendor ``0xABCD``, controlpath
``0000:0c:00.0``, one deployable named ``<host>_FakeDevice`` with 16
``FPGA`` accelerators, the trait ``CUSTOM_FAKE_DEVICE`` and 16
``TEST_PCI`` attach handles.  Further devices get their own addresses
(buses 0x0d and up) and deployable names.  A malformed value stops the
agent at start.

Possible values:

* ``fpga=1`` (default): the existing fake device only.
* ``fpga=2,qat=1,gpu=1``: two FPGAs, a QAT with 4 virtual functions
  (``CUSTOM_QAT``) and a ``PGPU``.
* ``fpga=1,vgpu=1``: the FPGA and a vGPU-capable GPU.
* ``nic=1,ssd=1,npu=1``: a NIC, an SSD and an NPU.
* An empty value: no device at all.

Related options:

* ``[agent] enabled_drivers`` must contain ``fake`` (or
  ``fake_driver``).
""")),
    cfg.FloatOpt(
        'program_seconds',
        default=0.0,
        min=0.0,
        help=_("""
How long programming a simulated FPGA takes, in seconds.

Programming a simulated FPGA changes nothing but the function the driver
reports (derived from the image's content); this delay lets tests and
demonstrations exercise slow programming and ``[DEFAULT] bind_timeout``.
""")),
    cfg.FloatOpt(
        'discover_seconds',
        default=0.0,
        min=0.0,
        help=_("""
How long a discovery of the simulated devices takes, in seconds.

This delay lets tests and demonstrations exercise a slow discovery: an
operator's ``cyborg discover-services`` while the agent is still
discovering, or running beside a bind.

Related options:

* ``[api] discovery_wait``: how long the API waits for the agents'
  reports.
""")),
    cfg.ListOpt(
        'raise_in',
        default=[],
        item_type=types.String(choices=(
            'discover', 'configure', 'check_health')),
        help=_("""
Operations of the fake driver that raise an exception on purpose, as a
driver with a bug would.

The driver raises ``RuntimeError`` in each operation named here, for
tests and demonstrations of what an operator sees when a driver fails:
its devices stay in Cyborg and in Placement as last known, reserved, with
the health ``driver_error`` and the exception's message, until the
driver works again (see the admin guide's device health page).

Possible values:

* ``discover``: the driver's discovery.
* ``configure``: applying a device's desired configuration.
* ``check_health``: the driver's health checks of its devices.
* An empty value (default): the driver works.
""")),
    cfg.BoolOpt(
        'qat_all_vfs',
        default=False,
        help=_("""
Whether the simulated QATs take only no VF or all 16, as under the
kernel's own QAT driver.

The kernel's QAT drivers enable every VF whatever count is written
(Intel's out-of-tree package takes any count), which only trying tells:
the crypto driver offers any count, and a configuration of another one
ends ``failed`` once the agent tried it.  With this option a simulated
QAT does the same (its VFs left as they were), so that tests and
demonstrations can show what only the hardware refuses; every other
value is judged before it is stored, as for every driver.

Possible values:

* ``false`` (default): any count from 0 to 16 is applied.
* ``true``: a count other than 0 and 16 fails.

Related options:

* ``devices``: ``qat=N`` simulates the QATs.
""")),
]


def register_opts(conf):
    conf.register_group(fake_group)
    conf.register_opts(fake_opts, group=fake_group)


def list_opts():
    return {fake_group: fake_opts}
