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

from cyborg.conf import _group
from cyborg.i18n import _

quota_opts = [
    cfg.BoolOpt(
        'unified_limits',
        default=False,
        help=_("""
Enforce Nova's unified limits on attach-instance: the conductor reads the
project's limits of each resource class it adds from Keystone (``class:
FPGA``...), counts its usage in Placement as Nova does, and refuses an
attach that would exceed them with 403 ``cyborg.instance.over_limit``.  A
class without a registered limit counts as a limit of 0.  Set it only
where Nova runs ``[quota] driver = nova.quota.UnifiedLimitsDriver``.
``[oslo_limit]`` says how to read the limits (a reader's credentials, and
Nova's ``endpoint_id`` or ``endpoint_service_type = compute``).
""")),
]


quota_group, _register_quota, list_opts = _group.define(
    quota_opts, 'quota', 'Quota options', _("""
Whether attach-instance keeps a project within Nova's unified limits:
Nova's quota does not see attach-instance add to a server's allocation.
"""))


def register_opts(conf):
    _register_quota(conf)
    # [oslo_limit]: oslo.limit's own options (its session, auth and
    # adapter options, and which service's limits to read), which the
    # sample lists from the oslo.limit namespace.
    limit_opts.register_opts(conf)
