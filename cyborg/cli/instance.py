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
"""attach-instance, detach-instance, instance-show (through Nova),
instance-list (the servers that hold accelerators).
"""

from cyborg.cli import accelerator_request as arq
from cyborg.cli import common

# Nova's vm_state of a stopped server (SHUTOFF): attach and detach ask
# nothing of it (cyborg.conductor.attach.nova_server.is_stopped).
_STOPPED = 'stopped'

_REBOOT = {
    None: 'The accelerators reach the guest at its next hard reboot, '
          'start or rebuild by Nova.',
    'pending': 'Nova is asked for a hard reboot once the accelerators are '
               'bound.',
    'requested': 'Nova is hard rebooting the server.',
    'refused': 'Nova refused the hard reboot (see the conductor\'s log); '
               'the accelerators reach the guest at its next hard reboot.',
}


class _ByInstance(common.ByUUID):
    METAVAR, WHAT, HELP = 'INSTANCE', 'an instance', 'The server (UUID).'


class AttachInstance(_ByInstance, common.Lister):
    """Attach a device profile's accelerators to a server.

    The server's flavor must name a device profile (extra spec
    accel:device_profile): Nova reads a server's accelerator requests
    only then.
    """

    ARGUMENTS = (
        common.arg('--device-profile', metavar='NAME', required=True,
                   help='The device profile.'),
        common.arg('--host', help='The host you expect the server on '
                                  '(checked: Nova says where it is).'),
        common.arg('--project', metavar='PROJECT_ID',
                   help='The project you expect the server in (checked).'),
        common.arg('--reboot', action='store_true',
                   help='Ask Nova for a hard reboot once the accelerators '
                        'are bound, so that the guest gets them now '
                        '(nothing is asked of a stopped server: it gets '
                        'them when Nova starts it).'),
        arq.WAIT)

    def take_action(self, parsed_args):
        instance = self.uuid(parsed_args)
        answer = self.client.post(
            '/instances/%s/accelerators' % instance,
            dict(device_profile_name=parsed_args.device_profile,
                 **common.given(hostname=parsed_args.host,
                                project_id=parsed_args.project,
                                reboot=parsed_args.reboot)))
        result = answer['arqs']
        if parsed_args.wait:
            result = arq.wait_resolved(
                self.client, [a['uuid'] for a in result],
                self.app.options.timeout, self.progress)
            failed = [a['uuid'] for a in result if a['state'] != 'Bound']
            if failed:
                raise common.CommandError('The bind of %s failed.' %
                                          ', '.join(failed))
        self.progress(_attach_outcome(answer))
        return self.members(result, parsed_args, arq.DETAIL)


def _attach_outcome(answer):
    """What attach asked of Nova, in words."""
    server = answer.get('server') or {}
    if answer['reboot'] is None and server.get('vm_state') == _STOPPED:
        # Nothing to ask: a hard reboot would power it on.
        return ('The server is %s: Nova was asked for nothing; the '
                'accelerators reach the guest when Nova starts it.'
                % server.get('status'))
    return _REBOOT.get(answer['reboot'], answer['reboot'])


# What a detach with --reboot did, by the reboot of the attachments it
# left releasing.
_DETACHED_REBOOT = {
    'pending': 'Nova is asked for a hard reboot; the devices are released '
               'once it is done.',
    'requested': 'Nova was asked for a hard reboot; the devices are '
                 'released once it is done (instance-show shows the '
                 'attachment until then).',
    'refused': 'Nova refused the hard reboot (see the conductor\'s log): '
               'the devices stay allocated to the server until Nova hard '
               'reboots, stops or deletes it.',
}
_RELEASING = ('releasing', 'freeing')


class DetachInstance(_ByInstance, common.Command):
    """Detach the accelerators attach-instance gave a server.

    Nova's own are never detached.  Unless the server is stopped, its
    guest may use the devices until Nova defines it again: --reboot asks
    Nova for a hard reboot, and the devices are freed once it is done.
    """

    ARGUMENTS = (
        common.arg('--arq', metavar='UUID', action='append', dest='arqs',
                   help='Only this accelerator request (and those '
                        'attached with it); repeat for more.  Default: '
                        'all that attach-instance made.'),
        common.arg('--reboot', action='store_true',
                   help='Ask Nova for a hard reboot (needed unless the '
                        'server is stopped; nothing is asked of a stopped '
                        'server).'))

    def take_action(self, parsed_args):
        instance = self.uuid(parsed_args)
        self.client.delete(
            '/instances/%s/accelerators' % instance,
            arqs=parsed_args.arqs and ','.join(
                common.check_uuid(u, 'an accelerator request')
                for u in parsed_args.arqs),
            reboot='true' if parsed_args.reboot else None)
        self.progress('Accelerators attached to server %s detached.',
                      instance)
        self.progress(self._outcome(instance, parsed_args.reboot))

    def _outcome(self, instance, reboot):
        """What became of the devices, as the API shows it now."""
        try:
            body = self.client.get('/instances/%s' % instance)
        except common.APIError as exc:
            if exc.code != 'cyborg.instance.server_not_found':
                raise
            return ('Nova has no server %s (any more): no hard reboot was '
                    'asked or needed; the devices are released.' % instance)
        reboots = {a['reboot'] for a in body['attachments']
                   if a['state'] in _RELEASING}
        for state in ('refused', 'pending', 'requested'):
            if state in reboots:
                return _DETACHED_REBOOT[state]
        server = body['server']
        # As the conductor: nothing is asked of a stopped server, nor of
        # one on no host (shelved offloaded).
        if reboot and server.get('host') and server['vm_state'] != _STOPPED:
            return ('Nova was asked for a hard reboot; the devices are '
                    'released.')
        return ('The server is %s: no hard reboot was needed (Nova was '
                'asked for nothing); the devices are released.'
                % server['status'])


