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
"""A stand-in for the Nova calls Cyborg makes (external events, servers
at microversion 2.47, reboot/stop/start by Nova's state rules), as Nova
answers an administrator; cyborg-all-in-one serves it at ``/nova/v2.1``.
Its own calls: ``PUT /servers/{id}`` (Servers.add) and ``GET
/os-server-external-events``.
"""

import argparse
import copy
import json
import logging as std_logging
import os
import re
import sys
import threading
import urllib.parse

from oslo_log import log as logging
from oslo_utils import timeutils
import webob
import webob.dec

from cyborg.embedded import server as embedded_server

LOG = logging.getLogger(__name__)

PATH = '/os-server-external-events'
# The files of the state directory.
EVENTS_FILE = 'nova-events.log'
SERVERS_FILE = 'nova-servers.json'
# Where the stand-in run on its own serves (as Nova's compute endpoint).
PREFIX = '/v2.1'
DEFAULT_PORT = 8774

_SERVER = re.compile(r'^/servers/([^/]+)(/action)?$')

# Nova's rules (nova/compute/vm_states.py ALLOW_SOFT_REBOOT and
# ALLOW_HARD_REBOOT, nova/compute/task_states.py ALLOW_REBOOT; the
# check_instance_state decorators of nova/compute/api.py reboot, stop
# and start).
SOFT_REBOOT_VM_STATES = ('active',)
HARD_REBOOT_VM_STATES = ('active', 'stopped', 'paused', 'suspended',
                         'error')
HARD_REBOOT_TASK_STATES = (None, 'rebooting', 'reboot_pending',
                           'reboot_started', 'resuming', 'rebooting_hard',
                           'unpausing', 'pausing', 'suspending')
STOP_VM_STATES = ('active', 'error')
START_VM_STATES = ('stopped',)
# The status Nova's API shows for a vm_state with no task
# (nova/api/openstack/common.py _STATE_MAP).
_STATUS = {'active': 'ACTIVE', 'building': 'BUILD', 'stopped': 'SHUTOFF',
           'resized': 'VERIFY_RESIZE', 'paused': 'PAUSED',
           'suspended': 'SUSPENDED', 'rescued': 'RESCUE', 'error': 'ERROR',
           'deleted': 'DELETED', 'soft-delete': 'SOFT_DELETED',
           'shelved': 'SHELVED', 'shelved_offloaded': 'SHELVED_OFFLOADED'}
# Server fields a PUT may set (Servers.add's keyword arguments).
_ADD_FIELDS = ('host', 'nodename', 'project_id', 'user_id', 'name',
               'device_profile', 'extra_specs', 'flavor_name', 'vm_state',
               'task_state')


class _Refused(Exception):

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


def _nova_error(status, message):
    kind = {400: 'badRequest', 404: 'itemNotFound',
            409: 'conflictingRequest'}[status]
    return webob.Response(status=status, json_body={
        kind: {'code': status, 'message': message}})


def _invalid_state(action, uuid, attr, state):
    # nova/api/openstack/common.py raise_http_conflict_for_instance_...
    return _Refused(409, "Cannot '%s' instance %s while it is in %s %s" % (
        action, uuid, attr, state))


def _check_state(server, action, vm_states, task_states=(None,)):
    """Nova's check_instance_state (nova/compute/api.py)."""
    for attr, allowed in (('vm_state', vm_states),
                          ('task_state', task_states)):
        if server[attr] not in allowed:
            raise _invalid_state(action, server['id'], attr, server[attr])
    if server['vm_state'] == 'building':
        # Never launched (launched_at is None).
        raise _invalid_state(action, server['id'], 'launched_at', None)


def _check_host(server):
    """Nova's check_instance_host: stop and start need a host."""
    if not server['host']:
        raise _Refused(409, 'Instance %s is not ready' % server['id'])


