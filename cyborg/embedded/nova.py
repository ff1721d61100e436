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
"""A stand-in for the few Nova calls Cyborg makes.

Without Nova, the conductor of the embedded mode still has somewhere to
send ``accelerator-request-bound`` events: ``POST
/os-server-external-events`` is answered as Nova does (200, each event with
``code`` 200), and each event is appended, as one JSON line with the time
it arrived, to a file in the state directory.  ``GET
/os-server-external-events`` lists what was recorded (Nova has no such
call; it is for people trying the flow).

attach-instance and detach-instance ask Nova about a server and may ask it
for a hard reboot (cyborg.conductor.instance); the stand-in answers those
from the servers it was told of (:class:`Servers`):

* ``GET /servers/{id}`` as Nova's server show at microversion 2.47 and
  later, for an administrator: the flavor embedded with its extra specs,
  ``OS-EXT-SRV-ATTR:host`` and ``:hypervisor_hostname``,
  ``OS-EXT-STS:vm_state`` and ``:task_state``, ``status``, ``tenant_id``;
* ``POST /servers/{id}/action`` with ``{"reboot": {"type": "HARD"}}``:
  202 where Nova's compute API accepts a hard reboot (vm_state active,
  stopped, paused, suspended or error; task_state none or one of
  ``task_states.ALLOW_REBOOT``: nova/compute/api.py ``_hard_reboot``),
  409 otherwise; the reboot is recorded and, unless the stand-in is told
  to hold reboots, done at once (vm_state active, task_state none).

``PUT /servers/{id}`` (body ``{"server": {...}}``, see
:meth:`Servers.add`) and ``DELETE /servers/{id}`` tell the stand-in of a
server or make it forget one: Nova has no such calls; they are for tests
and for people trying the flow.
"""

import copy
import json
import re
import threading

from oslo_log import log as logging
from oslo_utils import timeutils
import webob
import webob.dec

LOG = logging.getLogger(__name__)

PATH = '/os-server-external-events'
_SERVER = re.compile(r'^/servers/([^/]+)(/action)?$')

# Nova's rule for a hard reboot (nova/compute/api.py _hard_reboot:
# vm_states.ALLOW_HARD_REBOOT and task_states.ALLOW_REBOOT).
HARD_REBOOT_VM_STATES = ('active', 'stopped', 'paused', 'suspended',
                         'error')
HARD_REBOOT_TASK_STATES = (None, 'rebooting', 'reboot_pending',
                           'reboot_started', 'resuming', 'rebooting_hard',
                           'unpausing', 'pausing', 'suspending')
# The status Nova's API shows for a vm_state with no task
# (nova/api/openstack/common.py _STATE_MAP).
_STATUS = {'active': 'ACTIVE', 'building': 'BUILD', 'stopped': 'SHUTOFF',
           'resized': 'VERIFY_RESIZE', 'paused': 'PAUSED',
           'suspended': 'SUSPENDED', 'rescued': 'RESCUE', 'error': 'ERROR',
           'deleted': 'DELETED', 'soft-delete': 'SOFT_DELETED',
           'shelved': 'SHELVED', 'shelved_offloaded': 'SHELVED_OFFLOADED'}


def _nova_error(status, message):
    kind = {400: 'badRequest', 404: 'itemNotFound',
            409: 'conflictingRequest'}[status]
    return webob.Response(status=status, json_body={
        kind: {'code': status, 'message': message}})


