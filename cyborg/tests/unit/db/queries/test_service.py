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
"""Tests of cyborg.db.queries.service."""

import datetime

from cyborg.db.queries import service as service_queries
from cyborg.tests import base

T0 = datetime.datetime(2026, 11, 21, 12, 0, 0)


class ServiceQueriesTestCase(base.DbTestCase):

    def test_first_heartbeat_creates_the_row(self):
        self.time_fixture(T0)
        svc = service_queries.heartbeat(
            self.context, 'h1', 'cyborg-agent', topic='cyborg-agent',
            version='1.2.3', started_at=T0)
        self.assertEqual('h1', svc['host'])
        self.assertEqual('cyborg-agent', svc['binary'])
        self.assertEqual('cyborg-agent', svc['topic'])
        self.assertEqual('1.2.3', svc['version'])
        self.assertEqual(T0, svc['started_at'])
        self.assertEqual(T0, svc['last_seen_up'])
        self.assertEqual(T0, svc['created_at'])
        self.assertEqual(36, len(svc['uuid']))

    def test_later_heartbeat_updates_last_seen_only(self):
        clock = self.time_fixture(T0)
        first = service_queries.heartbeat(
            self.context, 'h1', 'cyborg-agent', topic='cyborg-agent',
            version='1.2.3', started_at=T0)
        clock.advance(10)
        second = service_queries.heartbeat(self.context, 'h1', 'cyborg-agent')
        self.assertEqual(first['uuid'], second['uuid'])
        self.assertEqual(T0, second['started_at'])
        self.assertEqual('1.2.3', second['version'])
        self.assertEqual(T0 + datetime.timedelta(seconds=10),
                         second['last_seen_up'])
        self.assertEqual(1, len(service_queries.get_all(self.context)))

    def test_same_host_two_binaries(self):
        service_queries.heartbeat(self.context, 'h1', 'cyborg-agent')
        service_queries.heartbeat(self.context, 'h1', 'cyborg-conductor')
        self.assertEqual(
            ['cyborg-agent', 'cyborg-conductor'],
            [s['binary'] for s in service_queries.get_all(self.context)])

    def test_get_and_filters(self):
        service_queries.heartbeat(self.context, 'h2', 'cyborg-agent')
        service_queries.heartbeat(self.context, 'h1', 'cyborg-agent')
        service_queries.heartbeat(self.context, 'h1', 'cyborg-conductor')
        self.assertEqual(['h1', 'h1', 'h2'], [
            s['host'] for s in service_queries.get_all(self.context)])
        self.assertEqual(['h1', 'h2'], [
            s['host'] for s in service_queries.get_all(
                self.context, binary='cyborg-agent')])
        self.assertEqual(['cyborg-agent', 'cyborg-conductor'], [
            s['binary'] for s in service_queries.get_all(
                self.context, host='h1')])
        self.assertEqual(['h2'], [s['host'] for s in service_queries.get_all(
            self.context, 'h2', 'cyborg-agent')])
        self.assertEqual([], service_queries.get_all(
            self.context, 'nope', 'cyborg-agent'))