class Servers:
    """The servers a stand-in Nova knows (kept in the JSON file *path*),
    and the actions of this run.  *hold_reboots*: a hard reboot stays
    ``rebooting_hard`` until a PUT ends it.
    """

    # Nova's [api] max_limit: the most servers of a list page.
    max_limit = 1000

    def __init__(self, hold_reboots=False, path=None):
        self.hold_reboots = hold_reboots
        self.path = path
        self.actions = []
        self._servers = {}
        self._lock = threading.Lock()
        if path is not None and os.path.exists(path):
            with open(path) as f:
                self._servers = {server['id']: server
                                 for server in json.load(f)['servers']}

    def _save(self):
        if self.path is None:
            return
        temporary = self.path + '.new'
        with open(temporary, 'w') as f:
            json.dump({'servers': list(self._servers.values())}, f,
                      indent=1, sort_keys=True)
        os.replace(temporary, self.path)

    def add(self, uuid, host, nodename=None, project_id='project',
            user_id='user', name=None, device_profile=None,
            extra_specs=None, flavor_name='m1.small', vm_state='active',
            task_state=None):
        """Know (or change) a server, as Nova would show it; *host* None
        as a shelved offloaded one.
        """
        specs = dict(extra_specs or {})
        if device_profile:
            specs['accel:device_profile'] = device_profile
        server = {'id': uuid, 'name': name or 'server-' + uuid[:8],
                  'tenant_id': project_id, 'user_id': user_id,
                  'host': host, 'node': nodename or host,
                  'vm_state': vm_state, 'task_state': task_state,
                  'flavor': {'original_name': flavor_name, 'vcpus': 1,
                             'ram': 512, 'disk': 1, 'ephemeral': 0,
                             'swap': 0, 'extra_specs': specs}}
        with self._lock:
            self._servers[uuid] = server
            self._save()
            return self._view(server)

    def remove(self, uuid):
        with self._lock:
            self._servers.pop(uuid, None)
            self._save()

    @staticmethod
    def _view(server):
        status = _STATUS.get(server['vm_state'], 'UNKNOWN')
        if server['task_state'] == 'rebooting_hard':
            status = 'HARD_REBOOT'
        return {'server': {
            'id': server['id'], 'name': server['name'], 'status': status,
            'tenant_id': server['tenant_id'],
            'user_id': server['user_id'],
            'flavor': copy.deepcopy(server['flavor']),
            'OS-EXT-SRV-ATTR:host': server['host'],
            'OS-EXT-SRV-ATTR:hypervisor_hostname': server['node'],
            'OS-EXT-STS:vm_state': server['vm_state'],
            'OS-EXT-STS:task_state': server['task_state']}}

    def show(self, uuid):
        with self._lock:
            server = self._servers.get(uuid)
            if server is None:
                return 404, None
            return 200, self._view(server)

    def list(self, url):
        with self._lock:
            return {'servers': [
                {'id': s['id'], 'name': s['name'], 'links': [
                    {'rel': 'self', 'href': '%s/servers/%s' % (url,
                                                               s['id'])}]}
                for s in self._servers.values()]}

    def detail(self, params, url):
        """(status, body or the message of a 400) of ``GET
        /servers/detail``.
        """
        try:
            # 0, as no limit: Nova's max_limit (common.get_limit_and_marker)
            limit = min(int(params.get('limit', 0)) or self.max_limit,
                        self.max_limit)
        except ValueError:
            return 400, 'limit param must be an integer'
        if limit < 0:
            return 400, 'limit param must be positive'
        with self._lock:
            servers = list(self._servers.values())
            marker = params.get('marker')
            if marker is not None:
                # Nova finds the marker among all servers, then lists the
                # filtered ones after it.
                if marker not in self._servers:
                    return 400, 'marker [%s] not found' % marker
                servers = servers[list(self._servers).index(marker) + 1:]
            servers = [s for s in servers
                       if params.get('host') in (None, s['host']) and
                       params.get('uuid') in (None, s['id'])]
            page = [self._view(s)['server'] for s in servers[:limit]]
        body = {'servers': page}
        if page and len(page) == limit:
            query = dict(params, limit=str(limit), marker=page[-1]['id'])
            body['servers_links'] = [{'rel': 'next', 'href': '%s/servers/'
                                      'detail?%s' % (url, urllib.parse.
                                                     urlencode(query))}]
        return 200, body

    def act(self, uuid, body):
        """(status, message or None) of ``POST /servers/{uuid}/action``."""
        if not isinstance(body, dict) or len(body) != 1:
            return 400, 'Malformed request body'
        [(action, value)] = body.items()
        try:
            kind = self._validate(action, value)
            with self._lock:
                server = self._servers.get(uuid)
                if server is None:
                    return 404, 'Instance %s could not be found.' % uuid
                self._apply(server, action, kind)
                self.actions.append({'server': uuid, 'action': action,
                                     'type': kind})
                self._save()
        except _Refused as refused:
            return refused.status, refused.message
        LOG.info('Nova (stand-in) took %(action)s %(type)s of server '
                 '%(server)s', {'action': action, 'type': kind or '',
                                'server': uuid})
        return 202, None

    @staticmethod
    def _validate(action, value):
        """Nova's request schema of the action; returns the reboot type."""
        if action == 'reboot':
            kind = value.get('type') if isinstance(value, dict) else None
            if not isinstance(kind, str) or kind.upper() not in (
                    'HARD', 'SOFT'):
                raise _Refused(400, "Invalid input for field/attribute "
                                    "type. Value: %s." % (kind,))
            return kind.upper()
        if action in ('os-stop', 'os-start'):
            if value is not None:
                raise _Refused(400, "Invalid input for field/attribute "
                                    "%s. Value: %s. %r is not of type "
                                    "'null'" % (action, value, value))
            return None
        raise _Refused(400, 'There is no such action: %s (the stand-in '
                            'for Nova knows reboot, os-stop and '
                            'os-start)' % action)

    def _apply(self, server, action, kind):
        if action == 'reboot' and kind == 'SOFT':
            _check_state(server, 'reboot', SOFT_REBOOT_VM_STATES)
        elif action == 'reboot':
            _check_state(server, 'reboot', HARD_REBOOT_VM_STATES,
                         HARD_REBOOT_TASK_STATES)
            if self.hold_reboots:
                server['task_state'] = 'rebooting_hard'
            else:
                server.update(vm_state='active', task_state=None)
        elif action == 'os-stop':
            _check_host(server)
            _check_state(server, 'stop', STOP_VM_STATES)
            server['vm_state'] = 'stopped'
        else:
            _check_host(server)
            _check_state(server, 'start', START_VM_STATES)
            server['vm_state'] = 'active'

    def respond(self, request):
        """The answer on ``/servers...``, or None for another path."""
        path = request.path_info.rstrip('/')
        if path in ('/servers', '/servers/detail') and request.method != 'GET':
            return webob.Response(status=405, headers={'Allow': 'GET'})
        if path == '/servers':
            return webob.Response(json_body=self.list(request.application_url))
        if path == '/servers/detail':
            # Nova copies the query into a dict: the last value of a
            # repeated name wins (nova/api/openstack/compute/servers.py
            # _get_servers).
            status, body = self.detail(dict(request.GET),
                                       request.application_url)
            if status != 200:
                return _nova_error(status, body)
            return webob.Response(json_body=body)
        match = _SERVER.match(path)
        if match is None:
            return None
        uuid, action = match.groups()
        if action:
            if request.method != 'POST':
                return webob.Response(status=405, headers={'Allow': 'POST'})
            try:
                body = request.json_body
            except ValueError:
                body = None
            status, message = self.act(uuid, body)
            return (webob.Response(status=202) if status == 202
                    else _nova_error(status, message))
        if request.method == 'GET':
            status, body = self.show(uuid)
            if status == 404:
                return _nova_error(404, 'Instance %s could not be found.' %
                                   uuid)
            return webob.Response(json_body=body)
        if request.method == 'PUT':
            return self._put(uuid, request)
        if request.method == 'DELETE':
            self.remove(uuid)
            return webob.Response(status=204)
        return webob.Response(status=405,
                              headers={'Allow': 'DELETE, GET, PUT'})

    def _put(self, uuid, request):
        try:
            values = request.json_body['server']
            if (not isinstance(values, dict) or 'host' not in values or
                    set(values) - set(_ADD_FIELDS)):
                raise TypeError(values)
            view = self.add(uuid, **values)
        except (ValueError, KeyError, TypeError):
            return _nova_error(400, 'The body must be {"server": {"host": '
                                    '..., "device_profile": ..., ...}} '
                                    'with members among %s' %
                               ', '.join(_ADD_FIELDS))
        return webob.Response(json_body=view)


