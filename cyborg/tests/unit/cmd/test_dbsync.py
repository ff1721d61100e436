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
"""Tests of the cyborg-dbsync command on SQLite."""

import io
import os

import fixtures
from oslo_config import cfg
import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg.cmd import dbsync
from cyborg.db import api as db_api
from cyborg.db import migration
from cyborg.tests import base
from cyborg.tests.fixtures import database


class CommandTestCase(base.TestCase):
    """Runs a command's main() with a fresh ConfigOpts and its own
    database file.
    """

    def setUp(self):
        super().setUp()
        tmp = self.useFixture(fixtures.TempDir()).path
        self.conf_path = os.path.join(tmp, 'cyborg.conf')
        self.db_path = os.path.join(tmp, 'cyborg.sqlite')
        self.db_url = 'sqlite:///' + self.db_path
        with open(self.conf_path, 'w') as f:
            f.write('[database]\nconnection = %s\n' % self.db_url)
        self.conf = cfg.ConfigOpts()
        cyborg_conf.register_opts(self.conf)
        # The command configures the global context manager: give it a
        # fresh, unstarted one for this test.
        manager = db_api.context_manager.make_new_manager()
        self.addCleanup(db_api.context_manager.patch_factory(manager))
        self.addCleanup(manager.dispose_pool)
        self.stdout = io.StringIO()
        self.useFixture(fixtures.MonkeyPatch('sys.stdout', self.stdout))

    def output(self):
        return self.stdout.getvalue()

    def seed(self, func, *args, **kwargs):
        """Call a query function on the test database before the command
        runs (the command then configures its own engine).
        """
        seeder = db_api.context_manager.make_new_manager()
        seeder.configure(connection=self.db_url)
        reset = db_api.context_manager.patch_factory(seeder)
        try:
            return func(*args, **kwargs)
        finally:
            reset()
            seeder.dispose_pool()


class DbsyncTestCase(CommandTestCase):

    def _run(self, *args):
        return dbsync.main(['cyborg-dbsync', '--config-file',
                            self.conf_path] + list(args), conf=self.conf)

    def _tables(self):
        engine = sa.create_engine(self.db_url)
        try:
            return set(sa.inspect(engine).get_table_names())
        finally:
            engine.dispose()

    def test_upgrade(self):
        self.assertEqual(0, self._run('upgrade'))
        self.assertIn('Database schema is at revision %s.'
                      % database.migration_heads()[0], self.output())
        self.assertIn('extended_accelerator_requests', self._tables())

    def test_version_of_empty_database(self):
        self.assertEqual(0, self._run('version'))
        self.assertEqual('None (empty database)\n', self.output())

    def test_stamp(self):
        self.assertEqual(0, self._run('stamp', 'head'))
        self.assertEqual({'alembic_version'}, self._tables())
        engine = sa.create_engine(self.db_url)
        self.addCleanup(engine.dispose)
        self.assertEqual(database.migration_heads()[0],
                         migration.version(engine=engine))

    def test_version_of_migrated_database(self):
        engine = sa.create_engine(self.db_url)
        migration.upgrade(engine=engine)
        engine.dispose()
        self.assertEqual(0, self._run('version'))
        self.assertEqual(database.migration_heads()[0] + '\n', self.output())
