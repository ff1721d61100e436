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
"""The window of GET /v2/usage (its answers: gabbits/usage.yaml), and
the window that ends now on a real database.
"""

import datetime

from oslotest import base
import webtest

from cyborg import exception
from cyborg import objects
from cyborg.api import app
from cyborg.api.controllers.v2 import usage
from cyborg.db.queries import usage as usage_queries
from cyborg.tests import base as cyborg_base
from cyborg.tests.fixtures import conf as conf_fixture

NOW = datetime.datetime(2026, 11, 26, 15, 30, 12)


def _window(**params):
    return usage.window(params, NOW)


class WindowTestCase(base.BaseTestCase):

    def test_by_default_the_month_until_now(self):
        self.assertEqual((datetime.datetime(2026, 11, 1), NOW), _window())

    def test_the_month_of_end_or_the_one_before_its_first_instant(self):
        self.assertEqual(
            (datetime.datetime(2026, 2, 1), datetime.datetime(2026, 2, 3)),
            _window(end='2026-02-03'))
        self.assertEqual(
            (datetime.datetime(2025, 12, 1), datetime.datetime(2026, 1, 1)),
            _window(end='2026-01-01T00:00:00'))

    def test_times_are_utc_to_the_second_and_end_at_most_now(self):
        self.assertEqual(
            (datetime.datetime(2026, 11, 1, 23, 0),
             datetime.datetime(2026, 11, 2, 0, 0, 1)),
            _window(start='2026-11-02T00:00:00+01:00',
                    end='2026-11-02 00:00:01.999999'))
        self.assertEqual((datetime.datetime(2026, 11, 20), NOW),
                         _window(start='2026-11-20', end='2099-01-01'))

    def test_never_before_1970(self):
        self.assertEqual(
            (datetime.datetime(1970, 1, 1), datetime.datetime(2000, 1, 1)),
            _window(start='1900-01-01', end='2000-01-01'))
        # An end alone is judged after its default start (issue 64): an
        # empty window, not a refusal.
        start, end = _window(end='0001-01-01T00:00:00')
        self.assertGreaterEqual(start, end)

    def test_refused(self):
        for params in ({'start': '2026-11-02', 'end': '2026-11-02'},
                       {'start': '2026-11-03', 'end': '2026-11-02'},
                       {'start': '2026-13-01'},
                       {'start': '0001-01-01T00:00+23:59'},
                       {'end': '9999-12-31T23:59-23:59'}):
            self.assertRaises(exception.UsageWindowInvalid, _window,
                              **params)


class UsageUntilNowTestCase(cyborg_base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.flags(auth_strategy='noauth')
        objects.register_all()
        conf_fixture.reset_policy()
        self.addCleanup(conf_fixture.reset_policy)
        self.app = webtest.TestApp(app.load_app())

    def test_an_interval_opened_this_second(self):
        # Issue 78: it was missing until the next second (the window
        # [start, now to the second) left out what began in that second).
        clock = self.time_fixture(NOW + datetime.timedelta(
            microseconds=700000))
        usage_queries.open_interval(
            self.context, 'a1', NOW + datetime.timedelta(microseconds=300000),
            {'project_id': 'p1', 'resource_class': 'PGPU'})
        headers = {'X-User-Id': 'admin', 'X-Project-Id': 'admin',
                   'X-Roles': 'admin,member,reader',
                   'OpenStack-API-Version': 'accelerator 2.4'}
        for seconds in (0, 2):
            body = self.app.get('/v2/usage?detail=true',
                                headers=headers).json
            self.assertEqual(
                [('p1', 1, seconds)], [
                    (project['project_id'], project['intervals'],
                     project['device_seconds'])
                    for project in body['project_usages']])
            self.assertEqual([('a1', seconds)], [
                (interval['arq_uuid'], interval['device_seconds'])
                for interval in body['usage_intervals']])
            clock.advance(2)
        # A window that ends before now keeps its end out.
        body = self.app.get('/v2/usage?end=2026-11-26T15:30:12',
                            headers=headers).json
        self.assertEqual([], body['project_usages'])
