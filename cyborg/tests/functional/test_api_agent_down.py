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
"""A bind on a host whose agent is down: 409 with the reason, nothing
changed (issue 18)."""

import datetime

from oslo_serialization import jsonutils
from oslo_utils import timeutils
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import context as cyborg_context
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import service as service_queries
from cyborg.tests.fixtures import inventory
from cyborg.tests.functional import api_base

NOVA = {'X-User-Id': 'nova-user', 'X-Project-Id': 'p1',
        'X-Roles': 'member,reader', 'X-Service-Roles': 'service'}
ADMIN = {'X-User-Id': 'admin', 'X-Project-Id': 'admin',
         'X-Roles': 'admin,member,reader'}
HOST = 'node1'


class AgentDownBindTestCase(api_base.APITestCase):

    def setUp(self):
        super().setUp()
        self.context = cyborg_context.get_admin_context()
        self.target = inventory.add_device(self.context, HOST, handles=2)
        self.app.post_json('/v2/device_profiles', [
            {'name': 'fpga1', 'groups': [{'resources:FPGA': '1'}]}],
            headers=ADMIN)
        service_queries.heartbeat(self.context, HOST, 'cyborg-agent')

    def _last_heartbeat(self, seconds_ago):
        when = timeutils.utcnow() - datetime.timedelta(seconds=seconds_ago)
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.Service).where(
                models.Service.host == HOST).values(last_seen_up=when))

    def _bind(self, status):
        arq = self.app.post_json(
            '/v2/accelerator_requests', {'device_profile_name': 'fpga1'},
            headers=NOVA).json['arqs'][0]
        response = self.app.patch_json(
            '/v2/accelerator_requests', {arq['uuid']: [
                {'path': '/hostname', 'op': 'add', 'value': HOST},
                {'path': '/device_rp_uuid', 'op': 'add',
                 'value': self.target['rp_uuid']},
                {'path': '/instance_uuid', 'op': 'add',
                 'value': uuidutils.generate_uuid()}]},
            headers=NOVA, status=status)
        return arq['uuid'], response

    def test_bind_on_a_host_whose_agent_is_down(self):
        self._last_heartbeat(self.CONF_DOWN + 1)
        uuid, response = self._bind(409)
        fault = jsonutils.loads(response.json['error_message'])
        self.assertEqual('cyborg.host.agent_down', fault['error_code'])
        self.assertIn('The agent of host node1 is down', fault['faultstring'])
        # Nothing changed: the ARQ can be bound elsewhere.
        arq = arq_queries.get(self.context, uuid)
        self.assertEqual(('Initial', None), (arq['state'], arq['hostname']))

    def test_bind_on_a_host_whose_agent_is_up(self):
        self._last_heartbeat(1)
        uuid, _ = self._bind(202)
        self.assertEqual('Bound', arq_queries.get(self.context, uuid)['state'])

    def _conductor(self, started_seconds_ago):
        """A conductor up now, started that many seconds ago."""
        service_queries.heartbeat(
            self.context, 'cond1', 'cyborg-conductor',
            started_at=timeutils.utcnow() - datetime.timedelta(
                seconds=started_seconds_ago))

    def test_a_conductor_just_started_does_not_find_the_agent_down(self):
        # Issue 18 (faults/test_sigterm_one_conductor): the lone conductor,
        # stopped for longer than service_down_time, refused binds with
        # 409 cyborg.host.agent_down once started again, before the
        # agent's next heartbeat could reach it: no conductor was there
        # to hear the agent meanwhile.
        self._last_heartbeat(self.CONF_DOWN + 30)
        self._conductor(started_seconds_ago=1)
        uuid, _ = self._bind(202)
        self.assertEqual('Bound', arq_queries.get(self.context, uuid)['state'])

    def test_a_conductor_up_all_along_finds_the_agent_down(self):
        self._last_heartbeat(self.CONF_DOWN + 1)
        self._conductor(started_seconds_ago=3600)
        self._bind(409)

    @property
    def CONF_DOWN(self):
        return api_base.base.CONF.service_down_time
