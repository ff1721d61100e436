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
"""The agent's privileged work: three privsep daemons with the least
capabilities each needs: ``sysfs.write`` (CAP_DAC_OVERRIDE),
``command.execute`` (also CAP_SYS_ADMIN for the tools' ioctls) and
``kernel_log.driver_records`` (CAP_SYSLOG).  A unit test fails when
cyborg/drivers writes a file or starts a process any other way.

May import: cyborg.conf and the base.
"""

import os
import shlex
import sys

from oslo_privsep import capabilities as caps
from oslo_privsep import priv_context

SYSFS_SECTION = 'cyborg_sysfs'
SYS_ADMIN_SECTION = 'cyborg_sys_admin'
KERNEL_LOG_SECTION = 'cyborg_kernel_log'
SYSFS_CAPABILITIES = (caps.CAP_DAC_OVERRIDE,)
SYS_ADMIN_CAPABILITIES = (caps.CAP_DAC_OVERRIDE, caps.CAP_SYS_ADMIN)
KERNEL_LOG_CAPABILITIES = (caps.CAP_SYSLOG,)


def _context(name, section, capabilities):
    return priv_context.PrivContext(
        'cyborg', cfg_section=section, pypath='%s.%s' % (__name__, name),
        capabilities=capabilities)


sysfs_pctxt = _context('sysfs_pctxt', SYSFS_SECTION, SYSFS_CAPABILITIES)
sys_admin_pctxt = _context('sys_admin_pctxt', SYS_ADMIN_SECTION,
                           SYS_ADMIN_CAPABILITIES)
kernel_log_pctxt = _context('kernel_log_pctxt', KERNEL_LOG_SECTION,
                            KERNEL_LOG_CAPABILITIES)

CONTEXTS = (sysfs_pctxt, sys_admin_pctxt, kernel_log_pctxt)


def use_installed_helper(conf):
    """Default ``[<section>] helper_command`` to the ``privsep-helper``
    beside this Python (through sudo unless root), if any: oslo.privsep's
    ``sudo privsep-helper`` misses a virtual environment's.
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
