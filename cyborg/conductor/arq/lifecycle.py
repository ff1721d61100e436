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
"""An ARQ's lifecycle: the one writer of its state, and what a change
implies.

change() moves ARQs along one transition of states.TRANSITIONS in the
caller's writer transaction, and writes there what the move implies:

* bind, bind_done: the usage interval opens (from the bind's start) and
  Nova's ``completed`` event is written; bind and start_bind write the
  bind's values (instance, host, provider, handle);
* bind_fail: the ARQ gives its handle up and Nova's ``failed`` event is
  written;
* unbind, delete: the ARQ lets go of its handle (let_go(): a release job
  first where the device has state to undo; a delete without one is
  delete_now, the row gone), its usage interval closes, what its tenant
  had is left to clean (cyborg.db.queries.device_state.ended(), under
  the devices' locks, taken before any handle is let go: a bind on the
  same device decides under the same lock) and its instance is
  forgotten once none of its ARQs is left;
* unbind_fail, forget: the state, or the row gone.

It returns what changed (Change).  What a change owes outside the
database, the notifications, the usage intervals' close, the holders'
cast to the agents, the events for Nova, the bind jobs to start and the
Placement push of the devices left to clean, is queued on the
transaction and goes once it committed (db_api.after_commit): never for
one rolled back, once for one run again, wherever change() is called
from.  What needs a conductor goes through the services it lends
(serve()); cyborg-manage's heal lends the holders' cast only, and the
conductors' periodic work does the rest: the events' outbox, the work
poll.
"""

import dataclasses

from oslo_utils import timeutils

from cyborg import notifications
from cyborg import states
from cyborg.conductor.arq import nova_events
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attach_handle as handle_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import bound_instance
from cyborg.db.queries import deployable as deployable_queries
from cyborg.db.queries import device_state
from cyborg.db.queries import nova_event as event_queries
from cyborg.db.queries import usage as usage_queries
from cyborg.notifications import accelerator_request as arq_notify
from cyborg.notifications import usage as usage_notify
from cyborg.objects import hardware

# Who ends a binding, by transition.
_ENDED_BY = {states.UNBIND: usage_queries.UNBIND,
             states.DELETE: usage_queries.DELETE}
# The notifications of a transition: (event type, the state it reports).
_NOTICES = {
    states.BIND: ((arq_notify.BIND_START, states.BIND_STARTED),
                  (arq_notify.BIND_END, states.BOUND)),
    states.START_BIND: ((arq_notify.BIND_START, states.BIND_STARTED),),
    states.BIND_DONE: ((arq_notify.BIND_END, states.BOUND),),
    states.BIND_FAIL: ((arq_notify.BIND_ERROR, states.BIND_FAILED),),
    states.UNBIND: ((arq_notify.UNBIND, states.UNBOUND),),
    states.DELETE: ((arq_notify.DELETE, states.DELETING),),
}
# An unbound ARQ's columns.
_UNBOUND = dict.fromkeys(('hostname', 'device_rp_uuid', 'instance_uuid',
                          'attach_handle_id', 'deployable_id'))


@dataclasses.dataclass
class Services:
    """What a conductor lends the effects of the changes (serve()); each
    None where it lends nothing.
    """

    #: (context, ARQ uuids): their devices' holders changed.
    holders: object = None
    #: (context, events): send events claimed for this conductor.
    events: object = None
    #: (context): run the bind jobs due.
    jobs: object = None
    #: (context, hosts): push the hosts' devices left to clean, reserved.
    reserve: object = None


_served = [Services()]


def serve(services):
    """Lend the changes' effects a conductor's Services (one conductor
    per process lends them; the tests' last one).
    """
    _served[0] = services


def withdraw(services):
    """Stop lending *services* (a stopping conductor's), if lent."""
    if _served[0] is services:
        _served[0] = Services()


@dataclasses.dataclass
class Change:
    """What one change() did."""

    #: {ARQ uuid: the state it entered (states.GONE: deleted)}.
    moved: dict = dataclasses.field(default_factory=dict)
    #: The ARQs whose devices' holders changed.
    holders: list = dataclasses.field(default_factory=list)
    #: The events for Nova it wrote (cyborg.db.queries.nova_event.add's).
    events: list = dataclasses.field(default_factory=list)
    #: The usage intervals it closed (read when notifications are on).
    closed: list = dataclasses.field(default_factory=list)
    #: ``{host: [clean]}``: what it left to clean (device_state.ended()).
    cleaning: dict = dataclasses.field(default_factory=dict)
    #: ``[(event type, row, state)]``: its notifications.
    notices: list = dataclasses.field(default_factory=list)


