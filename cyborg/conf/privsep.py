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
"""Options of the agent's privsep daemons (see cyborg.privsep)."""

from oslo_config import cfg
from oslo_privsep import priv_context

from cyborg.i18n import _

sysfs_group = cfg.OptGroup(
    'cyborg_sysfs',
    title='Privileged sysfs writes of cyborg-agent',
    help=_("""
The privsep daemon that writes sysfs attributes for cyborg-agent (mediated
devices, vGPU types), keeping only CAP_DAC_OVERRIDE.  The agent starts it
with ``sudo privsep-helper``, or ``helper_command``; no rootwrap.
"""))

sys_admin_group = cfg.OptGroup(
    'cyborg_sys_admin',
    title='Privileged vendor tools of cyborg-agent',
    help=_("""
The privsep daemon that runs vendor tools for cyborg-agent (``fpgaconf``,
``xbutil``, ``xbmgmt``), keeping CAP_DAC_OVERRIDE and CAP_SYS_ADMIN.
"""))

kernel_log_group = cfg.OptGroup(
    'cyborg_kernel_log',
    title='Privileged kernel log reads of cyborg-agent',
    help=_("""
The privsep daemon that reads the NVIDIA driver's XID errors from
``/dev/kmsg`` for the gpu driver's health check, keeping only CAP_SYSLOG;
started on hosts with NVIDIA GPUs only.
"""))

sysfs_opts = [
    cfg.StrOpt('root',
               default='/sys',
               help=_("""
The directory the privileged helper writes below; a write of any other
path (symbolic links resolved) is refused.
""")),
]


def register_opts(conf):
    for group, opts in list_opts().items():
        conf.register_group(group)
        conf.register_opts(opts, group=group)


def list_opts():
    return {sysfs_group: sysfs_opts + priv_context.OPTS,
            sys_admin_group: list(priv_context.OPTS),
            kernel_log_group: list(priv_context.OPTS)}
