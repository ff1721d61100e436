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

cyborg-agent runs as an unprivileged user.  The three host operations
that need more go through a privsep daemon each, started on first use with
the ``privsep-helper`` installed beside the agent's own Python (through
``sudo`` unless the agent runs as root; see use_installed_helper()) or
``[<section>] helper_command``, no rootwrap:

* ``cyborg.privsep.sysfs.write``: the one write to sysfs (creating and
  removing mediated devices, setting vGPU types), in the ``cyborg_sysfs``
  context, which keeps only ``CAP_DAC_OVERRIDE`` (sysfs attributes are
  files owned by root) and writes below ``[cyborg_sysfs] root`` only;
* ``cyborg.privsep.command.execute``: the one runner of vendor tools
  (``fpgaconf``, ``xbutil``...), in the ``cyborg_sys_admin`` context (the
  upstream's section name), which keeps ``CAP_DAC_OVERRIDE`` and
  ``CAP_SYS_ADMIN`` (the tools open root-owned device nodes and issue
  their ioctls) and runs the tools of
  ``cyborg.common.privsep_allowlists.TOOLS`` only;
* ``cyborg.privsep.kernel_log.driver_records``: the one read of the
  kernel log (``/dev/kmsg``), in the ``cyborg_kernel_log`` context, which
  keeps only ``CAP_SYSLOG`` (needed where ``kernel.dmesg_restrict`` is 1)
  and hands back the records of
  ``cyborg.common.privsep_allowlists.KERNEL_LOG_MARKS`` only (the NVIDIA
  driver's XID errors), never the rest of the log.

Drivers call the first two through ``PciDevice.write`` and
``cyborg.drivers.command.run``, and the third from the gpu driver's health
check (cyborg.drivers.gpu.gpu_health); a unit test fails when code under
``cyborg/drivers`` writes a file or starts a process any other way.
"""

import os
import shlex
import sys

from oslo_privsep import capabilities as caps
from oslo_privsep import priv_context

SYSFS_SECTION = 'cyborg_sysfs'
SYS_ADMIN_SECTION = 'cyborg_sys_admin'
KERNEL_LOG_SECTION = 'cyborg_kernel_log'
#: What each daemon keeps (the default of its ``capabilities`` option).
SYSFS_CAPABILITIES = (caps.CAP_DAC_OVERRIDE,)
SYS_ADMIN_CAPABILITIES = (caps.CAP_DAC_OVERRIDE, caps.CAP_SYS_ADMIN)
KERNEL_LOG_CAPABILITIES = (caps.CAP_SYSLOG,)

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

kernel_log_pctxt = priv_context.PrivContext(
    'cyborg',
    cfg_section=KERNEL_LOG_SECTION,
    pypath=__name__ + '.kernel_log_pctxt',
    capabilities=KERNEL_LOG_CAPABILITIES,
)

CONTEXTS = (sysfs_pctxt, sys_admin_pctxt, kernel_log_pctxt)


def use_installed_helper(conf):
    """Start the daemons with the ``privsep-helper`` of the environment
    this Python runs in, where ``[<section>] helper_command`` is not set.

    oslo.privsep's own default, ``sudo privsep-helper``, finds whichever
    helper sudo's ``secure_path`` holds: none in a fresh virtual
    environment, or another installation's.  As root the helper runs
    without sudo.  Nothing changes when no helper is installed here.

    :param conf: the service's parsed ConfigOpts (the global CONF, which
        oslo.privsep reads).
    """
    helper = os.path.join(os.path.dirname(sys.executable), 'privsep-helper')
    if not os.access(helper, os.X_OK):
        return
    argv = ([] if os.geteuid() == 0 else ['sudo']) + [helper]
    for path in conf.config_file or ():
        argv += ['--config-file', path]
    for path in conf.config_dir or ():
        argv += ['--config-dir', path]
    for context in CONTEXTS:
        conf.set_default('helper_command', shlex.join(argv),
                         group=context.cfg_section)