class _Owed(list):
    """The Changes of one transaction, owed once it committed."""

    def __call__(self, context):
        served = _served[0]
        arq_notify.send(context, [n for c in self for n in c.notices])
        announce(context, [i for c in self for i in c.closed])
        for service, what in (
                (served.holders, [u for c in self for u in c.holders]),
                (served.events, [e for c in self for e in c.events]),
                (served.reserve, {h for c in self for h in c.cleaning})):
            if service is not None and what:
                service(context, what)
        if served.jobs is not None and any(
                states.BIND_STARTED in c.moved.values() for c in self):
            served.jobs(context)


def change(context, transition, arqs, since=None, project_id=None,
           tell_nova=False, earlier=None):
    """Move *arqs* along *transition* (states.TRANSITIONS) and write what
    it implies, in the caller's writer transaction (see the module
    docstring); what it owes outside goes once that commits.

    :param arqs: dicts, each with ``uuid`` and what the transition reads:
        bind and start_bind ``values`` (the columns the bind writes), and
        bind ``usage``; bind_done ``instance_uuid``, ``usage``,
        ``bind_started_at``; bind_fail ``instance_uuid``,
        ``bind_started_at`` and ``attach_handle_id`` when no job holds the
        handle; unbind and delete the ARQ's row (``instance_uuid``,
        ``attach_handle_id``, ``deployable_id``; delete as
        rows_to_delete() reads it); forget ``instance_uuid``.
    :param since: when the caller's transaction began (its first try): a
        bind's usage interval starts then; the intervals closed since
        then, an earlier try's whose answer was lost too, are announced.
    :param project_id: the caller's project (None: any).
    :param tell_nova: unbind: a failed event per ARQ with an instance
        (Cyborg takes the device on its own, not at Nova's request).
    :param earlier: delete: ``{uuid: its row as notifications report it,
        or None}`` of the ARQs an earlier try deleted (its commit's answer
        was lost, its effects not run): their intervals' close and their
        delete are announced.
    :raises: AcceleratorRequestNotFound, AcceleratorRequestBadState
    :returns: Change.
    """
    now = timeutils.utcnow()
    earlier = earlier or {}
    rows = _notice_rows(context, transition, arqs, before=True)
    done = Change()
    if transition in (states.BIND, states.START_BIND, states.BIND_DONE):
        _bind(context, transition, arqs, since or now, done)
    elif transition in _ENDED_BY:
        _end(context, transition, arqs, project_id, tell_nova, done)
        done.moved.update(dict.fromkeys(earlier, states.GONE))
        done.holders.extend(earlier)
        rows.update({uuid: row for uuid, row in earlier.items() if row})
        _close(context, transition, [a['uuid'] for a in arqs] +
               list(earlier), since or now, now, done)
    else:
        _settle(context, transition, arqs, done)
    rows.update(_notice_rows(context, transition, arqs, before=False))
    done.notices = [(event_type, rows[uuid], state)
                    for uuid in done.moved if uuid in rows
                    for event_type, state in _NOTICES.get(transition, ())]
    db_api.after_commit(context, _Owed).append(done)
    return done


def _notice_rows(context, transition, arqs, before):
    """The rows the notifications report: a delete's before it, the
    others' after; {} when notifications are off.
    """
    if (before != (transition == states.DELETE) or
            transition not in _NOTICES or not notifications.is_enabled()):
        return {}
    return {row['uuid']: row for row in arq_queries.get_all(
        context, uuids=sorted(a['uuid'] for a in arqs))
        if row['state'] != states.DELETING}


def _event(context, done, arq_uuid, instance_uuid, state, **details):
    """Nova's event of *state*, claimed when a conductor sends it after
    the commit, else left to the outbox's periodic send.
    """
    claim = (nova_events.CLAIM_SECONDS
             if _served[0].events is not None else None)
    done.events.append(event_queries.add(
        context, instance_uuid, arq_uuid, states.EVENT_STATUS[state],
        claim_seconds=claim, **details))


