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

An attach goes ahead only where Nova hands the accelerators to the guest:
its flavor names a device profile and Nova would hard reboot it now.  It
places the profile under the server's compute node, checks the limits,
records the attachment and its ARQs, adds to the server's allocation and
binds; a failure takes back what was done.  Nothing is asked of a
stopped server (a hard reboot would start it).  A detach takes only what
attach made, and releases it once the guest cannot hold the devices.
"""

from oslo_log import log as logging
from oslo_utils import excutils
from oslo_utils import uuidutils

from cyborg import exception
from cyborg import states
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.attach import allocations
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
    """Placement request groups of a device profile's groups."""
    groups = []
    for group in profile['groups']:
        request = {'resources': {}, 'required': [], 'forbidden': []}
        for key, value in group.items():
            kind, _sep, name = key.partition(':')
            if kind == 'resources':
                request['resources'][name] = int(value)
            elif kind == 'trait' and value in ('required', 'forbidden'):
                request[value].append(name)
        groups.append(request)
    return groups


def _compute_node(context, server):
    """(compute node provider, agent host) of the server's host."""
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


@db_api.retrying_writer
def _record(context, server, profile, hostname, chosen, reboot, uuids):
    """(attachment, ARQs), recorded in one transaction; *uuids*: a new list
    that the first try fills with uuids and the retries reuse.
    """
    counts = dp_obj.arq_counts(profile['groups'])
    retried = bool(uuids)
    while len(uuids) < 1 + sum(counts):
        uuids.append(uuidutils.generate_uuid())
    uuid, arq_uuids = uuids[0], uuids[1:]
    if retried:
        # A retry after a COMMIT whose answer was lost goes on with what
        # that try recorded, instead of a second attachment.
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
    arqs = arq_queries.create(context, profile, server['project_id'],
                              counts, attachment_uuid=uuid, uuids=arq_uuids)
    return att_queries.get(context, uuid), arqs


@db_api.retrying_writer
def _bind(context, attachment, patches):
    """Bind the ARQs and make the attachment ``attached``, in one
    transaction.

    :raises: Conflict when the attachment is gone, and what arq_bind.bind
        raises.
    """
    if not att_queries.update(context, attachment['uuid'],
                              expected_states=(att_queries.ALLOCATING,),
                              state=att_queries.ATTACHED, previous=None):
        raise exception.Conflict(
            reason='attachment %s of server %s was forgotten meanwhile' % (
                attachment['uuid'], attachment['instance_uuid']))
    # The accelerators are the server's user's, whoever attaches them.
    return arq_bind.bind(context, patches, more_for_instance=True,
                         user_id=attachment['user_id'])[0]


def _place(context, placement, server, profile):
    """(the agent's host, the allocation candidate chosen)."""
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
    :raises: see ConductorAPI.instance_attach, plus OverLimit,
        LimitsUnavailable and what a bind raises; nothing is left then.
    :returns: ConductorAPI.instance_attach's answer.
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
                               reboot, [])
    arq_notify.created_rows(context, [arq['uuid'] for arq in arqs])
    try:
        allocations.allocate(context, placement, attachment)
    except Exception:
        with excutils.save_and_reraise_exception():
            _undo_allocate(context, placement, attachment)
    try:
        quota.enforce(*limits, recheck=True)
    except Exception:
        with excutils.save_and_reraise_exception():
            allocations.undo(context, placement, attachment)
    patches = {arq['uuid']: {
        'hostname': hostname, 'instance_uuid': instance_uuid,
        'device_rp_uuid': chosen['mappings'][arq['device_profile_group_id']],
        'project_id': server['project_id']} for arq in arqs}
    try:
        result = _bind(context, attachment, patches)
    except Exception:
        with excutils.save_and_reraise_exception():
            LOG.exception('Binding the accelerators attached to server '
                          '%s failed; undoing the attach', instance_uuid)
            allocations.undo(context, placement, attachment)
    outcome = attachment['reboot']
    if reboot and all(s == states.BOUND for s in result.values()):
        outcome = allocations.ask_reboot(
            context, nova, [attachment['uuid']], instance_uuid)
    LOG.info('Attached %(profile)s to server %(server)s on %(host)s: '
             '%(result)s (reboot: %(reboot)s)',
             {'profile': device_profile_name, 'server': instance_uuid,
              'host': hostname, 'result': result, 'reboot': outcome})
    return {'arqs': result, 'server': nova_server.view(server),
            'attachment': attachment['uuid'], 'reboot': outcome}


def _undo_allocate(context, placement, attachment):
    """The allocation failed: its write may or may not have happened."""
    try:
        allocations.recover(context, placement,
                            att_queries.get(context, attachment['uuid']))
    except Exception:
        LOG.exception('Undoing attachment %s failed; it is finished '
                      'later', attachment['uuid'])


def _chosen_attachments(arqs, instance_uuid, arq_uuids):
    """The attachments a detach takes, from the server's ARQs."""
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

    :raises: see ConductorAPI.instance_detach, plus Conflict (another
        detach took them first).
    """
    server = nova_server.get_or_none(nova, instance_uuid)
    arqs = arq_queries.get_all(context, instance_uuid=instance_uuid)
    chosen = _chosen_attachments(arqs, instance_uuid, arq_uuids)
    waits = nova_server.release_waits_for_reboot(server, reboot)
    attachments = [a for a in att_queries.get_all(
        context, instance_uuid=instance_uuid) if a['uuid'] in chosen]
    # A reboot is asked exactly when the release waits for it: never of a
    # server deleted, offloaded or stopped.
    detached = allocations.start_release(
        context, attachments,
        reboot=att_queries.REBOOT_PENDING if waits else None, uuids=chosen)
    outcome = None
    if waits:
        outcome = allocations.ask_reboot(
            context, nova, [a['uuid'] for a in attachments], instance_uuid)
    if not waits and placement is not None:
        for attachment in attachments:
            try:
                allocations.release(context, placement, attachment)
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


def list_servers(nova, hosts):
    """What Nova says of many servers and what the instance audit would
    heal of their ARQs; see ConductorAPI.instance_list.
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
