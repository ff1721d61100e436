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

attach-instance adds resources to a server's allocation in Placement,
which Nova's quota never sees happen.  Where Nova enforces unified limits
(``[quota] driver = nova.quota.UnifiedLimitsDriver``), the limits are
Keystone's registered and project limits of Nova's endpoint, named
``class:<resource class>``, and the usage is the project's in Placement
(``GET /usages?project_id=``), as nova/limit/placement.py counts them.
With ``[quota] unified_limits`` the conductor enforces the same limits
before it adds an attach's resources (enforce()), and checks again once
they are added (recheck(): two attaches of one project at the same time
both pass the first check), as Nova does with ``[quota] recheck_quota``.

Keystone is reached with oslo.limit's own ``[oslo_limit]`` options; an
Enforcer is made for each check, as Nova makes one per request (it reads
the enforcement model and the endpoint, then the limits it needs).
"""

import collections
import functools

from keystoneauth1 import exceptions as ks_exc
from openstack import exceptions as sdk_exc
from oslo_config import cfg
from oslo_limit import exception as limit_exc
from oslo_limit import limit
from oslo_log import log as logging

from cyborg import exception

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

# Nova's names of the limits on resource classes (nova/limit/placement.py).
PREFIX = 'class:'

# What oslo.limit raises when it cannot read the limits: no session (bad
# [oslo_limit] credentials), Keystone unreachable or refusing, Nova's
# endpoint or service not found (ValueError), an enforcement model it
# does not implement.  oslo.limit 2.12 reads the enforcement model from
# whatever Keystone answered: an error answer (503) is a KeyError
# (cyborg/tests/functional/placement/test_quota.py test_keystone_down).
_UNAVAILABLE = (limit_exc.SessionInitError, ks_exc.ClientException,
                sdk_exc.SDKException, ValueError, NotImplementedError,
                KeyError)


def enabled():
    """Whether attach-instance enforces Nova's unified limits."""
    return CONF.quota.unified_limits


def deltas(allocations):
    """The limits an allocation counts against, and by how much.

    :param allocations: ``{rp: {'resources': {rc: amount}}}``.
    :returns: ``{'class:<rc>': total amount}``.
    """
    totals = collections.Counter()
    for allocation in allocations.values():
        for rc, amount in allocation['resources'].items():
            totals[PREFIX + rc] += int(amount)
    return dict(totals)


def _usage(placement, project_id, resource_names):
    """oslo.limit's usage callback: the project's usage in Placement.

    :raises: PlacementUnavailable, PlacementError
    """
    usages = placement.usages(project_id)
    # Placement leaves out the classes the project does not use.
    return {name: int(usages.get(name[len(PREFIX):], 0))
            for name in resource_names}


def _describe(over, added):
    """The limits exceeded, as the message says them.

    :param added: what the attach already added (a recheck), or None.
    """
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
    except _UNAVAILABLE as exc:
        LOG.error('Cannot read the limits of project %(project)s from '
                  'Keystone ([oslo_limit]): %(error)s',
                  {'project': project_id, 'error': exc})
        raise exception.LimitsUnavailable(project=project_id,
                                          reason=str(exc))


def enforce(placement, project_id, allocations, profile, instance_uuid):
    """Refuse an attach that would take the project over a limit.

    Nothing is checked unless ``[quota] unified_limits`` is set.

    :param placement: the conductor's PlacementClient (the usage).
    :param project_id: the server's project.
    :param allocations: what the attach adds (deltas()'s argument).
    :param profile: the device profile's name, for the message.
    :param instance_uuid: the server, for the message.
    :raises: OverLimit, LimitsUnavailable, PlacementError
    """
    wanted = deltas(allocations)
    if enabled() and wanted:
        _check(placement, project_id, wanted, profile, instance_uuid)


def recheck(placement, project_id, allocations, profile, instance_uuid):
    """Check, once the attach's resources are added, that the project's
    usage is still within its limits (nothing asked on top).

    :raises: as enforce()
    """
    wanted = deltas(allocations)
    if enabled() and wanted:
        _check(placement, project_id, dict.fromkeys(wanted, 0), profile,
               instance_uuid, added=wanted)
