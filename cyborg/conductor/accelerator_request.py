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

Create, record bind and unbind requests, delete.
"""

from oslo_log import log as logging
import sqlalchemy as sa

from cyborg import exception
from cyborg import states
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import device_profile as dp_queries
from cyborg.objects import accelerator_request as arq_obj

LOG = logging.getLogger(__name__)

# Xilinx cards are passed through as two PCI functions (management and
# user), so the existing Cyborg creates two ARQs per requested FPGA of a
# group that requires this trait.  Kept for compatibility.
_XILINX_TRAIT = 'trait:CUSTOM_FPGA_XILINX'

BIND_FIELDS = ('hostname', 'device_rp_uuid', 'instance_uuid')


def group_count(group):
    """How many ARQs one device profile group asks for.

    :param group: {key: value} of one group.
    :returns: the sum of the ``resources:*`` amounts (doubled for the
        ``FPGA`` resource of a group requiring CUSTOM_FPGA_XILINX).
    """
    count = 0
    for key, value in group.items():
        if key.startswith('resources'):
            amount = int(value)
            if (key == 'resources:FPGA'
                    and group.get(_XILINX_TRAIT) == 'required'):
                amount *= 2
            count += amount
    return count


def create(context, device_profile_name, project_id):
    """Create every ARQ a device profile asks for, in one transaction.

    :param device_profile_name: the profile's name.
    :param project_id: the owner project of the new ARQs.
    :raises: DeviceProfileNotFound
    :returns: an AcceleratorRequestList.
    """
    profile = dp_queries.get_by_name(context, device_profile_name)
    counts = [group_count(group) for group in profile['groups']]
    rows = arq_queries.create(context, profile['id'], project_id, counts)
    LOG.info('Created %(count)d accelerator request(s) for device profile '
             '%(name)s', {'count': len(rows), 'name': device_profile_name})
    return arq_obj.AcceleratorRequestList.from_rows(rows)


@db_api.context_manager.writer
def apply_patch(context, patches, project_id=None):
    """Record bind and unbind requests, all in one transaction.

    Binding moves each ARQ from Initial (or Unbound) to BindStarted and
    records the host, resource provider and instance Nova chose; the
    device-side work that completes a bind is done by the binding
    machinery.  Unbinding clears them and moves the ARQ to Unbound.

    :param patches: {arq_uuid: {'op': 'add'|'remove', 'values': {field:
        value}}}; for 'add', values hold hostname, device_rp_uuid,
        instance_uuid and optionally project_id.
    :param project_id: the caller's project, or None (admin: any).
    :raises: AcceleratorRequestNotFound, AcceleratorRequestBadState,
        InstanceAlreadyBound; nothing is changed then.
    """
    adds = {uuid: p['values'] for uuid, p in patches.items()
            if p['op'] == 'add'}
    _check_instances_free(context, adds)
    for uuid, patch in sorted(patches.items()):
        if patch['op'] == 'add':
            arq_queries.transition(context, uuid, states.BIND_STARTED,
                                   values=patch['values'],
                                   project_id=project_id)
        else:
            arq_queries.transition(
                context, uuid, states.UNBOUND,
                values={field: None for field in BIND_FIELDS},
                project_id=project_id)
    LOG.info('Recorded bind/unbind of accelerator requests %s',
             ', '.join('%s (%s)' % (uuid, patch['op'])
                       for uuid, patch in sorted(patches.items())))


def _check_instances_free(context, adds):
    """Refuse to bind to an instance that has ARQs besides these.

    An instance never gets ARQs bound twice (Nova does not hot-add).
    """
    instances = {values['instance_uuid'] for values in adds.values()}
    if not instances:
        return
    arq = models.ExtendedAcceleratorRequest
    other = context.session.execute(
        sa.select(arq.instance_uuid)
        .where(arq.instance_uuid.in_(instances),
               arq.uuid.not_in(list(adds)))
        .limit(1)).scalar_one_or_none()
    if other is not None:
        raise exception.InstanceAlreadyBound(instance=other)


def delete(context, uuids=None, instance_uuid=None, project_id=None):
    """Delete ARQs by uuids (all must exist) or by instance (idempotent).

    :raises: AcceleratorRequestNotFound
    :returns: the number of ARQs deleted.
    """
    rows = arq_queries.delete(context, uuids=uuids,
                              instance_uuid=instance_uuid,
                              project_id=project_id)
    LOG.info('Deleted %(count)d accelerator request(s) (%(which)s)',
             {'count': len(rows),
              'which': ('instance %s' % instance_uuid if uuids is None
                        else ', '.join(uuids))})
    return len(rows)