class NovaRecorder:
    """Records external events in *events_file*; answers for *servers*."""

    def __init__(self, events_file, servers=None):
        self.events_file = events_file
        if servers is None:
            servers = Servers(path=os.path.join(
                os.path.dirname(os.path.abspath(events_file)),
                SERVERS_FILE))
        self.servers = servers
        self._lock = threading.Lock()

    def events(self):
        with self._lock:
            try:
                with open(self.events_file) as f:
                    return [json.loads(line) for line in f if line.strip()]
            except FileNotFoundError:
                return []

    def record(self, events):
        now = timeutils.utcnow().isoformat()
        with self._lock:
            with open(self.events_file, 'a') as f:
                for event in events:
                    f.write(json.dumps(dict(event, received_at=now),
                                       sort_keys=True) + '\n')
        for event in events:
            LOG.info('Nova (recorder) received %(name)s for server '
                     '%(server)s, tag %(tag)s, status %(status)s',
                     {'name': event.get('name'),
                      'server': event.get('server_uuid'),
                      'tag': event.get('tag'),
                      'status': event.get('status')})
        return [dict(event, code=200) for event in events]

    @webob.dec.wsgify
    def __call__(self, request):
        answer = self.servers.respond(request)
        if answer is not None:
            return answer
        if request.path_info.rstrip('/') != PATH:
            return _nova_error(404, 'The stand-in for Nova only knows ' +
                               PATH + ' and /servers')
        if request.method == 'GET':
            return webob.Response(json_body={'events': self.events()})
        if request.method != 'POST':
            return webob.Response(status=405, headers={'Allow': 'GET, POST'})
        try:
            events = request.json_body['events']
            if not isinstance(events, list):
                raise TypeError(events)
        except (ValueError, KeyError, TypeError):
            return _nova_error(400, 'The body must be {"events": [...]}')
        return webob.Response(json_body={'events': self.record(events)})


