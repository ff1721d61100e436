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
"""cyborg-api's first seconds: started with, or before, the conductor.

Real cyborg-api and cyborg-conductor processes over RabbitMQ and MariaDB,
with the production defaults of the options that decide (``[DEFAULT]
report_interval``, ``service_down_time``, ``rpc_response_timeout``,
``[api] messaging_wait_timeout`` and ``conductor_wait_timeout``) and an
exchange of their own, so that no conductor queue is bound to it when
they start: as on a freshly started RabbitMQ, the first messages the API
sends cannot be routed.  A deployment restarts its services in any order;
a write that lands in their first seconds must not be refused for what
the API has not seen (issue 38: it was answered 503 "RabbitMQ cannot be
reached", then "no cyborg-conductor ... in the last 60 seconds", for
about 20 s).
"""

import time

from oslo_serialization import jsonutils
import requests

from cyborg.tests.functional import base
from cyborg.tests.functional.fixtures import services

# A request still unanswered this long after it was sent hangs.
HUNG = 60
# The production defaults of the options that decide.
DEFAULTS = {'report_interval': 10, 'service_down_time': 60,
            'rpc_response_timeout': 60}


class APIStartTestCase(base.ServiceTestCase):

    def setUp(self):
        super().setUp()
        self.port = services.free_port()
        self.url = 'http://127.0.0.1:%d' % self.port
        # Queues are named after their topic whatever the exchange, but
        # bound to it: on an exchange of its own, the conductor's topic
        # has no queue until this test's conductor consumes from it.
        self.exchange = 'cyborg-start-%s' % self.suffix

    def _start(self, binary):
        config = dict(DEFAULTS, control_exchange=self.exchange)
        if binary == 'cyborg-api':
            config['auth_strategy'] = 'noauth'
            return self.start_service(
                binary, self.host('api'), DEFAULT=config,
                api={'host_ip': '127.0.0.1', 'port': self.port,
                     'api_workers': 1, 'api_threads': 4})
        return self.start_service(binary, self.host('cond'),
                                  DEFAULT=config)

    def _api_up(self):
        try:
            return requests.get(self.url + '/v2', timeout=5).ok
        except requests.ConnectionError:
            return False

    def _write_one_second_after(self, started):
        """Create a device profile once the API listens, and 1 s after
        *started* at the earliest.
        """
        services.wait_for(self._api_up, timeout=60,
                          message='cyborg-api never answered')
        time.sleep(max(0.0, started + 1 - time.monotonic()))
        try:
            response = requests.post(
                self.url + '/v2/device_profiles', timeout=HUNG,
                json=[{'name': 'p1', 'groups': [{'resources:FPGA': '1'}]}])
        except requests.Timeout:
            self.fail('the write hung for %d seconds' % HUNG)
        if response.status_code == 503:
            fault = jsonutils.loads(response.json()['error_message'])
            self.fail('refused: %s (%s)' % (fault['faultstring'],
                                            fault['error_code']))
        self.assertEqual(201, response.status_code, response.text)
        names = [p['name'] for p in requests.get(
            self.url + '/v2/device_profiles',
            timeout=HUNG).json()['device_profiles']]
        self.assertEqual(['p1'], names)

    def test_api_and_conductor_started_together(self):
        started = time.monotonic()
        self._start('cyborg-conductor')
        api = self._start('cyborg-api')
        self._write_one_second_after(started)
        self.assertNotIn('cannot be reached', api.log())
        # Said once the socket is bound, with the port it is bound to.
        self.assertIn('cyborg-api listening on http://127.0.0.1:%d, noauth '
                      'authentication' % self.port, api.log())
        # No gunicorn control socket: its one default path per user would
        # be shared by every cyborg-api on the host.
        self.assertNotIn('Control socket', api.log())

        # Stopped with a client's idle keep-alive connection open (Nova
        # keeps theirs), the worker exits by itself once it expires,
        # where gunicorn 26's worker waited out the graceful timeout
        # (30 s) and was then killed.
        session = requests.Session()
        self.addCleanup(session.close)
        self.assertTrue(session.get(self.url + '/v2', timeout=30).ok)
        self.assertEqual(0, api.stop())
        self.assertIn('Worker exiting (pid: ', api.log())

    def test_conductor_started_after_the_api(self):
        api = self._start('cyborg-api')
        services.wait_for(self._api_up, timeout=60,
                          message='cyborg-api never answered')
        started = time.monotonic()
        self._start('cyborg-conductor')
        self._write_one_second_after(started)
        log = api.log()
        self.assertNotIn('cannot be reached', log)
        # Its first hello, sent before the conductor started, was
        # returned by RabbitMQ for want of a queue: a backend that works.
        self.assertIn('No conductor consumes from the messaging backend '
                      'yet', log)
