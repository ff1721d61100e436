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
"""Binding accelerator requests (ARQs): Nova's PATCH with ``add``.

One transaction locks the ARQs, checks them and the provider Nova chose,
claims a free attach handle and writes each ARQ once: Bound, or
BindStarted with a bind job when the device needs work first; each
resolved ARQ's event for Nova is written with it.  A bind that cannot be
done now is refused whole (BindRefused, 409): Nova then fails the server,
whereas a BindFailed ARQ would start it without its device.  The events
go as soon as the transaction commits, before the PATCH's answer, as
Nova expects.
"""

import datetime
import time

from oslo_config import cfg
from oslo_log import log as logging
from oslo_utils import timeutils

from cyborg import exception
from cyborg import states
from cyborg.common import device_class
from cyborg.common import traits as cyborg_traits
from cyborg.conductor.arq import lifecycle
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attach_handle as handle_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import bound_instance
from cyborg.db.queries import deployable as deployable_queries
from cyborg.db.queries import device_state
from cyborg.db.queries import hold
from cyborg.db.queries import nova_event as event_queries
from cyborg.objects import device_profile as dp_obj
from cyborg.objects import fields
from cyborg.objects import hardware

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

# What a bind writes of the PATCH, which a bind done already matches.
_BIND_VALUES = ('instance_uuid', 'hostname', 'device_rp_uuid')
# The states of a bind done already (BindFailed is not: binding it again
# is a second bind of its instance, refused as upstream refuses it).
_DONE = (states.BOUND, states.BIND_STARTED)


def split_patch(patches):
    """The binds and the unbinds of a PATCH document.

    :param patches: {arq_uuid: {'op': 'add'|'remove', 'values': {...}}}.
    :raises: Invalid when the document both binds and unbinds.
    :returns: ({arq_uuid: values} to bind, [arq_uuid] to unbind).
    """
    adds = {uuid: p['values'] for uuid, p in patches.items()
            if p['op'] == 'add'}
    removes = [uuid for uuid, p in patches.items() if p['op'] == 'remove']
    if adds and removes:
        raise exception.Invalid(
            reason='one request binds or unbinds accelerator requests, '
                   'not both')
    return adds, removes


def _program_work(group, target):
    """The programming the bind needs, or None; Invalid if both named."""
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
        suffix = '_' + cyborg_traits.function_trait_suffix(function)
        if any(cyborg_traits.is_function_trait(t) and t.endswith(suffix)
               for t in target['traits']):
            return None
    return {'bitstream_id': bitstream, 'function_id': function}


def _fpga_refusal(context, target, program):
    """(why this bind may not take the FPGA or None, its first free handle).

    Under the FPGA's row lock: no bind takes it while it is programmed, and a
    bind that must program it takes it only when no handle is in use.

    :raises: BindTargetGone: the FPGA left the tables meanwhile.
    """
    state = deployable_queries.lock_fpga(context, target['id'],
                                         for_bind=True)
    if state is None:
        raise exception.BindTargetGone(name=target['name'],
                                       host=target['hostname'])
    if state['programming']:
        return 'it is being programmed', None
    if program and state['in_use']:
        return ('it carries bitstream %s and %d of its handles are in '
                'use; this bind needs %s' % (
                    state['bitstream_id'] or '(unknown)', state['in_use'],
                    program['bitstream_id'] or
                    'function ' + program['function_id'])), None
    return None, state['free_handle']


def _work_for(context, target, handle, program):
    """(kind, payload) of the bind job the handle needs, or None."""
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
                context, handle['id']), **program)
    return None


def usage_record(arq, values, target, user_id):
    """What the usage interval of a binding records (usage_queries.FIELDS).

    :param arq: the ARQ as lock_for_bind() reads it.
    :param values: the bind's values (hostname, device_rp_uuid,
        instance_uuid, maybe project_id).
    :param target: bind_target()'s answer.
    :param user_id: the user the binding is for.
    """
    prefix = device_class.TRAIT_PREFIX
    return {'instance_uuid': values['instance_uuid'],
            'project_id': values.get('project_id', arq['project_id']),
            'user_id': user_id, 'resource_class': target['rc'],
            'device_classes': [trait[len(prefix):]
                               for trait in target['traits']
                               if trait.startswith(prefix)],
            'deployable_uuid': target['uuid'],
            'device_uuid': target['device_uuid'],
            'hostname': target['hostname'],
            'device_profile_name': arq['profile_name']}


