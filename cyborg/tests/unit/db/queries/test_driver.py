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
"""Tests of cyborg.db.queries.driver."""

from cyborg.db.queries import driver as driver_queries
from cyborg.db.queries import host as host_queries
from cyborg.tests import base


def _hello(name, status='READY', types=('FPGA',), version='1.0',
           detail=None):
    return {'name': name, 'status': status, 'device_types': list(types),
            'version': version, 'detail': detail}


class DriverQueriesTestCase(base.DbTestCase):

    def test_first_hello_creates_rows(self):
        written = driver_queries.record_hello(
            self.context, 'h1', [_hello('fake'), _hello('generic', types=[
                'GENERIC', 'GPU'])])
        self.assertEqual(2, written)
        rows = driver_queries.get_all(self.context)
        self.assertEqual(['fake', 'generic'], [r['name'] for r in rows])
        self.assertEqual(['GENERIC', 'GPU'], rows[1]['device_types'])
        self.assertEqual('config', rows[0]['source'])
        self.assertEqual({}, rows[0]['config'])
        self.assertEqual('READY', rows[0]['status'])

    def test_unchanged_hello_writes_nothing(self):
        driver_queries.record_hello(self.context, 'h1', [_hello('fake')])
        self.assertEqual(0, driver_queries.record_hello(
            self.context, 'h1', [_hello('fake')]))

    def test_changed_status_is_written(self):
        driver_queries.record_hello(self.context, 'h1', [_hello('fake')])
        self.assertEqual(1, driver_queries.record_hello(
            self.context, 'h1', [_hello('fake', status='ERROR',
                                        detail='boom')]))
        row = driver_queries.get_all(self.context, host='h1')[0]
        self.assertEqual('ERROR', row['status'])
        self.assertEqual('boom', row['detail'])

    def test_driver_no_longer_reported_is_disabled(self):
        driver_queries.record_hello(
            self.context, 'h1', [_hello('fake'), _hello('generic')])
        self.assertEqual(1, driver_queries.record_hello(
            self.context, 'h1', [_hello('fake')]))
        statuses = {r['name']: r['status']
                    for r in driver_queries.get_all(self.context)}
        self.assertEqual({'fake': 'READY', 'generic': 'DISABLED'}, statuses)
        # and it stays disabled without further writes
        self.assertEqual(0, driver_queries.record_hello(
            self.context, 'h1', [_hello('fake')]))

    def test_a_discovery_records_the_status_it_found(self):
        driver_queries.record_hello(self.context, 'h1', [_hello('fake')])
        summary = [{'name': 'fake', 'status': 'ERROR', 'detail': 'boom',
                    'devices': 0, 'deployables': 0},
                   {'name': 'unknown', 'status': 'READY', 'detail': None}]
        self.assertEqual(1, driver_queries.record_status(
            self.context, 'h1', summary))
        self.assertEqual(0, driver_queries.record_status(
            self.context, 'h1', summary))
        [row] = driver_queries.get_all(self.context, host='h1')
        self.assertEqual(('ERROR', 'boom', '1.0', ['FPGA']),
                         (row['status'], row['detail'], row['version'],
                          row['device_types']))

    def test_decisions_name_the_requests_waiting(self):
        host_queries.create(self.context, 'h1')
        driver_queries.install(self.context, 'fake', ['h1'], {}, 'req-1')
        self.assertEqual(([{'name': 'fake', 'config': {}}], [], ['req-1']),
                         driver_queries.decisions(self.context, 'h1'))

    def test_hosts_are_separate(self):
        driver_queries.record_hello(self.context, 'h1', [_hello('fake')])
        driver_queries.record_hello(self.context, 'h2', [_hello('fake')])
        self.assertEqual(['h1'], [
            r['host'] for r in driver_queries.get_all(self.context,
                                                      host='h1')])
        self.assertEqual(2, len(driver_queries.get_all(self.context)))
