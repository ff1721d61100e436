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
"""Deleting accelerator requests, by uuids or by instance."""

from oslo_log import log as logging
from oslo_utils import timeutils

from cyborg import states
from cyborg.conductor.arq import lifecycle
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attachment as att_queries
from cyborg.notifications import accelerator_request as arq_notify

LOG = logging.getLogger(__name__)


@db_api.retrying_writer
def _delete(context, uuids, instance_uuid, project_id, since, tries,
            before):
    # An ARQ already gone is deleted: by the API's read it was there, so
    # another delete took it (the same RPC message delivered twice, as a
    # publish retried across a RabbitMQ failover sends it).  A retry after
    # a COMMIT whose answer was lost counts those as its own and tells.
    retried = bool(tries)
    tries.append(True)
    arqs = arq_queries.rows_to_delete(context, uuids=uuids,
                                      instance_uuid=instance_uuid,
                                      project_id=project_id, missing_ok=True)
    taken = [arq['uuid'] for arq in arqs]
    earlier = {}
    if retried and uuids is not None and len(taken) < len(uuids):
        earlier = {uuid: before.get(uuid) for uuid in uuids
                   if uuid not in taken}
        LOG.info('Accelerator request(s) %s were deleted by an earlier try',
                 ', '.join(earlier))
    lifecycle.change(context, states.DELETE, arqs, since, earlier=earlier)
    if uuids is None:
        # Nova deletes a server's ARQs with the server, on shelve offload
        # and on evacuation, attached ones included, and takes the
        # server's allocations away itself.
        att_queries.forget_instance(context, instance_uuid)
    return taken + list(earlier)


def delete(context, uuids=None, instance_uuid=None, project_id=None):
    """Delete ARQs by uuids (those gone are done) or by instance, in one
    transaction (the caller's, if any: lifecycle.change(delete)).

    :returns: the uuids of the ARQs deleted or being deleted.
    """
    # retry_on_deadlock calls _delete again with the same list: its
    # length tells a retry from the first try.  A try whose commit's
    # answer was lost deleted ARQs the retry cannot read: their
    # notifications report them as they were before.
    tries = []
    before = (arq_notify.rows(context, uuids) or {}) if uuids else {}
    taken = _delete(context, uuids, instance_uuid, project_id,
                    timeutils.utcnow(), tries, before)
    LOG.info('Deleted %(count)d accelerator request(s) (%(which)s)',
             {'count': len(taken),
              'which': ('instance %s' % instance_uuid if uuids is None
                        else ', '.join(uuids))})
    return taken