def bind(context, patches, project_id=None, more_for_instance=False,
         check_provider=None, user_id=None):
    """Bind ARQs, in one transaction (see the module docstring).

    :param patches: {arq_uuid: {hostname, device_rp_uuid, instance_uuid,
        project_id}}.
    :param project_id: the caller's project, or None (admin: any ARQ).
    :param more_for_instance: the instance may have bound ARQs (attach).
    :param check_provider: 'refuse' (microversion 2.4 on) or 'warn' of a
        provider that does not satisfy the group; None: not checked.
    :param user_id: the user the bindings are for (their usage
        intervals'); None: the caller's.
    :raises: see ConductorAPI.arq_apply_patch; nothing changes then.
    :returns: ``(states, events)``: {arq_uuid: Bound or BindStarted} and the
        events for Nova written.  A bind done already answers its states
        again.
    """
    args = (context, patches, project_id, more_for_instance,
            check_provider, context.user_id if user_id is None else user_id)
    if db_api.in_transaction(context):
        # Part of attach's transaction, which its caller runs again whole.
        return _write(*args)
    # retry_on_deadlock's loop, here so that the events of the last try
    # that wrote any (the one that committed, if any) are at hand.
    written = []
    pauses = db_api.pauses()
    while True:
        try:
            with db_api.context_manager.writer.using(context):
                states, written = _write(*args)
            return states, written
        except exception.InstanceAlreadyBound:
            if more_for_instance:
                raise
            done = _done_before(context, patches, project_id)
            if done is None:
                raise
            break
        except db_api.RETRIED:
            pause = next(pauses, None)
            if pause is None:
                raise
            time.sleep(pause)
    # A try committed but its answer was lost, or the same PATCH came
    # again: answer as the first try would have, not with the 400 of a
    # second bind (Nova would delete the ARQs of a bound server).  A try
    # of this call that committed still claims its events: they go now.
    LOG.info('Bind of %(n)d ARQ(s) for request %(req)s was done already: '
             '%(result)s', {'n': len(patches), 'req': context.request_id,
                            'result': done})
    written = _still_written(context, written)
    lifecycle.resend(context, written)
    return done, written


def _write(context, patches, project_id, more_for_instance, check_provider,
           user_id):
    """One try of bind(), in the caller's transaction."""
    now = timeutils.utcnow()
    for instance in sorted({v['instance_uuid'] for v in patches.values()}):
        if more_for_instance:
            bound_instance.ensure(context, instance, now)
        else:
            bound_instance.add(context, instance, now)
    arqs = arq_queries.lock_for_bind(context, list(patches), project_id)
    bind = _Bind(context, now, arqs, check_provider, user_id)
    states = {uuid: bind.one(uuid, patches[uuid])
              for uuid in sorted(patches)}
    LOG.info('Bind of %(n)d ARQ(s) for request %(req)s: %(result)s',
             {'n': len(patches), 'req': context.request_id,
              'result': states})
    return states, bind.events


def _done_before(context, patches, project_id):
    """The states of the ARQs of *patches* if each is bound (or binding)
    with the PATCH's values already; None otherwise.
    """
    arqs = {arq['uuid']: arq for arq in arq_queries.get_all(
        context, project_id=project_id, uuids=list(patches))}
    for uuid, values in patches.items():
        arq = arqs.get(uuid)
        if arq is None or arq['state'] not in _DONE or any(
                arq[name] != values[name] for name in _BIND_VALUES):
            return None
    return {uuid: arqs[uuid]['state'] for uuid in sorted(patches)}


def _still_written(context, events):
    """Those of *events* still in the outbox (their try committed)."""
    return [event for event in events
            if any(row['id'] == event['id'] for row in
                   event_queries.get_all(context, tag=event['tag']))]


def _target(context, values):
    """The bind target of a PATCH's values (BindTargetInvalid if none).

    A down agent is no reason to refuse: Nova binds from nova-conductor,
    where an error fails the server at once; a job that needs the agent
    waits for it until ``bind_timeout``.
    """
    target = deployable_queries.bind_target(
        context, values['device_rp_uuid'], values['hostname'])
    if target is None:
        raise exception.BindTargetInvalid(
            rp=values['device_rp_uuid'], host=values['hostname'])
    return target


