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
"""Releasing accelerator requests: unbinding them, letting a handle go.

A handle without device-side state is freed at once; one with a mediated
device or a vendor vGPU type (hardware.needs_device_work) gets a release
job and stays in use until it is done.  The usage interval of an ARQ that
was Bound closes in the unbind's transaction.
"""

from oslo_log import log as logging
from oslo_utils import timeutils

from cyborg import states
from cyborg.conductor.arq import lifecycle
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attach_handle as handle_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import bound_instance
from cyborg.db.queries import deployable as deployable_queries
from cyborg.db.queries import device_state
from cyborg.db.queries import nova_event as event_queries
from cyborg.notifications import accelerator_request as arq_notify
from cyborg.objects import hardware

LOG = logging.getLogger(__name__)

# An unbound ARQ's columns.
_UNBOUND = dict.fromkeys(('hostname', 'device_rp_uuid', 'instance_uuid',
                          'attach_handle_id', 'deployable_id'))


def release_payload(handle, host, driver, delete=False):
    """What a release job needs to remove a handle's device-side state."""
    return {'host': host, 'driver': driver, 'handle_id': handle['id'],
            'mdev_uuid': handle['uuid'],
            'attach_handle': {'attach_type': handle['attach_type'],
                              'attach_info': handle['attach_info']},
            'delete_arq': delete}


def _queue_release(context, arq_uuid, handle, delete):
    """Queue the removal of a handle's device-side state."""
    target = deployable_queries.driver_and_host(context,
                                                handle['deployable_id'])
    job_queries.add(context, arq_uuid, job_queries.RELEASE,
                    release_payload(handle, target['hostname'],
                                    target['driver_name'], delete),
                    deadline=None)


def let_go(context, arq_uuid, handle_id, delete=False, handle=None):
    """An ARQ gives up its handle (unbind, delete, failed bind), in the
    caller's writer transaction.

    Its bind jobs that are not running are dropped; while one runs, the
    handle is the job's, which frees it when it ends.

    :param delete: the ARQ is being deleted (its release job deletes it).
    :param handle: the handle as the caller read it, or None.
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
    """A bind job ended after its ARQ let go of the handle: free it, or
    queue the removal of the mediated device the job may have made.
    """
    handle = handle_queries.get(context, job['payload']['handle_id'])
    if job['kind'] == job_queries.PREPARE:
        _queue_release(context, job['arq_uuid'], handle, delete=False)
    else:
        handle_queries.release(context, handle['id'], job['arq_uuid'])


def unbind(context, uuids, project_id=None, notify=False, reserve=None):
    """Unbind ARQs, in one transaction; then the notifications.

    :param notify: send Nova a failed event per ARQ (Cyborg takes the device
        on its own, not at Nova's request).
    :param reserve: as arq.delete.delete()'s.
    :raises: AcceleratorRequestNotFound, AcceleratorRequestBadState
    :returns: {arq_uuid: Unbound}.
    """
    result, moved = _unbind(context, uuids, project_id, notify,
                            timeutils.utcnow())
    if reserve is not None and moved.cleaning:
        reserve(set(moved.cleaning))
    arq_notify.unbound(context, result)
    lifecycle.announce(context, moved)
    return result


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def _unbind(context, uuids, project_id, notify, since):
    arqs = [arq_queries.get_row(context, uuid, project_id)
            for uuid in sorted(uuids)]
    instances = [arq['instance_uuid'] for arq in arqs]
    # Before any handle is let go (device_state).
    device_state.lock_of_deployables(context,
                                     [a['deployable_id'] for a in arqs])
    for arq in arqs:
        _unbind_one(context, arq, notify, project_id=project_id)
    moved = lifecycle.move(context, uuids, states.UNBOUND, since,
                           handles=[a['attach_handle_id'] for a in arqs])
    bound_instance.remove_unused(context, instances)
    LOG.info('Unbound ARQs %s', ', '.join(sorted(uuids)))
    return dict.fromkeys(uuids, states.UNBOUND), moved


def _unbind_one(context, arq, notify, project_id=None):
    if notify and arq['instance_uuid']:
        event_queries.add(context, arq['instance_uuid'], arq['uuid'],
                          states.EVENT_STATUS[states.BIND_FAILED])
    arq_queries.transition(context, arq['uuid'], states.UNBOUND,
                           values=_UNBOUND, project_id=project_id)
    let_go(context, arq['uuid'], arq['attach_handle_id'])


def unbind_held(context, held, since, notify=False):
    """Unbind the ARQs that still hold the handles they held, in the
    caller's writer transaction (a forced driver uninstall); the others are
    skipped.  The caller announces the Moved once it committed.

    :param held: ``{arq uuid: attach handle id}`` as the caller read them.
    :param since: when the caller's transaction began (lifecycle.move).
    :param notify: send Nova a failed event per ARQ unbound.
    :returns: (the uuids of the ARQs unbound, sorted; lifecycle.Moved).
    """
    unbound, instances, handles = [], [], []
    arqs = arq_queries.lock_rows(context, sorted(held))
    device_state.lock_of_deployables(context,
                                     [a['deployable_id'] for a in arqs])
    for arq in arqs:
        if arq['attach_handle_id'] is None or \
                arq['attach_handle_id'] != held[arq['uuid']]:
            continue
        _unbind_one(context, arq, notify)
        unbound.append(arq['uuid'])
        instances.append(arq['instance_uuid'])
        handles.append(arq['attach_handle_id'])
    moved = lifecycle.move(context, unbound, states.UNBOUND, since,
                           handles=handles)
    bound_instance.remove_unused(context, instances)
    if unbound:
        LOG.info('Unbound ARQs %s', ', '.join(unbound))
    return unbound, moved
