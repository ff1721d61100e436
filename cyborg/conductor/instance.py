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
"""Attaching accelerators to an instance, and detaching them (2.5).

The seeds' attach-instance and detach-instance, routed through the API:
what Nova does for a flavor's device profile at boot, done for an instance
that exists.

Attach: the device profile's request groups are placed under the compute
node provider of the instance's host (Placement allocation candidates,
one numbered group per profile group), the chosen providers are added to
the instance's allocations (with its consumer generation, keeping Nova's
own allocations), and ARQs are created and bound to them.  The bind is an
ordinary one: device work, events for Nova as soon as it commits.

Detach: the instance's ARQs are unbound and deleted, and their providers
removed from its allocations.
"""

from oslo_log import log as logging

from cyborg import exception
from cyborg.conductor import arq_bind
from cyborg.conductor import arq_create
from cyborg.conductor import arq_delete
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import device_profile as dp_queries
from cyborg.db.queries import host as host_queries

LOG = logging.getLogger(__name__)


def request_groups(profile):
    """Placement request groups of a device profile's groups.

    :returns: a list of ``{resources, required, forbidden}``, one per
        profile group, in order.
    """
    groups = []
    for group in profile['groups']:
        request = {'resources': {}, 'required': [], 'forbidden': []}
        for key, value in group.items():
            kind, _sep, name = key.partition(':')
            if kind == 'resources':
                request['resources'][name] = int(value)
            elif kind == 'trait' and value == 'required':
                request['required'].append(name)
            elif kind == 'trait' and value == 'forbidden':
                request['forbidden'].append(name)
        groups.append(request)
    return groups


def _compute_node(context, hostname):
    rows = host_queries.get_all(context, host=hostname)
    if not rows:
        raise exception.AgentNotFound(host=hostname)
    host = rows[0]
    if not host['compute_rp_uuid']:
        raise exception.ComputeResourceProviderNotFound(
            name=host['rp_name'] or hostname, host=hostname)
    return host['compute_rp_uuid']


def attach(context, placement, instance_uuid, device_profile_name,
           hostname, project_id, user_id, sending=None):
    """Give an instance the accelerators of a device profile.

    :param sending: see arq_bind.bind.
    :raises: PlacementNotConfigured, DeviceProfileNotFound, AgentNotFound,
        ComputeResourceProviderNotFound, NoAcceleratorCandidate,
        PlacementError; nothing is left allocated or created then.
    :returns: ``{arq uuid: state}`` (Bound, BindStarted while device
        work runs, or BindFailed).
    """
    if placement is None:
        raise exception.PlacementNotConfigured()
    profile = dp_queries.get_by_name(context, device_profile_name)
    root = _compute_node(context, hostname)
    candidates = placement.allocation_candidates(request_groups(profile),
                                                 in_tree=root)
    if not candidates:
        raise exception.NoAcceleratorCandidate(profile=device_profile_name,
                                               host=hostname)
    chosen = candidates[0]
    placement.change_consumer(instance_uuid, add=chosen['allocations'],
                              project_id=project_id, user_id=user_id)
    arqs = []
    try:
        arqs = list(arq_create.create(context, device_profile_name,
                                      project_id).objects)
        patches = {arq.uuid: {
            'hostname': hostname, 'instance_uuid': instance_uuid,
            'device_rp_uuid': chosen['mappings'][
                arq.device_profile_group_id],
            'project_id': project_id} for arq in arqs}
        result = arq_bind.bind(context, patches, more_for_instance=True,
                               sending=sending)
    except Exception:
        with_arqs = [arq.uuid for arq in arqs]
        LOG.exception('Attaching %(profile)s to instance %(instance)s '
                      'failed; undoing it', {'profile': device_profile_name,
                                             'instance': instance_uuid})
        if with_arqs:
            arq_delete.delete(context, uuids=with_arqs)
        placement.change_consumer(instance_uuid,
                                  remove=set(chosen['allocations']))
        raise
    LOG.info('Attached %(profile)s to instance %(instance)s on %(host)s: '
             '%(result)s', {'profile': device_profile_name,
                            'instance': instance_uuid, 'host': hostname,
                            'result': result})
    return result


def detach(context, placement, instance_uuid, project_id=None):
    """Take every accelerator from an instance.

    :raises: AcceleratorRequestNotFound when the instance has none.
    :returns: the number of ARQs deleted (or being deleted).
    """
    arqs = arq_queries.get_all(context, project_id=project_id,
                               instance_uuid=instance_uuid)
    if not arqs:
        raise exception.AcceleratorRequestNotFound(
            uuid='of instance %s' % instance_uuid)
    providers = {a['device_rp_uuid'] for a in arqs if a['device_rp_uuid']}
    count = arq_delete.delete(context, instance_uuid=instance_uuid,
                              project_id=project_id)
    if placement is not None and providers:
        placement.change_consumer(instance_uuid, remove=providers)
    LOG.info('Detached %(count)d accelerator request(s) from instance '
             '%(instance)s', {'count': count, 'instance': instance_uuid})
    return count
