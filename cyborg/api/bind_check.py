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
"""Does the provider a bind names satisfy the ARQ's device profile group?

Nova binds an ARQ to the resource provider Placement chose for the ARQ's
request group, so the provider has the group's resource class and traits;
a caller that names another provider (an FPGA profile's ARQ on a QAT)
would get a device it did not ask for, with no allocation behind it.  The
check reads the database only (the deployable's ``rc`` and ``trait*``
attributes, which the conductor publishes to Placement), never Placement.

Since conductor RPC 1.7 the conductor checks in the bind's transaction,
on the rows the bind reads anyway (cyborg.conductor.arq.bind: the ARQ's
group and the target deployable's attributes), which costs the request
no statement and no round trip of its own.  check() is what cyborg-api
runs itself when ``[upgrade_levels] conductor`` pins it below 1.7 (a
rolling upgrade): before the bind's RPC, in reads of its own.  The group
of an ARQ never changes, and a provider's resource class and traits
change only when its device does (the agent's report), which a bind does
not race in any way that matters more than Nova's own choice does.
"""

from oslo_log import log as logging

from cyborg import exception
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import deployable as deployable_queries
from cyborg.db.queries import device_profile as profile_queries
from cyborg.objects import device_profile as dp_obj

LOG = logging.getLogger(__name__)


def _provider(context, rp_uuid, cache):
    """(rc, traits) of the deployable behind *rp_uuid*, or None."""
    if rp_uuid not in cache:
        rows = deployable_queries.get_all(context,
                                          filters={'rp_uuid': rp_uuid})
        if not rows:
            cache[rp_uuid] = None
        else:
            attributes = rows[0]['attributes']
            cache[rp_uuid] = (
                next((v for k, v in attributes if k == 'rc'), None),
                [v for k, v in attributes if k.startswith('trait') and v])
    return cache[rp_uuid]


def check(context, patches, project_id, refuse):
    """Check every bind of *patches* (see the module docstring).

    ARQs or providers that are not found are left to the bind, which
    answers for them.

    :param patches: the parsed PATCH ({uuid: {'op', 'values'}}).
    :param project_id: the caller's visible project (None: every one).
    :param refuse: raise on a mismatch (2.4 on); else log a warning.
    :raises: BindProviderMismatch when *refuse*.
    """
    binds = {uuid: patch['values'] for uuid, patch in patches.items()
             if patch['op'] == 'add'}
    if not binds:
        return
    arqs = arq_queries.get_all(context, project_id=project_id,
                               uuids=sorted(binds))
    profiles, providers = {}, {}
    for arq in arqs:
        name = arq['device_profile_name']
        if name not in profiles:
            try:
                profiles[name] = profile_queries.get_by_name(
                    context, name)['groups']
            except exception.DeviceProfileNotFound:
                profiles[name] = []
        rp = binds[arq['uuid']]['device_rp_uuid']
        provider = _provider(context, rp, providers)
        if provider is None:
            continue
        groups = profiles[name]
        index = arq['device_profile_group_id']
        if index is None or index >= len(groups):
            continue
        reason = dp_obj.group_mismatch(groups[index], *provider)
        if reason is None:
            continue
        if refuse:
            raise exception.BindProviderMismatch(rp=rp, uuid=arq['uuid'],
                                                 reason=reason)
        LOG.warning('Binding accelerator request %(uuid)s to resource '
                    'provider %(rp)s, which does not satisfy its device '
                    'profile group (%(reason)s); refused from microversion '
                    '2.4', {'uuid': arq['uuid'], 'rp': rp, 'reason': reason})
