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
"""Nova's boot sequence against Cyborg's real processes.

cyborg-api, cyborg-conductor and two cyborg-agents (fake driver, hosts
node1 and node2) run as processes over RabbitMQ and MariaDB; the real
Placement serves on loopback with the compute node providers nova-compute
would have made (node1's named after its host, as the agent's default
resource provider name, this machine's FQDN, is not there; node2's after
its hypervisor host name, ``node2...example.org``, which Nova binds
with); a recording stand-in for Nova's external events API takes
the accelerator-request-bound events.  The test plays nova-api,
nova-conductor and the scheduler: it reads the device profile, creates the
ARQs, asks Placement for allocation candidates with the profile's
resources and traits, claims them, binds, waits for the events, reads the
attach information and deletes the ARQs, as Nova does.
"""

import hashlib
import os
import signal
import subprocess
import sys
import time

import fixtures
from oslo_utils import uuidutils
import pytest
import requests

from cyborg.tests.fixtures import nova as nova_fixture
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.functional import base
from cyborg.tests.functional.fixtures import services

pytestmark = pytest.mark.slow(3)

PROJECT = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'
# What Nova sends: the user's token and its own service token.
NOVA_HEADERS = {'X-User-Id': 'nova-user', 'X-Project-Id': PROJECT,
                'X-Roles': 'member,reader', 'X-Service-Roles': 'service'}
BITSTREAM = b'fake bitstream for the functional test\n'
IMAGE = uuidutils.generate_uuid()


