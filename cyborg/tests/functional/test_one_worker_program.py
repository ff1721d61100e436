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
"""A conductor with one RPC worker programs an FPGA, discovers, binds
another FPGA and installs a driver on a second host at once (issues 39
and 53): no conductor worker waits on an agent.

Real cyborg-api, cyborg-conductor (``[DEFAULT] executor_thread_pool_size
= 1``) and cyborg-agent processes over RabbitMQ and MariaDB, with the
real Placement.  The fake
driver takes longer to program than ``rpc_response_timeout``: when the
conductor's worker waited for the agent's programming (before), the bind
sent meanwhile got no worker in time and cyborg-api answered it 503.
Now the program request is a job, the worker answers at once, the bind
is served, and the program request is answered once its job has ended.
The operator's discovery, asked meanwhile, goes one way too (recorded,
cast to the agent, answered by the agent's report): it ends while the
worker serves the rest (test_one_worker.py has it beside a bind alone).
So does the install of a driver on a second host (recorded, cast,
settled by that agent's hello once it loaded the driver): cyborg-api
waits for the outcome, the conductor's worker does not.
"""

import os
import threading

import fixtures
from oslo_utils import uuidutils
import pytest
import requests
import sqlalchemy as sa

from cyborg.db import models
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.functional import base
from cyborg.tests.functional.fixtures import services

pytestmark = pytest.mark.slow(2)

ADMIN = {'X-User-Id': 'admin', 'X-Project-Id': 'admin-project',
         'X-Roles': 'admin,member,reader'}
# POST /v2/discovery and /v2/drivers: the operator verbs of 2.4.
VERBS = dict(ADMIN, **{'OpenStack-API-Version': 'accelerator 2.4'})
NOVA = {'X-User-Id': 'nova', 'X-Project-Id': 'admin-project',
        'X-Roles': 'admin,member,reader', 'X-Service-Roles': 'service'}
# Longer than the services' rpc_response_timeout (10 s, base.py).
PROGRAM_SECONDS = 12
# A request not answered within this many seconds hangs.
HUNG = 90


