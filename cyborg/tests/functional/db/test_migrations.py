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
"""Migrations on SQLite, MariaDB/MySQL and PostgreSQL.

Each test gets a new, empty database (oslo.db provisioning), runs the
alembic migrations and checks that the result matches the models exactly
(oslo.db's ModelsMigrationsSync: tables, columns, types, indexes,
constraints).
"""

import os

import fixtures
from oslo_db.sqlalchemy import test_migrations
import sqlalchemy as sa

from cyborg.db import migration
from cyborg.db import models
from cyborg.tests import base
from cyborg.tests.fixtures import backends
from cyborg.tests.fixtures import database


class _MigrationsMixin(test_migrations.ModelsMigrationsSync):

    BACKEND = None

    def setUp(self):
        super().setUp()
        backends.check(self, self.BACKEND)
        if self.BACKEND == 'sqlite':
            url = 'sqlite:///' + os.path.join(
                self.useFixture(fixtures.TempDir()).path, 'cyborg.sqlite')
        else:
            url = database.new_database(self, self.BACKEND, 'cyborg_migr_')
        self.engine = sa.create_engine(url)
        self.addCleanup(self.engine.dispose)

    # ModelsMigrationsSync hooks
    def get_engine(self):
        return self.engine

    def get_metadata(self):
        return models.Base.metadata

    def db_sync(self, engine):
        migration.upgrade(engine=engine)

    def include_object(self, object_, name, type_, reflected, compare_to):
        if type_ == 'table' and name == 'alembic_version':
            return False
        return True

    def test_upgrade_from_empty(self):
        self.assertIsNone(migration.version(engine=self.engine))
        migration.upgrade(engine=self.engine)
        self.assertEqual(database.migration_heads()[0],
                         migration.version(engine=self.engine))
        self.assertEqual(
            set(models.Base.metadata.tables) | {'alembic_version'},
            set(sa.inspect(self.engine).get_table_names()))

    def test_attach_handle_held_by_one_arq_only(self):
        # The unique constraint that makes double allocation impossible.
        migration.upgrade(engine=self.engine)
        now = sa.func.now()
        with self.engine.begin() as conn:
            dev = conn.execute(sa.insert(models.Device.__table__).values(
                uuid='d', type='FPGA', vendor='v', model='m', hostname='h',
                status='enabled', created_at=now)).inserted_primary_key[0]
            cpid = conn.execute(sa.insert(
                models.ControlpathID.__table__).values(
                    uuid='c', device_id=dev, cpid_type='PCI',
                    cpid_info='{}')).inserted_primary_key[0]
            dep = conn.execute(sa.insert(models.Deployable.__table__).values(
                uuid='dep', name='h_dep', num_accelerators=1,
                device_id=dev)).inserted_primary_key[0]
            handle = conn.execute(sa.insert(
                models.AttachHandle.__table__).values(
                    uuid='ah', deployable_id=dep, cpid_id=cpid, in_use=True,
                    attach_type='PCI',
                    attach_info='{}')).inserted_primary_key[0]
            dp = conn.execute(sa.insert(
                models.DeviceProfile.__table__).values(
                    uuid='dp', name='dp',
                    profile_json='{}')).inserted_primary_key[0]
            arq = models.ExtendedAcceleratorRequest.__table__
            conn.execute(sa.insert(arq).values(
                uuid='arq1', state='Bound', device_profile_id=dp,
                device_profile_group_id=0, attach_handle_id=handle))
        with self.engine.begin() as conn:
            self.assertRaises(
                sa.exc.IntegrityError, conn.execute,
                sa.insert(arq).values(
                    uuid='arq2', state='Bound', device_profile_id=dp,
                    device_profile_group_id=0, attach_handle_id=handle))


class TestMigrationsSQLite(_MigrationsMixin, base.TestCase):
    BACKEND = 'sqlite'


class TestMigrationsMySQL(_MigrationsMixin, base.TestCase):
    BACKEND = 'mysql'

    def test_tables_are_utf8mb4_whatever_the_database_default(self):
        name = self.engine.url.database
        with self.engine.begin() as conn:
            conn.exec_driver_sql(
                'ALTER DATABASE `%s` CHARACTER SET utf8mb3' % name)
        migration.upgrade(engine=self.engine)
        with self.engine.connect() as conn:
            tables = conn.execute(sa.text(
                'SELECT table_name, table_collation FROM '
                'information_schema.tables WHERE table_schema = :db'),
                {'db': name}).all()
            columns = conn.execute(sa.text(
                'SELECT table_name, column_name, character_set_name FROM '
                'information_schema.columns WHERE table_schema = :db AND '
                'character_set_name IS NOT NULL'), {'db': name}).all()
        self.assertTrue(columns)
        self.assertEqual(
            [], [t for t in tables if t[0] != 'alembic_version'
                 and not t[1].startswith('utf8mb4')])
        self.assertEqual(
            [], [c for c in columns if c[0] != 'alembic_version'
                 and c[2] != 'utf8mb4'])


class TestMigrationsPostgreSQL(_MigrationsMixin, base.TestCase):
    BACKEND = 'postgresql'
