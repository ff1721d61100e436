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
"""The agent's privileged work: oslo.privsep contexts and entry points.

cyborg-agent runs as an unprivileged user.  The two host operations that
need more go through a privsep daemon each, started on first use with
``sudo privsep-helper`` (or ``[<section>] helper_command``), no rootwrap:

* ``cyborg.privsep.sysfs.write``: the one write to sysfs (creating and
  removing mediated devices, setting vGPU types), in the ``cyborg_sysfs``
  context, which keeps only ``CAP_DAC_OVERRIDE`` (sysfs attributes are
  files owned by root) and writes below ``[cyborg_sysfs] root`` only;
* ``cyborg.privsep.command.execute``: the one runner of vendor tools
  (``fpgaconf``, ``xbutil``...), in the ``cyborg_sys_admin`` context (the
  existing Cyborg's section name), which keeps ``CAP_DAC_OVERRIDE`` and
  ``CAP_SYS_ADMIN`` (the tools open root-owned device nodes and issue
  their ioctls) and runs the tools of ``cyborg.common.tools.TOOLS`` only.

Drivers call neither directly: they write through ``PciDevice.write`` and
run tools through ``cyborg.drivers.command.run``; a unit test fails when
code under ``cyborg/drivers`` writes a file or starts a process any other
way.
"""

from oslo_privsep import capabilities as caps
from oslo_privsep import priv_context

SYSFS_SECTION = 'cyborg_sysfs'
SYS_ADMIN_SECTION = 'cyborg_sys_admin'
#: What each daemon keeps (the default of its ``capabilities`` option).
SYSFS_CAPABILITIES = (caps.CAP_DAC_OVERRIDE,)
SYS_ADMIN_CAPABILITIES = (caps.CAP_DAC_OVERRIDE, caps.CAP_SYS_ADMIN)

sysfs_pctxt = priv_context.PrivContext(
    'cyborg',
    cfg_section=SYSFS_SECTION,
    pypath=__name__ + '.sysfs_pctxt',
    capabilities=SYSFS_CAPABILITIES,
)

sys_admin_pctxt = priv_context.PrivContext(
    'cyborg',
    cfg_section=SYS_ADMIN_SECTION,
    pypath=__name__ + '.sys_admin_pctxt',
    capabilities=SYS_ADMIN_CAPABILITIES,
)

CONTEXTS = (sysfs_pctxt, sys_admin_pctxt)