class OneWorkerProgramTestCase(base.ServiceTestCase):

    def setUp(self):
        super().setUp()
        self.node = self.host('n1')
        # A second host, whose agent has no driver until one is installed.
        self.other = self.host('n2')
        cache = self.useFixture(fixtures.TempDir()).path
        self.image = uuidutils.generate_uuid()
        with open(os.path.join(cache, self.image), 'wb') as f:
            f.write(b'a bitstream')
        # The real Placement: the deployables get their providers.
        placement = self.useFixture(placement_fixture.PlacementFixture(
            http=True, compute_nodes=[self.node]))
        port = services.free_port()
        self.url = 'http://127.0.0.1:%d/v2' % port
        self.start_service(
            'cyborg-conductor', self.host('cond'),
            DEFAULT={'executor_thread_pool_size': 1, 'bind_timeout': 60},
            placement=dict(placement.cyborg_options()))
        self.start_service(
            'cyborg-agent', self.node,
            agent={'enabled_drivers': 'fake', 'hotplug': False,
                   'image_cache_dir': cache},
            fake_driver={'devices': 'fpga=2',
                         'program_seconds': PROGRAM_SECONDS,
                         'discover_seconds': 2})
        self.start_service(
            'cyborg-agent', self.other,
            agent={'enabled_drivers': '', 'hotplug': False})
        self.start_service(
            'cyborg-api', self.host('api'),
            DEFAULT={'auth_strategy': 'noauth'},
            api={'host_ip': '127.0.0.1', 'port': port, 'api_workers': 1,
                 'api_threads': 4, 'discovery_wait': HUNG})
        self.fpgas = services.wait_for(
            self._fpgas, timeout=HUNG,
            message='the two FPGAs never got their providers')
        services.wait_for(self._other_up, timeout=HUNG,
                          message='the second agent never registered')

    def request(self, method, path, headers=ADMIN, **kwargs):
        return requests.request(method, self.url + path, headers=headers,
                                timeout=HUNG, **kwargs)

    def _fpgas(self):
        try:
            response = self.request('GET', '/deployables')
        except requests.ConnectionError:
            return None
        if response.status_code != 200:
            return None
        found = {d['name']: d for d in response.json()['deployables']}
        names = (self.node + '_FakeDevice', self.node + '_FakeDevice_fpga1')
        return (all(found.get(name, {}).get('rp_uuid') for name in names)
                and [found[name] for name in names])

    def _other_up(self):
        response = self.request('GET', '/hosts', headers=VERBS)
        return response.status_code == 200 and any(
            h['host'] == self.other and h['agent_status'] == 'up'
            for h in response.json()['hosts'])

    def _programming(self, uuid):
        """Whether the deployable is marked as being programmed."""
        with self.db.engine.connect() as conn:
            return conn.execute(
                sa.select(models.Deployable.programming_until)
                .where(models.Deployable.uuid == uuid)).scalar() is not None

    def test_a_program_a_discovery_a_bind_and_an_install_all_finish(self):
        programmed, bound = self.fpgas
        response = self.request('POST', '/device_profiles', json=[
            {'name': 'fpga', 'groups': [{'resources:FPGA': '1'}]}])
        self.assertEqual(201, response.status_code, response.text)
        response = self.request('POST', '/accelerator_requests',
                                headers=NOVA,
                                json={'device_profile_name': 'fpga'})
        self.assertEqual(201, response.status_code, response.text)
        arq = response.json()['arqs'][0]['uuid']

        answers = []
        program = threading.Thread(target=lambda: answers.append(
            self.request('PATCH', '/deployables/%s/program'
                         % programmed['uuid'], json=[{
                             'path': '/program', 'op': 'replace',
                             'value': [{'image_uuid': self.image}]}])))
        program.start()
        self.addCleanup(program.join)
        # The request was taken (the deployable is marked) and the agent
        # programs for PROGRAM_SECONDS: bind the other FPGA now.
        services.wait_for(lambda: self._programming(programmed['uuid']),
                          timeout=HUNG,
                          message='the program request was never taken')
        # The operator's discovery of the host (the agent takes two
        # seconds, after the programming it is busy with).
        discovery = threading.Thread(target=lambda: answers.append(
            self.request('POST', '/discovery', headers=VERBS,
                         json={'host': self.node})))
        discovery.start()
        self.addCleanup(discovery.join)
        # And a driver for the other host, which cyborg-api answers once
        # that agent loaded it.
        install = threading.Thread(target=lambda: answers.append(
            self.request('POST', '/drivers', headers=VERBS, json={
                'name': 'fake', 'host': self.other,
                'config': {'fake_driver': {'devices': ['qat=1']}}})))
        install.start()
        self.addCleanup(install.join)
        response = self.request(
            'PATCH', '/accelerator_requests', headers=NOVA,
            json=nova_boot.bind_document([arq], self.node, bound['rp_uuid'],
                                         uuidutils.generate_uuid()))
        self.assertEqual(202, response.status_code, response.text)
        response = self.request('GET', '/accelerator_requests/' + arq,
                                headers=NOVA)
        self.assertEqual('Bound', response.json()['state'])

        program.join(HUNG)
        discovery.join(HUNG)
        install.join(HUNG)
        answers = {(answer.request.method, answer.request.path_url.rsplit(
            '/', 1)[-1]): answer for answer in answers}
        answer = answers['PATCH', 'program']
        self.assertEqual(200, answer.status_code, answer.text)
        self.assertEqual(self.image, answer.json()['bitstream_id'])
        self.assertFalse(self._programming(programmed['uuid']))
        answer = answers['POST', 'drivers']
        self.assertEqual(201, answer.status_code, answer.text)
        [driver] = answer.json()['drivers']
        self.assertEqual((self.other, 'fake', 'READY'),
                         (driver['host'], driver['name'], driver['status']))
        answer = answers['POST', 'discovery']
        self.assertEqual(200, answer.status_code, answer.text)
        [host] = answer.json()['hosts']
        self.assertEqual((self.node, 'ok', 'done'),
                         (host['host'], host['status'], host['state']))
        # The agent's report was taken, not left waiting for the
        # conductor's one thread until its RPC timeout.
        self.assertIn(host['report'], ('stored', 'unchanged'))
