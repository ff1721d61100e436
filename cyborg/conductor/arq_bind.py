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
"""Binding and unbinding accelerator requests (ARQs), and deleting them.

A bind is one transaction: it moves each ARQ to BindStarted, checks that
the resource provider Nova chose is a deployable of the host, claims a free
attach handle of it (conditional UPDATE; see db.queries.attach_handle) and
then either finishes the bind (Bound) or, when the device needs work first
(programming an FPGA, creating a mediated device, setting a VF's vGPU
type: hardware.needs_device_work), records a bind job that a conductor
runs through the agent (cyborg.conductor.bind_jobs).  No free handle makes
the ARQ BindFailed.  Every resolved ARQ gets an event for Nova
in the same transaction (cyborg.conductor.nova_notifier sends them).

The events of a bind are taken by the conductor that binds, which sends
them as soon as the transaction commits, and its jobs start then: Nova may
hear of a bind before the answer to its PATCH, which it expects
(nova.compute.manager waits for the events with ``exit_wait_early``, and
the existing Cyborg sends them inside the PATCH).

Unbinding and deleting release the handle, after the device-side work that
undoes a bind (removing a mediated device, clearing a vGPU type) when
there was some: until that release job is done the handle stays in use,
and a deleted ARQ stays in state Deleting.
"""

import datetime

from oslo_config import cfg
from oslo_log import log as logging
from oslo_serialization import jsonutils
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg import exception
from cyborg import servicegroup
from cyborg import states
from cyborg.conductor import nova_notifier
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attach_handle as handle_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import bound_instance
from cyborg.db.queries import deployable as deployable_queries
from cyborg.db.queries import nova_event as event_queries
from cyborg.drivers import base as driver_base
from cyborg.objects import fields
from cyborg.objects import hardware

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

ARQ = models.ExtendedAcceleratorRequest
BIND_FIELDS = ('hostname', 'device_rp_uuid', 'instance_uuid')

_FPGA_PROGRAM_KEYS = ('accel:bitstream_id', 'accel:function_id')


_ARQS = ARQ.__table__
_PROFILES = models.DeviceProfile.__table__
_GROUPS = (
    sa.select(_ARQS.c.uuid, _ARQS.c.device_profile_group_id,
              _PROFILES.c.profile_json)
    .join(_PROFILES, _ARQS.c.device_profile_id == _PROFILES.c.id)
    .where(_ARQS.c.uuid.in_(sa.bindparam('b_uuids', expanding=True))))
_DELETE = sa.delete(_ARQS).where(
    _ARQS.c.id.in_(sa.bindparam('b_ids', expanding=True)))


def _groups(session, arq_uuids):
    """{arq uuid: its device profile group} in one query."""
    rows = db_api.execute(session, _GROUPS, {'b_uuids': list(arq_uuids)})
    return {uuid: jsonutils.loads(profile)['groups'][group_id]
            for uuid, group_id, profile in rows}


def _program_work(group, target):
    """The programming a bind needs before the FPGA is usable, or None.

    :raises: Invalid when the group names both a bitstream and a function.
    """
    bitstream = group.get('accel:bitstream_id')
    function = group.get('accel:function_id')
    if not (bitstream or function):
        return None
    if bitstream and function:
        raise exception.Invalid(
            reason='a device profile group may name accel:bitstream_id or '
                   'accel:function_id, not both')
    if target['device_type'] != fields.DeviceType.FPGA:
        return None
    if bitstream and target['bitstream_id'] == bitstream:
        return None
    if function:
        # The driver names its function traits; whatever the vendor part,
        # they end with the function id.
        suffix = '_' + driver_base.function_trait_suffix(function)
        if any(driver_base.is_function_trait(t) and t.endswith(suffix)
               for t in target['traits']):
            return None
    return {'bitstream_id': bitstream, 'function_id': function}


def _fpga_refusal(session, target, program):
    """Why this bind may not take the FPGA, or None.

    The FPGA's row is locked first (see deployable_queries.lock_fpga).
    While a bind job (or the program API) programs it, no other bind
    takes it; a bind that must program it only takes it when none of its
    handles is in use: reprogramming would change the function under the
    instances bound to it.
    """
    state = deployable_queries.lock_fpga(session, target['id'])
    if state['programming']:
        return 'it is being programmed'
    if program and state['in_use']:
        return ('it carries bitstream %s and %d of its handles are in '
                'use; this bind needs %s' % (
                    state['bitstream_id'] or '(unknown)', state['in_use'],
                    program['bitstream_id'] or
                    'function ' + program['function_id']))
    return None


