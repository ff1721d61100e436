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
"""GET /v2/instances and ``cyborg instance-list`` on 1,000 servers
of the recording stand-in for Nova, counting what Nova is asked.

The servers hold Bound ARQs inserted as a bind leaves them; Nova is the
HTTP stand-in (cyborg.tests.fixtures.nova), reached by the real
conductor's NovaClient over the fake RPC transport, and every request on
its /servers is counted.
"""

import datetime
import io
import json
import logging
import math
import uuid

from oslo_utils import timeutils
import sqlalchemy as sa
from wsgi_intercept import interceptor

from cyborg.cli import shell
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import telemetry as telemetry_queries
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import nova as nova_fixture
from cyborg.tests.functional import api_base

URL = 'http://cyborg-instance-list.test:6666'
HOSTS = ('h0', 'h1', 'h2', 'h3')
PER_HOST = 250
PROJECT = 'p1'
OTHER_PROJECT = 'p2'


@db_api.context_manager.writer
def _bound_at(context, deployable_id, when):
    """The ARQs of a deployable were bound *when* (their updated_at)."""
    arqs = models.ExtendedAcceleratorRequest
    context.session.execute(sa.update(arqs).where(
        arqs.deployable_id == deployable_id).values(updated_at=when))


def _uuids(count):
    return sorted(str(uuid.uuid4()) for _ in range(count))


