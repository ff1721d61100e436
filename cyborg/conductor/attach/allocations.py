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
"""The Placement side of attach and detach, and what waits on Nova.

An attachment row is written first and moves ``allocating``,
``attached``, ``releasing``, ``freeing``.  Each Placement write or Nova
call first claims the row (conditional UPDATE) and records the server's
amounts before it (``previous``), so recover() can tell whether a dead
conductor's last write happened.  Nothing runs inside a transaction.
"""

import datetime

from oslo_log import log as logging
from oslo_utils import timeutils

from cyborg import exception
from cyborg import states
from cyborg.clients import placement as placement_client
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.attach import nova_server
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attachment as att_queries

LOG = logging.getLogger(__name__)

# Seconds after which recover() takes an unchanged row for the leftover
# of a dead conductor.
STALE_SECONDS = 300


def _as_placement(amounts):
    return {rp: {'resources': dict(resources)}
            for rp, resources in amounts.items()}


def _amounts_on(allocations, providers):
    """The amounts of Placement-shaped *allocations* on *providers*."""
    return {rp: dict(a['resources']) for rp, a in allocations.items()
            if rp in providers}


def _recorder(context, attachment):
    def record(current):
        att_queries.update(context, attachment['uuid'], previous=_amounts_on(
            current['allocations'], attachment['allocations']))
    return record


def allocate(context, placement, attachment):
    """Add an attachment's resources to its server's allocation."""
    placement.change_consumer(
        attachment['instance_uuid'],
        add=_as_placement(attachment['allocations']),
        project_id=attachment['project_id'],
        user_id=attachment['user_id'],
        before_write=_recorder(context, attachment))


def release(context, placement, attachment):
    """Take a releasing attachment's resources back, then forget it.

    A PlacementError leaves the row freeing, for recover().
    """
    if not att_queries.update(context, attachment['uuid'],
                              expected_states=(att_queries.RELEASING,),
                              state=att_queries.FREEING, previous=None):
        return
    _free(context, placement, attachment)


def _free(context, placement, attachment):
    placement.change_consumer(
        attachment['instance_uuid'],
        subtract=_as_placement(attachment['allocations']),
        before_write=_recorder(context, attachment))
    att_queries.delete(context, [attachment['uuid']])
    LOG.info('Released the allocation of attachment %(uuid)s of server '
             '%(server)s: %(amounts)s',
             {'uuid': attachment['uuid'],
              'server': attachment['instance_uuid'],
              'amounts': attachment['allocations']})


@db_api.retrying_writer
def start_release(context, attachments, reboot=None, uuids=None):
    """Delete the attachments' ARQs, make them ``releasing``; the ARQ uuids.

    One transaction; Conflict when another detach took one first.
    """
    if uuids is None:
        uuids = [a['uuid'] for a in attachments]
    arqs = [a['uuid'] for a in arq_queries.get_all(
        context, attachment_uuids=list(uuids))]
    if arqs:
        arq_delete.delete(context, uuids=arqs)
    for uuid in [a['uuid'] for a in attachments]:
        if not att_queries.update(
                context, uuid,
                expected_states=(att_queries.ALLOCATING,
                                 att_queries.ATTACHED),
                state=att_queries.RELEASING, reboot=reboot, previous=None):
            raise exception.Conflict(
                reason='attachment %s is being detached already' % uuid)
    return arqs


def undo(context, placement, attachment):
    """Take back an attach whose bind failed (recover() finishes a failure)."""
    try:
        start_release(context, [attachment])
        release(context, placement, attachment)
    except Exception:
        LOG.exception('Undoing attachment %s failed; it is finished later',
                      attachment['uuid'])


def _write_happened(placement, attachment, sign):
    """Whether the last recorded allocation write happened (None: unclear)."""
    previous = attachment['previous']
    if previous is None:
        return False
    current = placement.get_consumer(attachment['instance_uuid'])
    now = _amounts_on(current['allocations'], attachment['allocations'])
    change = {sign: _as_placement(attachment['allocations'])}
    after = _amounts_on(placement_client.changed_allocations(
        _as_placement(previous), **change), attachment['allocations'])
    if now == previous:
        return False
    if now == after:
        return True
    return None


