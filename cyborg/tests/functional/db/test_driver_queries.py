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
"""Driver rows under concurrency, on MariaDB and PostgreSQL."""

from oslo_utils import timeutils
from oslo_utils import uuidutils
import sqlalchemy as sa
from sqlalchemy import orm

from cyborg.db import models
from cyborg.db.queries import driver as driver_queries
from cyborg.tests import base

HELLO = {'name': 'fake', 'version': '1.0', 'device_types': ['FPGA'],
         'status': 'READY', 'detail': None}


class _RecordHelloRaceMixin:

    def _insert_first(self, session, flush_context, instances):
        """Another hello of the agent (its own connection) records the
        driver after this one read the rows and before it writes.
        """
        if self.raced or not any(isinstance(o, models.Driver)
                                 for o in session.new):
            return
        self.raced = True
        now = timeutils.utcnow()
        with self.db.engine.begin() as conn:
            conn.execute(sa.insert(models.Driver.__table__).values(
                uuid=uuidutils.generate_uuid(), host='h1', name='fake',
                source='config', status='READY', version='1.0',
                device_types='["FPGA"]', state='installed',
                created_at=now))

    def test_two_hellos_record_a_driver_once(self):
        self.raced = False
        sa.event.listen(orm.Session, 'before_flush', self._insert_first)
        self.addCleanup(sa.event.remove, orm.Session, 'before_flush',
                        self._insert_first)
        driver_queries.record_hello(self.context, 'h1', [HELLO])
        self.assertTrue(self.raced)
        self.assertEqual([('h1', 'fake', 'config')], [
            (r['host'], r['name'], r['source'])
            for r in driver_queries.get_all(self.context)])

    def test_a_stale_hello_of_an_uninstalled_api_driver(self):
        # The agent said hello with a driver the API installed, whose row
        # an uninstall deleted meanwhile: not a driver of its file.
        driver_queries.record_hello(self.context, 'h1',
                                    [dict(HELLO, source='api')])
        self.assertEqual([], driver_queries.get_all(self.context))


class RecordHelloRaceMySQLTestCase(_RecordHelloRaceMixin, base.DbTestCase):
    BACKEND = 'mysql'


class RecordHelloRacePostgreSQLTestCase(_RecordHelloRaceMixin,
                                        base.DbTestCase):
    BACKEND = 'postgresql'
