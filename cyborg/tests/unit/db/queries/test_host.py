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
"""Tests of the push marks and claims of cyborg.db.queries.host."""

import datetime

from cyborg.db.queries import host as host_queries
from cyborg.tests import base

T0 = datetime.datetime(2026, 11, 23, 12, 0, 0)


class HostSyncQueriesTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.clock = self.time_fixture(T0)
        host_queries.create(self.context, 'n1', reporting=True)
        host_queries.record_report(self.context, 'n1', 1, 'h', '[]')

    def _row(self):
        return host_queries.get_all(self.context, host='n1')[0]

    def test_a_report_marks_and_a_claim_clears(self):
        self.assertEqual(['n1'], host_queries.get_needing_sync(self.context))
        self.assertTrue(host_queries.claim_sync(self.context, 'n1', 'a', 60))
        self.assertFalse(self._row()['needs_sync'])
        self.assertEqual([], host_queries.get_needing_sync(self.context))
        # One pusher at a time.
        host_queries.mark_needs_sync(self.context, 'n1')
        self.assertFalse(host_queries.claim_sync(self.context, 'n1', 'b',
                                                 60))
        self.assertTrue(host_queries.release_sync(self.context, 'n1', 'a',
                                                  again=False))
        # The change marked during the push is still there: pushed again.
        self.assertTrue(self._row()['needs_sync'])
        self.assertTrue(host_queries.claim_sync(self.context, 'n1', 'b', 60))
        self.assertTrue(host_queries.release_sync(self.context, 'n1', 'b',
                                                  again=False))
        # Nothing to push: nothing to claim.
        self.assertFalse(host_queries.claim_sync(self.context, 'n1', 'c',
                                                 60))

    def test_an_incomplete_push_marks_again(self):
        self.assertTrue(host_queries.claim_sync(self.context, 'n1', 'a', 60))
        self.assertTrue(host_queries.release_sync(self.context, 'n1', 'a',
                                                  again=True))
        self.assertTrue(self._row()['needs_sync'])

    def test_an_expired_claim_is_an_unfinished_push(self):
        self.assertTrue(host_queries.claim_sync(self.context, 'n1', 'a', 60))
        self.assertEqual([], host_queries.get_needing_sync(self.context))
        self.clock.advance(61)
        self.assertEqual(['n1'], host_queries.get_needing_sync(self.context))
        self.assertTrue(host_queries.claim_sync(self.context, 'n1', 'b', 60))
        # The first pusher comes back too late: its release changes
        # nothing.
        self.assertFalse(host_queries.release_sync(self.context, 'n1', 'a',
                                                   again=True))
        self.assertFalse(self._row()['needs_sync'])

    def test_liveness_is_changed_once(self):
        self.assertTrue(host_queries.claim_sync(self.context, 'n1', 'a', 60))
        self.assertTrue(host_queries.release_sync(self.context, 'n1', 'a',
                                                  again=False))
        self.assertTrue(host_queries.set_liveness(self.context, 'n1', False))
        self.assertFalse(host_queries.set_liveness(self.context, 'n1',
                                                   False))
        self.assertEqual((False, True), (self._row()['agent_up'],
                                         self._row()['needs_sync']))
