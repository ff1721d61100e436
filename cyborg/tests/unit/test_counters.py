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
"""Tests of cyborg.counters (the cost of one operation)."""

import sqlalchemy as sa

from cyborg import counters
from cyborg.db import api as db_api
from cyborg.tests import base


class CountersTestCase(base.TestCase):

    def test_the_database_layer_sets_the_statement_hook(self):
        # cyborg.counters imports no database code: cyborg.db.api gives
        # it the hook when it is imported.
        engine = sa.create_engine('sqlite://')
        self.assertIsNotNone(db_api)
        with counters.measure(engine) as cost:
            with engine.begin() as conn:
                conn.execute(sa.text('CREATE TABLE t (x INTEGER)'))
                conn.execute(sa.text('INSERT INTO t VALUES (1)'))
                conn.execute(sa.text('SELECT x FROM t')).all()
            counters.count_placement_call()
        self.assertEqual((3, 1, 1), (cost.db_statements, cost.db_writes,
                                     cost.placement_calls))

    def test_no_hook_no_engine(self):
        self.addCleanup(counters.set_statement_hook,
                        db_api.on_statement)
        counters.set_statement_hook(None)
        self.assertRaises(RuntimeError, counters.watch,
                          sa.create_engine('sqlite://'))
