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
"""Tests of the embedded mode's dispatcher and Nova recorder."""

import os
import threading

import fixtures
from oslotest import base
import webob
import webob.dec
import webtest

from cyborg.embedded import nova
from cyborg.embedded import placement
from cyborg.embedded import server
from cyborg.tests.fixtures import nova as nova_fixture


@webob.dec.wsgify
def _echo(request):
    return webob.Response(json_body={'script_name': request.script_name,
                                     'path_info': request.path_info})


class DispatcherTest(base.BaseTestCase):

    def setUp(self):
        super().setUp()
        self.app = webtest.TestApp(server.Dispatcher(
            {'': _echo, '/placement': _echo, '/nova/v2.1': _echo}))

    def test_longest_prefix_moves_to_script_name(self):
        self.assertEqual({'script_name': '/placement',
                          'path_info': '/resource_providers'},
                         self.app.get('/placement/resource_providers').json)
        self.assertEqual({'script_name': '/nova/v2.1',
                          'path_info': '/os-server-external-events'},
                         self.app.get('/nova/v2.1/os-server-external-events')
                         .json)

    def test_prefix_alone(self):
        self.assertEqual({'script_name': '/placement', 'path_info': ''},
                         self.app.get('/placement').json)

    def test_other_paths_go_to_the_default(self):
        self.assertEqual({'script_name': '', 'path_info': '/placementx'},
                         self.app.get('/placementx').json)
        self.assertEqual({'script_name': '', 'path_info': '/v2/devices'},
                         self.app.get('/v2/devices').json)

    def test_no_default(self):
        app = webtest.TestApp(server.Dispatcher({'/placement': _echo}))
        app.get('/v2', status=404)


class SerializedTest(base.BaseTestCase):
    """Placement on SQLite answers one request at a time."""

    def test_requests_never_overlap(self):
        inside = []
        overlaps = []
        entered = threading.Event()

        @webob.dec.wsgify
        def app(request):
            inside.append(request.path)
            if len(inside) > 1:
                overlaps.append(list(inside))
            entered.set()
            # Give the other thread every chance to come in.
            threading.Event().wait(0.05)
            inside.remove(request.path)
            return webob.Response(body=request.path.encode())

        test_app = webtest.TestApp(placement.serialized(app))
        results = []
        threads = [threading.Thread(
            target=lambda p=p: results.append(test_app.get(p).text))
            for p in ('/a', '/b', '/c')]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(10)
        self.assertTrue(entered.is_set())
        self.assertEqual([], overlaps)
        self.assertEqual(['/a', '/b', '/c'], sorted(results))


class NovaRecorderTest(base.BaseTestCase):

    def setUp(self):
        super().setUp()
        self.path = os.path.join(self.useFixture(fixtures.TempDir()).path,
                                 'events.log')
        self.app = webtest.TestApp(nova.NovaRecorder(self.path))

    def test_records_and_answers_as_nova(self):
        event = {'name': 'accelerator-request-bound', 'tag': 'arq',
                 'server_uuid': 'vm', 'status': 'completed'}
        answer = self.app.post_json(nova.PATH, {'events': [event]})
        self.assertEqual({'events': [dict(event, code=200)]}, answer.json)
        [recorded] = self.app.get(nova.PATH).json['events']
        self.assertEqual(event, {k: recorded[k] for k in event})
        self.assertIn('received_at', recorded)
        # Kept in the file: a new recorder (a restart) still lists it.
        again = webtest.TestApp(nova.NovaRecorder(self.path))
        self.assertEqual([recorded], again.get(nova.PATH).json['events'])

    def test_empty(self):
        self.assertEqual({'events': []}, self.app.get(nova.PATH).json)

    def test_bad_body(self):
        self.app.post_json(nova.PATH, {'events': 'x'}, status=400)
        self.app.post(nova.PATH, 'not json', status=400)

    def test_other_paths_and_methods(self):
        self.app.get('/flavors', status=404)
        self.app.delete(nova.PATH, status=405)
        self.app.post_json('/servers', {'server': {}}, status=405)


