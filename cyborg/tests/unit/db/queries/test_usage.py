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
"""Usage intervals (cyborg.db.queries.usage), on SQLite."""

import datetime

from oslo_db import exception as db_exc
import sqlalchemy as sa

from cyborg import exception
from cyborg import states
from cyborg.common import usage as usage_fields
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import usage
from cyborg.tests import base
from cyborg.tests.fixtures import inventory

T0 = datetime.datetime(2026, 11, 1)
HOUR = 3600


def at(seconds):
    return T0 + datetime.timedelta(seconds=seconds)


@db_api.context_manager.writer
def _set_arq(context, arq_uuid, **values):
    context.session.execute(sa.update(models.ExtendedAcceleratorRequest)
                            .where(models.ExtendedAcceleratorRequest.uuid ==
                                   arq_uuid).values(**values))


class UsageQueryTests:
    """The tests, on the backend of the class they are mixed into
    (cyborg/tests/functional/db/test_usage_queries.py: MariaDB and
    PostgreSQL).
    """

    def _open(self, arq, start, project='p1', rc='PGPU', classes=(),
              host='n1', instance=None):
        return usage.open_interval(self.context, arq, at(start), {
            'instance_uuid': instance or 'i-' + arq, 'project_id': project,
            'user_id': 'u1', 'resource_class': rc, 'device_classes': classes,
            'deployable_uuid': 'dep', 'device_uuid': 'dev', 'hostname': host,
            'device_profile_name': 'gpu'})

    def _interval(self, arq, start, end, **kwargs):
        self._open(arq, start, **kwargs)
        if end is not None:
            self.assertEqual(1, usage.close(self.context, [arq], at(end),
                                            usage.UNBIND))

    def _seconds(self, start, end, **kwargs):
        return {(row['project_id'], row['resource_class']):
                (row['seconds'], row['intervals'])
                for row in usage.summary(self.context, at(start), at(end),
                                         **kwargs)}

    def test_one_open_interval_per_arq(self):
        self._open('a1', 0)
        self.assertRaises(db_exc.DBDuplicateEntry, self._open, 'a1', 10)
        self.assertEqual(1, usage.close(self.context, ['a1'], at(20),
                                        usage.DELETE))
        # Closing again changes nothing; a new binding opens anew.
        self.assertEqual(0, usage.close(self.context, ['a1'], at(30),
                                        usage.DELETE))
        self._open('a1', 40)
        [closed, open_] = usage.page(self.context, at(0), at(100))
        self.assertEqual((at(0), at(20), usage.DELETE, 20),
                         (closed['started_at'], closed['ended_at'],
                          closed['ended_by'], closed['seconds']))
        self.assertEqual((at(40), None, None, 60),
                         (open_['started_at'], open_['ended_at'],
                          open_['ended_by'], open_['seconds']))

    def test_never_closed_before_it_opened(self):
        # Two conductors' clocks differ: the one that unbinds is behind.
        self._interval('a1', 100, 90)
        [row] = usage.page(self.context, at(0), at(200))
        self.assertEqual((at(100), at(100), 0),
                         (row['started_at'], row['ended_at'],
                          row['seconds']))

    def test_times_are_kept_to_the_second(self):
        usage.open_interval(self.context, 'a1', at(10) + datetime.timedelta(
            microseconds=999999), {'project_id': 'p1'})
        usage.close(self.context, ['a1'], at(20) + datetime.timedelta(
            microseconds=5), usage.UNBIND)
        self.assertEqual({('p1', None): (10, 1)}, self._seconds(0, 100))

    def test_window_edges(self):
        # Only the part inside [1000, 2000) counts.
        self._interval('inside', 1100, 1200)       # 100
        self._interval('over-start', 900, 1050)    # 50
        self._interval('over-end', 1990, 2500)     # 10
        self._interval('around', 500, 3000)        # 1000
        self._open('open-before', 1500)            # 500, until the end
        self._interval('ends-at-start', 800, 1000)    # touches: no
        self._interval('starts-at-end', 2000, 2100)   # touches: no
        self._interval('before', 100, 200)
        self._open('after', 2500)
        self.assertEqual({('p1', 'PGPU'): (1660, 5)},
                         self._seconds(1000, 2000))
        # A window that ends now (2000): what began in its last second
        # counts, with none of its seconds yet.
        self.assertEqual({('p1', 'PGPU'): (1660, 6)},
                         self._seconds(1000, 2000, until_now=True))
        self.assertEqual(0, {row['arq_uuid']: row['seconds'] for row in
                             usage.page(self.context, at(1000), at(2000),
                                        until_now=True)}['starts-at-end'])
        # Every interval, whole, in a window around them all (the open
        # ones until its end).
        self.assertEqual({('p1', 'PGPU'): (
            100 + 150 + 510 + 2500 + 1500 + 200 + 100 + 100 + 500, 9)},
            self._seconds(0, 3000))
        seconds = {row['arq_uuid']: row['seconds'] for row in
                   usage.page(self.context, at(1000), at(2000))}
        self.assertEqual({'inside': 100, 'over-start': 50, 'over-end': 10,
                          'around': 1000, 'open-before': 500}, seconds)

    def test_projects_and_resource_classes(self):
        self._interval('a1', 0, HOUR, project='p1', rc='PGPU')
        self._interval('a2', 0, 2 * HOUR, project='p1', rc='VGPU')
        self._interval('a3', 0, 3 * HOUR, project='p2', rc='PGPU')
        self._open('a4', 0, project=None, rc=None)
        self.assertEqual({('p1', 'PGPU'): (HOUR, 1),
                          ('p1', 'VGPU'): (2 * HOUR, 1),
                          ('p2', 'PGPU'): (3 * HOUR, 1),
                          (None, None): (4 * HOUR, 1)},
                         self._seconds(0, 4 * HOUR))
        self.assertEqual({('p2', 'PGPU'): (3 * HOUR, 1)},
                         self._seconds(0, 4 * HOUR, project_id='p2'))
        self.assertEqual({}, self._seconds(0, 4 * HOUR, project_id='p3'))

    def test_group_by(self):
        self._interval('a1', 0, 100, classes=['A100', 'BIG'], host='n1',
                       instance='s1')
        self._interval('a2', 0, 200, classes=['A100'], host='n2',
                       instance='s1')
        self._interval('a3', 0, 300, host='n2', instance='s2')

        def grouped(group_by, **kwargs):
            return [(row[group_by], row['seconds'], row['intervals'])
                    for row in usage.summary(self.context, at(0), at(1000),
                                             group_by=group_by, **kwargs)]

        self.assertEqual([('n1', 100, 1), ('n2', 500, 2)], grouped('host'))
        self.assertEqual([('s1', 300, 2), ('s2', 300, 1)],
                         grouped('instance'))
        # One group per set of classes: the groups add up to the total.
        self.assertEqual(
            sorted([([], 300, 1), (['A100'], 200, 1),
                    (['A100', 'BIG'], 100, 1)]),
            sorted(grouped('device_class')))
        # Every interval of a class's devices, whatever else they are.
        self.assertEqual([(['A100'], 200, 1), (['A100', 'BIG'], 100, 1)],
                         sorted(grouped('device_class',
                                        device_class='A100')))
        self.assertEqual({('p1', 'PGPU'): (100, 1)},
                         self._seconds(0, 1000, device_class='BIG'))
        self.assertEqual({}, self._seconds(0, 1000, device_class='A10'))
        self.assertEqual(['a1', 'a2'], [
            row['arq_uuid'] for row in usage.page(
                self.context, at(0), at(1000), device_class='A100')])

    def test_pages(self):
        for index in range(5):
            self._interval('a%d' % index, index, 100,
                           project='p1' if index != 2 else 'p2')
        first = usage.page(self.context, at(0), at(100), limit=2)
        self.assertEqual(['a0', 'a1'], [row['arq_uuid'] for row in first])
        second = usage.page(self.context, at(0), at(100), limit=2,
                            marker=first[-1]['uuid'])
        self.assertEqual(['a2', 'a3'], [row['arq_uuid'] for row in second])
        mine = usage.page(self.context, at(0), at(100), project_id='p1',
                          limit=3, marker=first[0]['uuid'])
        self.assertEqual(['a1', 'a3', 'a4'],
                         [row['arq_uuid'] for row in mine])
        # Another project's interval is no marker.
        self.assertRaises(exception.MarkerNotFound, usage.page,
                          self.context, at(0), at(100), project_id='p1',
                          marker=second[0]['uuid'])
        self.assertEqual(
            {'id', 'uuid', 'arq_uuid', 'seconds', 'started_at', 'ended_at',
             'ended_by'} | set(usage_fields.FIELDS), set(first[0]))

    def test_purge_in_batches(self):
        self._interval('old1', 0, 10)
        self._interval('old2', 5, 20)
        self._interval('recent', 0, 200)
        self._open('open', 0)
        self.assertEqual(1, usage.purge_batch(self.context, at(100), 1))
        self.assertEqual(1, usage.purge_batch(self.context, at(100), 1))
        self.assertEqual(0, usage.purge_batch(self.context, at(100), 1))
        self.assertEqual(['recent', 'open'], [
            row['arq_uuid'] for row in usage.page(self.context, at(0),
                                                  at(300))])

    def test_closed_since(self):
        self._interval('a1', 0, 10)
        self._interval('a2', 0, 50)
        self._open('a3', 0)
        self._open('a4', 0)
        usage.close(self.context, ['a4'], at(50), usage.DELETE)
        self.assertEqual(['a2'], [row['arq_uuid'] for row in
                                  usage.closed_since(self.context,
                                                     ['a1', 'a2', 'a3',
                                                      'a4'],
                                                     at(50), usage.UNBIND)])
        self.assertEqual([], usage.closed_since(self.context, [], at(0),
                                                usage.UNBIND))

    def test_orphans_and_unrecorded_bindings(self):
        device = inventory.add_device(self.context, 'n1', handles=4)
        kept, unbound, moved, unrecorded = inventory.add_bound_arqs(
            self.context, device, ['s1', 's2', 's3', 's4'])
        for arq, instance in ((kept, 's1'), (unbound, 's2'), (moved, 's3')):
            self._open(arq, 0, instance=instance)
        self._open('gone', 0)
        _set_arq(self.context, unbound, state=states.UNBOUND,
                 updated_at=at(30))
        _set_arq(self.context, moved, instance_uuid='s9', updated_at=at(40))
        found = {row['arq_uuid']: (row['arq_state'], row['arq_updated_at'])
                 for row in usage.orphans(self.context)}
        self.assertEqual({'gone': (None, None),
                          unbound: (states.UNBOUND, at(30)),
                          moved: (states.BOUND, at(40))}, found)
        self.assertEqual([], usage.orphans(self.context, host='n2'))
        self.assertEqual([unrecorded], [
            row['uuid'] for row in usage.unrecorded(self.context)])
        [gone] = usage.orphans(self.context, interval_id=[
            row['id'] for row in usage.orphans(self.context)
            if row['arq_uuid'] == 'gone'][0])
        self.assertTrue(usage.close_one(self.context, gone['id'], at(5),
                                        at(100)))
        self.assertFalse(usage.close_one(self.context, gone['id'], at(6),
                                         at(100)))
        [row] = [r for r in usage.page(self.context, at(0), at(100))
                 if r['arq_uuid'] == 'gone']
        self.assertEqual((at(5), usage.AUDIT),
                         (row['ended_at'], row['ended_by']))


class TestUsageQueries(UsageQueryTests, base.DbTestCase):
    pass
