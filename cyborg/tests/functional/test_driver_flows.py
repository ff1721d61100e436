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
"""The driver verbs flow one way, with a conductor of two workers.

install-driver, update-driver and uninstall-driver: the conductor records
the decision, tells the agent (a cast) and answers; the agent asks for
its decisions with a heartbeat, loads its drivers, says hello again and
reports its discovery, each a call of its own that a conductor worker
answers at once.  Were a conductor worker to wait on the agent, each of
the conductor's two workers would wait on an agent that waits on a hello
no free worker takes: every operation would wait for the RPC timeout,
and the API would answer 503.  cyborg-api waits for the outcome itself.
The test counts answers, never times.
"""

import concurrent.futures

import pytest
import requests

from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.functional import base
from cyborg.tests.functional.fixtures import services

pytestmark = pytest.mark.slow(2)

ADMIN = {'X-User-Id': 'admin', 'X-Project-Id': 'admin-project',
         'X-Roles': 'admin,member,reader',
         'OpenStack-API-Version': 'accelerator 2.4'}
# A request not answered within this many seconds hangs.
HUNG = 90


class _DriverFlows:
    """The test, run on each backend below."""

    def setUp(self):
        super().setUp()
        self.nodes = [self.host('n1'), self.host('n2')]
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            http=True, compute_nodes=self.nodes))
        port = services.free_port()
        self.url = 'http://127.0.0.1:%d/v2' % port
        self.start_service(
            'cyborg-conductor', self.host('cond'),
            DEFAULT={'executor_thread_pool_size': 2},
            placement=dict(self.placement.cyborg_options()))
        for node in self.nodes:
            self.start_service('cyborg-agent', node,
                               agent={'enabled_drivers': '',
                                      'hotplug': False})
        # A write waits rpc_response_timeout for the conductor.  The agents'
        # reports after the burst below keep both conductor workers busy
        # with Placement for seconds, and on a loaded machine (two suites
        # at once) for more than the suite's 10 s: the uninstalls then
        # answered 503 without any deadlock.  A deadlock still shows as a
        # 503, after 60 s, before the client gives up (HUNG).
        self.start_service(
            'cyborg-api', self.host('api'),
            DEFAULT={'auth_strategy': 'noauth', 'rpc_response_timeout': 60},
            api={'host_ip': '127.0.0.1', 'port': port, 'api_workers': 2,
                 'api_threads': 8})
        services.wait_for(self._ready, timeout=90,
                          message='the API never saw both agents up')

    def request(self, method, path, **kwargs):
        try:
            return requests.request(method, self.url + path, timeout=HUNG,
                                    headers=ADMIN, **kwargs)
        except requests.Timeout:
            return 'hung'

    def _ready(self):
        try:
            response = requests.get(self.url + '/hosts', headers=ADMIN,
                                    timeout=5)
        except requests.ConnectionError:
            return False
        if response.status_code != 200:
            return False
        up = {h['host'] for h in response.json()['hosts']
              if h['agent_status'] == 'up'}
        return set(self.nodes) <= up

    def _burst(self, calls):
        with concurrent.futures.ThreadPoolExecutor(len(calls)) as pool:
            return list(pool.map(lambda call: call(), calls))

    def _status(self, response):
        return response if response == 'hung' else response.status_code

    def test_eight_driver_operations_on_two_hosts(self):
        # One install per host first: the updates then work on them.
        uuids = {}
        for node in self.nodes:
            response = self.request('POST', '/drivers', json={
                'name': 'fake', 'host': node,
                'config': {'fake_driver': {'devices': ['fpga=1']}}})
            self.assertEqual(201, self._status(response), response.text)
            uuids[node] = response.json()['drivers'][0]['uuid']

        # Eight at once, four per host, on a conductor of two workers.
        calls = []
        for count in range(1, 5):
            for node in self.nodes:
                calls.append(lambda node=node, count=count: self.request(
                    'PATCH', '/drivers/%s' % uuids[node], json={
                        'config': {'fake_driver': {
                            'devices': ['qat=%d' % count]}}}))
        results = [self._status(r) for r in self._burst(calls)]
        self.assertEqual([200] * 8, results)

        # And the uninstalls of both at once.
        results = self._burst([
            lambda uuid=uuid: self.request('DELETE', '/drivers/%s' % uuid)
            for uuid in uuids.values()])
        self.assertEqual([204, 204], [self._status(r) for r in results])
        response = self.request('GET', '/drivers')
        self.assertEqual([], [d for d in response.json()['drivers']
                              if d['host'] in self.nodes])


class DriverFlowsMySQLTestCase(_DriverFlows, base.ServiceTestCase):
    BACKEND = 'mysql'


class DriverFlowsPostgreSQLTestCase(_DriverFlows, base.ServiceTestCase):
    BACKEND = 'postgresql'
