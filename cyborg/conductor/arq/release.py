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
"""Releasing accelerator requests (ARQs): unbinding them, and letting a
handle go.

An ARQ gives up its attach handle when it is unbound (Nova's PATCH with
``remove``, or a driver uninstalled with force), deleted
(cyborg.conductor.arq.delete) or when its bind fails
(cyborg.conductor.arq.jobs): let_go() says how.  A handle without
device-side state is freed at once; one with a mediated device or a
vendor-specific vGPU type (hardware.needs_device_work) gets a release job
that a conductor runs through the agent (cyborg.conductor.arq.jobs),
and stays in use until that job is done.
"""

from oslo_log import log as logging

from cyborg import states
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attach_handle as handle_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import bound_instance
from cyborg.db.queries import deployable as deployable_queries
from cyborg.db.queries import nova_event as event_queries
from cyborg.notifications import accelerator_request as arq_notify
from cyborg.objects import hardware

LOG = logging.getLogger(__name__)

BIND_FIELDS = ('hostname', 'device_rp_uuid', 'instance_uuid')


def _queue_release(context, arq_uuid, handle, delete):
    """Queue the removal of a handle's device-side state.

    The release job frees the handle when it is done; a deleted ARQ waits
    in Deleting until then.
    """
    target = deployable_queries.driver_and_host(context,
                                                handle['deployable_id'])
    job_queries.add(
        context, arq_uuid, job_queries.RELEASE,
        {'host': target['hostname'], 'driver': target['driver_name'],
         'handle_id': handle['id'], 'mdev_uuid': handle['uuid'],
         'attach_handle': {'attach_type': handle['attach_type'],
                           'attach_info': handle['attach_info']},
         'delete_arq': delete},
        deadline=None)


def let_go(context, arq_uuid, handle_id, delete=False, handle=None):
    """An ARQ gives up its handle (unbind, delete, failed bind), in the
    caller's writer transaction.

    Bind jobs that are not running are dropped.  While a bind job runs,
    the handle is the job's: it frees the handle (or queues its release)
    when it ends.  Otherwise a handle without device-side state (a plain
    PCI function), or one whose device work never ran, is freed now, and
    one that needs device work (a mediated device, a vendor-specific VFIO
    vGPU: hardware.needs_device_work) gets a release job.

    :param delete: the ARQ is being deleted (its release job deletes it).
    :param handle: the handle *handle_id* as the caller read it with the
        ARQ (accelerator_request.rows_to_delete), or None: read here.
    :returns: True when a release job now owns the handle.
    """
    running = unmade = False
    for job in job_queries.for_arq(context, arq_uuid):
        if job['kind'] == job_queries.RELEASE:
            continue
        if job['state'] == job_queries.RUNNING:
            running = True
        else:
            # A job that ran before (and is waiting to run again) may
            # have made the mediated device.
            unmade = unmade or (job['kind'] == job_queries.PREPARE and
                                not job['attempts'])
            job_queries.delete(context, job['id'])
    if handle_id is None or running:
        return False
    if handle is None:
        handle = handle_queries.get(context, handle_id)
    if unmade or not hardware.needs_device_work(handle['attach_type'],
                                                handle['attach_info']):
        handle_queries.release(context, handle_id, arq_uuid)
        return False
    _queue_release(context, arq_uuid, handle, delete)
    return True


def job_handle_done(context, job):
    """A bind job ended after its ARQ let go of the handle (in the
    caller's writer transaction).

    Free the handle, or queue the removal of the mediated device the job
    may have created.
    """
    handle = handle_queries.get(context, job['payload']['handle_id'])
    if job['kind'] == job_queries.PREPARE:
        _queue_release(context, job['arq_uuid'], handle, delete=False)
    else:
        handle_queries.release(context, handle['id'], job['arq_uuid'])


def unbind(context, uuids, project_id=None, notify=False):
    """Unbind ARQs, in one transaction: state Unbound, handle released;
    then the notifications.

    :param uuids: the ARQs' uuids.
    :param project_id: the caller's project, or None (admin: any ARQ).
    :param notify: tell Nova (an accelerator-request-bound event with
        status failed per ARQ): Cyborg takes the device away on its own
        (a driver uninstalled with force), not at Nova's request.
    :raises: AcceleratorRequestNotFound, AcceleratorRequestBadState
    :returns: {arq_uuid: Unbound}.
    """
    result = _unbind(context, uuids, project_id, notify)
    arq_notify.unbound(context, result)
    return result


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def _unbind(context, uuids, project_id, notify):
    instances = []
    for uuid in sorted(uuids):
        arq = arq_queries.get_row(context, uuid, project_id)
        instances.append(arq['instance_uuid'])
        if notify and arq['instance_uuid']:
            event_queries.add(context, arq['instance_uuid'], uuid,
                              states.EVENT_STATUS[states.BIND_FAILED])
        arq_queries.transition(
            context, uuid, states.UNBOUND,
            values=dict({f: None for f in BIND_FIELDS},
                        attach_handle_id=None, deployable_id=None),
            project_id=project_id)
        let_go(context, uuid, arq['attach_handle_id'])
    bound_instance.remove_unused(context, instances)
    LOG.info('Unbound ARQs %s', ', '.join(sorted(uuids)))
    return dict.fromkeys(uuids, states.UNBOUND)


def unbind_held(context, held, notify=False):
    """Unbind the ARQs that still hold the handles they held, in the
    caller's writer transaction (a forced uninstall of a driver).

    An ARQ that Nova unbound, rebound elsewhere or deleted since the
    caller read it is skipped: its handle is no longer its own.

    :param held: ``{arq uuid: attach handle id}`` as the caller read them.
    :param notify: tell Nova (a failed accelerator-request-bound event
        per ARQ unbound).
    :returns: the uuids of the ARQs unbound, sorted.
    """
    unbound, instances = [], []
    for arq in arq_queries.lock_rows(context, sorted(held)):
        if arq['attach_handle_id'] is None or \
                arq['attach_handle_id'] != held[arq['uuid']]:
            continue
        arq_queries.transition(
            context, arq['uuid'], states.UNBOUND,
            values=dict({f: None for f in BIND_FIELDS},
                        attach_handle_id=None, deployable_id=None))
        if notify and arq['instance_uuid']:
            event_queries.add(context, arq['instance_uuid'], arq['uuid'],
                              states.EVENT_STATUS[states.BIND_FAILED])
        let_go(context, arq['uuid'], arq['attach_handle_id'])
        unbound.append(arq['uuid'])
        instances.append(arq['instance_uuid'])
    bound_instance.remove_unused(context, instances)
    if unbound:
        LOG.info('Unbound ARQs %s', ', '.join(unbound))
    return unbound
