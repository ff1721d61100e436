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
"""Usage intervals opened by binds and closed by unbinds and deletes
(conductor.arq.bind, .release, .delete), in their transactions.
"""

import datetime

from oslo_db import exception as db_exc
from oslo_serialization import jsonutils
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import exception
from cyborg import states
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import usage as usage_queries
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import lost_commit
from cyborg.tests.fixtures import notifications

T0 = datetime.datetime(2026, 11, 2, 8, 0, 0)


@db_api.context_manager.writer
def _publish_classes(context, deployable_id, names):
    """The device class traits a push published on the provider."""
    context.session.execute(
        sa.update(models.Deployable).where(
            models.Deployable.id == deployable_id).values(
            rp_state=jsonutils.dumps({'traits': [
                'CUSTOM_CLASS_' + name for name in names]})))


class BindUsageTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.clock = self.time_fixture(T0)
        self.context.user_id = 'u1'
        self.gpu = inventory.add_device(
            self.context, 'node-1', dev_type='GPU', rc='PGPU', traits=(),
            driver='gpu', handles=2)
        _publish_classes(self.context, self.gpu['deployable_id'],
                         ['BIG', 'A100'])
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='a100', description=None,
            groups=[{'resources:PGPU': '1'}]))
        self.sent = self.useFixture(notifications.Notifications())

    def _arq(self, project='p1'):
        return arq_create.create(self.context, 'a100',
                                 project)[0]['uuid']

    def _bind(self, arq, instance='i1', **values):
        return arq_bind.bind(self.context, {arq: dict(
            {'hostname': 'node-1', 'device_rp_uuid': self.gpu['rp_uuid'],
             'instance_uuid': instance}, **values)})[0]

    def _intervals(self):
        return usage_queries.page(self.context, T0, self.clock.now)

    def _closed(self):
        return [data for _, data in
                self.sent.events('accelerator_usage.close')]

    def test_a_bind_opens_what_a_rating_engine_needs(self):
        arq = self._arq()
        self.assertEqual({arq: states.BOUND}, self._bind(arq))
        self.clock.advance(90)
        [interval] = self._intervals()
        self.assertEqual(
            {'arq_uuid': arq, 'instance_uuid': 'i1', 'project_id': 'p1',
             'user_id': 'u1', 'resource_class': 'PGPU',
             'device_classes': ['A100', 'BIG'],
             'deployable_uuid': self.gpu['deployable_uuid'],
             'device_uuid': self.gpu['device_uuid'], 'hostname': 'node-1',
             'device_profile_name': 'a100', 'started_at': T0,
             'ended_at': None, 'ended_by': None, 'seconds': 90},
            {key: value for key, value in interval.items()
             if key not in ('id', 'uuid')})

    def test_the_project_a_bind_sets_is_the_intervals(self):
        arq = self._arq(project=None)
        self._bind(arq, project_id='p9')
        self.clock.advance(1)
        self.assertEqual(['p9'], [i['project_id']
                                  for i in self._intervals()])

    def test_unbind_closes_and_a_new_bind_opens_anew(self):
        arq = self._arq()
        self._bind(arq)
        self.clock.advance(60)
        arq_release.unbind(self.context, [arq])
        self.clock.advance(30)
        self._bind(arq, instance='i2')
        self.clock.advance(10)
        first, second = self._intervals()
        self.assertEqual((T0, T0 + datetime.timedelta(seconds=60),
                          usage_queries.UNBIND, 'i1'),
                         (first['started_at'], first['ended_at'],
                          first['ended_by'], first['instance_uuid']))
        self.assertEqual((None, 'i2', 10), (second['ended_at'],
                                            second['instance_uuid'],
                                            second['seconds']))
        [closed] = self._closed()
        self.assertEqual((first['uuid'], arq, 60, 'unbind',
                          ['A100', 'BIG']),
                         (closed['uuid'], closed['arq_uuid'],
                          closed['seconds'], closed['ended_by'],
                          closed['device_classes']))

    def test_delete_closes_once(self):
        arqs = [self._arq(), self._arq()]
        self._bind(arqs[0], instance='i1')
        self._bind(arqs[1], instance='i2')
        self.clock.advance(3600)
        arq_delete.delete(self.context, instance_uuid='i1')
        self.clock.advance(1)
        # Deleted again (gone: nothing), and the other ARQ by uuid.
        arq_delete.delete(self.context, instance_uuid='i1')
        arq_delete.delete(self.context, uuids=[arqs[1]])
        self.assertEqual([(arqs[0], 3600, 'delete'),
                          (arqs[1], 3601, 'delete')],
                         [(c['arq_uuid'], c['seconds'], c['ended_by'])
                          for c in self._closed()])
        self.assertEqual([None, None], [
            i['open_arq_uuid'] for i in self._table()])

    def _table(self):
        with self.db.engine.connect() as conn:
            return conn.execute(sa.select(
                models.UsageInterval.__table__)).mappings().all()

    def test_a_bind_whose_commit_lost_its_answer_opens_once(self):
        # The try that committed opened the interval; the retry finds
        # the bind done and opens nothing (never two open intervals for
        # one binding).
        arq = self._arq()
        lost = self.useFixture(lost_commit.LostCommitAnswer(
            self.db.engine, after='INSERT INTO usage_intervals'))
        self.assertEqual({arq: states.BOUND}, self._bind(arq))
        self.assertEqual(1, len(lost.lost))
        self.assertEqual([arq], [i['open_arq_uuid'] for i in self._table()])

    def test_a_delete_whose_commit_lost_its_answer_closes_once(self):
        arq = self._arq()
        self._bind(arq)
        self.clock.advance(5)
        lost = self.useFixture(lost_commit.LostCommitAnswer(
            self.db.engine, after='UPDATE usage_intervals'))
        self.assertEqual([arq], arq_delete.delete(self.context, uuids=[arq]))
        self.assertEqual(1, len(lost.lost))
        self.assertEqual([(arq, 5)], [(c['arq_uuid'], c['seconds'])
                                      for c in self._closed()])

    def test_a_refused_or_failed_bind_opens_nothing(self):
        arqs = [self._arq() for _ in range(3)]
        self._bind(arqs[0], instance='i1')
        self._bind(arqs[1], instance='i2')
        self.assertRaises(exception.BindRefused, self._bind, arqs[2],
                          instance='i3')
        self.clock.advance(1)
        self.assertEqual(sorted(arqs[:2]), sorted(
            i['arq_uuid'] for i in self._intervals()))

    def test_a_second_open_interval_is_refused_by_the_database(self):
        # Whatever the flow: the unique key of open intervals.
        arq = self._arq()
        self._bind(arq)
        self.assertRaises(
            db_exc.DBDuplicateEntry, usage_queries.open_interval,
            self.context, arq, T0, {})
