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
"""cyborg.db.api: retries on deadlock and on a lost connection."""

from oslo_db import exception as db_exc

from cyborg.db import api as db_api
from cyborg.tests import base


class RetryOnDeadlockTestCase(base.DbTestCase):

    def _flaky(self, failures, error=db_exc.DBDeadlock):
        calls = []

        @db_api.retry_on_deadlock
        @db_api.context_manager.writer
        def write(context, value):
            calls.append(value)
            if len(calls) <= failures:
                raise error()
            return value

        return write, calls

    def test_a_deadlock_runs_the_transaction_again(self):
        write, calls = self._flaky(failures=2)
        self.assertEqual('v', write(self.context, 'v'))
        self.assertEqual(['v', 'v', 'v'], calls)

    def test_a_lost_connection_runs_the_transaction_again(self):
        write, calls = self._flaky(failures=2,
                                   error=db_exc.DBConnectionError)
        self.assertEqual('v', write(self.context, 'v'))
        self.assertEqual(['v', 'v', 'v'], calls)

    def test_it_gives_up(self):
        write, calls = self._flaky(failures=100)
        self.assertRaises(db_exc.DBDeadlock, write, self.context, 'v')
        self.assertEqual(6, len(calls))

    def test_no_retry_inside_a_callers_transaction(self):
        write, calls = self._flaky(failures=1)

        @db_api.context_manager.writer
        def outer(context):
            return write(context, 'v')

        self.assertRaises(db_exc.DBDeadlock, outer, self.context)
        self.assertEqual(['v'], calls)