def _held(context, target):
    """Why the target is held out (hold.reasons(), liveness aside), its
    device's state read under its row lock: a tenant's binding that ends
    on the device meanwhile (cleaning it) commits before, or waits for
    this bind (device_state.lock()).

    :raises: BindTargetGone: the device left the tables meanwhile.
    """
    device = device_state.lock(context, [target['device_id']]).get(
        target['device_id'])
    if device is None:
        raise exception.BindTargetGone(name=target['name'],
                                       host=target['hostname'])
    state = target['hold']
    return hold.reasons(dict(device, config_state=state['config_state']),
                        state, None, state['reshaping'])


class _Bind:
    """The ARQs of one bind, one after the other, in its transaction."""

    def __init__(self, context, now, arqs, check_provider=None,
                 user_id=None):
        self.context = context
        self.user_id = user_id
        self.check_provider = check_provider
        self.now = now
        self.arqs = arqs
        self.deadline = now + datetime.timedelta(seconds=CONF.bind_timeout)
        #: The events for Nova written.
        self.events = []

    def one(self, uuid, values):
        """Bind one ARQ; :returns: its state after the bind."""
        context = self.context
        group = self._group(uuid)
        target = _target(context, values)
        self._check_provider(uuid, values['device_rp_uuid'], target, group)
        program = _program_work(group, target)
        refusal = candidate = None
        held = _held(context, target)
        if held:
            # Held out of Placement (unhealthy, being configured, being
            # cleaned...): an allocation made before must not bind it.
            refusal = ('Cyborg holds its device out of service (%s)' %
                       ', '.join(held))
        elif target['device_type'] == fields.DeviceType.FPGA:
            refusal, candidate = _fpga_refusal(context, target, program)
        if refusal is None:
            handle = handle_queries.claim(context, target['id'], candidate)
            refusal = None if handle else 'no attach handle is free'
        if refusal is not None:
            # The whole bind is refused: its transaction rolls back.
            LOG.warning('ARQ %(arq)s cannot be bound to deployable '
                        '%(name)s: %(why)s; the bind is refused',
                        {'arq': uuid, 'name': target['name'],
                         'why': refusal})
            raise exception.BindRefused(uuid=uuid, name=target['name'],
                                        host=target['hostname'], why=refusal)
        work = _work_for(context, target, handle, program)
        written = dict(values, attach_handle_id=handle['id'],
                       deployable_id=target['id'])
        usage = usage_record(self.arqs[uuid], values, target, self.user_id)
        if work is None:
            self.events.extend(lifecycle.change(
                context, states.BIND, [{'uuid': uuid, 'values': written,
                                        'usage': usage}], self.now).events)
            return states.BOUND
        lifecycle.change(context, states.START_BIND,
                         [{'uuid': uuid, 'values': written}])
        kind, payload = work
        # Its interval opens when the job makes it Bound (jobs.bind_done).
        job_queries.add(context, uuid, kind, dict(payload, usage=usage),
                        self.deadline, request_id=context.request_id)
        return states.BIND_STARTED

    def _group(self, uuid):
        """The ARQ's group, once it may be bound (else NotFound, BadState)."""
        arq = self.arqs.get(uuid)
        if arq is None:
            raise exception.AcceleratorRequestNotFound(uuid=uuid)
        if arq['state'] not in states.TRANSITIONS[states.BIND].sources:
            raise exception.AcceleratorRequestBadState(
                uuid=uuid, state=arq['state'], target=states.BIND_STARTED)
        return arq['group']

    def _check_provider(self, uuid, rp_uuid, target, group):
        """Refuse or warn of a provider that does not satisfy the group."""
        if self.check_provider is None:
            return
        reason = dp_obj.group_mismatch(group, target['rc'],
                                       target['traits'])
        if reason is None:
            return
        if self.check_provider == 'refuse':
            raise exception.BindProviderMismatch(rp=rp_uuid, uuid=uuid,
                                                 reason=reason)
        LOG.warning('Binding accelerator request %(uuid)s to resource '
                    'provider %(rp)s, which does not satisfy its device '
                    'profile group (%(reason)s); refused from microversion '
                    '2.4', {'uuid': uuid, 'rp': rp_uuid, 'reason': reason})
