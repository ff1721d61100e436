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
"""Accelerator request (ARQ) operations of the conductor.

Creating ARQs from a device profile; binding, unbinding and deleting them
is cyborg.conductor.arq_bind.
"""

from oslo_log import log as logging

from cyborg import exception
from cyborg import states
from cyborg.conductor import arq_bind
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import device_profile as dp_queries
from cyborg.objects import accelerator_request as arq_obj
from cyborg.objects import device_profile as dp_obj

LOG = logging.getLogger(__name__)

@db_api.retry_on_deadlock
@db_api.context_manager.writer
def create(context, device_profile_name, project_id):
    """Create every ARQ a device profile asks for, in one transaction
    (the profile is read in it too).

    :param device_profile_name: the profile's name.
    :param project_id: the owner project of the new ARQs.
    :raises: DeviceProfileNotFound, Invalid (a profile asking for more
        ARQs than ``[DEFAULT] max_arqs_per_group`` or
        ``max_arqs_per_profile``)
    :returns: an AcceleratorRequestList.
    """
    profile = dp_queries.get_by_name(context, device_profile_name)
    counts = dp_obj.arq_counts(profile['groups'])
    rows = arq_queries.create(context, profile['id'], project_id, counts)
    LOG.info('Created %(count)d accelerator request(s) for device profile '
             '%(name)s', {'count': len(rows), 'name': device_profile_name})
    return arq_obj.AcceleratorRequestList.from_rows(rows)


def apply_patch(context, patches, project_id=None, sending=None):
    """Bind or unbind ARQs (see cyborg.conductor.arq_bind).

    :param patches: {arq_uuid: {'op': 'add'|'remove', 'values': {field:
        value}}}; for 'add', values hold hostname, device_rp_uuid,
        instance_uuid and optionally project_id.  One document binds or
        unbinds, not both (cyborg-api checks each ARQ's ops).
    :param project_id: the caller's project, or None (admin: any).
    :param sending: see arq_bind.bind.
    :raises: AcceleratorRequestNotFound, AcceleratorRequestBadState,
        InstanceAlreadyBound, BindTargetInvalid, AgentDown, Invalid; nothing
        is changed then.
    :returns: {arq_uuid: state} after the call.
    """
    adds = {uuid: p['values'] for uuid, p in patches.items()
            if p['op'] == 'add'}
    removes = [uuid for uuid, p in patches.items() if p['op'] == 'remove']
    if adds and removes:
        raise exception.Invalid(
            reason='one request binds or unbinds accelerator requests, '
                   'not both')
    if removes:
        arq_bind.unbind(context, removes, project_id=project_id)
        return dict.fromkeys(removes, states.UNBOUND)
    return arq_bind.bind(context, adds, project_id=project_id,
                         sending=sending)


def delete(context, uuids=None, instance_uuid=None, project_id=None):
    """Delete ARQs by uuids (all must exist) or by instance (idempotent).

    :raises: AcceleratorRequestNotFound
    :returns: the number of ARQs deleted (or being deleted).
    """
    count = arq_bind.delete(context, uuids=uuids,
                            instance_uuid=instance_uuid,
                            project_id=project_id)
    LOG.info('Deleted %(count)d accelerator request(s) (%(which)s)',
             {'count': count,
              'which': ('instance %s' % instance_uuid if uuids is None
                        else ', '.join(uuids))})
    return count