class NovaServersTest(base.BaseTestCase):
    """The server reads and the reboot action of the stand-in for Nova."""

    def setUp(self):
        super().setUp()
        path = os.path.join(self.useFixture(fixtures.TempDir()).path,
                            'events.log')
        self.recorder = nova.NovaRecorder(path, nova_fixture.Servers(
            path=os.path.join(os.path.dirname(path), nova.SERVERS_FILE)))
        self.app = webtest.TestApp(self.recorder)
        self.uuid = '0b2f8f4c-5d1e-4f56-9a55-8d3c0e6f7a21'

    def test_show_as_nova_does_at_2_47(self):
        self.app.put_json('/servers/' + self.uuid, {'server': {
            'host': 'h1', 'nodename': 'h1.example.org',
            'device_profile': 'dp', 'project_id': 'p1'}})
        server = self.app.get('/servers/' + self.uuid).json['server']
        self.assertEqual(
            ('ACTIVE', 'h1', 'h1.example.org', 'active', None, 'p1',
             {'accel:device_profile': 'dp'}),
            (server['status'], server['OS-EXT-SRV-ATTR:host'],
             server['OS-EXT-SRV-ATTR:hypervisor_hostname'],
             server['OS-EXT-STS:vm_state'], server['OS-EXT-STS:task_state'],
             server['tenant_id'], server['flavor']['extra_specs']))
        self.app.delete('/servers/' + self.uuid, status=204)
        answer = self.app.get('/servers/' + self.uuid, status=404)
        self.assertIn('itemNotFound', answer.json)

    def test_hard_reboot(self):
        servers = self.recorder.servers
        servers.add(self.uuid, 'h1', vm_state='stopped')
        self.app.post_json('/servers/%s/action' % self.uuid,
                           {'reboot': {'type': 'HARD'}}, status=202)
        self.assertEqual([self.uuid], servers.reboots())
        self.assertEqual('active', self.app.get(
            '/servers/' + self.uuid).json['server']['OS-EXT-STS:vm_state'])
        servers.hold_reboots = True
        self.app.post_json('/servers/%s/action' % self.uuid,
                           {'reboot': {'type': 'HARD'}}, status=202)
        self.assertEqual('HARD_REBOOT', self.app.get(
            '/servers/' + self.uuid).json['server']['status'])
        servers.set_state(self.uuid, 'active')
        self.assertEqual('ACTIVE', self.app.get(
            '/servers/' + self.uuid).json['server']['status'])

    def _action(self, body, status):
        answer = self.app.post_json('/servers/%s/action' % self.uuid, body,
                                    status=status)
        if status == 202:
            self.assertEqual(b'', answer.body)
            return None
        kind = {400: 'badRequest', 404: 'itemNotFound',
                409: 'conflictingRequest'}[status]
        self.assertEqual(status, answer.json[kind]['code'])
        return answer.json[kind]['message']

    def _state(self):
        server = self.app.get('/servers/' + self.uuid).json['server']
        return (server['status'], server['OS-EXT-STS:vm_state'],
                server['OS-EXT-STS:task_state'])

    def test_stop_and_start_as_nova(self):
        self.recorder.servers.add(self.uuid, 'h1')
        self._action({'os-stop': None}, 202)
        self.assertEqual(('SHUTOFF', 'stopped', None), self._state())
        # nova/api/openstack/common.py's message for a state Nova refuses.
        self.assertEqual(
            "Cannot 'stop' instance %s while it is in vm_state stopped" %
            self.uuid, self._action({'os-stop': None}, 409))
        self._action({'reboot': {'type': 'SOFT'}}, 409)
        self._action({'os-start': None}, 202)
        self.assertEqual(('ACTIVE', 'active', None), self._state())
        self.assertEqual(
            "Cannot 'start' instance %s while it is in vm_state active" %
            self.uuid, self._action({'os-start': None}, 409))
        self.recorder.servers.set_state(self.uuid, 'error')
        self._action({'os-stop': None}, 202)
        self.assertEqual(
            [('os-stop', None), ('os-start', None), ('os-stop', None)],
            [(a['action'], a['type'])
             for a in self.recorder.servers.actions])

    def test_stop_and_start_refused(self):
        servers = self.recorder.servers
        servers.add(self.uuid, 'h1', task_state='rebooting_hard')
        self.assertEqual(
            "Cannot 'stop' instance %s while it is in task_state "
            "rebooting_hard" % self.uuid, self._action({'os-stop': None},
                                                       409))
        servers.add(self.uuid, None, vm_state='stopped')
        self.assertEqual('Instance %s is not ready' % self.uuid,
                         self._action({'os-start': None}, 409))
        servers.add(self.uuid, 'h1', vm_state='building')
        self._action({'os-stop': None}, 409)
        servers.add(self.uuid, 'h1', vm_state='paused')
        self._action({'os-stop': None}, 409)
        # The request schema: the value must be null.
        self._action({'os-stop': {}}, 400)
        self.assertEqual([], servers.actions)

    def test_soft_reboot(self):
        self.recorder.servers.add(self.uuid, 'h1')
        self._action({'reboot': {'type': 'soft'}}, 202)
        self.assertEqual(('ACTIVE', 'active', None), self._state())
        # Not a hard reboot: what detach waits for never happened.
        self.assertEqual([], self.recorder.servers.reboots())
        self.recorder.servers.set_state(self.uuid, 'stopped')
        self._action({'reboot': {'type': 'SOFT'}}, 409)

    def test_list(self):
        self.assertEqual({'servers': []}, self.app.get('/servers').json)
        self.recorder.servers.add(self.uuid, 'h1', name='vm1')
        [listed] = self.app.get('/servers').json['servers']
        self.assertEqual((self.uuid, 'vm1', 'http://localhost/servers/' +
                          self.uuid),
                         (listed['id'], listed['name'],
                          listed['links'][0]['href']))

    def test_detail_as_nova_lists_for_an_administrator(self):
        servers = self.recorder.servers
        for index in range(5):
            servers.add('s%d' % index, 'h1' if index % 2 else 'h2')
        servers.max_limit = 2
        body = self.app.get('/servers/detail?all_tenants=True&host=h2').json
        self.assertEqual(['s0', 's2'], [s['id'] for s in body['servers']])
        self.assertEqual('h2', body['servers'][0]['OS-EXT-SRV-ATTR:host'])
        [link] = body['servers_links']
        self.assertEqual('next', link['rel'])
        self.assertIn('marker=s2', link['href'])
        body = self.app.get('/servers/detail?host=h2&marker=s2').json
        self.assertEqual((['s4'], None), ([s['id'] for s in body['servers']],
                                          body.get('servers_links')))
        # One uuid: the last one given, as Nova reads it.
        body = self.app.get('/servers/detail?uuid=s1&uuid=s3').json
        self.assertEqual(['s3'], [s['id'] for s in body['servers']])
        self.assertEqual([], self.app.get(
            '/servers/detail?host=h9').json['servers'])
        answer = self.app.get('/servers/detail?marker=nope', status=400)
        self.assertIn('marker [nope] not found',
                      answer.json['badRequest']['message'])
        self.app.post('/servers/detail', status=405)

    def test_kept_across_restarts(self):
        self.app.put_json('/servers/' + self.uuid, {'server': {
            'host': 'h1', 'device_profile': 'dp'}})
        self._action({'os-stop': None}, 202)
        # A new recorder on the same directory (cyborg-all-in-one
        # started again) knows the server, in the state it was left in.
        again = webtest.TestApp(nova.NovaRecorder(self.recorder.events_file))
        server = again.get('/servers/' + self.uuid).json['server']
        self.assertEqual(('SHUTOFF', {'accel:device_profile': 'dp'}),
                         (server['status'], server['flavor']['extra_specs']))
        again.delete('/servers/' + self.uuid, status=204)
        third = nova.NovaRecorder(self.recorder.events_file)
        self.assertEqual((404, None), third.servers.show(self.uuid))
        self.assertEqual(
            os.path.join(os.path.dirname(self.recorder.events_file),
                         nova.SERVERS_FILE), third.servers.path)

    def test_what_nova_refuses(self):
        self.recorder.servers.add(self.uuid, 'h1', vm_state='rescued')
        self.assertEqual(
            "Cannot 'reboot' instance %s while it is in vm_state rescued" %
            self.uuid, self._action({'reboot': {'type': 'HARD'}}, 409))
        self._action({'pause': None}, 400)
        self._action({'reboot': {'type': 'COLD'}}, 400)
        self._action({'reboot': None, 'os-stop': None}, 400)
        self.app.post_json('/servers/unknown/action',
                           {'reboot': {'type': 'HARD'}}, status=404)
        self.app.put_json('/servers/' + self.uuid, {'server': {}},
                          status=400)
        self.app.put_json('/servers/' + self.uuid, {'server': {
            'host': 'h1', 'flavor': 'm1'}}, status=400)
        self.app.patch_json('/servers/' + self.uuid, {}, status=405)
        self.assertEqual([], self.recorder.servers.reboots())