class InstanceListTestCase(api_base.APITestCase):

    def configure_services(self):
        self.nova = self.useFixture(nova_fixture.FakeNova())
        self.flags(group='nova', auth_type='none',
                   endpoint_override=self.nova.url)

    def wrap(self, wsgi_app):
        self.wsgi_app = wsgi_app
        return wsgi_app

    def setUp(self):
        super().setUp()
        self.headers = {'X-User-Id': 'u', 'X-Project-Id': PROJECT,
                        'X-Roles': 'admin,member,reader',
                        'OpenStack-API-Version': 'accelerator 2.4'}
        servers = self.nova.servers
        # 1,000 servers of two projects on four hosts, one FPGA (250
        # handles, driver fake) per host, and five more on a GPU of h0
        # (driver nvidia).
        self.by_host = {}
        for index, host in enumerate(HOSTS):
            device = inventory.add_device(self.context, host,
                                          handles=PER_HOST)
            instances = _uuids(PER_HOST)
            project = PROJECT if index % 2 == 0 else OTHER_PROJECT
            inventory.add_bound_arqs(self.context, device, instances,
                                     project_id=project, profile='fpga')
            for instance in instances:
                servers.add(instance, host, project_id=project,
                            device_profile='fpga')
            self.by_host[host] = instances
        self.gpu = gpu = inventory.add_device(
            self.context, 'h0', dev_type='GPU', rc='PGPU', driver='nvidia',
            handles=5, address='0000:af:00.0')
        self.gpu_servers = _uuids(5)
        inventory.add_bound_arqs(self.context, gpu, self.gpu_servers,
                                 project_id=PROJECT, profile='gpu',
                                 attachment_uuid=str(uuid.uuid4()))
        for instance in self.gpu_servers:
            servers.add(instance, 'h0', project_id=PROJECT,
                        device_profile='fpga')
        # What the instance audit would heal: three servers Nova deleted,
        # two it shows on another host (evacuated, their ARQs left).
        self.gone = self.by_host['h1'][:3]
        for instance in self.gone:
            servers.remove(instance)
        self.moved = self.by_host['h2'][:2]
        for instance in self.moved:
            servers.add(instance, 'h9', project_id=PROJECT,
                        device_profile='fpga')
        self.nova.server_requests.clear()

    def get(self, query='', headers=None, status=200):
        resp = self.app.get('/v2/instances' + query,
                            headers=headers or self.headers,
                            expect_errors=True)
        self.assertEqual(status, resp.status_int, resp.text)
        return resp.json

    def nova_calls(self):
        calls = list(self.nova.server_requests)
        self.nova.server_requests.clear()
        return calls

    def cyborg(self, *args):
        """Run the ``cyborg`` command against the API in process."""
        root = logging.getLogger()
        self.addCleanup(setattr, root, 'handlers', list(root.handlers))
        intercept = interceptor.RequestsInterceptor(lambda: self.wsgi_app,
                                                    url=URL)
        out, err = io.StringIO(), io.StringIO()
        argv = ['--os-auth-type', 'none', '--os-endpoint', URL] + list(args)
        with intercept:
            status = shell.CyborgShell(argv, stdout=out,
                                       stderr=err).run(argv)
        self.assertEqual(0, status, err.getvalue())
        return out.getvalue()

    def test_cli_by_driver_on_1000_servers_asks_nova_a_handful_of_times(
            self):
        rows = json.loads(self.cyborg('instance-list', '--driver', 'fake',
                                      '-f', 'json'))
        everyone = sorted(u for host in HOSTS for u in self.by_host[host])
        self.assertEqual(everyone, [r['uuid'] for r in rows])
        calls = self.nova_calls()
        # One list per host, and one show per server those lists did not
        # show (the deleted ones and the moved ones): never one call per
        # server.
        lists = [c for c in calls if c['path'].endswith('/servers/detail')]
        self.assertEqual(len(HOSTS), len(lists))
        self.assertEqual(sorted('all_tenants=True&host=%s' % host
                                for host in HOSTS),
                         sorted(c['query'] for c in lists))
        self.assertEqual(len(HOSTS) + len(self.gone) + len(self.moved),
                         len(calls))
        self.assertLessEqual(len(calls), 10)
        by_uuid = {r['uuid']: r for r in rows}
        for instance in self.gone:
            self.assertEqual(('server gone', None, None), (
                by_uuid[instance]['audit'], by_uuid[instance]['name'],
                by_uuid[instance]['host']))
        for instance in self.moved:
            self.assertEqual(('other host', 'h9'), (
                by_uuid[instance]['audit'], by_uuid[instance]['host']))
        healthy = by_uuid[self.by_host['h3'][0]]
        self.assertEqual(('', 'ACTIVE', 'h3', 'm1.small', OTHER_PROJECT), (
            healthy['audit'], healthy['status'], healthy['host'],
            healthy['flavor'], healthy['project_id']))
        [accelerator] = healthy['accelerators']
        self.assertRegex(accelerator, r'^[0-9a-f-]{36} fake fpga h3$')

    def test_filters(self):
        body = self.get('?driver=nvidia')
        self.assertEqual(self.gpu_servers,
                         [e['uuid'] for e in body['instances']])
        self.assertEqual(1, len(self.nova_calls()))
        entry = body['instances'][0]
        [accelerator] = entry['accelerators']
        self.assertEqual(('nvidia', 'gpu', 'attach', 'h0', 'healthy'), (
            accelerator['driver'], accelerator['device_profile_name'],
            accelerator['origin'], accelerator['hostname'],
            accelerator['device_health']))
        self.assertEqual(('ACTIVE', 'h0', 'm1.small', None), (
            entry['server']['status'], entry['server']['host'],
            entry['server']['flavor']['original_name'], entry['audit']))
        body = self.get('?host=h3&device_profile=fpga&limit=10')
        self.assertEqual(self.by_host['h3'][:10],
                         [e['uuid'] for e in body['instances']])
        self.assertIn('next', body)
        self.assertEqual(['all_tenants=True&host=h3'],
                         [c['query'] for c in self.nova_calls()])
        self.assertEqual([], self.get('?device_profile=gpu&host=h1')[
            'instances'])
        self.assertEqual([], self.nova_calls())

    def test_idle_accelerators(self):
        # The GPU's ARQs were bound two days ago; its agent found it idle
        # since then.
        two_days_ago = timeutils.utcnow() - datetime.timedelta(days=2)
        _bound_at(self.context, self.gpu['deployable_id'], two_days_ago)
        telemetry_queries.write(self.context, 'h0', {
            self.gpu['device_uuid']: {
                'read_at': two_days_ago.isoformat(), 'stale': None,
                'values': {'utilization': 0.01, 'busy': False}}})
        body = self.get('?idle=true')
        self.assertEqual(self.gpu_servers,
                         [e['uuid'] for e in body['instances']])
        accelerator = body['instances'][0]['accelerators'][0]
        self.assertEqual(0.01, accelerator['device_utilization'])
        self.assertTrue(accelerator['device_idle_since'].startswith(
            two_days_ago.date().isoformat()))
        rows = json.loads(self.cyborg('instance-list', '--idle', '-f',
                                      'json'))
        self.assertEqual(self.gpu_servers, [r['uuid'] for r in rows])
        self.assertRegex(rows[0]['accelerators'][0],
                         r' nvidia gpu h0 \(attached\) \(idle since ')
        # A window longer than the idle time: none.
        self.flags(group='telemetry', idle_window=3 * 86400)
        self.assertEqual([], self.get('?idle=true')['instances'])

    def test_pages(self):
        # Pages of 300 in uuid order; Nova is asked about each page's
        # servers only, one list per host of the page.
        seen, marker, pages = [], None, 0
        while True:
            body = self.get('?limit=300' + (
                '&marker=' + marker if marker else ''))
            seen.extend(e['uuid'] for e in body['instances'])
            calls = self.nova_calls()
            hosts = {a['hostname'] for e in body['instances']
                     for a in e['accelerators']}
            self.assertLessEqual(
                len(calls), len(hosts) + len(self.gone) + len(self.moved))
            pages += 1
            if 'next' not in body:
                break
            self.assertIn('marker=', body['next'])
            marker = body['instances'][-1]['uuid']
        everyone = sorted(u for host in HOSTS for u in self.by_host[host])
        self.assertEqual(sorted(everyone + self.gpu_servers), seen)
        self.assertEqual(math.ceil(len(seen) / 300.0), pages)

    def test_nova_pages_are_followed(self):
        # Nova's [api] max_limit smaller than a host's servers: its next
        # links are followed.
        self.nova.servers.max_limit = 100
        body = self.get('?host=h3')
        self.assertEqual(PER_HOST, len(body['instances']))
        self.assertIsNone(body['instances'][0]['audit'])
        calls = self.nova_calls()
        self.assertEqual(math.ceil(PER_HOST / 100.0), len(calls))
        self.assertIn('marker=', calls[-1]['query'])

    def test_a_project_reader_sees_its_project_without_hosts(self):
        headers = dict(self.headers, **{'X-Project-Id': OTHER_PROJECT,
                                        'X-Roles': 'reader'})
        body = self.get('?host=h1', headers=headers)
        self.assertEqual(self.by_host['h1'],
                         [e['uuid'] for e in body['instances']])
        self.assertEqual([], self.get('?host=h0', headers=headers)[
            'instances'])
        known = body['instances'][-1]['server']
        self.assertEqual((None, None, 'ACTIVE'), (
            known['host'], known['nodename'], known['status']))

    def test_below_2_4_and_bad_input(self):
        self.get(headers=dict(self.headers, **{
            'OpenStack-API-Version': 'accelerator 2.3'}), status=404)
        for query in ('?limit=0', '?limit=1001', '?marker=x',
                      '?driver=', '?sort_key=uuid', '?host='):
            with self.subTest(query=query):
                fault = json.loads(self.get(query, status=400)[
                    'error_message'])
                self.assertRegex(fault['error_code'], r'^cyborg\.')
        self.assertEqual([], self.nova_calls())

    def test_nova_down(self):
        self.nova.down()
        fault = json.loads(self.get('?host=h0', status=503)[
            'error_message'])
        self.assertEqual('cyborg.instance.nova_unavailable',
                         fault['error_code'])