class NovaFlowTestCase(base.ServiceTestCase):

    def setUp(self):
        super().setUp()
        self.nova = self.useFixture(nova_fixture.FakeNova())
        self.node1, self.node2 = self.host('node1'), self.host('node2')
        # Nova's nodename of node2: not the agent's [DEFAULT] host.
        self.nodename2 = self.node2 + '.example.org'
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            http=True, compute_nodes=[self.node1, self.nodename2]))
        self.nova_boot = nova_boot.NovaBoot(
            api=self.api, project=PROJECT, placement=self.placement)
        # node2's image cache holds the bitstream (no Glance needed).
        self.cache = self.useFixture(fixtures.TempDir()).path
        with open(os.path.join(self.cache, IMAGE), 'wb') as f:
            f.write(BITSTREAM)
        self.function = hashlib.sha256(BITSTREAM).hexdigest()[:32].upper()
        self.port = services.free_port()
        self.url = 'http://127.0.0.1:%d/v2' % self.port
        self.session = requests.Session()

    # The services ------------------------------------------------------

    def _start(self, bind_timeout=30, program_seconds=0.0):
        self.conductor = self.start_service(
            'cyborg-conductor', self.host('cond'),
            DEFAULT={'bind_timeout': bind_timeout},
            conductor={'work_poll_interval': 0.5},
            placement=dict(self.placement.cyborg_options(),
                           sync_interval=1),
            nova={'auth_type': 'none', 'endpoint_override': self.nova.url,
                  'events_retry_max_interval': 2,
                  'failed_event_interval': 1})
        agent = {'enabled_drivers': 'fake', 'hotplug': False}
        self.start_service('cyborg-agent', self.node1, agent=agent,
                           fake_driver={'devices': 'fpga=1'})
        self.start_service(
            'cyborg-agent', self.node2,
            agent=dict(agent, image_cache_dir=self.cache,
                       resource_provider_name=self.nodename2),
            fake_driver={'devices': 'fpga=1,vgpu=1',
                         'program_seconds': program_seconds})
        self.start_service(
            'cyborg-api', self.host('api'),
            DEFAULT={'auth_strategy': 'noauth'},
            api={'host_ip': '127.0.0.1', 'port': self.port,
                 'api_workers': 1, 'api_threads': 4})
        services.wait_for(self._api_up, timeout=60,
                          message='cyborg-api never answered')
        self.providers = {}
        for node, count in ((self.node1, 1), (self.nodename2, 2)):
            tree = services.wait_for(
                lambda n=node, c=count: self._tree(n, c), timeout=90,
                message='providers of %s never appeared' % node)
            self.providers.update(
                {name: rp['uuid'] for name, rp in tree.items()})
        self.fpga1 = self.providers[self.node1 + '_FakeDevice']
        self.fpga2 = self.providers[self.node2 + '_FakeDevice']
        self.vgpu2 = self.providers[self.node2 + '_FakeDevice_vgpu0']

    def _api_up(self):
        try:
            return self.session.get(self.url, timeout=5).status_code == 200
        except requests.ConnectionError:
            return False

    def _tree(self, node, count):
        """The node's providers once all are there with their inventory
        (a write that Placement's SQLite refused is synced again later).
        """
        tree = self.placement.tree(node)
        if len(tree) == count and all(
                rp['inventories'] and rp['traits'] for rp in tree.values()):
            return tree
        return None

    # Nova's side -------------------------------------------------------

    def api(self, method, path, expect, headers=NOVA_HEADERS, **kwargs):
        response = self.session.request(
            method, self.url + path, headers=headers, timeout=30, **kwargs)
        self.assertEqual(expect, response.status_code, response.text)
        return response.json() if response.content else None

    def profile(self, name, groups):
        self.api('POST', '/device_profiles', 201, headers={},
                 json=[{'name': name, 'groups': groups}])

    def create_arqs(self, name):
        """nova-api: the profile by name, then its ARQs."""
        [profile] = self.api('GET', '/device_profiles?name=' + name,
                             200)['device_profiles']
        arqs = self.api('POST', '/accelerator_requests', 201,
                        json={'device_profile_name': name})['arqs']
        self.assertEqual({'Initial'}, {a['state'] for a in arqs})
        return profile, arqs

    def bind(self, arqs, hostname, mapping, instance, status=202):
        """nova-conductor: bind every ARQ; returns when the PATCH was sent
        (its events may reach Nova before the answer: Nova expects it).
        """
        sent = time.monotonic()
        self.nova_boot.bind(arqs, hostname, mapping, instance, status)
        return sent

    def resolved(self, instance):
        return self.api('GET', '/accelerator_requests?instance=%s'
                        '&bind_state=resolved' % instance, 200)['arqs']

    def boot(self, name, host=None):
        """Everything up to the bind; returns (instance, arqs, patched)."""
        instance = uuidutils.generate_uuid()
        profile, arqs = self.create_arqs(name)
        hostname, mapping = self.nova_boot.schedule(profile['groups'],
                                                    instance, host)
        patched = self.bind(arqs, hostname, mapping, instance)
        return instance, arqs, patched

    def arq(self, uuid):
        return self.api('GET', '/accelerator_requests/' + uuid, 200)

    def manage(self, *args):
        return subprocess.run(
            [sys.executable, '-m', 'cyborg.cmd.manage', '--config-file',
             self.conductor.conf_path] + list(args),
            capture_output=True, text=True, timeout=60)

    # The tests ---------------------------------------------------------

    def test_boot_and_delete(self):
        self._start()
        self.profile('fpga', [{'resources:FPGA': '1',
                               'trait:CUSTOM_FAKE_DEVICE': 'required'}])
        self.profile('vgpu', [{'resources:VGPU': '1'}])

        # An FPGA instance: bound at once, one event.
        vm1, arqs, patched = self.boot('fpga')
        [uuid] = [a['uuid'] for a in arqs]
        events = self.nova.wait_for_tags([uuid])
        self.assertEqual('completed', events[uuid]['status'])
        self.assertEqual(vm1, events[uuid]['server_uuid'])
        self.assertGreaterEqual(events[uuid]['received_at'], patched)
        [arq] = self.resolved(vm1)
        self.assertEqual(('Bound', 'TEST_PCI'),
                         (arq['state'], arq['attach_handle_type']))
        self.assertIn(arq['hostname'], (self.node1, self.nodename2))
        self.assertIn(arq['device_rp_uuid'], (self.fpga1, self.fpga2))
        self.assertEqual({'domain', 'bus', 'device', 'function'},
                         set(arq['attach_handle_info']))

        # A vGPU instance: the mediated device is made first (a job run
        # by node2's agent); Nova hears of it when that is done.
        vm2, arqs, patched = self.boot('vgpu')
        [uuid] = [a['uuid'] for a in arqs]
        self.assertEqual('completed',
                         self.nova.wait_for_tags([uuid])[uuid]['status'])
        [arq] = self.resolved(vm2)
        self.assertEqual(('Bound', 'MDEV', self.nodename2, self.vgpu2),
                         (arq['state'], arq['attach_handle_type'],
                          arq['hostname'], arq['device_rp_uuid']))
        info = arq['attach_handle_info']
        self.assertEqual(arq['attach_handle_uuid'], info['mdev_uuid'])
        self.assertEqual('fake-vgpu-1', info['asked_type'])
        result = self.manage('arq', 'hostdev', '--instance', vm2,
                             '--with-mdev')
        self.assertEqual(0, result.returncode, result.stderr)
        self.assertIn('<address uuid="%s" />' % info['mdev_uuid'],
                      result.stdout)
        # Nova exactly as released ignores the MDEV handle, and says why.
        result = self.manage('arq', 'hostdev', '--instance', vm2)
        self.assertEqual(0, result.returncode, result.stderr)
        self.assertIn('ignores all ARQs', result.stderr)

        # Both instances go: ARQs deleted, the mdev removed, handles free.
        for vm in (vm1, vm2):
            self.api('DELETE', '/accelerator_requests?instance=' + vm, 204)
            self.placement.deallocate(vm)
        services.wait_for(
            lambda: self.api('GET', '/accelerator_requests', 200,
                             headers={})['arqs'] == [],
            timeout=30, message='ARQs never went')
        # The same handles can be bound again.
        vm3, arqs, _ = self.boot('vgpu')
        self.assertEqual('completed', self.nova.wait_for_tags(
            [arqs[0]['uuid']])[arqs[0]['uuid']]['status'])

    def test_bind_without_a_free_handle_is_refused(self):
        self._start()
        self.profile('vgpu', [{'resources:VGPU': '1'}])
        # A scheduler that disagrees with Cyborg: five instances on the
        # four vGPUs of node2 (no Placement claim).
        uuids = {}
        for _ in range(4):
            instance = uuidutils.generate_uuid()
            _profile, [arq] = self.create_arqs('vgpu')
            self.bind([arq], self.node2, {0: self.vgpu2}, instance)
            uuids[arq['uuid']] = instance
        events = self.nova.wait_for_tags(list(uuids))
        self.assertEqual(['completed'] * 4,
                         [e['status'] for e in events.values()])
        # The fifth is refused at once (issue 38): nova-conductor then
        # deletes the ARQ and puts the server in ERROR.  A BindFailed ARQ
        # with a failed event instead let nova-compute start the server
        # without its device (the event came before the server had a
        # host, and nova-compute counts BindFailed as resolved).
        _profile, [arq] = self.create_arqs('vgpu')
        self.bind([arq], self.node2, {0: self.vgpu2},
                  uuidutils.generate_uuid(), status=409)
        self.assertEqual(('Initial', ''), (self.arq(arq['uuid'])['state'],
                                           self.arq(arq['uuid'])['hostname']
                                           or ''))
        self.api('DELETE', '/accelerator_requests?arqs=' + arq['uuid'], 204)
        self.assertEqual(4, len(self.nova.events()))

    def test_fpga_programming_that_takes_too_long_fails_the_bind(self):
        self._start(bind_timeout=3, program_seconds=8)
        self.profile('bits', [{'resources:FPGA': '1',
                               'accel:bitstream_id': IMAGE}])
        vm, [arq], patched = self.boot('bits', host=self.nodename2)
        event = self.nova.wait_for_tags([arq['uuid']])[arq['uuid']]
        self.assertEqual('failed', event['status'])
        # Failed at bind_timeout, not when the programming ended.
        self.assertLess(event['received_at'] - patched, 7)
        # Nova took the event, but nova-compute may not have been waiting
        # yet (issue 38): the event goes again, and the ARQ reads
        # unresolved, until Nova deletes it (its clean-up of the build).
        services.wait_for(
            lambda: sum(1 for e in self.nova.events()
                        if e['tag'] == arq['uuid']) >= 3,
            timeout=30, message='the failed event was not sent again')
        self.assertEqual(['failed'] * 3, [
            e['status'] for e in self.nova.events()
            if e['tag'] == arq['uuid']][:3])
        self.assertEqual('BindStarted', self.arq(arq['uuid'])['state'])
        self.api('GET', '/accelerator_requests?instance=%s'
                 '&bind_state=resolved' % vm, 423)
        self.api('DELETE', '/accelerator_requests?instance=' + vm, 204)

    def test_conductor_killed_mid_bind(self):
        self._start(bind_timeout=60, program_seconds=4)
        self.profile('bits', [{'resources:FPGA': '1',
                               'accel:bitstream_id': IMAGE}])
        vm, [arq], _ = self.boot('bits', host=self.nodename2)
        services.wait_for(
            lambda: 'Programming' in self.processes[2].log(), timeout=30,
            message='node2 never started programming')
        self.assertEqual('BindStarted', self.arq(arq['uuid'])['state'])
        self.conductor.stop(sig=signal.SIGKILL)
        self.conductor.start()
        # The restarted conductor runs its job again: Bound, Nova told.
        event = self.nova.wait_for_tags([arq['uuid']], timeout=90)
        self.assertEqual('completed', event[arq['uuid']]['status'])
        self.assertEqual('Bound', self.resolved(vm)[0]['state'])
        [deployable] = [d for d in self.api('GET', '/deployables', 200,
                                            headers={})['deployables']
                        if d['rp_uuid'] == self.fpga2]
        self.assertEqual(IMAGE, deployable['bitstream_id'])
        # Placement learns the function now loaded.
        trait = 'CUSTOM_FPGA_FUNCTION_ID_FAKE_' + self.function
        services.wait_for(
            lambda: trait in self.placement.view(self.fpga2)['traits'],
            timeout=30, message='function trait never published')

    def test_nova_down_then_back(self):
        self._start()
        self.profile('fpga', [{'resources:FPGA': '1'}])
        self.nova.down()
        vm, [arq], _ = self.boot('fpga', host=self.node1)
        self.assertEqual('Bound', self.resolved(vm)[0]['state'])
        # The conductor keeps trying; Nova is back a few seconds later.
        services.wait_for(
            lambda: 'Sending 1 event(s) to Nova failed'
            in self.conductor.log(), timeout=30,
            message='the conductor never tried')
        self.nova.up()
        event = self.nova.wait_for_tags([arq['uuid']], timeout=30)
        self.assertEqual('completed', event[arq['uuid']]['status'])
        self.assertEqual(1, len(self.nova.events()))
