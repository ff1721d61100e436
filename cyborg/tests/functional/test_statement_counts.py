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
"""SQL statements per request on Nova's path and the list endpoints.

Every request of Nova's ARQ lifecycle (and the list calls) runs a fixed,
small number of statements, whatever the number of rows in the tables:
each is counted with 5 and with 200 ARQs, devices and deployables in the
tables, and the counts must be equal and match ``EXPECTED``.  The count
covers the API and the conductor together (both use this test's engine;
the conductor is in process, on the fake transport).  What the conductor
does after a request in its work threads (sending a bind's events to
Nova, bind jobs) is not part of the request and not counted.  Statements
that only manage the transaction (BEGIN, COMMIT, ...) are not counted.

No time is measured here; tools/bench/arq_lifecycle.py and
tools/bench/list_scale.py measure times.
"""

import datetime

import fixtures
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import context as cyborg_context
from cyborg.conductor import pool as worker_pool
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import configuration_rollout as rollout_queries
from cyborg.db.queries import device_class as dc_queries
from cyborg.db.queries import device_profile as dp_queries
from cyborg.db.queries import device_state
from cyborg.db.queries import usage as usage_queries
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.fixtures import statements
from cyborg.tests.functional import api_base

NOVA = {'X-User-Id': 'nova-user', 'X-Project-Id': 'p1',
        'X-Roles': 'member,reader', 'X-Service-Roles': 'service'}
ADMIN = {'X-User-Id': 'admin', 'X-Project-Id': 'admin',
         'X-Roles': 'admin,member,reader'}
HOST = 'node1'

# Statements per request (API and conductor together).  Change a number
# only on purpose, and say why in the commit.
EXPECTED = {
    'profile_by_name': 1,
    'arq_create': 2,  # 2: the new ARQs answered as inserted, not read
    'arq_bind': 9,  # 7: the ARQs locked with their groups, written once;
    #                the FPGA's lock reads the handle to claim; 8: the
    #                usage interval opened; 9: the device's row locked
    #                (its state read under the lock)
    'arq_resolved': 1,
    'arq_delete_by_instance': 10,  # 8: forget the attachments;
    #                              7: the handles read with the ARQs;
    #                              8: the usage interval closed;
    #                              9: what is left to clean found;
    #                              10: the devices' rows locked first;
    #                              + 2 when it leaves one to clean
    'list_arqs_instance': 1,
    'list_arqs_instance_health': 2,  # 2.4: + the devices' health, batched
    'list_deployables': 2,
    'list_deployables_page': 4,  # 2.4: + their devices' health
    'list_devices': 1,
    'list_devices_page': 5,  # 2.4: + their configurations, telemetry,
    #                         the cleans holding units of theirs (their
    #                         own last cleans: + 1 when one has one)
    'list_device_profiles': 1,
    'capacity': 1,  # the handles grouped, with the agents' times
    # The rollouts, their progress, their failed and skipped devices.
    'list_rollouts': 3,
    'capacity_page': 1,  # a page of hosts and every host's totals
    # The same, of a device class: the class, its deployables from the
    # facts Cyborg has (with their devices, attributes and handles), and
    # the rollouts that hold its devices.
    'capacity_class': 7,
    'usage': 1,  # the seconds in the window, grouped in SQL
    'usage_detail': 2,  # and a page of the intervals
}


