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
"""Tests of cyborg.db.migration on SQLite (all backends: functional/db)."""

import os

import fixtures
import sqlalchemy as sa

from cyborg.db import migration
from cyborg.db import models
from cyborg.tests import base
from cyborg.tests.fixtures import database


class MigrationTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        path = os.path.join(self.useFixture(fixtures.TempDir()).path,
                            'cyborg.sqlite')
        self.engine = sa.create_engine('sqlite:///' + path)
        self.addCleanup(self.engine.dispose)

    def test_one_head(self):
        self.assertEqual(1, len(database.migration_heads()))

    def test_empty_database_has_no_version(self):
        self.assertIsNone(migration.version(engine=self.engine))

    def test_upgrade_creates_every_table(self):
        migration.upgrade(engine=self.engine)
        self.assertEqual(database.migration_heads()[0],
                         migration.version(engine=self.engine))
        tables = set(sa.inspect(self.engine).get_table_names())
        self.assertEqual(set(models.Base.metadata.tables),
                         tables - {'alembic_version'})

    def test_upgrade_is_idempotent(self):
        migration.upgrade(engine=self.engine)
        migration.upgrade(engine=self.engine)
        self.assertEqual(database.migration_heads()[0],
                         migration.version(engine=self.engine))

    def test_stamp(self):
        migration.stamp('head', engine=self.engine)
        self.assertEqual(database.migration_heads()[0],
                         migration.version(engine=self.engine))
        self.assertEqual(['alembic_version'],
                         sa.inspect(self.engine).get_table_names())
