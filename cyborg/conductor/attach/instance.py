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
"""Attaching accelerators to a server, and detaching them, through Nova.

Nova is asked about the server first (cyborg.conductor.attach.nova_server): its
host, project, state and flavor.  An attach goes ahead only where Nova
will hand the accelerators to the guest: the flavor names a device
profile (Nova then reads every ARQ of the server at each hard reboot,
power-on and rebuild) and Nova would hard reboot the server now.

Attach: the device profile's request groups are placed under the compute
node provider of the server's host (Placement allocation candidates, one
numbered group per profile group); with ``[quota] unified_limits``, the
project's limits are checked as Nova checks them
(cyborg.conductor.attach.quota);
the attachment and its ARQs are recorded; the chosen resources are added
to the server's allocation (its consumer generation; a conflict is
retried, never overwritten) and the limits checked again; the ARQs are
bound (Nova gets an ``accelerator-request-bound`` event for each, which
it takes as an event nobody waits for); with *reboot*, Nova is asked for
a hard reboot once they are bound, unless the server is stopped: its
guest gets them when Nova starts it, and a hard reboot would power it on
(issue 38).  A failure at any step takes back what the earlier ones did
(cyborg.conductor.attach.allocations).

Detach: only ARQs made by attach go (the flavor's and the ports' are
Nova's: refused).  They are deleted, their handles freed, and their
resources leave the server's allocation, once the guest cannot hold the
devices any more: at once for a stopped or deleted server (Nova is asked
for nothing then, even with *reboot*), after the hard reboot Nova is
asked for otherwise.
"""

from oslo_log import log as logging
from oslo_utils import excutils
from oslo_utils import uuidutils

from cyborg import exception
from cyborg import states
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.attach import allocations as attachment_ops
from cyborg.conductor.attach import nova_server
from cyborg.conductor.attach import quota
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attachment as att_queries
from cyborg.db.queries import device_profile as dp_queries
from cyborg.db.queries import host as host_queries
from cyborg.notifications import accelerator_request as arq_notify
from cyborg.objects import device_profile as dp_obj

LOG = logging.getLogger(__name__)


def request_groups(profile):
    """Placement request groups of a device profile's groups.

    :returns: a list of ``{resources, required, forbidden}``, one per
        profile group, in order.
    """
    groups = []
    for group in profile['groups']:
        request = {'resources': {}, 'required': [], 'forbidden': []}
        for key, value in group.items():
            kind, _sep, name = key.partition(':')
            if kind == 'resources':
                request['resources'][name] = int(value)
            elif kind == 'trait' and value == 'required':
                request['required'].append(name)
            elif kind == 'trait' and value == 'forbidden':
                request['forbidden'].append(name)
        groups.append(request)
    return groups


def _compute_node(context, server):
    """(compute node provider, agent host) of the server's host.

    :raises: AgentNotFound, ComputeResourceProviderNotFound
    """
    for name in (server['host'], server['nodename']):
        rows = host_queries.get_all(context, host=name) if name else []
        if rows:
            break
    else:
        raise exception.AgentNotFound(host=server['host'])
    host = rows[0]
    if not host['compute_rp_uuid']:
        raise exception.ComputeResourceProviderNotFound(
            name=host['rp_name'] or host['hostname'], host=host['hostname'])
    return host['compute_rp_uuid'], host['hostname']


def _record(context, server, profile, hostname, chosen, reboot):
    """The intent: the attachment (allocating) and its ARQs (Initial), in
    one transaction.

    :returns: (attachment, ARQ dicts).
    """
    # The attachment's uuid and its ARQs', drawn by the first try and kept
    # by the others (retry_on_deadlock calls _record_once again with the
    # same list).
    uuids = []
    return _record_once(context, server, profile, hostname, chosen, reboot,
                        uuids)


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def _record_once(context, server, profile, hostname, chosen, reboot, uuids):
    counts = dp_obj.arq_counts(profile['groups'])
    retried = bool(uuids)
    while len(uuids) < 1 + sum(counts):
        uuids.append(uuidutils.generate_uuid())
    uuid, arq_uuids = uuids[0], uuids[1:]
    if retried:
        # A try whose COMMIT went through but whose answer was lost (a
        # Galera writer killed as it committed) recorded them already:
        # go on with those, instead of a second attachment and its ARQs
        # with the first left allocating.  (Only a retry looks: the first
        # try's uuids are new.)
        attachment = att_queries.get(context, uuid)
        if attachment is not None:
            LOG.info('Attachment %(uuid)s of server %(server)s was '
                     'recorded by an earlier try',
                     {'uuid': uuid, 'server': server['uuid']})
            return attachment, arq_queries.get_all(context, uuids=arq_uuids)
    amounts = {rp: dict(a['resources'])
               for rp, a in chosen['allocations'].items()}
    att_queries.create(
        context, uuid, server['uuid'], hostname, amounts,
        project_id=server['project_id'], user_id=server['user_id'],
        reboot=att_queries.REBOOT_PENDING if reboot else None)
    arqs = arq_queries.create(context, profile['id'], server['project_id'],
                              counts, attachment_uuid=uuid, uuids=arq_uuids)
    return att_queries.get(context, uuid), arqs


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def _bind(context, attachment, patches):
    """Bind the ARQs and make the attachment ``attached``, in one
    transaction.

    :returns: what arq_bind.bind returns (the events taken).

    :raises: Conflict when the attachment is gone (Nova deleted the
        server's ARQs meanwhile), and what arq_bind.bind raises.
    """
    if not att_queries.update(context, attachment['uuid'],
                              expected_states=(att_queries.ALLOCATING,),
                              state=att_queries.ATTACHED, previous=None):
        raise exception.Conflict(
            reason='attachment %s of server %s was forgotten meanwhile' % (
                attachment['uuid'], attachment['instance_uuid']))
    return arq_bind.bind(context, patches, more_for_instance=True,
                         take_events=True)