class Servers:
    """The servers a stand-in Nova knows, and the actions asked of them.

    Thread-safe.  ``actions`` lists every action Nova accepted:
    ``{server, action, type}`` dicts, in order.

    :param hold_reboots: leave a rebooted server in task_state
        ``rebooting_hard`` until :meth:`finish_reboot` (as a real reboot
        takes a while); False: the reboot is done at once.
    """

    def __init__(self, hold_reboots=False):
        self.hold_reboots = hold_reboots
        self.actions = []
        self._servers = {}
        self._lock = threading.Lock()

    def add(self, uuid, host, nodename=None, project_id='project',
            user_id='user', name=None, device_profile=None,
            extra_specs=None, flavor_name='m1.small', vm_state='active',
            task_state=None):
        """Make the stand-in know a server (or change one).

        :param host: its compute host (None: not on a host, as a shelved
            offloaded server).
        :param nodename: its compute node (default: *host*).
        :param device_profile: the ``accel:device_profile`` of its flavor.
        :param extra_specs: other extra specs of its flavor.
        :returns: the server as Nova would show it.
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
            return self._view(server)

    def remove(self, uuid):
        """Forget a server (Nova deleted it)."""
        with self._lock:
            self._servers.pop(uuid, None)

    def set_state(self, uuid, vm_state, task_state=None):
        """Move a server to another vm_state and task_state."""
        with self._lock:
            self._servers[uuid].update(vm_state=vm_state,
                                       task_state=task_state)

    def finish_reboot(self, uuid):
        """End a held reboot: the server is active again, with no task."""
        self.set_state(uuid, 'active')

    def reboots(self, uuid=None):
        """The hard reboots Nova accepted (of one server, or of all).

        :returns: a list of server uuids, one per reboot, in order.
        """
        with self._lock:
            return [a['server'] for a in self.actions
                    if a['action'] == 'reboot' and
                    uuid in (None, a['server'])]

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
        """:returns: (status, body) of ``GET /servers/{uuid}``."""
        with self._lock:
            server = self._servers.get(uuid)
            if server is None:
                return 404, None
            return 200, self._view(server)

    def act(self, uuid, body):
        """``POST /servers/{uuid}/action``; only the reboot is known.

        :returns: (status, message or None).
        """
        reboot = body.get('reboot') if isinstance(body, dict) else None
        if not isinstance(reboot, dict) or reboot.get('type') not in (
                'HARD', 'SOFT'):
            return 400, 'The stand-in for Nova only knows the reboot action'
        with self._lock:
            server = self._servers.get(uuid)
            if server is None:
                return 404, 'Instance %s could not be found.' % uuid
            if reboot['type'] == 'SOFT' or (
                    server['vm_state'] not in HARD_REBOOT_VM_STATES or
                    server['task_state'] not in HARD_REBOOT_TASK_STATES):
                return 409, ("Cannot 'reboot' instance %s while it is in "
                             "vm_state %s" % (uuid, server['vm_state']))
            self.actions.append({'server': uuid, 'action': 'reboot',
                                 'type': reboot['type']})
            if self.hold_reboots:
                server['task_state'] = 'rebooting_hard'
            else:
                server.update(vm_state='active', task_state=None)
        LOG.info('Nova (stand-in) hard reboots server %s', uuid)
        return 202, None

    def respond(self, request):
        """The webob answer to a request on ``/servers/{id}[/action]``,
        or None when the path is not one of those.
        """
        match = _SERVER.match(request.path_info.rstrip('/'))
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
            if not isinstance(values, dict) or 'host' not in values:
                raise TypeError(values)
            view = self.add(uuid, **values)
        except (ValueError, KeyError, TypeError):
            return _nova_error(400, 'The body must be {"server": {"host": '
                                    '..., "device_profile": ..., ...}}')
        return webob.Response(json_body=view)


class NovaRecorder:
    """WSGI application recording external events in *events_file* and
    answering for the servers it was told of (``servers``, a
    :class:`Servers`).
    """

    def __init__(self, events_file, servers=None):
        self.events_file = events_file
        self.servers = servers if servers is not None else Servers()
        self._lock = threading.Lock()

    def events(self):
        """Every event recorded so far (this run and earlier ones).

        :returns: a list of event dicts, each with ``received_at``.
        """
        with self._lock:
            try:
                with open(self.events_file) as f:
                    return [json.loads(line) for line in f if line.strip()]
            except FileNotFoundError:
                return []

    def record(self, events):
        """Append *events* to the file; returns them as Nova answers."""
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
            return webob.Response(status=404, json_body={
                'itemNotFound': {'code': 404,
                                 'message': 'The stand-in for Nova of the '
                                            'embedded mode only knows ' +
                                            PATH + ' and /servers'}})
        if request.method == 'GET':
            return webob.Response(json_body={'events': self.events()})
        if request.method != 'POST':
            return webob.Response(status=405, headers={'Allow': 'GET, POST'})
        try:
            events = request.json_body['events']
            if not isinstance(events, list):
                raise TypeError(events)
        except (ValueError, KeyError, TypeError):
            return webob.Response(status=400, json_body={
                'badRequest': {'code': 400,
                               'message': 'The body must be {"events": '
                                          '[...]}'}})
        return webob.Response(json_body={'events': self.record(events)})
