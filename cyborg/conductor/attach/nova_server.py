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
"""What Nova says of a server, and what Nova does with its ARQs.

From nova 34.0.0: ``_get_accel_info`` reads a server's ARQs only when its
flavor has ``accel:device_profile``, at hard reboot, power-on and rebuild;
libvirt attaches ``PCI`` and ``MDEV`` handles.  Evacuation and shelve
offload delete the ARQs.  A hard reboot is accepted only in
``ALLOW_HARD_REBOOT`` vm states and ``ALLOW_REBOOT`` task states.  GET
/servers/{id} shows extra specs from 2.47, the host under
``os-extended-server-attributes``.
"""

from cyborg import exception

PROFILE_SPEC = 'accel:device_profile'

# nova/compute/vm_states.py ALLOW_HARD_REBOOT and
# nova/compute/task_states.py ALLOW_REBOOT.
HARD_REBOOT_VM_STATES = frozenset(('active', 'stopped', 'paused',
                                   'suspended', 'error'))
HARD_REBOOT_TASK_STATES = frozenset((None, 'rebooting', 'reboot_pending',
                                     'reboot_started', 'resuming',
                                     'rebooting_hard', 'unpausing',
                                     'pausing', 'suspending'))
# nova/compute/task_states.py hard_reboot_states.
HARD_REBOOTING = frozenset(('rebooting_hard', 'reboot_pending_hard',
                            'reboot_started_hard'))
# A guest that holds no device: Nova defines it again before it runs.
STOPPED = 'stopped'


# What judge() finds of a Bound ARQ: its server gone, or on another host.
GONE = 'server gone'
OTHER_HOST = 'other host'


def get(nova, uuid):
    """ConductorAPI.instance_show's answer plus ``user_id``.

    No ``host``/``nodename`` (``extra_specs`` None) when Nova hides them.
    """
    if nova is None:
        raise exception.NovaNotConfigured()
    return _parse(nova.get_server(uuid), uuid)


def _parse(raw, uuid):
    """get()'s answer from Nova's server (shown, or listed)."""
    flavor = raw.get('flavor') or {}
    specs = flavor.get('extra_specs')
    server = {'uuid': raw.get('id', uuid), 'name': raw.get('name'),
              'status': raw.get('status'),
              'vm_state': raw.get('OS-EXT-STS:vm_state'),
              'task_state': raw.get('OS-EXT-STS:task_state'),
              'project_id': raw.get('tenant_id'),
              'user_id': raw.get('user_id'),
              'flavor': {'original_name': flavor.get('original_name'),
                         'extra_specs': specs},
              'device_profile': (specs or {}).get(PROFILE_SPEC)}
    if 'OS-EXT-SRV-ATTR:host' in raw:
        server['host'] = raw['OS-EXT-SRV-ATTR:host']
        server['nodename'] = raw.get('OS-EXT-SRV-ATTR:hypervisor_hostname')
    return server


def get_or_none(nova, uuid):
    """As get(), but None when Nova has no such server."""
    try:
        return get(nova, uuid)
    except exception.ServerNotFound:
        return None


def get_many(nova, hosts):
    """``({server uuid: get() or None}, calls made)`` for *hosts*' servers.

    One (paged) list per host, then one GET for each server none showed.
    """
    if nova is None:
        raise exception.NovaNotConfigured()
    found = {}
    calls = 0
    for host in sorted({h for names in hosts.values() for h in names
                        if h}):
        servers, made = nova.list_servers(host)
        calls += made
        for raw in servers:
            if raw.get('id') in hosts:
                found[raw['id']] = _parse(raw, raw['id'])
    for uuid in sorted(set(hosts) - set(found)):
        found[uuid] = get_or_none(nova, uuid)
        calls += 1
    return found, calls


def hard_reboot_refusal(server):
    """Why Nova would refuse a hard reboot of *server*, or None."""
    if (server['vm_state'] in HARD_REBOOT_VM_STATES and
            server['task_state'] in HARD_REBOOT_TASK_STATES):
        return None
    return ('Nova hard reboots a server only when its vm_state is one of '
            '%s and no other task runs (it is %s, task %s)' % (
                ', '.join(sorted(HARD_REBOOT_VM_STATES)),
                server['vm_state'], server['task_state'] or 'none'))