def _place(context, placement, server, profile):
    """(compute node's agent host, the allocation candidate chosen).

    :raises: AgentNotFound, ComputeResourceProviderNotFound,
        NoAcceleratorCandidate, PlacementError
    """
    root, hostname = _compute_node(context, server)
    candidates = placement.allocation_candidates(request_groups(profile),
                                                 in_tree=root)
    if not candidates:
        raise exception.NoAcceleratorCandidate(profile=profile['name'],
                                               host=hostname)
    return hostname, candidates[0]


def attach(context, placement, nova, instance_uuid, device_profile_name,
           hostname=None, project_id=None, reboot=False):
    """Give a server the accelerators of a device profile.

    :param nova: a NovaClient, or None when ``[nova]`` is not set.
    :param hostname: where the caller expects the server (a check).
    :param project_id: the server's project the caller expects (a check).
    :param reboot: ask Nova for a hard reboot once they are bound
        (nothing is asked of a stopped server: see
        nova_server.is_stopped).
    :raises: PlacementNotConfigured, NovaNotConfigured, NovaUnavailable,
        ServerNotFound, ServerNotAttachable, DeviceProfileNotFound,
        AgentNotFound, ComputeResourceProviderNotFound,
        NoAcceleratorCandidate, OverLimit and LimitsUnavailable (Nova's
        unified limits, cyborg.conductor.attach.quota), PlacementError, and
        what a bind raises; nothing stays allocated or created then.
    :returns: ``({arqs: {arq uuid: state}, server: nova_server.view(),
        attachment: uuid, reboot: None (none asked: not wanted, or the
        server is stopped), pending, requested or refused}, the events for
        Nova the bind took)``: the caller sends them.
    """
    if placement is None:
        raise exception.PlacementNotConfigured()
    server = nova_server.get(nova, instance_uuid)
    nova_server.check_attachable(server, hostname=hostname,
                                 project_id=project_id)
    reboot = reboot and not nova_server.is_stopped(server)
    profile = dp_queries.get_by_name(context, device_profile_name)
    hostname, chosen = _place(context, placement, server, profile)
    limits = (placement, server['project_id'], chosen['allocations'],
              profile['name'], instance_uuid)
    quota.enforce(*limits)
    attachment, arqs = _record(context, server, profile, hostname, chosen,
                               reboot)
    arq_notify.created_rows(context, [arq['uuid'] for arq in arqs])
    try:
        attachment_ops.allocate(context, placement, attachment)
    except Exception:
        with excutils.save_and_reraise_exception():
            _undo_allocate(context, placement, attachment)
    try:
        quota.recheck(*limits)
    except Exception:
        with excutils.save_and_reraise_exception():
            attachment_ops.undo(context, placement, attachment)
    patches = {arq['uuid']: {
        'hostname': hostname, 'instance_uuid': instance_uuid,
        'device_rp_uuid': chosen['mappings'][arq['device_profile_group_id']],
        'project_id': server['project_id']} for arq in arqs}
    try:
        result, events = _bind(context, attachment, patches)
    except Exception:
        with excutils.save_and_reraise_exception():
            LOG.exception('Binding the accelerators attached to server '
                          '%s failed; undoing the attach', instance_uuid)
            attachment_ops.undo(context, placement, attachment)
    outcome = attachment['reboot']
    if reboot and all(s == states.BOUND for s in result.values()):
        outcome = attachment_ops.ask_reboot(
            context, nova, [attachment['uuid']], instance_uuid)
    LOG.info('Attached %(profile)s to server %(server)s on %(host)s: '
             '%(result)s (reboot: %(reboot)s)',
             {'profile': device_profile_name, 'server': instance_uuid,
              'host': hostname, 'result': result, 'reboot': outcome})
    return ({'arqs': result, 'server': nova_server.view(server),
             'attachment': attachment['uuid'], 'reboot': outcome}, events)


def _undo_allocate(context, placement, attachment):
    """The allocation failed: its write may or may not have happened."""
    try:
        attachment_ops.recover(context, placement,
                               att_queries.get(context, attachment['uuid']))
    except Exception:
        LOG.exception('Undoing attachment %s failed; it is finished '
                      'later', attachment['uuid'])


