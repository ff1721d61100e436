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
"""cyborg-api whose messaging backend cannot be reached.

A real cyborg-api process (one worker, four threads) on MariaDB, whose
``transport_url`` names a port of 127.0.0.1 where nothing listens.  Each
result is a count: writes answered 503 ``cyborg.messaging.unavailable``
(a write not answered within ``[api] messaging_wait_timeout`` plus a
margin counts as hung), reads and health checks answered while the writes
are pending.
"""

import concurrent.futures

from oslo_serialization import jsonutils
import requests

from cyborg.tests.functional import base
from cyborg.tests.functional.fixtures import services

WAIT = 3
# A write still unanswered this long after it was sent hangs.
HUNG = WAIT + 20
WRITES = 12


class BrokerUnreachableTestCase(base.ServiceTestCase):

    def setUp(self):
        super().setUp()
        self.port = services.free_port()
        self.url = 'http://127.0.0.1:%d' % self.port
        self.start_service(
            'cyborg-api', self.host('api'),
            DEFAULT={'auth_strategy': 'noauth',
                     'transport_url': 'rabbit://guest:guest@127.0.0.1:%d/'
                     % services.free_port()},
            api={'host_ip': '127.0.0.1', 'port': self.port,
                 'api_workers': 1, 'api_threads': 4,
                 'messaging_wait_timeout': WAIT})
        services.wait_for(self._up, timeout=60,
                          message='cyborg-api never answered')

    def _up(self):
        try:
            return requests.get(self.url + '/v2', timeout=5).ok
        except requests.ConnectionError:
            return False

    def _write(self, index):
        try:
            response = requests.post(
                self.url + '/v2/device_profiles', timeout=HUNG,
                json=[{'name': 'p%d' % index,
                       'groups': [{'resources:FPGA': '1'}]}])
        except requests.Timeout:
            return 'hung'
        if response.status_code != 503:
            return response.status_code
        fault = jsonutils.loads(response.json()['error_message'])
        return fault['error_code']

    def test_writes_refused_reads_and_health_answer(self):
        with concurrent.futures.ThreadPoolExecutor(WRITES) as pool:
            writes = [pool.submit(self._write, i) for i in range(WRITES)]
            reads = [requests.get(self.url + '/v2/devices', timeout=HUNG)
                     for _ in range(3)]
            outcomes = [w.result() for w in writes]
        # Asked once the writes were refused: for the first
        # messaging_wait_timeout seconds after the API's first hello the
        # health check says "connecting" (200), as it should; it says
        # "unreachable" when the writes do.
        health = [requests.get(self.url + '/healthcheck', timeout=HUNG,
                               headers={'Accept': 'application/json'})
                  for _ in range(3)]
        self.assertEqual({'cyborg.messaging.unavailable': WRITES},
                         {o: outcomes.count(o) for o in set(outcomes)})
        self.assertEqual([200] * 3, [r.status_code for r in reads])
        self.assertEqual([503] * 3, [r.status_code for r in health])
        self.assertIn('messaging: unreachable', health[-1].text)
        # Nothing was written.
        self.assertEqual([], requests.get(
            self.url + '/v2/device_profiles',
            timeout=HUNG).json()['device_profiles'])