def _work_for(session, target, handle, program):
    """(kind, payload) of the bind job the handle needs, or None.

    :param program: what _program_work() said.
    """
    base = {'host': target['hostname'], 'driver': target['driver_name'],
            'deployable_id': target['id'], 'handle_id': handle['id']}
    if hardware.needs_device_work(handle['attach_type'],
                                  handle['attach_info']):
        return job_queries.PREPARE, dict(
            base, attach_handle={'attach_type': handle['attach_type'],
                                 'attach_info': handle['attach_info']},
            mdev_uuid=handle['uuid'])
    if program:
        return job_queries.PROGRAM, dict(
            base, address=deployable_queries.controlpath_address(
                session, handle['id']), **program)
    return None


def _resolve(session, arq_uuid, instance_uuid, target_state, request_id,
             sending, values=None):
    """Move a BindStarted ARQ to Bound or BindFailed, with its event."""
    arq_queries.transition(session, arq_uuid, target_state, values)
    claim = None if sending is None else nova_notifier.CLAIM_SECONDS
    event = event_queries.add(session, instance_uuid, arq_uuid,
                              states.EVENT_STATUS[target_state],
                              request_id=request_id, claim_seconds=claim)
    if sending is not None:
        sending.append(event)


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def bind(context, patches, project_id=None, more_for_instance=False,
         sending=None):
    """Bind ARQs, in one transaction (see the module docstring).

    :param patches: {arq_uuid: {hostname, device_rp_uuid, instance_uuid,
        project_id}}.
    :param project_id: the caller's project, or None (admin: any ARQ).
    :param more_for_instance: the instance may have bound ARQs already
        (attaching accelerators to it, not Nova's one bind per boot).
    :param sending: a list that gets the events for Nova the bind wrote,
        taken by the caller (for nova_notifier.CLAIM_SECONDS), which sends
        them once the bind returns; None: they wait for the next sender.
    :raises: AcceleratorRequestNotFound, AcceleratorRequestBadState,
        InstanceAlreadyBound, BindTargetInvalid, AgentDown (the host's
        agent registered but is not heard of for service_down_time),
        Invalid; nothing changes then.
    :returns: {arq_uuid: state} after the bind (Bound, BindFailed, or
        BindStarted while device work is pending).
    """
    if sending is not None:
        # A retried transaction: what the rolled back try wrote is gone.
        del sending[:]
    session = context.session
    now = timeutils.utcnow()
    deadline = now + datetime.timedelta(seconds=CONF.bind_timeout)
    request_id = context.request_id
    for instance in sorted({v['instance_uuid'] for v in patches.values()}):
        if more_for_instance:
            bound_instance.ensure(session, instance, now)
        else:
            bound_instance.add(session, instance, now)
    groups = _groups(session, list(patches))
    result = {}
    for uuid in sorted(patches):
        values = patches[uuid]
        arq_queries.transition(session, uuid, states.BIND_STARTED,
                               values=values, project_id=project_id)
        target = deployable_queries.bind_target(
            session, values['device_rp_uuid'], values['hostname'])
        if target is None:
            raise exception.BindTargetInvalid(
                rp=values['device_rp_uuid'], host=values['hostname'])
        if (target['agent_seen'] is not None and not
                servicegroup.agent_is_up(target['agent_seen'],
                                         target['conductors_since'], now)):
            # Its inventory is reserved in Placement meanwhile
            # (cyborg.conductor.inventory); Nova chose it before.
            raise exception.AgentDown(host=target['hostname'],
                                      seconds=CONF.service_down_time)
        program = _program_work(groups[uuid], target)
        refusal = None
        if target['device_type'] == fields.DeviceType.FPGA:
            refusal = _fpga_refusal(session, target, program)
        handle = None
        if refusal is None:
            handle = handle_queries.claim(session, target['id'])
            refusal = None if handle else 'no attach handle is free'
        if refusal is not None:
            LOG.warning('ARQ %(arq)s cannot be bound to deployable '
                        '%(name)s: %(why)s', {'arq': uuid,
                                              'name': target['name'],
                                              'why': refusal})
            _resolve(session, uuid, values['instance_uuid'],
                     states.BIND_FAILED, request_id, sending)
            result[uuid] = states.BIND_FAILED
            continue
        taken = {'attach_handle_id': handle['id'],
                 'deployable_id': target['id']}
        work = _work_for(session, target, handle, program)
        if work is None:
            # The handle and the state in one UPDATE.
            _resolve(session, uuid, values['instance_uuid'], states.BOUND,
                     request_id, sending, values=taken)
            result[uuid] = states.BOUND
        else:
            session.execute(sa.update(ARQ).where(ARQ.uuid == uuid)
                            .values(**taken))
            kind, payload = work
            job_queries.add(session, uuid, kind, payload, deadline,
                            request_id=request_id)
            result[uuid] = states.BIND_STARTED
    LOG.info('Bind of %(n)d ARQ(s) for request %(req)s: %(result)s',
             {'n': len(patches), 'req': request_id, 'result': result})
    return result