def _chosen_attachments(arqs, instance_uuid, arq_uuids):
    """The attachments a detach takes, from the server's ARQs.

    :raises: AcceleratorRequestNotFound, AcceleratorRequestsNotAttached,
        ServerNotDetachable
    """
    mine = [a for a in arqs if a['attachment_uuid']]
    if arq_uuids is None:
        if not mine:
            if arqs:
                raise exception.AcceleratorRequestsNotAttached(
                    arqs=', '.join(a['uuid'] for a in arqs),
                    uuid=instance_uuid)
            raise exception.AcceleratorRequestNotFound(
                uuid='of instance %s' % instance_uuid)
        return {a['attachment_uuid'] for a in mine}
    by_uuid = {a['uuid']: a for a in arqs}
    for uuid in arq_uuids:
        if uuid not in by_uuid:
            raise exception.AcceleratorRequestNotFound(uuid=uuid)
    nova_made = [u for u in arq_uuids if not by_uuid[u]['attachment_uuid']]
    if nova_made:
        raise exception.AcceleratorRequestsNotAttached(
            arqs=', '.join(nova_made), uuid=instance_uuid)
    chosen = {by_uuid[u]['attachment_uuid'] for u in arq_uuids}
    together = sorted(a['uuid'] for a in mine
                      if a['attachment_uuid'] in chosen)
    if set(together) != set(arq_uuids):
        raise exception.ServerNotDetachable(
            uuid=instance_uuid,
            reason='accelerator requests %s were attached together (one '
                   'device profile, one allocation); detach them '
                   'together' % ', '.join(together))
    return chosen


def detach(context, placement, nova, instance_uuid, arq_uuids=None,
           reboot=False):
    """Take from a server the accelerators attach gave it.

    :param arq_uuids: only these ARQs (all those of their attachments);
        None: every ARQ attach made.
    :param reboot: ask Nova for a hard reboot (needed unless the server
        is stopped or deleted; nothing is asked of those).
    :raises: NovaNotConfigured, NovaUnavailable, AcceleratorRequestNotFound,
        AcceleratorRequestsNotAttached, ServerNotDetachable, Conflict
        (another detach took them first)
    :returns: ``{arqs: [detached arq uuids], server: nova_server.view() or
        None, reboot: None, requested or refused}``.
    """
    server = nova_server.get_or_none(nova, instance_uuid)
    arqs = arq_queries.get_all(context, instance_uuid=instance_uuid)
    chosen = _chosen_attachments(arqs, instance_uuid, arq_uuids)
    waits = nova_server.release_waits_for_reboot(server, reboot)
    attachments = [a for a in att_queries.get_all(
        context, instance_uuid=instance_uuid) if a['uuid'] in chosen]
    # A reboot is asked exactly when the release waits for it: never of
    # a server that Nova deleted, offloaded (it refuses a hard reboot in
    # shelved_offloaded) or stopped.
    asks = waits
    detached = attachment_ops.start_release(
        context, attachments,
        reboot=att_queries.REBOOT_PENDING if asks else None, uuids=chosen)
    outcome = None
    if asks:
        outcome = attachment_ops.ask_reboot(
            context, nova, [a['uuid'] for a in attachments], instance_uuid)
    if not waits and placement is not None:
        for attachment in attachments:
            try:
                attachment_ops.release(context, placement, attachment)
            except exception.PlacementError:
                LOG.exception('Releasing the allocation of attachment '
                              '%s failed; it is finished later',
                              attachment['uuid'])
    LOG.info('Detached accelerator request(s) %(arqs)s from server '
             '%(server)s (reboot: %(reboot)s, release %(when)s)',
             {'arqs': detached, 'server': instance_uuid, 'reboot': outcome,
              'when': 'after the reboot' if waits else 'done'})
    return {'arqs': detached, 'server': nova_server.view(server),
            'reboot': outcome}


def show(context, nova, instance_uuid):
    """What Nova says of a server, for the API's instance view.

    :raises: NovaNotConfigured, NovaUnavailable, ServerNotFound
    :returns: nova_server.view().
    """
    return nova_server.view(nova_server.get(nova, instance_uuid))


def list_servers(nova, hosts):
    """What Nova says of the servers of instance-list, and what the
    instance audit would heal of their ARQs, in as few calls to Nova as
    its API allows (nova_server.get_many).

    :param hosts: ``{server uuid: [the hosts its Bound ARQs are on]}``.
    :raises: NovaNotConfigured, NovaUnavailable
    :returns: ``{server uuid: {server: nova_server.view() or None (Nova
        has no such server), audit: nova_server.GONE, OTHER_HOST or
        None}}``; OTHER_HOST only while Nova runs no task on the server
        (the audit leaves a server being moved alone).
    """
    servers, calls = nova_server.get_many(nova, hosts)
    LOG.debug('Nova answered for %(servers)d servers in %(calls)d calls',
              {'servers': len(hosts), 'calls': calls})
    result = {}
    for uuid, names in hosts.items():
        server = servers.get(uuid)
        kinds = set()
        for host in names:
            judged = nova_server.judge(uuid, server, host)
            if judged is not None and not judged[2]:
                kinds.add(judged[0])
        result[uuid] = {'server': nova_server.view(server),
                        'audit': min(kinds) if kinds else None}
    return result
