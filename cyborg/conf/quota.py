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
"""Options of the [quota] group: Nova's unified limits on attach-instance,
and oslo.limit's own [oslo_limit] group.
"""

from oslo_config import cfg
from oslo_limit import opts as limit_opts

from cyborg.i18n import _

quota_group = cfg.OptGroup(
    'quota',
    title='Quota options',
    help=_("""
Whether attach-instance keeps a project within Nova's per-project limits.

attach-instance adds resources to a server's Placement allocation; Nova's
quota does not see that happen.  Where Nova enforces unified limits (its
``[quota] driver = nova.quota.UnifiedLimitsDriver``: limits registered in
Keystone, usage counted from Placement), the conductor can enforce the
same limits before it adds anything.
"""))

quota_opts = [
    cfg.BoolOpt(
        'unified_limits',
        default=False,
        help=_("""
Enforce Nova's unified limits on attach-instance.

Before adding an attach's resources to the server's allocation, the
conductor asks Keystone (through oslo.limit) for the limits of the server's
project on each resource class it adds, named as Nova names them
(``class:FPGA``, ``class:PGPU``, ``class:CUSTOM_...``), counts the
project's usage of them in Placement (``GET /usages``) as Nova does, and
refuses the attach with 403 ``cyborg.instance.over_limit`` naming the
limit when the attach would exceed it; nothing is created or allocated
then.  The count is checked again once the resources are added (two
attaches of one project at the same time), and the attach undone when the
project went over.  A resource class without a registered limit counts as
a limit of 0, as Nova counts it.

Set it only where Nova runs ``[quota] driver =
nova.quota.UnifiedLimitsDriver``.  With Nova's legacy quota driver (its
default, usage counted from Nova's database) Nova has no limit on these
resource classes and Cyborg enforces none: leave it False.

Possible values:

* False (default): attach-instance checks no limit.
* True: attach-instance enforces Nova's unified limits.

Related options:

* ``[oslo_limit]``: how to reach Keystone's limits: credentials of a user
  that may read them (the reader role), and Nova's endpoint, whose limits
  these are: ``endpoint_id`` (Nova's compute endpoint), or
  ``endpoint_service_type = compute`` (with ``endpoint_region_name`` and
  ``endpoint_interface`` as needed).
* ``[placement]``: where the usage is counted.
""")),
]


def register_opts(conf):
    conf.register_group(quota_group)
    conf.register_opts(quota_opts, group=quota_group)
    # [oslo_limit]: oslo.limit's own options (its session, auth and
    # adapter options, and which service's limits to read).
    limit_opts.register_opts(conf)


def list_opts():
    # [oslo_limit] is listed in the sample by the oslo.limit namespace.
    return {quota_group: quota_opts}