def recover(context, placement, attachment, changed_before=None):
    """Finish an attachment a dead conductor left in progress.

    *changed_before*: claim it only if unchanged since (None: owned).
    """
    state = attachment['state']
    if changed_before is not None and not att_queries.update(
            context, attachment['uuid'], expected_states=(state,),
            changed_before=changed_before):
        return
    if state == att_queries.RELEASING:
        release(context, placement, attachment)
        return
    allocating = state == att_queries.ALLOCATING
    happened = _write_happened(placement, attachment,
                               'add' if allocating else 'subtract')
    if happened is None:
        LOG.error('Attachment %(uuid)s of server %(server)s was left '
                  '%(state)s and the server\'s allocation changed since '
                  '(%(previous)s before the last write of %(amounts)s); '
                  'check the server\'s allocation in Placement',
                  {'uuid': attachment['uuid'],
                   'server': attachment['instance_uuid'],
                   'state': state, 'previous': attachment['previous'],
                   'amounts': attachment['allocations']})
        return
    LOG.warning('Finishing attachment %(uuid)s of server %(server)s, left '
                '%(state)s', {'uuid': attachment['uuid'],
                              'server': attachment['instance_uuid'],
                              'state': state})
    if allocating:
        start_release(context, [attachment])
        if not happened:
            att_queries.delete(context, [attachment['uuid']])
            return
        att_queries.update(context, attachment['uuid'],
                           state=att_queries.FREEING)
    elif happened:
        att_queries.delete(context, [attachment['uuid']])
        return
    _free(context, placement, attachment)


def ask_reboot(context, nova, attachment_uuids, instance_uuid):
    """Ask Nova to hard reboot for pending attachments, claimed first.

    Returns ``requested``, ``refused``, or None when claimed elsewhere.
    """
    claimed = [uuid for uuid in attachment_uuids if att_queries.update(
        context, uuid, expected_reboots=(att_queries.REBOOT_PENDING,),
        reboot=att_queries.REBOOT_REQUESTED)]
    if not claimed:
        return None
    try:
        nova.reboot(instance_uuid)
        outcome = att_queries.REBOOT_REQUESTED
        LOG.info('Asked Nova for a hard reboot of server %s',
                 instance_uuid)
    except (exception.ServerRebootRefused, exception.ServerNotFound,
            exception.NovaUnavailable) as exc:
        outcome = att_queries.REBOOT_REFUSED
        LOG.error('Nova did not take the hard reboot of server '
                  '%(server)s: %(error)s', {'server': instance_uuid,
                                            'error': exc})
    if outcome != att_queries.REBOOT_REQUESTED:
        for uuid in claimed:
            att_queries.update(context, uuid, reboot=outcome)
    return outcome


def _reboot_when_bound(context, nova, attachment):
    arqs = arq_queries.get_all(context,
                               attachment_uuids=[attachment['uuid']])
    if any(a['state'] not in states.RESOLVED for a in arqs):
        return
    if arqs and all(a['state'] == states.BOUND for a in arqs):
        ask_reboot(context, nova, [attachment['uuid']],
                   attachment['instance_uuid'])
        return
    LOG.warning('Not asking Nova to reboot server %(server)s: the bind '
                'of attachment %(uuid)s failed',
                {'server': attachment['instance_uuid'],
                 'uuid': attachment['uuid']})
    att_queries.update(context, attachment['uuid'],
                       reboot=att_queries.REBOOT_SKIPPED)


def _released_by_nova(nova, attachment):
    """Whether the guest let the devices go (deleted, stopped, rebooted)."""
    server = nova_server.get_or_none(nova, attachment['instance_uuid'])
    if server is None or server['vm_state'] == nova_server.STOPPED:
        return True
    return (attachment['reboot'] == att_queries.REBOOT_REQUESTED and
            server['task_state'] not in nova_server.HARD_REBOOTING)


def run_due(context, placement, nova):
    """The work attach and detach left waiting on Nova or dead conductors."""
    waiting = att_queries.get_all(
        context, states_in=(att_queries.ATTACHED,),
        reboots_in=(att_queries.REBOOT_PENDING,)) + att_queries.get_all(
        context, states_in=(att_queries.RELEASING,),
        reboots_in=(att_queries.REBOOT_PENDING,
                    att_queries.REBOOT_REQUESTED,
                    att_queries.REBOOT_REFUSED))
    for attachment in waiting:
        try:
            _run_one(context, placement, nova, attachment)
        except Exception:
            LOG.exception('Work of attachment %s failed; tried again '
                          'later', attachment['uuid'])
    stale = timeutils.utcnow() - datetime.timedelta(seconds=STALE_SECONDS)
    for attachment in att_queries.get_all(
            context, states_in=(att_queries.ALLOCATING,
                                att_queries.RELEASING, att_queries.FREEING),
            updated_before=stale):
        waits = (attachment['state'] == att_queries.RELEASING and
                 attachment['reboot'] is not None)
        if not waits and placement is not None:
            try:
                recover(context, placement, attachment,
                        changed_before=stale)
            except Exception:
                LOG.exception('Recovering attachment %s failed; tried '
                              'again later', attachment['uuid'])


def _run_one(context, placement, nova, attachment):
    if nova is None:
        return
    if attachment['state'] == att_queries.ATTACHED:
        if attachment['reboot'] == att_queries.REBOOT_PENDING:
            _reboot_when_bound(context, nova, attachment)
        return
    if attachment['reboot'] == att_queries.REBOOT_PENDING:
        # A detach that died before it asked.
        ask_reboot(context, nova, [attachment['uuid']],
                   attachment['instance_uuid'])
        return
    if placement is not None and _released_by_nova(nova, attachment):
        release(context, placement, attachment)
