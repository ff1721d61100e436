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
"""Tests of what Cyborg reads of Nova's servers and of Nova's rules, and
of the allocation arithmetic of attach and detach.
"""

from oslotest import base

from cyborg import exception
from cyborg.clients import placement as placement_client
from cyborg.conductor.attach import nova_server
from cyborg.embedded import nova as embedded_nova

UUID = '0b2f8f4c-5d1e-4f56-9a55-8d3c0e6f7a21'


class _Nova:
    """Answers get_server from the stand-in's view of a server."""

    def __init__(self, servers):
        self.servers = servers
        self.calls = []

    def get_server(self, uuid):
        self.calls.append(('show', uuid))
        status, body = self.servers.show(uuid)
        if status == 404:
            raise exception.ServerNotFound(uuid=uuid)
        return body['server']

    def list_servers(self, host):
        """As NovaClient.list_servers, following the stand-in's pages."""
        servers, params = [], {'all_tenants': 'True', 'host': host}
        while True:
            self.calls.append(('list', host))
            _status, body = self.servers.detail(params, 'http://nova')
            servers.extend(body['servers'])
            if 'servers_links' not in body:
                return servers, sum(1 for c in self.calls
                                    if c == ('list', host))
            params['marker'] = body['servers'][-1]['id']


class NovaServerTestCase(base.BaseTestCase):

    def setUp(self):
        super().setUp()
        self.servers = embedded_nova.Servers()
        self.nova = _Nova(self.servers)

    def _server(self, **kwargs):
        kwargs.setdefault('device_profile', 'dp')
        self.servers.add(UUID, kwargs.pop('host', 'h1'), **kwargs)
        return nova_server.get(self.nova, UUID)

    def test_get(self):
        server = self._server(nodename='n1', project_id='p1',
                              flavor_name='f1')
        self.assertEqual(
            ('h1', 'n1', 'p1', 'active', None, 'dp', 'f1'),
            (server['host'], server['nodename'], server['project_id'],
             server['vm_state'], server['task_state'],
             server['device_profile'], server['flavor']['original_name']))
        self.assertIsNone(nova_server.get_or_none(self.nova, 'other'))
        self.assertRaises(exception.NovaNotConfigured, nova_server.get,
                          None, UUID)

    def test_get_many_lists_each_host_once(self):
        on = {'h1': ['a1', 'a2', 'a3'], 'h2': ['b1', 'b2']}
        for host, uuids in on.items():
            for uuid in uuids:
                self.servers.add(uuid, host, device_profile='dp')
        self.servers.add('moved', 'h3')
        self.servers.max_limit = 2
        found, calls = nova_server.get_many(self.nova, {
            'a1': ['h1'], 'a3': ['h1'], 'b2': ['h2'], 'moved': ['h1'],
            'gone': ['h2']})
        self.assertEqual({'a1': 'h1', 'a3': 'h1', 'b2': 'h2', 'moved': 'h3',
                          'gone': None},
                         {uuid: server and server['host']
                          for uuid, server in found.items()})
        self.assertEqual('dp', found['a1']['device_profile'])
        # h1: two pages of 2; h2: one full page, then an empty one; one
        # show for each server no list showed.
        self.assertEqual([('list', 'h1'), ('list', 'h1'), ('list', 'h2'),
                          ('list', 'h2'), ('show', 'gone'),
                          ('show', 'moved')], self.nova.calls)
        self.assertEqual(6, calls)
        self.assertRaises(exception.NovaNotConfigured,
                          nova_server.get_many, None, {'a1': ['h1']})

    def test_attachable(self):
        nova_server.check_attachable(self._server(), hostname='h1',
                                     project_id='project')
        for state in nova_server.HARD_REBOOT_VM_STATES:
            nova_server.check_attachable(self._server(vm_state=state))

    def _refused(self, server, *words, **kwargs):
        exc = self.assertRaises(exception.ServerNotAttachable,
                                nova_server.check_attachable, server,
                                **kwargs)
        for word in words:
            self.assertIn(word, str(exc))

    def test_not_attachable(self):
        self._refused(self._server(device_profile=None),
                      'names no device profile', '_get_accel_info')
        self._refused(self._server(host=None), 'on no host')
        self._refused(self._server(), 'not on h2', hostname='h2')
        self._refused(self._server(), 'not to p2', project_id='p2')
        for vm_state, task in (('rescued', None), ('resized', None),
                               ('shelved', None), ('building', None),
                               ('active', 'deleting'),
                               ('active', 'rebuilding')):
            self._refused(self._server(vm_state=vm_state, task_state=task),
                          'hard reboot')

    def test_admin_view_missing(self):
        server = self._server()
        del server['host']
        self._refused(server, 'administrator')
        server = self._server()
        server['flavor']['extra_specs'] = None
        self._refused(server, 'flavor-extra-specs')

    def test_release_waits_for_reboot(self):
        self.assertFalse(nova_server.release_waits_for_reboot(None, False))
        stopped = self._server(vm_state='stopped')
        self.assertFalse(nova_server.release_waits_for_reboot(stopped,
                                                              False))
        self.assertFalse(nova_server.release_waits_for_reboot(stopped,
                                                              True))
        active = self._server()
        self.assertTrue(nova_server.release_waits_for_reboot(active, True))
        exc = self.assertRaises(exception.ServerNotDetachable,
                                nova_server.release_waits_for_reboot,
                                active, False)
        self.assertIn('reboot', str(exc))
        self.assertRaises(exception.ServerNotDetachable,
                          nova_server.release_waits_for_reboot,
                          self._server(vm_state='rescued'), True)


class ChangedAllocationsTestCase(base.BaseTestCase):

    def test_add_and_subtract_keep_the_rest(self):
        before = {'cn': {'resources': {'VCPU': 2}},
                  'fpga': {'resources': {'FPGA': 1}}}
        added = placement_client.changed_allocations(
            before, add={'fpga': {'resources': {'FPGA': 1}},
                         'gpu': {'resources': {'VGPU': 2}}})
        self.assertEqual({'cn': {'resources': {'VCPU': 2}},
                          'fpga': {'resources': {'FPGA': 2}},
                          'gpu': {'resources': {'VGPU': 2}}}, added)
        self.assertEqual(before, placement_client.changed_allocations(
            added, subtract={'fpga': {'resources': {'FPGA': 1}},
                             'gpu': {'resources': {'VGPU': 2}}}))
        self.assertEqual({'cn': {'resources': {'VCPU': 2}},
                          'fpga': {'resources': {'FPGA': 1}}}, before)

    def test_subtract_never_below_zero(self):
        self.assertEqual({}, placement_client.changed_allocations(
            {'fpga': {'resources': {'FPGA': 1}}},
            subtract={'fpga': {'resources': {'FPGA': 3}},
                      'gone': {'resources': {'VGPU': 1}}}))
        self.assertEqual({'cn': {'resources': {'VCPU': 1}}},
                         placement_client.changed_allocations(
                             {'cn': {'resources': {'VCPU': 1}},
                              'fpga': {'resources': {'FPGA': 1}}},
                             remove=['fpga']))
