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
"""Tests of the cyborg-manage command."""

import datetime

import sqlalchemy as sa

from cyborg import context as cyborg_context
from cyborg.cmd import manage
from cyborg.db import migration
from cyborg.db.queries import service as service_queries
from cyborg.tests.unit.cmd import test_dbsync

T0 = datetime.datetime(2026, 11, 21, 12, 0, 0)


class ServiceListTestCase(test_dbsync.CommandTestCase):

    def setUp(self):
        super().setUp()
        engine = sa.create_engine(self.db_url)
        migration.upgrade(engine=engine)
        engine.dispose()
        self.clock = self.time_fixture(T0)

    def _run(self, *args):
        return manage.main(['cyborg-manage', '--config-file',
                            self.conf_path] + list(args), conf=self.conf)

    def _heartbeat(self, host, binary):
        self.seed(service_queries.heartbeat,
                  cyborg_context.get_admin_context(), host, binary,
                  version='1.0', started_at=T0)

    def _rows(self):
        return [[cell.strip() for cell in line.split('|')[1:-1]]
                for line in self.output().splitlines()
                if line.startswith('|')]

    def test_list_shows_up_and_down(self):
        self._heartbeat('c1', 'cyborg-conductor')
        self._heartbeat('n1', 'cyborg-agent')
        self.clock.advance(60)   # more than service_down_time (3 s here)
        self._heartbeat('n2', 'cyborg-agent')
        self.assertEqual(0, self._run('service', 'list'))
        rows = self._rows()
        self.assertEqual(['Host', 'Binary', 'Topic', 'Version', 'Status',
                          'Last seen up', 'Started at'], rows[0])
        self.assertEqual([('c1', 'cyborg-conductor', 'down'),
                          ('n1', 'cyborg-agent', 'down'),
                          ('n2', 'cyborg-agent', 'up')],
                         [(r[0], r[1], r[4]) for r in rows[1:]])

    def test_filter_by_binary(self):
        self._heartbeat('c1', 'cyborg-conductor')
        self._heartbeat('n1', 'cyborg-agent')
        self.assertEqual(0, self._run('service', 'list', '--binary',
                                      'cyborg-agent'))
        self.assertEqual(['n1'], [r[0] for r in self._rows()[1:]])

    def test_filter_by_host(self):
        self._heartbeat('c1', 'cyborg-conductor')
        self._heartbeat('n1', 'cyborg-agent')
        self.assertEqual(0, self._run('service', 'list', '--host', 'c1'))
        self.assertEqual(['c1'], [r[0] for r in self._rows()[1:]])