class ShowInstance(_ByInstance, common.ShowOne):
    """Show a server as Nova sees it, with its accelerators apart.

    Nova's own (from its flavor or ports) and those attach-instance gave
    it are listed apart.
    """

    def take_action(self, parsed_args):
        body = self.client.get('/instances/%s' % self.uuid(parsed_args))
        server = body['server']

        def arqs(origin):
            return [' '.join(filter(None, (
                a['uuid'], a['device_profile_name'], a['state'],
                a['attach_handle_type'] or '-', a['device_health'] or '-',
                _busy(a)))) for a in body['arqs'] if a['origin'] == origin]

        item = dict(server, flavor=server['flavor']['original_name'],
                    nova_arqs=arqs('create'), attached_arqs=arqs('attach'),
                    attachments=['%s %s%s' % (
                        a['uuid'], a['state'],
                        ', reboot %s' % a['reboot'] if a['reboot'] else '')
                        for a in body['attachments']])
        return common.one(item, common.field_columns(
            'uuid', 'name', 'status', 'vm_state', 'task_state', 'host',
            'nodename', 'project_id', 'flavor', 'device_profile',
            'nova_arqs', 'attached_arqs', 'attachments'))


def _busy(arq):
    """``utilization 0.93, idle since <time>``, as known."""
    words = []
    if arq.get('device_utilization') is not None:
        words.append('utilization %g' % arq['device_utilization'])
    if arq.get('device_idle_since'):
        words.append('idle since %s' % arq['device_idle_since'])
    return ', '.join(words)


LIST_COLUMNS = common.field_columns(
    'uuid', 'name', 'status', 'host', 'flavor', 'project_id', 'audit',
    'accelerators')


def _listed_row(entry, idle=False):
    """One server of GET /v2/instances as a row of instance-list."""
    server = entry['server'] or {}
    return dict(
        uuid=entry['uuid'], name=server.get('name'),
        status=server.get('status'), host=server.get('host'),
        flavor=(server.get('flavor') or {}).get('original_name'),
        project_id=entry['project_id'],
        # Nova no longer knows the server, or shows it elsewhere: what
        # "cyborg-manage instance heal" would release.
        audit=entry['audit'] or '',
        accelerators=['%s %s %s %s%s%s' % (
            a['arq'], a['driver'] or '-', a['device_profile_name'],
            a['hostname'], ' (attached)' if a['origin'] == 'attach'
            else '', ' (idle since %s)' % a['device_idle_since']
            if idle else '') for a in entry['accelerators']])


class ListInstances(common.Lister):
    """List the servers that hold accelerators, as Nova sees them.

    AUDIT says what "cyborg-manage instance audit" finds: "server gone"
    or "other host".  With --idle, only the accelerators idle since bound
    for [telemetry] idle_window.
    """

    ARGUMENTS = (
        common.arg('--driver', help='Only the accelerators of this driver.'),
        common.arg('--host', help='Only the accelerators bound on HOST.'),
        common.arg('--device-profile', metavar='NAME',
                   help='Only the accelerators of this device profile.'),
        common.arg('--idle', action='store_true',
                   help="Only the accelerators idle for the cloud's idle "
                        'window (under its utilization threshold since '
                        'they were bound).'))

    def take_action(self, parsed_args):
        entries, _last = common.pages(lambda marker: self.client.get(
            '/instances', driver=parsed_args.driver, host=parsed_args.host,
            device_profile=parsed_args.device_profile, marker=marker,
            idle='true' if parsed_args.idle else None), 'instances')
        if not entries:
            # An empty table would say nothing at all.
            self.progress('No server holds %saccelerators%s.' % (
                'idle ' if parsed_args.idle else '',
                ' of that driver, host or device profile'
                if (parsed_args.driver or parsed_args.host or
                    parsed_args.device_profile) else ''))
        return common.rows([_listed_row(e, parsed_args.idle)
                            for e in entries], LIST_COLUMNS)
