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
"""The error code of a write whose conductor could not reach Placement."""

import json
import uuid

from cyborg.db.queries import host as host_queries
from cyborg.tests.fixtures import nova as nova_fixture
from cyborg.tests.functional import api_base

HOST = 'h0'
ADMIN = {'X-User-Id': 'u', 'X-Project-Id': 'p1',
         'X-Roles': 'admin,member,reader',
         'OpenStack-API-Version': 'accelerator 2.4'}


class PlacementDownTestCase(api_base.APITestCase):

    def configure_services(self):
        self.nova = self.useFixture(nova_fixture.FakeNova())
        self.flags(group='nova', auth_type='none',
                   endpoint_override=self.nova.url)
        # Nothing listens on port 9 (discard): connection refused.
        self.flags(group='placement', auth_type='none',
                   endpoint_override='http://127.0.0.1:9',
                   connect_retries=0)

    def test_attach_answers_placement_unavailable(self):
        self.app.post_json('/v2/device_profiles', [
            {'name': 'fpga1', 'groups': [{'resources:FPGA': '1'}]}],
            headers=ADMIN)
        host_queries.create(self.context, HOST)
        host_queries.record_compute_node(self.context, HOST, None,
                                         str(uuid.uuid4()), HOST)
        server = str(uuid.uuid4())
        self.nova.servers.add(server, HOST, project_id='p1',
                              device_profile='fpga1')
        answer = self.app.post_json(
            '/v2/instances/%s/accelerators' % server,
            {'device_profile_name': 'fpga1'}, headers=ADMIN, status=503)
        fault = json.loads(answer.json['error_message'])
        self.assertEqual('cyborg.placement.unavailable', fault['error_code'])
        self.assertIn('GET /allocation_candidates', fault['faultstring'])
