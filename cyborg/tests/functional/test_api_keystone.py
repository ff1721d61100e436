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
"""The API behind keystonemiddleware (auth_strategy = keystone), with
keystonemiddleware's own fixture standing in for token validation."""

from keystonemiddleware import fixture as ksm_fixture
from oslo_serialization import jsonutils
from oslo_utils import uuidutils

from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.functional import api_base


class KeystoneAuthTestCase(api_base.APITestCase):

    AUTH_STRATEGY = 'keystone'

    def setUp(self):
        self.tokens = self.useFixture(ksm_fixture.AuthTokenFixture())
        super().setUp()
        self.project = uuidutils.generate_uuid()
        self.admin = self._token('admin-user', self.project,
                                 ['admin', 'member', 'reader'])
        self.member = self._token('member-user', self.project,
                                  ['member', 'reader'])
        self.nova = self._token('nova', 'service-project', ['service'])

    def _token(self, user, project, roles):
        token_id = uuidutils.generate_uuid(dashed=False)
        self.tokens.add_token_data(token_id=token_id, user_id=user,
                                   project_id=project, role_list=roles)
        return token_id

    def _request(self, method, path, token=None, service_token=None,
                 body=None, headers=None, status=None):
        headers = dict(headers or {}, **{'Content-Type': 'application/json'})
        if token:
            headers['X-Auth-Token'] = token
        if service_token:
            headers['X-Service-Token'] = service_token
        return self.app.request(
            path, method=method, headers=headers,
            body=jsonutils.dump_as_bytes(body) if body is not None else b'',
            status=status)

    def configure(self):
        self.flags(group='keystone_authtoken',
                   www_authenticate_uri='http://keystone.test/identity')

    def test_version_documents_are_public(self):
        self._request('GET', '/', status=200)
        self._request('GET', '/v2', status=200)
        self._request('GET', '/healthcheck', status=200)
        resp = self._request('GET', '/v2/openapi.json', status=200,
                             headers={'OpenStack-API-Version':
                                      'accelerator 2.4'})
        self.assertEqual('2.4', resp.json['info']['version'])
        # Only the description is public: its alias behind the version
        # prefix's default is not.
        self._request('GET', '/openapi.json', status=401)

    def test_everything_else_needs_a_token(self):
        resp = self._request('GET', '/v2/device_profiles', status=401)
        self.assertIn('WWW-Authenticate', resp.headers)
        self._request('GET', '/v2/device_profiles', token='bogus',
                      status=401)

    def test_headers_of_the_client_are_ignored(self):
        # Identity comes from the token, never from the client's headers.
        self._request('POST', '/v2/device_profiles', token=self.member,
                      headers={'X-Roles': 'admin'},
                      body=[{'name': 'dp',
                             'groups': [{'resources:FPGA': '1'}]}],
                      status=403)

    def test_nova_flow_with_user_and_service_tokens(self):
        inv = inventory.add_device(self.context, 'compute-1')
        self._request('POST', '/v2/device_profiles', token=self.admin,
                      body=[{'name': 'dp',
                             'groups': [{'resources:FPGA': '1'}]}],
                      status=201)
        arq = self._request('POST', '/v2/accelerator_requests',
                            token=self.member,
                            body={'device_profile_name': 'dp'},
                            status=201).json['arqs'][0]
        self.assertEqual(self.project, arq['project_id'])
        bind = nova_boot.bind_document([arq], 'compute-1', inv['rp_uuid'],
                                       uuidutils.generate_uuid())
        # The user's token alone is not enough to bind.
        self._request('PATCH', '/v2/accelerator_requests',
                      token=self.member, body=bind, status=403)
        # A service token is not a user token.
        self._request('PATCH', '/v2/accelerator_requests',
                      token=self.member, service_token='bogus', body=bind,
                      status=401)
        self._request('PATCH', '/v2/accelerator_requests',
                      token=self.member, service_token=self.nova, body=bind,
                      status=202)
        got = self._request('GET', '/v2/accelerator_requests/' +
                            arq['uuid'], token=self.member, status=200)
        self.assertEqual('Bound', got.json['state'])
