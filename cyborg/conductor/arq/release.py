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
"""Releasing accelerator requests: unbinding them, freeing what a bind
job held.

An unbind is lifecycle.change(unbind) under the locks it needs: the
ARQs' rows, then their devices' (device_state), before any handle is
let go.
"""

from oslo_log import log as logging
from oslo_utils import timeutils

from cyborg import states
from cyborg.conductor.arq import lifecycle
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attach_handle as handle_queries
from cyborg.db.queries import bind_job as job_queries

LOG = logging.getLogger(__name__)


def job_handle_done(context, job):
    """A bind job ended after its ARQ let go of the handle: free it, or
    queue the removal of the mediated device the job may have made.
    """
    handle = handle_queries.get(context, job['payload']['handle_id'])
    if job['kind'] == job_queries.PREPARE:
        lifecycle.queue_release(context, job['arq_uuid'], handle,
                                delete=False)
    else:
        handle_queries.release(context, handle['id'], job['arq_uuid'])


def unbind(context, uuids, project_id=None):
    """Unbind ARQs, in one transaction.

    :raises: AcceleratorRequestNotFound, AcceleratorRequestBadState
    :returns: {arq_uuid: Unbound}.
    """
    return _unbind(context, uuids, project_id, timeutils.utcnow())


@db_api.retrying_writer
def _unbind(context, uuids, project_id, since):
    arqs = [arq_queries.get_row(context, uuid, project_id)
            for uuid in sorted(uuids)]
    lifecycle.change(context, states.UNBIND, arqs, since,
                     project_id=project_id)
    LOG.info('Unbound ARQs %s', ', '.join(sorted(uuids)))
    return dict.fromkeys(uuids, states.UNBOUND)


def unbind_held(context, held, since):
    """Unbind the ARQs that still hold the handles they held, in the
    caller's writer transaction (a forced driver uninstall: Nova is told
    each failed); the others are skipped.

    :param held: ``{arq uuid: attach handle id}`` as the caller read them.
    :param since: when the caller's transaction began (lifecycle.change).
    :returns: the uuids of the ARQs unbound, sorted.
    """
    arqs = arq_queries.lock_rows(context, sorted(held))
    arqs = [a for a in arqs if a['attach_handle_id'] is not None and
            a['attach_handle_id'] == held[a['uuid']]]
    lifecycle.change(context, states.UNBIND, arqs, since, tell_nova=True)
    unbound = [a['uuid'] for a in arqs]
    if unbound:
        LOG.info('Unbound ARQs %s', ', '.join(unbound))
    return unbound
