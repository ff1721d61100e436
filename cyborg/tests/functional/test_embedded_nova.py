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
"""The stand-in for Nova run on its own (``python -m
cyborg.embedded.nova``), as the README runs it for the separate services:
Cyborg's own Nova client reads and reboots a server through it, and what
it was told survives a restart on the same state directory.
"""

import os
import signal
import subprocess
import sys

import fixtures
from oslo_config import cfg
from oslo_config import fixture as config_fixture
from oslotest import base
import requests

from cyborg import exception
from cyborg.clients import nova as nova_client
from cyborg.conf import nova as nova_conf
from cyborg.tests.functional.fixtures import services

UUID = '2c9d7e61-4b0a-4f3e-9d55-0e7c1a2b3f48'


class StandaloneNovaTestCase(base.BaseTestCase):

    def setUp(self):
        super().setUp()
        tmp = self.useFixture(fixtures.TempDir()).path
        self.state = os.path.join(tmp, 'nova')
        self.output = os.path.join(tmp, 'output.txt')
        self.port = services.free_port()
        self.url = 'http://127.0.0.1:%d/v2.1' % self.port
        self.process = None
        self.addCleanup(self._kill)
        self.addOnException(self._print_output)

    def start(self):
        with open(self.output, 'ab') as out:
            self.process = subprocess.Popen(
                [sys.executable, '-m', 'cyborg.embedded.nova',
                 '--port', str(self.port), '--state-dir', self.state],
                stdout=out, stderr=subprocess.STDOUT)
        services.wait_for(self._up, timeout=60,
                          message='the stand-in never answered')

    def _up(self):
        if self.process.poll() is not None:
            self.fail('the stand-in exited with %s' %
                      self.process.returncode)
        try:
            return requests.get(self.url + '/servers',
                                timeout=5).status_code == 200
        except requests.ConnectionError:
            return False

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.assertEqual(0, self.process.wait(30))

    def _kill(self):
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def _print_output(self, exc_info):
        if os.path.exists(self.output):
            with open(self.output, errors='replace') as f:
                print('----- the stand-in for Nova -----\n' + f.read())

    def client(self):
        """Cyborg's Nova client, configured as the README configures it.
        """
        conf = self.useFixture(config_fixture.Config(cfg.ConfigOpts())).conf
        nova_conf.register_opts(conf)
        conf.set_override('auth_type', 'none', group='nova')
        conf.set_override('endpoint_override', self.url, group='nova')
        conf([], project='cyborg', default_config_files=[])
        return nova_client.from_conf(conf)

    def test_cyborg_reads_and_reboots_a_server_across_restarts(self):
        self.start()
        answer = requests.put(self.url + '/servers/' + UUID, json={
            'server': {'host': 'node1', 'device_profile': 'fpga1'}},
            timeout=30)
        self.assertEqual(200, answer.status_code, answer.text)
        self.assertEqual(202, requests.post(
            self.url + '/servers/%s/action' % UUID,
            json={'os-stop': None}, timeout=30).status_code)
        nova = self.client()
        server = nova.get_server(UUID)
        self.assertEqual(('SHUTOFF', 'node1', 'fpga1'), (
            server['status'], server['OS-EXT-SRV-ATTR:host'],
            server['flavor']['extra_specs']['accel:device_profile']))
        self.assertRaises(exception.ServerNotFound, nova.get_server,
                          'a1b2c3d4-0000-4000-8000-000000000000')
        self.stop()

        self.start()
        nova.reboot(UUID)
        self.assertEqual('ACTIVE', nova.get_server(UUID)['status'])
        self.assertEqual([{'code': 200, 'name': 'accelerator-request-bound',
                           'server_uuid': UUID, 'status': 'completed',
                           'tag': 'arq'}],
                         nova.external_events([{
                             'name': 'accelerator-request-bound',
                             'server_uuid': UUID, 'status': 'completed',
                             'tag': 'arq'}]).json()['events'])
        self.stop()
        self.assertEqual(
            ['nova-events.log', 'nova-servers.json'],
            sorted(os.listdir(self.state)))
