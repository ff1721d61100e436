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
"""The servers that hold accelerators (cyborg.db.queries.instance), on
SQLite.
"""

import datetime

from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import instance as instance_queries
from cyborg.db.queries import telemetry as telemetry_queries
from cyborg.tests import base
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import statements

S1 = '10000000-0000-4000-8000-000000000001'
S2 = '20000000-0000-4000-8000-000000000002'
S3 = '30000000-0000-4000-8000-000000000003'
S4 = '40000000-0000-4000-8000-000000000004'


@db_api.context_manager.writer
def _set_state(context, arq_uuid, state):
    context.session.execute(sa.update(models.ExtendedAcceleratorRequest)
                            .where(models.ExtendedAcceleratorRequest.uuid ==
                                   arq_uuid).values(state=state))


@db_api.context_manager.writer
def _set_updated(context, arq_uuid, when):
    context.session.execute(sa.update(models.ExtendedAcceleratorRequest)
                            .where(models.ExtendedAcceleratorRequest.uuid ==
                                   arq_uuid).values(updated_at=when))


class InstanceQueryTests:
    """The tests, on the backend of the class they are mixed into
    (cyborg/tests/functional/db/test_instance_queries.py: MariaDB and
    PostgreSQL).
    """

    def setUp(self):
        super().setUp()
        fpga = inventory.add_device(self.context, 'n1', handles=4)
        self.gpu = gpu = inventory.add_device(
            self.context, 'n2', dev_type='GPU', driver='nvidia', rc='PGPU',
            handles=2, address='0000:af:00.0')
        self.arqs = {}
        # S1: two FPGAs (one attached) on n1; S2: one on n1, of p2;
        # S3: a GPU on n2; S4: its ARQ no longer Bound.
        [self.arqs['s1']] = inventory.add_bound_arqs(
            self.context, fpga, [S1], project_id='p1', profile='fpga')
        [self.arqs['s1-attached']] = inventory.add_bound_arqs(
            self.context, fpga, [S1], project_id='p1', profile='fpga',
            attachment_uuid=S4)
        [self.arqs['s2']] = inventory.add_bound_arqs(
            self.context, fpga, [S2], project_id='p2', profile='fpga')
        [self.arqs['s3']] = inventory.add_bound_arqs(
            self.context, gpu, [S3], project_id='p1', profile='gpu')
        [arq] = inventory.add_bound_arqs(self.context, gpu, [S4],
                                         project_id='p1', profile='gpu')
        _set_state(self.context, arq, 'BindFailed')

    def _page(self, **kwargs):
        return [(e['uuid'], [a['uuid'] for a in e['arqs']])
                for e in instance_queries.get_page(self.context, **kwargs)]

    def test_every_server_with_bound_arqs(self):
        self.assertEqual([
            (S1, [self.arqs['s1'], self.arqs['s1-attached']]),
            (S2, [self.arqs['s2']]), (S3, [self.arqs['s3']])],
            self._page())
        [first] = instance_queries.get_page(self.context, limit=1)
        self.assertEqual('p1', first['project_id'])
        arq = first['arqs'][1]
        self.assertEqual(
            ('fake', 'fpga', 'n1', S4, 'TEST_PCI', None),
            (arq['driver'], arq['device_profile_name'], arq['hostname'],
             arq['attachment_uuid'], arq['attach_handle_type'],
             arq['health']))

    def test_filters(self):
        self.assertEqual([(S3, [self.arqs['s3']])],
                         self._page(driver='nvidia'))
        self.assertEqual([(S3, [self.arqs['s3']])],
                         self._page(host='n2', device_profile='gpu'))
        self.assertEqual([(S1, [self.arqs['s1'], self.arqs['s1-attached']]),
                          (S3, [self.arqs['s3']])],
                         self._page(project_id='p1'))
        self.assertEqual([], self._page(host='n2', driver='fake'))

    def test_idle_accelerators(self):
        long_ago = timeutils.utcnow() - datetime.timedelta(days=3)
        telemetry_queries.write(self.context, 'n2', {
            self.gpu['device_uuid']: {
                'read_at': long_ago.isoformat(), 'stale': None,
                'values': {'utilization': 0.0, 'busy': False}}})
        before = timeutils.utcnow() - datetime.timedelta(days=1)
        # S3's ARQ was bound just now: not idle for the window yet.
        self.assertEqual([], self._page(idle_before=before))
        # Idle since, for a server, is never before its bind (issue 64).
        [entry] = [e for e in instance_queries.get_page(self.context)
                   if e['uuid'] == S3]
        self.assertGreater(entry['arqs'][0]['idle_since'], long_ago)
        _set_updated(self.context, self.arqs['s3'], long_ago)
        [(uuid, [arq])] = self._page(idle_before=before)
        self.assertEqual((S3, self.arqs['s3']), (uuid, arq))
        [entry] = instance_queries.get_page(self.context,
                                            idle_before=before)
        self.assertEqual((0.0, long_ago.replace(microsecond=0)), (
            entry['arqs'][0]['utilization'],
            entry['arqs'][0]['idle_since'].replace(microsecond=0)))
        # Busy again: not idle.
        telemetry_queries.write(self.context, 'n2', {
            self.gpu['device_uuid']: {
                'read_at': timeutils.utcnow().isoformat(), 'stale': None,
                'values': {'utilization': 0.9, 'busy': True}}})
        self.assertEqual([], self._page(idle_before=before))

    def test_pages(self):
        self.assertEqual([S1, S2], [u for u, _ in self._page(limit=2)])
        self.assertEqual([S3], [u for u, _ in self._page(limit=2,
                                                         marker=S2)])
        # The marker need not hold accelerators any more.
        self.assertEqual([S2, S3], [u for u, _ in self._page(
            marker='1fffffff-0000-4000-8000-000000000000')])
        self.assertEqual([], self._page(marker=S3))

    def test_two_statements_a_page(self):
        counter = self.useFixture(statements.StatementCounter(
            self.db.engine))
        with counter.counting():
            instance_queries.get_page(self.context, host='n1', limit=10,
                                      marker=S1, driver='fake',
                                      device_profile='fpga',
                                      project_id='p2')
        self.assertEqual(2, counter.count)
        with counter.counting():
            instance_queries.get_page(self.context, host='none')
        self.assertEqual(1, counter.count)


class InstanceQueryTestCase(InstanceQueryTests, base.DbTestCase):
    BACKEND = 'sqlite'
