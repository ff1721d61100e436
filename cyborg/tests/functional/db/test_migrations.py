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
from oslo_db.sqlalchemy import provision
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
            backend = provision.Backend.backend_for_database_type(
                self.BACKEND)
            ident = database.unique_name('cyborg_migr_')
            backend.create_named_database(ident)
            self.addCleanup(backend.drop_named_database, ident, True)
            url = backend.provisioned_database_url(ident)
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
        self.assertEqual(migration.heads()[0],
                         migration.version(engine=self.engine))
        self.assertEqual(
            set(models.Base.metadata.tables) | {'alembic_version'},
            set(sa.inspect(self.engine).get_table_names()))

    def test_hosts_keep_their_rows_when_hardware_is_added(self):
        # 6cf62fe9fdeb adds hosts.hardware and hosts.agent_generation.
        migration.upgrade('b5a1c0de2026', engine=self.engine)
        with self.engine.begin() as conn:
            conn.execute(sa.text(
                "INSERT INTO hosts (hostname, generation, inventory_hash) "
                "VALUES ('n1', 4, 'abc')"))
        migration.upgrade('6cf62fe9fdeb', engine=self.engine)
        with self.engine.begin() as conn:
            row = conn.execute(sa.text(
                'SELECT hostname, generation, inventory_hash, hardware, '
                'agent_generation FROM hosts')).one()
            self.assertEqual(('n1', 4, 'abc', None, None), tuple(row))
            big = '[' + ','.join(['{"x": "%s"}' % ('y' * 200)] * 1000) + ']'
            conn.execute(sa.text("UPDATE hosts SET hardware = :h"),
                         {'h': big})
            self.assertEqual(big, conn.execute(sa.text(
                'SELECT hardware FROM hosts')).scalar())

    def test_existing_hosts_need_no_sync_after_492d55bce3e5(self):
        # 492d55bce3e5 adds NOT NULL hosts.needs_sync to existing rows.
        migration.upgrade('6cf62fe9fdeb', engine=self.engine)
        with self.engine.begin() as conn:
            conn.execute(sa.text(
                "INSERT INTO hosts (hostname, generation) VALUES ('n1', 2)"))
        migration.upgrade('492d55bce3e5', engine=self.engine)
        with self.engine.begin() as conn:
            row = conn.execute(sa.text(
                'SELECT hostname, needs_sync, agent_up, rp_name '
                'FROM hosts')).one()
        self.assertEqual(('n1', False, None, None),
                         (row[0], bool(row[1]), row[2], row[3]))

    def test_existing_handles_get_their_resource_class(self):
        # e07bdedd38b5 copies each deployable's first rc attribute to its
        # handles (NULL without one).
        migration.upgrade('f3a9c2d1b7e4', engine=self.engine)
        t = {name: sa.table(name, *[sa.column(c) for c in columns])
             for name, columns in (
                 ('devices', ('id', 'uuid', 'type', 'vendor', 'model',
                              'hostname', 'status')),
                 ('controlpath_ids', ('id', 'uuid', 'device_id',
                                      'cpid_type', 'cpid_info')),
                 ('deployables', ('id', 'uuid', 'name',
                                  'num_accelerators', 'device_id')),
                 ('attributes', ('id', 'uuid', 'deployable_id', 'key',
                                 'value')),
                 ('attach_handles', ('id', 'uuid', 'deployable_id',
                                     'cpid_id', 'in_use', 'attach_type',
                                     'attach_info')))}
        with self.engine.begin() as conn:
            conn.execute(sa.insert(t['devices']).values(
                id=1, uuid='d', type='FPGA', vendor='v', model='m',
                hostname='h', status='enabled'))
            conn.execute(sa.insert(t['controlpath_ids']).values(
                id=1, uuid='c', device_id=1, cpid_type='PCI',
                cpid_info='{}'))
            conn.execute(sa.insert(t['deployables']), [
                {'id': i, 'uuid': 'dep%d' % i, 'name': 'h_%d' % i,
                 'num_accelerators': 1, 'device_id': 1} for i in (1, 2, 3)])
            conn.execute(sa.insert(t['attributes']), [
                {'id': 1, 'uuid': 'a1', 'deployable_id': 1, 'key': 'rc',
                 'value': 'FPGA'},
                {'id': 2, 'uuid': 'a2', 'deployable_id': 2,
                 'key': 'trait0', 'value': 'CUSTOM_X'},
                {'id': 3, 'uuid': 'a3', 'deployable_id': 3, 'key': 'rc',
                 'value': 'PGPU'},
                {'id': 4, 'uuid': 'a4', 'deployable_id': 3, 'key': 'rc',
                 'value': 'CUSTOM_LATER'}])
            conn.execute(sa.insert(t['attach_handles']), [
                {'id': i, 'uuid': 'ah%d' % i, 'deployable_id': dep,
                 'cpid_id': 1, 'in_use': False, 'attach_type': 'PCI',
                 'attach_info': '{"n": %d}' % i}
                for i, dep in ((1, 1), (2, 1), (3, 2), (4, 3))])
        migration.upgrade('e07bdedd38b5', engine=self.engine)
        with self.engine.begin() as conn:
            self.assertEqual(
                [(1, 'FPGA'), (2, 'FPGA'), (3, None), (4, 'PGPU')],
                [tuple(row) for row in conn.execute(sa.text(
                    'SELECT id, resource_class FROM attach_handles '
                    'ORDER BY id'))])

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