class StatementCountTestCase(api_base.APITestCase):

    def setUp(self):
        super().setUp()
        # Background work (bind jobs, events for Nova) would run on the
        # same engine at unpredictable times: not part of a request.
        self.useFixture(fixtures.MockPatchObject(
            worker_pool.WorkerPool, 'kick', autospec=True))
        self.context = cyborg_context.get_admin_context()
        self.counter = self.useFixture(
            statements.StatementCounter(self.db.engine))
        self.app.post_json('/v2/device_profiles', [
            {'name': 'fpga1', 'groups': [
                {'resources:FPGA': '1',
                 'trait:CUSTOM_FAKE_DEVICE': 'required'}]}], headers=ADMIN)
        self.profile = dp_queries.get_by_name(self.context, 'fpga1')
        self.devices = 0
        self.target = inventory.add_device(self.context, HOST, handles=4)
        dc_queries.create(self.context, uuidutils.generate_uuid(), 'FPGAS',
                          [{'key': 'type', 'op': '==', 'value': 'FPGA'}])

    def fill(self, rows):
        """Tables with *rows* devices, deployables and ARQs in all."""
        for index in range(self.devices + 1, rows):
            added = inventory.add_device(
                self.context, 'other%d' % index,
                address='0000:%02x:%02x.0' % (index // 32 + 16, index % 32))
            # A rollout of each, its device failed.
            row = rollout_queries.create(self.context, {
                'uuid': uuidutils.generate_uuid(), 'device_class': 'FPGAS',
                'desired': {'num_vfs': 1}, 'max_unavailable': '1',
                'unavailable': 1, 'drain': False, 'max_failures': 0,
                'follow': False, 'state': 'running'}, [
                    {'uuid': added['device_uuid'],
                     'hostname': 'other%d' % index}])
            [member] = rollout_queries.devices(self.context, row['id'],
                                               ['waiting'])
            rollout_queries.set_device(self.context, member, 'failed',
                                       reason='it failed')
        self.devices = max(self.devices, rows - 1)
        have = len(arq_queries.get_all(self.context))
        if rows > have:
            arq_queries.create(self.context, self.profile, 'p2',
                               [rows - have])

    def count(self, method, path, status, headers=NOVA, **kwargs):
        with self.counter.counting():
            response = getattr(self.app, method)(
                path, status=status, headers=headers, **kwargs)
        return self.counter.count, response

    def lifecycle(self):
        """Nova's calls for one instance: {call: statements}."""
        counts = {}
        counts['profile_by_name'], _ = self.count(
            'get', '/v2/device_profiles?name=fpga1', 200)
        counts['arq_create'], response = self.count(
            'post_json', '/v2/accelerator_requests', 201,
            params={'device_profile_name': 'fpga1'})
        [arq] = response.json['arqs']
        instance = uuidutils.generate_uuid()
        counts['arq_bind'], _ = self.count(
            'patch_json', '/v2/accelerator_requests', 202,
            params=nova_boot.bind_document([arq], HOST,
                                           self.target['rp_uuid'], instance))
        counts['arq_resolved'], response = self.count(
            'get', '/v2/accelerator_requests?instance=%s'
            '&bind_state=resolved' % instance, 200)
        self.assertEqual(['Bound'],
                         [a['state'] for a in response.json['arqs']])
        counts['list_arqs_instance'], _ = self.count(
            'get', '/v2/accelerator_requests?instance=%s' % instance, 200)
        counts['list_arqs_instance_health'], response = self.count(
            'get', '/v2/accelerator_requests?instance=%s' % instance, 200,
            headers=dict(NOVA, **{
                'OpenStack-API-Version': 'accelerator 2.4'}))
        self.assertEqual(['healthy'], [a['device_health']
                                       for a in response.json['arqs']])
        counts['arq_delete_by_instance'], _ = self.count(
            'delete', '/v2/accelerator_requests?instance=%s' % instance,
            204)
        return counts

    def lists(self):
        counts = {}
        for name, path in (
                ('list_deployables', '/v2/deployables'),
                ('list_devices', '/v2/devices'),
                ('list_device_profiles', '/v2/device_profiles')):
            counts[name], _ = self.count('get', path, 200, headers=ADMIN)
        # Pages (limit and marker) are microversion 2.4.
        paged = dict(ADMIN, **{'OpenStack-API-Version': 'accelerator 2.4'})
        for name, path in (('list_deployables_page', '/v2/deployables'),
                           ('list_devices_page', '/v2/devices')):
            first = self.app.get(path + '?limit=2', headers=paged).json
            marker = first[path.split('/')[-1]][-1]['uuid']
            counts[name], response = self.count(
                'get', path + '?limit=2&marker=' + marker, 200,
                headers=paged)
            self.assertEqual(2, len(response.json[path.split('/')[-1]]))
        counts['capacity'], response = self.count(
            'get', '/v2/capacity', 200, headers=paged)
        self.assertEqual(self.devices + 1, len(response.json['hosts']))
        whole = response.json
        # A page after a marker: the page, the totals and the agents
        # judged in the same statement.
        counts['capacity_page'], response = self.count(
            'get', '/v2/capacity?limit=2&marker=node1', 200, headers=paged)
        self.assertEqual(2, len(response.json['hosts']))
        self.assertEqual(whole['total'], response.json['total'])
        counts['list_rollouts'], response = self.count(
            'get', '/v2/configuration_rollouts', 200, headers=paged)
        self.assertEqual(min(self.devices, 1000), len(
            response.json['configuration_rollouts']))
        # A device class's page: the class selects every FPGA.
        counts['capacity_class'], response = self.count(
            'get', '/v2/capacity?limit=2&device_class=fpgas', 200,
            headers=paged)
        self.assertEqual(2, len(response.json['hosts']))
        # An accelerator held since January (a lifecycle's interval may
        # end in the second it began, and count nothing).
        usage_queries.open_interval(
            self.context, uuidutils.generate_uuid(),
            datetime.datetime(2026, 1, 2),
            {'project_id': 'p1', 'resource_class': 'FPGA'})
        latest = dict(ADMIN, **{'OpenStack-API-Version': 'accelerator latest'})
        counts['usage'], response = self.count(
            'get', '/v2/usage?start=2026-01-01', 200, headers=latest)
        self.assertEqual(['FPGA'], [
            u['resource_class']
            for u in response.json['project_usages'][0]['usages']])
        counts['usage_detail'], response = self.count(
            'get', '/v2/usage?start=2026-01-01&detail=true&limit=1', 200,
            headers=latest)
        self.assertEqual(1, len(response.json['usage_intervals']))
        return counts

    def test_counts_do_not_grow_with_the_tables(self):
        self.fill(5)
        few = dict(self.lifecycle(), **self.lists())
        self.fill(200)
        many = dict(self.lifecycle(), **self.lists())
        self.assertEqual(200, len(self.app.get(
            '/v2/deployables', headers=ADMIN).json['deployables']))
        self.assertEqual(few, many)
        self.assertEqual(EXPECTED, many)

    def test_a_delete_that_leaves_its_device_to_clean(self):
        # The device is cleaned between two tenants: the delete's
        # transaction starts its clean (its row inserted, the device
        # marked: two statements more), and its host is pushed before the
        # delete answers (no statement in the transaction).
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.Device).where(
                models.Device.id == self.target['device_id']).values(
                    clean_steps='{"steps": [], "only": false}',
                    clean_offer='[{"name": "function_reset", '
                                '"default": true}]'))
        self.fill(5)
        counts = self.lifecycle()
        self.assertEqual(EXPECTED['arq_delete_by_instance'] + 2,
                         counts['arq_delete_by_instance'])
        self.assertEqual({self.target['device_uuid']: {
            'state': 'cleaning', 'units': {}}},
            device_state.held(self.context))


class StatementCountMySQLTestCase(StatementCountTestCase):
    """The same on MariaDB, through PyMySQL (the provisioning's driver)."""

    BACKEND = 'mysql'


class StatementCountMySQLdbTestCase(StatementCountTestCase):
    """The same on MariaDB through mysqlclient, the driver the install
    guide recommends: the counts do not depend on the driver.
    """

    BACKEND = 'mysqldb'
