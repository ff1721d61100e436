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
"""openstacksdk's accelerator proxy and python-cyborgclient, unmodified,
against Cyborg's API.

In process (wsgi-intercept) the API is mounted at / and at /accelerator,
as devstack mounts it, so that the SDK's version discovery is checked both
ways.  Then cyborg-api and cyborg-conductor run as processes over RabbitMQ
and MariaDB, and the SDK and the ``openstack accelerator`` commands talk to
them over HTTP.
"""

import json
import os
import subprocess
import sys

import openstack
from oslo_utils import uuidutils
import pytest
from wsgi_intercept import interceptor

from cyborg.tests.fixtures import inventory
from cyborg.tests.functional import api_base
from cyborg.tests.functional import base as functional_base
from cyborg.tests.functional.fixtures import services

pytestmark = pytest.mark.slow(2)


def _connect(endpoint):
    return openstack.connect(
        auth_type='none', accelerator_endpoint_override=endpoint,
        load_yaml_config=False, load_envvars=False)


class _SDKFlow:
    """What a client of the existing Cyborg does with the SDK."""

    def sdk_flow(self, conn):
        name = 'sdk-' + uuidutils.generate_uuid()[:8]
        profile = conn.accelerator.create_device_profile(
            name=name, groups=[{'resources:FPGA': '1',
                                'trait:CUSTOM_FAKE_DEVICE': 'required'}])
        self.assertEqual(name, profile.name)
        self.assertEqual(profile.id, conn.accelerator.get_device_profile(
            profile.id).id)
        self.assertIn(name, [p.name for p in
                             conn.accelerator.device_profiles()])
        arq = conn.accelerator.create_accelerator_request(
            device_profile_name=name)
        self.assertEqual('Initial', arq.state)
        self.assertEqual(name, arq.device_profile_name)
        got = conn.accelerator.get_accelerator_request(arq.id)
        self.assertEqual(0, got.device_profile_group_id)
        self.assertIn(arq.id, [a.id for a in
                               conn.accelerator.accelerator_requests()])
        conn.accelerator.delete_accelerator_request(arq.id)
        self.assertNotIn(arq.id, [a.id for a in
                                  conn.accelerator.accelerator_requests()])
        conn.accelerator.delete_device_profile(profile.id)
        self.assertNotIn(name, [p.name for p in
                                conn.accelerator.device_profiles()])


class SDKInProcessTestCase(_SDKFlow, api_base.APITestCase):

    def setUp(self):
        super().setUp()
        self.inv = inventory.add_device(self.context, 'host-one')

    def _intercepted(self, url):
        app = self.app.app
        intercept = interceptor.RequestsInterceptor(lambda: app, url=url)
        intercept.__enter__()
        self.addCleanup(intercept.__exit__, None, None, None)

    def test_mounted_at_the_root(self):
        self._intercepted('http://cyborg.test:6666')
        self.sdk_flow(_connect('http://cyborg.test:6666/v2'))

    def test_mounted_under_a_prefix(self):
        self._intercepted('http://cyborg.test/accelerator')
        conn = _connect('http://cyborg.test/accelerator/v2')
        self.sdk_flow(conn)
        # Links follow the prefix.
        response = conn.session.get('http://cyborg.test/accelerator/')
        self.assertEqual('http://cyborg.test/accelerator/v2',
                         response.json()['versions'][0]['links'][0]['href'])

    def test_inventory(self):
        self._intercepted('http://cyborg.test:6666')
        conn = _connect('http://cyborg.test:6666/v2')
        devices = list(conn.accelerator.devices())
        self.assertEqual([self.inv['device_uuid']], [d.id for d in devices])
        self.assertEqual('host-one', devices[0].hostname)
        deployable = conn.accelerator.get_deployable(
            self.inv['deployable_uuid'])
        self.assertEqual(self.inv['deployable_name'], deployable.name)
        self.assertEqual(2, deployable.num_accelerators)


class SDKProcessesTestCase(_SDKFlow, functional_base.ServiceTestCase):
    """cyborg-api and cyborg-conductor as processes (RabbitMQ, MariaDB)."""

    def setUp(self):
        super().setUp()
        self.port = services.free_port()
        self.start_service('cyborg-conductor', self.host('cond'))
        self.start_service(
            'cyborg-api', self.host('api'),
            DEFAULT={'auth_strategy': 'noauth'},
            api={'host_ip': '127.0.0.1', 'port': self.port,
                 'api_workers': 1, 'api_threads': 4})
        self.endpoint = 'http://127.0.0.1:%d/v2' % self.port
        conn = _connect(self.endpoint)
        services.wait_for(lambda: self._up(conn), timeout=60,
                          message='cyborg-api never answered')

    @staticmethod
    def _up(conn):
        try:
            return conn.session.get(
                conn.accelerator.get_endpoint()).status_code == 200
        except Exception:
            return False

    def test_sdk(self):
        self.sdk_flow(_connect(self.endpoint))

    def _openstack(self, *args):
        command = [os.path.join(os.path.dirname(sys.executable),
                                'openstack'),
                   '--os-auth-type', 'none', '--os-endpoint',
                   self.endpoint] + list(args)
        result = subprocess.run(command, capture_output=True, text=True,
                                timeout=120)
        self.assertEqual(0, result.returncode, result.stderr)
        return result.stdout

    def test_python_cyborgclient(self):
        self._openstack('accelerator', 'device', 'profile', 'create',
                        'cli-dp', '[{"resources:FPGA": "1"}]')
        profiles = json.loads(self._openstack(
            'accelerator', 'device', 'profile', 'list', '-f', 'json'))
        self.assertEqual(['cli-dp'], [p['name'] for p in profiles])
        arq = json.loads(self._openstack(
            'accelerator', 'arq', 'create', 'cli-dp', '-f', 'json'))
        arqs = json.loads(self._openstack('accelerator', 'arq', 'list',
                                          '-f', 'json'))
        self.assertEqual([arq['uuid']], [a['uuid'] for a in arqs])
        self._openstack('accelerator', 'arq', 'delete', arq['uuid'])
        self._openstack('accelerator', 'device', 'profile', 'delete',
                        profiles[0]['uuid'])
        self.assertEqual([], json.loads(self._openstack(
            'accelerator', 'device', 'profile', 'list', '-f', 'json')))
        self.assertEqual([], json.loads(self._openstack(
            'accelerator', 'device', 'list', '-f', 'json')))