def load_app(state_dir):
    os.makedirs(state_dir, exist_ok=True)
    return NovaRecorder(os.path.join(state_dir, EVENTS_FILE))


def _parser():
    parser = argparse.ArgumentParser(
        prog='python -m cyborg.embedded.nova',
        description='A stand-in for the Nova calls Cyborg makes, for '
                    'trying the separate services without Nova.  Point '
                    "Cyborg's [nova] at it with auth_type = none and "
                    'endpoint_override = http://HOST:PORT%s.' % PREFIX)
    parser.add_argument('--host', default='127.0.0.1',
                        help='address to listen on (default: %(default)s;'
                             ' it has no authentication)')
    parser.add_argument('--port', type=int, default=DEFAULT_PORT,
                        help='port to listen on (default: %(default)s)')
    parser.add_argument('--state-dir', default='nova',
                        help='directory of the recorded events (%s) and '
                             'servers (%s), kept across restarts; '
                             'created when missing (default: '
                             '%%(default)s)' % (EVENTS_FILE, SERVERS_FILE))
    return parser


def main(argv=None):
    args = _parser().parse_args(argv)
    std_logging.basicConfig(
        level=std_logging.INFO, stream=sys.stderr,
        format='%(asctime)s %(levelname)s %(name)s %(message)s')
    signals = embedded_server.Signals()
    app = embedded_server.Dispatcher(
        {PREFIX: load_app(os.path.abspath(args.state_dir))})
    try:
        server = embedded_server.Server(app, args.host, args.port)
    except OSError as exc:
        print('cannot listen on %s:%s: %s' % (args.host, args.port, exc),
              file=sys.stderr)
        return 1
    server.start()
    print('Nova stand-in at http://%s:%d%s (state in %s); Ctrl-C stops '
          'it.' % (args.host, server.port, PREFIX,
                   os.path.abspath(args.state_dir)), flush=True)
    signals.wait()
    server.stop()
    return 0


if __name__ == '__main__':
    sys.exit(main())
