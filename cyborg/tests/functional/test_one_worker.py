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
"""No conductor RPC worker waits on an agent: a conductor whose
oslo.messaging pool has one thread (``[DEFAULT] executor_thread_pool_size
= 1``) serves an operator's discovery and Nova's bind at once.

cyborg-api, cyborg-conductor and one cyborg-agent (fake driver, an FPGA
and a vGPU-capable GPU, each discovery slowed by ``[fake_driver]
discover_seconds``) run as processes over RabbitMQ and MariaDB, beside the
real Placement and a recording stand-in for Nova's events API.  While the
agent discovers for ``POST /v2/discovery``, the test binds a vGPU ARQ as
Nova does (the agent makes the mediated device).  Before discovery went
one way, the conductor's only worker waited on the agent's discovery
while the agent's report waited for a worker: neither finished before the
RPC timeout, and the bind waited behind them.
"""

import concurrent.futures

from oslo_utils import uuidutils
import pytest
import requests

from cyborg.tests.fixtures import nova as nova_fixture
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.functional import base
from cyborg.tests.functional.fixtures import services

pytestmark = pytest.mark.slow(2)

PROJECT = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'
# What Nova sends: the user's token and its own service token.
NOVA_HEADERS = {'X-User-Id': 'nova-user', 'X-Project-Id': PROJECT,
                'X-Roles': 'member,reader', 'X-Service-Roles': 'service'}
ADMIN_HEADERS = {'X-User-Id': 'admin', 'X-Project-Id': PROJECT,
                 'X-Roles': 'admin,member,reader',
                 'OpenStack-API-Version': 'accelerator 2.4'}


class OneWorkerTestCase(base.ServiceTestCase):

    def setUp(self):
        super().setUp()
        self.nova = self.useFixture(nova_fixture.FakeNova())
        self.node = self.host('node')
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            http=True, compute_nodes=[self.node]))
        self.port = services.free_port()
        self.url = 'http://127.0.0.1:%d/v2' % self.port
        self.session = requests.Session()
        self.nova_boot = nova_boot.NovaBoot(
            api=self.api, project=PROJECT, placement=self.placement)
        self.start_service(
            'cyborg-conductor', self.host('cond'),
            # oslo.messaging's RPC pool: one thread.
            DEFAULT={'executor_thread_pool_size': 1},
            conductor={'work_poll_interval': 0.5},
            placement=dict(self.placement.cyborg_options(),
                           sync_interval=1),
            nova={'auth_type': 'none', 'endpoint_override': self.nova.url,
                  'events_retry_max_interval': 2})
        self.start_service(
            'cyborg-agent', self.node,
            agent={'enabled_drivers': 'fake', 'hotplug': False},
            fake_driver={'devices': 'fpga=1,vgpu=1',
                         'discover_seconds': 2})
        self.start_service(
            'cyborg-api', self.host('api'),
            DEFAULT={'auth_strategy': 'noauth'},
            api={'host_ip': '127.0.0.1', 'port': self.port,
                 'api_workers': 1, 'api_threads': 4,
                 'discovery_wait': 60})
        services.wait_for(self._providers, timeout=90,
                          message='the providers of %s never appeared'
                          % self.node)

    def _providers(self):
        """The node's two providers, once there with their inventory."""
        try:
            tree = self.placement.tree(self.node)
        except Exception:
            return None
        if len(tree) == 2 and all(rp['inventories'] and rp['traits']
                                  for rp in tree.values()):
            return tree
        return None

    def api(self, method, path, expect, headers=NOVA_HEADERS, **kwargs):
        response = self.session.request(
            method, self.url + path, headers=headers, timeout=120, **kwargs)
        self.assertEqual(expect, response.status_code, response.text)
        return response.json() if response.content else None

    def _discover(self):
        return self.api('POST', '/discovery', 200, headers=ADMIN_HEADERS,
                        json={'host': self.node})

    def test_discovery_and_a_bind_at_once(self):
        self.api('POST', '/device_profiles', 201, headers={},
                 json=[{'name': 'vgpu', 'groups': [
                     {'resources:VGPU': '1'}]}])
        [arq] = self.nova_boot.create('vgpu')
        instance = uuidutils.generate_uuid()
        _node, mapping = self.nova_boot.schedule([{'resources:VGPU': '1'}],
                                                 instance)
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            # The operator's discovery: the agent takes two seconds.
            discovery = pool.submit(self._discover)
            # Nova binds meanwhile.
            self.nova_boot.bind([arq], self.node, mapping[0], instance)
            events = self.nova.wait_for_tags([arq], timeout=90)
            [host] = discovery.result(timeout=120)['hosts']
        self.assertEqual('completed', events[arq]['status'])
        self.assertEqual(
            ('Bound', 'MDEV'),
            tuple(self.api('GET', '/accelerator_requests/' + arq,
                           200)[k] for k in ('state',
                                             'attach_handle_type')))
        self.assertEqual((self.node, 'ok', 'done'),
                         (host['host'], host['status'], host['state']))
        # The agent's report was taken (it was not left waiting for the
        # conductor's one thread until its RPC timeout: report failed).
        self.assertIn(host['report'], ('stored', 'unchanged'))
        self.assertEqual([('fake', 'READY', 2)], [
            (d['name'], d['status'], d['devices']) for d in host['drivers']])