def _queue_release(session, arq_uuid, handle, delete):
    """Queue the removal of a handle's device-side state.

    The release job frees the handle when it is done; a deleted ARQ waits
    in Deleting until then.
    """
    target = session.execute(
        sa.select(models.Deployable.driver_name, models.Device.hostname)
        .join(models.Device,
              models.Deployable.device_id == models.Device.id)
        .where(models.Deployable.id == handle['deployable_id'])).one()
    job_queries.add(
        session, arq_uuid, job_queries.RELEASE,
        {'host': target.hostname, 'driver': target.driver_name,
         'handle_id': handle['id'], 'mdev_uuid': handle['uuid'],
         'attach_handle': {'attach_type': handle['attach_type'],
                           'attach_info': handle['attach_info']},
         'delete_arq': delete},
        deadline=None)


def let_go(session, arq_uuid, handle_id, delete=False):
    """An ARQ gives up its handle (unbind, delete, failed bind).

    Bind jobs that are not running are dropped.  While a bind job runs,
    the handle is the job's: it frees the handle (or queues its release)
    when it ends.  Otherwise a handle without device-side state (a plain
    PCI function), or one whose device work never ran, is freed now, and
    one that needs device work (a mediated device, a vendor-specific VFIO
    vGPU: hardware.needs_device_work) gets a release job.

    :returns: True when a release job now owns the handle.
    """
    running = unmade = False
    for job in job_queries.for_arq(session, arq_uuid):
        if job['kind'] == job_queries.RELEASE:
            continue
        if job['state'] == job_queries.RUNNING:
            running = True
        else:
            # A job that ran before (and is waiting to run again) may
            # have made the mediated device.
            unmade = unmade or (job['kind'] == job_queries.PREPARE and
                                not job['attempts'])
            job_queries.delete(session, job['id'])
    if handle_id is None or running:
        return False
    handle = handle_queries.get(session, handle_id)
    if unmade or not hardware.needs_device_work(handle['attach_type'],
                                                handle['attach_info']):
        handle_queries.release(session, handle_id, arq_uuid)
        return False
    _queue_release(session, arq_uuid, handle, delete)
    return True


def job_handle_done(session, job):
    """A bind job ended after its ARQ let go of the handle.

    Free the handle, or queue the removal of the mediated device the job
    may have created.
    """
    handle = handle_queries.get(session, job['payload']['handle_id'])
    if job['kind'] == job_queries.PREPARE:
        _queue_release(session, job['arq_uuid'], handle, delete=False)
    else:
        handle_queries.release(session, handle['id'], job['arq_uuid'])


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def unbind(context, uuids, project_id=None, notify=False):
    """Unbind ARQs, in one transaction: state Unbound, handle released.

    :param notify: tell Nova (an accelerator-request-bound event with
        status failed per ARQ): Cyborg takes the device away on its own
        (a driver uninstalled with force), not at Nova's request.
    :raises: AcceleratorRequestNotFound, AcceleratorRequestBadState
    """
    session = context.session
    instances = []
    for uuid in sorted(uuids):
        arq = arq_queries.get_row(session, uuid, project_id)
        instances.append(arq['instance_uuid'])
        if notify and arq['instance_uuid']:
            event_queries.add(session, arq['instance_uuid'], uuid,
                              states.EVENT_STATUS[states.BIND_FAILED])
        arq_queries.transition(
            session, uuid, states.UNBOUND,
            values=dict({f: None for f in BIND_FIELDS},
                        attach_handle_id=None, deployable_id=None),
            project_id=project_id)
        let_go(session, uuid, arq['attach_handle_id'])
    bound_instance.remove_unused(session, instances)
    LOG.info('Unbound ARQs %s', ', '.join(sorted(uuids)))


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def delete(context, uuids=None, instance_uuid=None, project_id=None):
    """Delete ARQs by uuids (all must exist) or by instance (idempotent).

    The ARQs are locked first (a bind of them still running commits
    before), and each gives up what its state says it holds (let_go).  An
    ARQ whose handle needs device work first becomes Deleting, without
    its instance (a new ARQ of the instance may be bound meanwhile, e.g.
    on the host it was evacuated to); its release job deletes it.  An ARQ
    already Deleting is left alone.

    :raises: AcceleratorRequestNotFound
    :returns: the number of ARQs deleted or being deleted.
    """
    session = context.session
    arqs = arq_queries.rows_to_delete(session, uuids=uuids,
                                      instance_uuid=instance_uuid,
                                      project_id=project_id)
    gone = []
    for arq in arqs:
        if arq['state'] == states.DELETING:
            continue
        if let_go(session, arq['uuid'], arq['attach_handle_id'],
                  delete=True):
            arq_queries.transition(session, arq['uuid'], states.DELETING,
                                   values={'instance_uuid': None})
        else:
            gone.append(arq['id'])
    if gone:
        db_api.execute(session, _DELETE, {'b_ids': gone})
    bound_instance.remove_unused(session,
                                 [a['instance_uuid'] for a in arqs])
    return len(arqs)