def _admin_view_missing(server):
    if 'host' not in server:
        return ("Nova does not show the server's host to Cyborg's [nova] "
                "user: it needs Nova's administrator role (policy "
                "os_compute_api:os-extended-server-attributes)")
    if server['flavor']['extra_specs'] is None:
        return ("Nova does not show the flavor's extra specs to Cyborg's "
                "[nova] user (policy "
                "os_compute_api:servers:show:flavor-extra-specs)")
    return None


def check_attachable(server, hostname=None, project_id=None):
    """Refuse an attach Nova would not honour (host, project as expected)."""
    reason = _admin_view_missing(server)
    if reason is None and not server['host']:
        reason = ('it is on no host (status %s); attach when Nova has '
                  'placed it' % server['status'])
    if reason is None and hostname and hostname not in (
            server['host'], server['nodename']):
        reason = ('it is on host %s (node %s), not on %s' % (
            server['host'], server['nodename'], hostname))
    if reason is None and project_id and project_id != server['project_id']:
        reason = ('it belongs to project %s, not to %s' % (
            server['project_id'], project_id))
    if reason is None and not server['device_profile']:
        reason = ('its flavor %s names no device profile (extra spec %s). '
                  'Nova reads the accelerator requests of a server only '
                  'when its flavor names one (nova/compute/manager.py '
                  '_get_accel_info), so an attached accelerator would '
                  'never reach the guest; boot the server with a flavor '
                  'that names a device profile' % (
                      server['flavor']['original_name'], PROFILE_SPEC))
    if reason is None:
        reason = hard_reboot_refusal(server)
        if reason is not None:
            reason += ('; the accelerator would reach the guest only at '
                       'a hard reboot')
    if reason is not None:
        raise exception.ServerNotAttachable(uuid=server['uuid'],
                                            reason=reason)


def is_stopped(server):
    """Whether Nova stopped *server* (its guest holds no device).

    Nova defines it again with every ARQ before it runs; no reboot is asked
    of it: a hard reboot would power it on.
    """
    return server['vm_state'] == STOPPED and server['task_state'] is None


def release_waits_for_reboot(server, reboot):
    """Whether a detach keeps the allocation until Nova rebooted the server.

    The running guest holds the devices until then.
    """
    if server is None or not server.get('host', True):
        # Deleted or offloaded: no guest holds anything.
        return False
    if is_stopped(server):
        # Nova defines the guest again before it runs, without the
        # detached ARQs.
        return False
    if not reboot:
        raise exception.ServerNotDetachable(
            uuid=server['uuid'],
            reason=('its guest may use the devices until Nova defines it '
                    'again (status %s): detach with a reboot (Nova hard '
                    'reboots it), or stop the server first' %
                    server['status']))
    refusal = hard_reboot_refusal(server)
    if refusal is not None:
        raise exception.ServerNotDetachable(uuid=server['uuid'],
                                            reason=refusal)
    return True


def view(server):
    """The server as the API shows it."""
    if server is None:
        return None
    return {key: server.get(key) for key in (
        'uuid', 'name', 'status', 'vm_state', 'task_state', 'host',
        'nodename', 'project_id', 'flavor', 'device_profile')}


def _server_hosts(server):
    return {server.get('host'), server.get('nodename')} - {None}


def judge(server_uuid, server, arq_host):
    """What Nova says of a Bound ARQ on *arq_host* (instance audit's rule).

    None when Nova accounts for it, else ``(GONE or OTHER_HOST, detail,
    whether Nova has a task under way)``.
    """
    if server is None:
        return GONE, 'Nova has no server %s' % server_uuid, False
    if not _server_hosts(server) or arq_host in _server_hosts(server):
        return None
    detail = 'bound on %s; Nova shows the server on %s' % (
        arq_host, server.get('host'))
    if server.get('task_state'):
        return OTHER_HOST, detail + ' (task %s under way: left alone)' % (
            server['task_state']), True
    return OTHER_HOST, detail, False
