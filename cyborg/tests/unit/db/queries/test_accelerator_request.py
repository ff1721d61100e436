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
"""Tests of cyborg.db.queries.accelerator_request."""

from oslo_utils import uuidutils
import sqlalchemy as sa
from sqlalchemy.dialects import mysql
from sqlalchemy.dialects import postgresql
from sqlalchemy.dialects import sqlite

from cyborg import exception
from cyborg import states
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_profile as dp_queries
from cyborg.db.queries import device_state
from cyborg.db.queries import paginate
from cyborg.tests import base
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import statements


class ARQQueriesTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.dp = dp_queries.create(
            self.context, uuidutils.generate_uuid(), 'dp',
            [{'resources:FPGA': '2'}, {'resources:CUSTOM_QAT': '1'}])

    def _create(self, counts=(2, 1), project='p1'):
        return arq_queries.create(self.context, self.dp, project,
                                  list(counts))

    def test_create_in_group_order(self):
        arqs = self._create()
        self.assertEqual([0, 0, 1],
                         [a['device_profile_group_id'] for a in arqs])
        for arq in arqs:
            self.assertEqual(states.INITIAL, arq['state'])
            self.assertEqual('dp', arq['device_profile_name'])
            self.assertEqual('p1', arq['project_id'])
            self.assertEqual('', arq['attach_handle_type'])
            self.assertEqual({}, arq['attach_handle_info'])
            self.assertIsNone(arq['attach_handle_uuid'])

    def test_project_scoping(self):
        arq = self._create()[0]
        self.assertEqual(arq['uuid'], arq_queries.get(
            self.context, arq['uuid'], project_id='p1')['uuid'])
        self.assertRaises(exception.AcceleratorRequestNotFound,
                          arq_queries.get, self.context, arq['uuid'],
                          project_id='p2')
        self.assertEqual([], arq_queries.get_all(self.context,
                                                 project_id='p2'))
        self.assertEqual(3, len(arq_queries.get_all(self.context)))

    def _transition(self, uuid, name, values=None, project_id=None):
        arq_queries.transition(self.context, uuid, name, values,
                               project_id=project_id)

    def test_transitions_follow_the_table(self):
        uuid = self._create()[0]['uuid']
        self._transition(uuid, states.START_BIND,
                         {'hostname': 'h1', 'instance_uuid': 'i1'})
        arq = arq_queries.get(self.context, uuid)
        self.assertEqual((states.BIND_STARTED, 'h1', 'i1'),
                         (arq['state'], arq['hostname'],
                          arq['instance_uuid']))
        exc = self.assertRaises(exception.AcceleratorRequestBadState,
                                self._transition, uuid, states.START_BIND)
        self.assertIn('is in state BindStarted', exc.message)
        for name in (states.BIND_DONE, states.UNBIND, states.START_BIND,
                     states.BIND_FAIL, states.DELETE):
            self._transition(uuid, name)
            self.assertEqual(states.TRANSITIONS[name].target,
                             arq_queries.get(self.context, uuid)['state'])
        self.assertRaises(exception.AcceleratorRequestBadState,
                          self._transition, uuid, states.BIND_DONE)

    def test_transition_of_another_project(self):
        uuid = self._create()[0]['uuid']
        self.assertRaises(exception.AcceleratorRequestNotFound,
                          self._transition, uuid, states.START_BIND,
                          project_id='p2')

    def test_every_state_is_a_source_or_target(self):
        seen = set()
        for transition in states.TRANSITIONS.values():
            self.assertIn(transition.target, states.ALL + (states.GONE,))
            self.assertLessEqual(set(transition.sources), set(states.ALL))
            seen.update(transition.sources + (transition.target,))
        self.assertEqual(set(states.ALL + (states.GONE,)), seen)

    def _rows_to_delete(self, **kwargs):
        return arq_queries.rows_to_delete(self.context, **kwargs)

    def test_rows_to_delete_by_uuids_need_every_uuid(self):
        arqs = self._create()
        self.assertRaises(exception.AcceleratorRequestNotFound,
                          self._rows_to_delete,
                          uuids=[arqs[0]['uuid'],
                                 uuidutils.generate_uuid()])
        self.assertEqual([arqs[0]['uuid']], [
            a['uuid'] for a in self._rows_to_delete(
                uuids=[arqs[0]['uuid']])])
        self.assertRaises(exception.AcceleratorRequestNotFound,
                          self._rows_to_delete, uuids=[arqs[0]['uuid']],
                          project_id='p2')

    def test_rows_to_delete_by_instance(self):
        arqs = self._create()
        self._transition(arqs[0]['uuid'], states.START_BIND,
                         {'instance_uuid': 'i1'})
        self.assertEqual([arqs[0]['uuid']], [
            a['uuid'] for a in self._rows_to_delete(instance_uuid='i1')])
        self.assertEqual([], self._rows_to_delete(instance_uuid='i2'))

    def test_list_is_one_statement_whatever_the_rows(self):
        counter = self.useFixture(statements.StatementCounter(
            self.db.engine))
        self._create()
        with counter.counting():
            arq_queries.get_all(self.context)
        few = counter.count
        for _ in range(20):
            self._create()
        with counter.counting():
            self.assertEqual(63, len(arq_queries.get_all(self.context)))
        self.assertEqual(few, counter.count)
        self.assertEqual(1, counter.count)


class PaginationTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        for name in ('c', 'a', 'b', 'a2'):
            dp_queries.create(self.context, uuidutils.generate_uuid(),
                              name, [{'resources:FPGA': '1'}])

    def _names(self, **kwargs):
        return [p['name'] for p in dp_queries.get_all(self.context,
                                                      **kwargs)]

    def test_pages_by_id(self):
        first = dp_queries.get_all(self.context, limit=2)
        self.assertEqual(['c', 'a'], [p['name'] for p in first])
        self.assertEqual(['b', 'a2'], self._names(
            limit=2, marker=first[-1]['uuid']))

    def test_pages_by_name_both_ways(self):
        self.assertEqual(['a', 'a2', 'b', 'c'], self._names(
            sort_key='name'))
        self.assertEqual(['c', 'b', 'a2', 'a'], self._names(
            sort_key='name', sort_dir='desc'))
        marker = dp_queries.get_by_name(self.context, 'a2')['uuid']
        self.assertEqual(['b', 'c'], self._names(sort_key='name',
                                                 marker=marker))
        self.assertEqual(['a'], self._names(sort_key='name',
                                            sort_dir='desc',
                                            marker=marker))

    def test_unknown_marker(self):
        self.assertRaises(exception.MarkerNotFound, dp_queries.get_all,
                          self.context, marker=uuidutils.generate_uuid())


class JoinOrderTestCase(base.TestCase):

    def test_arqs_first_on_mysql_only(self):
        # A page built on the ARQs' base SELECT keeps the hint.
        query = paginate._page_statement(
            arq_queries._SHOWN, arq_queries.TABLE, (('instance_uuid', 'eq'),),
            'id', 'asc', True, True)
        self.assertIn('SELECT STRAIGHT_JOIN ',
                      str(query.compile(dialect=mysql.dialect())))
        for dialect in (sqlite.dialect(), postgresql.dialect()):
            self.assertNotIn('STRAIGHT_JOIN',
                             str(query.compile(dialect=dialect)))


class DeviceHealthTestCase(base.DbTestCase):
    """The health of the devices behind ARQs (2.4) and the instances on a
    device (the health notification), each in one query.
    """

    def setUp(self):
        super().setUp()
        self.dp = dp_queries.create(
            self.context, uuidutils.generate_uuid(), 'dp',
            [{'resources:FPGA': '1'}])
        self.one = inventory.add_device(self.context, 'h1')
        self.two = inventory.add_device(self.context, 'h2')

    def _arq(self, device=None, instance=None, project='p1'):
        [arq] = arq_queries.create(self.context, self.dp, project, [1])
        if device is not None:
            with self.db.engine.begin() as conn:
                handle = conn.execute(
                    sa.select(models.AttachHandle.id).where(
                        models.AttachHandle.deployable_id ==
                        device['deployable_id'],
                        models.AttachHandle.in_use.is_(sa.false()))
                ).scalars().first()
                conn.execute(sa.update(models.AttachHandle).where(
                    models.AttachHandle.id == handle).values(in_use=True))
                conn.execute(sa.update(
                    models.ExtendedAcceleratorRequest).where(
                    models.ExtendedAcceleratorRequest.uuid == arq['uuid'])
                    .values(state=states.BOUND, instance_uuid=instance,
                            attach_handle_id=handle,
                            deployable_id=device['deployable_id']))
        return arq_queries.get(self.context, arq['uuid'])

    def _fail(self, device, reason):
        row = device_queries.get(self.context, device['device_uuid'])
        device_state.set_health(self.context, device['device_id'],
                                  'unhealthy', reason, row['created_at'])

    def test_health_of_each_arq_with_a_device(self):
        bound = self._arq(self.one, instance='i1')
        other = self._arq(self.two, instance='i2')
        unbound = self._arq()
        self._fail(self.two, 'on fire')
        health = arq_queries.device_health(
            self.context, [bound, other, unbound])
        self.assertEqual({bound['uuid'], other['uuid']}, set(health))
        self.assertIsNone(health[bound['uuid']]['health'])
        self.assertEqual(('unhealthy', 'on fire'),
                         (health[other['uuid']]['health'],
                          health[other['uuid']]['health_reason']))
        self.assertIsNotNone(health[other['uuid']]['health_since'])
        self.assertEqual({}, arq_queries.device_health(self.context,
                                                       [unbound]))

    def test_health_is_one_statement_whatever_the_arqs(self):
        counter = self.useFixture(statements.StatementCounter(
            self.db.engine))
        arqs = [self._arq(self.one, instance='i1')]
        with counter.counting():
            arq_queries.device_health(self.context, arqs)
        self.assertEqual(1, counter.count)
        arqs += [self._arq(self.one, instance='i%d' % n)
                 for n in range(2, 3)]
        arqs += [self._arq(self.two, instance='i3')]
        with counter.counting():
            self.assertEqual(3, len(arq_queries.device_health(
                self.context, arqs)))
        self.assertEqual(1, counter.count)

    def test_on_devices(self):
        first = self._arq(self.one, instance='i2')
        second = self._arq(self.one, instance='i1')
        self._arq()
        one, two = self.one['device_id'], self.two['device_id']
        self.assertEqual({one: [first, second], two: []},
                         arq_queries.on_devices(self.context, [one, two]))
        self.assertEqual({}, arq_queries.on_devices(self.context, []))