def _bind(context, transition, arqs, since, done):
    target = states.TRANSITIONS[transition].target
    for arq in arqs:
        uuid = arq['uuid']
        arq_queries.transition(context, uuid, transition, arq.get('values'))
        done.moved[uuid] = target
        if target != states.BOUND:
            continue
        usage_queries.open_interval(context, uuid, since, arq['usage'])
        done.holders.append(uuid)
        if transition == states.BIND:
            _event(context, done, uuid, arq['values']['instance_uuid'],
                   target, request_id=context.request_id,
                   bind_started_at=since)
        else:
            _event(context, done, uuid, arq['instance_uuid'], target,
                   bind_started_at=arq['bind_started_at'])


def _end(context, transition, arqs, project_id, tell_nova, done):
    """The unbinds and deletes of *arqs*: their handles let go."""
    deleting = transition == states.DELETE
    device_state.lock_of_deployables(context,
                                     [a['deployable_id'] for a in arqs])
    for arq in arqs:
        uuid = arq['uuid']
        if deleting and arq['state'] == states.DELETING:
            # Its release job deletes it.
            continue
        done.holders.append(uuid)
        if tell_nova and arq['instance_uuid']:
            _event(context, done, uuid, arq['instance_uuid'],
                   states.BIND_FAILED)
        if not deleting:
            arq_queries.transition(context, uuid, transition, _UNBOUND,
                                   project_id=project_id)
            done.moved[uuid] = states.UNBOUND
        if let_go(context, uuid, arq['attach_handle_id'], delete=deleting,
                  handle=arq.get('attach_handle')) and deleting:
            arq_queries.transition(context, uuid, transition,
                                   {'instance_uuid': None})
            done.moved[uuid] = states.DELETING
        elif deleting:
            done.moved[uuid] = states.GONE
    gone = [uuid for uuid, state in done.moved.items()
            if state is states.GONE]
    arq_queries.delete(context, gone)
    done.cleaning = device_state.ended(
        context, [a['attach_handle_id'] for a in arqs])
    bound_instance.remove_unused(context,
                                 [a['instance_uuid'] for a in arqs])


def _close(context, transition, uuids, since, now, done):
    """Close the usage intervals of *uuids*; read those closed since."""
    ended_by = _ENDED_BY[transition]
    usage_queries.close(context, uuids, now, ended_by)
    if notifications.is_enabled():
        done.closed = usage_queries.closed_since(context, uuids, since,
                                                 ended_by)


def _settle(context, transition, arqs, done):
    """bind_fail, unbind_fail and forget."""
    target = states.TRANSITIONS[transition].target
    done.moved.update(dict.fromkeys([a['uuid'] for a in arqs], target))
    if transition == states.FORGET:
        arq_queries.delete(context, list(done.moved))
        bound_instance.remove_unused(context,
                                     [a['instance_uuid'] for a in arqs])
        return
    failing = transition == states.BIND_FAIL
    for arq in arqs:
        arq_queries.transition(
            context, arq['uuid'], transition,
            dict.fromkeys(('attach_handle_id', 'deployable_id'))
            if failing else None)
        if not failing:
            continue
        _event(context, done, arq['uuid'], arq['instance_uuid'], target,
               bind_started_at=arq['bind_started_at'])
        if arq.get('attach_handle_id') is not None:
            let_go(context, arq['uuid'], arq['attach_handle_id'])


def resend(context, events):
    """Send the events for Nova of a change whose commit's answer was
    lost (its effects were not run), with no transaction open.
    """
    if events and _served[0].events is not None:
        _served[0].events(context, events)


@notifications.safe
def announce(context, closed):
    """The notifications of usage intervals closed (committed)."""
    usage_notify.send(context, closed)


def release_payload(handle, host, driver, delete=False):
    """What a release job needs to remove a handle's device-side state."""
    return {'host': host, 'driver': driver, 'handle_id': handle['id'],
            'mdev_uuid': handle['uuid'],
            'attach_handle': {'attach_type': handle['attach_type'],
                              'attach_info': handle['attach_info']},
            'delete_arq': delete}


def queue_release(context, arq_uuid, handle, delete):
    """Queue the removal of a handle's device-side state (a release
    job), in the caller's writer transaction.
    """
    target = deployable_queries.driver_and_host(context,
                                                handle['deployable_id'])
    job_queries.add(context, arq_uuid, job_queries.RELEASE,
                    release_payload(handle, target['hostname'],
                                    target['driver_name'], delete),
                    deadline=None)


def let_go(context, arq_uuid, handle_id, delete=False, handle=None):
    """An ARQ gives up its handle (unbind, delete, a bind that timed out),
    in the caller's writer transaction.

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
    queue_release(context, arq_uuid, handle, delete)
    return True
