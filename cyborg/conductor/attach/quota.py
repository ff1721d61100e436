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
"""Nova's unified limits on attach-instance, through oslo.limit.

An attach adds to a server's Placement allocation, which Nova's quota
never sees.  With ``[quota] unified_limits`` the conductor enforces
Nova's ``class:<resource class>`` limits before adding and checks again
after (two attaches at once both pass the first check), as Nova does.
"""

import collections
import functools

from keystoneauth1 import exceptions as ks_exc
from oslo_config import cfg
from oslo_log import log as logging

from cyborg import exception

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

# Nova's names of the limits on resource classes (nova/limit/placement.py).
PREFIX = 'class:'

def deltas(allocations):
    """``{'class:<rc>': total}`` of ``{rp: {'resources': {rc: amount}}}``."""
    totals = collections.Counter()
    for allocation in allocations.values():
        for rc, amount in allocation['resources'].items():
            totals[PREFIX + rc] += int(amount)
    return dict(totals)


def _usage(placement, project_id, resource_names):
    """oslo.limit's usage callback: the project's usage in Placement."""
    usages = placement.usages(project_id)
    # Placement leaves out the classes the project does not use.
    return {name: int(usages.get(name[len(PREFIX):], 0))
            for name in resource_names}


def _describe(over, added):
    """The limits exceeded, for the message (*added*: a recheck's)."""
    parts = []
    for info in over:
        if added is None:
            parts.append('%s: limit %d, in use %d, asked %d' % (
                info.resource_name, info.limit, info.current_usage,
                info.delta))
        else:
            parts.append('%s: limit %d, in use %d with the %d of this '
                         'attach (another one took the rest meanwhile)' % (
                             info.resource_name, info.limit,
                             info.current_usage,
                             added.get(info.resource_name, 0)))
    return '; '.join(parts)


def _check(placement, project_id, wanted, profile, instance_uuid,
           added=None):
    # Imported here: oslo.limit loads openstacksdk (a second of CPU at
    # every conductor start), and only an attach with limits needs it.
    from openstack import exceptions as sdk_exc
    from oslo_limit import exception as limit_exc
    from oslo_limit import limit

    # What oslo.limit raises when it cannot read the limits: bad
    # credentials, Keystone unreachable, Nova's endpoint not found
    # (ValueError), a model it does not implement, and a Keystone error
    # answer (KeyError: oslo.limit 2.12 reads the model from whatever
    # Keystone answered).
    unavailable = (limit_exc.SessionInitError, ks_exc.ClientException,
                   sdk_exc.SDKException, ValueError, NotImplementedError,
                   KeyError)
    try:
        enforcer = limit.Enforcer(functools.partial(_usage, placement))
        enforcer.enforce(project_id, wanted)
    except limit_exc.ProjectOverLimit as exc:
        limits = _describe(exc.over_limit_info_list, added)
        LOG.info('Attach of %(profile)s to server %(server)s refused: '
                 'project %(project)s over its limits (%(limits)s)',
                 {'profile': profile, 'server': instance_uuid,
                  'project': project_id, 'limits': limits})
        raise exception.OverLimit(profile=profile, uuid=instance_uuid,
                                  project=project_id, limits=limits)
    except unavailable as exc:
        LOG.error('Cannot read the limits of project %(project)s from '
                  'Keystone ([oslo_limit]): %(error)s',
                  {'project': project_id, 'error': exc})
        raise exception.LimitsUnavailable(project=project_id,
                                          reason=str(exc))


def enforce(placement, project_id, allocations, profile, instance_uuid,
            recheck=False):
    """Refuse an attach that would take the project over a limit (with
    *recheck*: that did, once added).

    :raises: OverLimit, LimitsUnavailable, PlacementError
    """
    wanted = deltas(allocations)
    if CONF.quota.unified_limits and wanted:
        _check(placement, project_id,
               dict.fromkeys(wanted, 0) if recheck else wanted, profile,
               instance_uuid, added=wanted if recheck else None)
