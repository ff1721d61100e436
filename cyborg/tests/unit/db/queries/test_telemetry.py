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
"""The latest telemetry sample of each device
(cyborg.db.queries.telemetry), on SQLite: one statement per
changed device, ``idle_since``, the instances holding a host's devices.
"""

import datetime

import sqlalchemy as sa

from cyborg import exception
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import host_inventory
from cyborg.db.queries import telemetry as telemetry_queries
from cyborg.tests import base
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import statements

S1 = '10000000-0000-4000-8000-000000000001'
S2 = '20000000-0000-4000-8000-000000000002'
T0 = datetime.datetime(2026, 11, 27, 12, 0, 0)


def _payload(minutes, busy=None, stale=None, **values):
    if busy is not None:
        values['busy'] = busy
    return {'values': values, 'stale': stale,
            'read_at': (T0 + datetime.timedelta(minutes=minutes)).isoformat()}


class DeviceTelemetryQueryTests:
    """The tests, on the backend of the class they are mixed into
    (cyborg/tests/functional/db/test_telemetry_queries.py: MariaDB
    and PostgreSQL).
    """

    def setUp(self):
        super().setUp()
        self.gpu = inventory.add_device(self.context, 'n1', dev_type='GPU',
                                        driver='fake', rc='PGPU', handles=1)
        self.fpga = inventory.add_device(self.context, 'n1', handles=4,
                                         address='0000:0d:00.0')
        self.other = inventory.add_device(self.context, 'n2',
                                          address='0000:0e:00.0')
        self.counter = self.useFixture(statements.StatementCounter(
            self.db.engine))

    def _write(self, host, samples):
        with self.counter.counting():
            unknown = telemetry_queries.write(self.context, host, samples)
        return unknown, self.counter.count

    def _get(self, device):
        return telemetry_queries.get(self.context, device['device_uuid'])

    def test_first_sample_then_one_statement_per_change(self):
        uuid = self.gpu['device_uuid']
        # One statement, the first sample of a device as the others.
        self.assertEqual(([], 1), self._write('n1', {uuid: _payload(
            0, busy=False, utilization=0.01, temperature_celsius=33.0)}))
        self.assertEqual(([], 1), self._write('n1', {uuid: _payload(
            1, busy=False, utilization=0.02, temperature_celsius=40.0)}))
        self.assertEqual(([], 0), self._write('n1', {}))
        got = self._get(self.gpu)
        self.assertEqual({'busy': False, 'utilization': 0.02,
                          'temperature_celsius': 40.0}, got['values'])
        self.assertEqual((T0 + datetime.timedelta(minutes=1), 'n1', 'fake'),
                         (got['read_at'], got['hostname'],
                          got['driver_name']))
        # Idle since its first idle sample.
        self.assertEqual(T0, got['idle_since'])

    def test_idle_since_follows_busy(self):
        uuid = self.gpu['device_uuid']
        self._write('n1', {uuid: _payload(0, busy=True)})
        self.assertIsNone(self._get(self.gpu)['idle_since'])
        self._write('n1', {uuid: _payload(5, busy=False)})
        self._write('n1', {uuid: _payload(9, busy=False)})
        self.assertEqual(T0 + datetime.timedelta(minutes=5),
                         self._get(self.gpu)['idle_since'])
        # A stale sample or one without utilization changes nothing.
        self._write('n1', {uuid: _payload(12, busy=True, stale='timeout')})
        self._write('n1', {uuid: _payload(13)})
        got = self._get(self.gpu)
        self.assertEqual((T0 + datetime.timedelta(minutes=5), None),
                         (got['idle_since'], got['stale_reason']))
        self._write('n1', {uuid: _payload(14, busy=False, stale='x' * 300)})
        self.assertEqual(255, len(self._get(self.gpu)['stale_reason']))
        self._write('n1', {uuid: _payload(15, busy=True)})
        self.assertIsNone(self._get(self.gpu)['idle_since'])

    def test_devices_of_another_host_or_none_are_unknown(self):
        samples = {self.other['device_uuid']: _payload(0),
                   'no-such-device': _payload(0)}
        unknown, _count = self._write('n1', samples)
        self.assertEqual(sorted(samples), sorted(unknown))
        got = self._get(self.other)
        self.assertEqual(({}, None), (got['values'], got['read_at']))
        self.assertRaises(exception.DeviceNotFound, telemetry_queries.get,
                          self.context, 'no-such-device')

    def test_bindings_in_one_statement(self):
        inventory.add_bound_arqs(self.context, self.fpga, [S1, S2],
                                 project_id='p1')
        inventory.add_bound_arqs(self.context, self.gpu, [S2],
                                 project_id='p2')
        with self.counter.counting():
            held = telemetry_queries.bindings(self.context, 'n1')
        self.assertEqual(1, self.counter.count)
        self.assertEqual({
            self.fpga['device_uuid']: [{'instance': S1, 'project': 'p1'},
                                       {'instance': S2, 'project': 'p1'}],
            self.gpu['device_uuid']: [{'instance': S2, 'project': 'p2'}]},
            held)
        self.assertEqual({}, telemetry_queries.bindings(self.context, 'n2'))

    def test_many_and_deleted_with_its_device(self):
        self._write('n1', {self.gpu['device_uuid']: _payload(0, busy=True),
                           self.fpga['device_uuid']: _payload(0)})
        self.assertEqual(
            {self.gpu['device_uuid']},
            {uuid for uuid, sample in telemetry_queries.get_many(
                self.context, [self.gpu['device_uuid'], 'x']).items()
             if sample['values'].get('busy')})
        self._delete(self.gpu['device_id'])
        self.assertEqual([self.fpga['device_uuid']], list(
            telemetry_queries.get_many(self.context, [
                self.gpu['device_uuid'], self.fpga['device_uuid']])))

    @db_api.context_manager.writer
    def _delete_in(self, context, device_id):
        return host_inventory.delete_device(context, device_id)

    def _delete(self, device_id):
        # Its handles and deployable first, as device_diff does.
        self._clear(self.context, device_id)
        self.assertTrue(self._delete_in(self.context, device_id))

    @staticmethod
    @db_api.context_manager.writer
    def _clear(context, device_id):
        dep = models.Deployable.__table__
        ids = [r.id for r in context.session.execute(
            sa.select(dep.c.id).where(dep.c.device_id == device_id))]
        for table in (models.AttachHandle.__table__,
                      models.Attribute.__table__):
            context.session.execute(sa.delete(table).where(
                table.c.deployable_id.in_(ids)))
        context.session.execute(sa.delete(dep).where(dep.c.id.in_(ids)))


class DeviceTelemetryQueryTestCase(DeviceTelemetryQueryTests,
                                   base.DbTestCase):
    BACKEND = 'sqlite'
