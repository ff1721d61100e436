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
"""cyborg-dbsync upgrade converts a database of OpenStack Cyborg 17.0.0,
and, in one step, those of the earlier releases of upstream-releases.txt
(15.0.1, 16.0.1: one fast test each, SkipLevel*), whose ARQs
online_data_migrations then repairs.

The databases are dumps the real 17.0.0 wrote (cyborg/tests/data/
upstream-17.0.0/{mysql,postgresql}.sql, made by tools/upstream/
make-dumps.sh): each is loaded into a new database of its backend with the
backend's own client, converted by the command, and then checked: the
schema is exactly this Cyborg's (oslo.db's ModelsMigrationsSync), and
every row is there with its id and its values (converted where the
conversion says so).
"""

import datetime
import io
import json
import os
import subprocess
import sys

import fixtures
from oslo_config import cfg
from oslo_db.sqlalchemy import test_migrations
import pytest
import sqlalchemy as sa
import webtest

from cyborg import conf as cyborg_conf
from cyborg.api import app
from cyborg.cmd import dbsync
from cyborg.cmd import status as status_cmd
from cyborg.db import api as db_api
from cyborg.db import migration
from cyborg.db import models
from cyborg.db import upstream_conversion
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import backends
from cyborg.tests.fixtures import database
from cyborg.tests.fixtures import nova as nova_fixture

pytestmark = pytest.mark.slow(3)

DATA_ROOT = os.path.join(os.path.dirname(__file__), '..', '..', 'data')
DATA = os.path.join(DATA_ROOT, 'upstream-17.0.0')


def releases():
    """The releases of upstream-releases.txt (the one list of them)."""
    with open(os.path.join(DATA_ROOT, 'upstream-releases.txt')) as f:
        return [line.strip() for line in f
                if line.strip() and not line.startswith('#')]

# Columns of the existing tables that are not carried over.
DROPPED = {'devices': {'device_state'},
           'extended_accelerator_requests': {'substate'}}


def load_dump(backend, url, release='17.0.0'):
    """Load the dump of *release* on *backend* into the database at *url*
    with the backend's own client.
    """
    url = sa.engine.make_url(url)
    path = os.path.join(DATA_ROOT, 'upstream-' + release, backend + '.sql')
    env = dict(os.environ)
    if backend == 'mysql':
        command = ['mysql', '-h', url.host or 'localhost',
                   '-u', url.username, url.database]
        env['MYSQL_PWD'] = url.password or ''
    else:
        command = ['psql', '-q', '-v', 'ON_ERROR_STOP=1',
                   '-h', url.host or 'localhost', '-U', url.username,
                   '-d', url.database]
        env['PGPASSWORD'] = url.password or ''
    with open(path) as dump:
        subprocess.run(command, stdin=dump, env=env, check=True,
                       capture_output=True, timeout=300)


def new_database(testcase, backend):
    """An empty database of *backend* for the test: its URL."""
    return database.new_database(testcase, backend, 'cyborg_upst_')


def rows(engine, table):
    with engine.connect() as conn:
        reflected = sa.Table(table, sa.MetaData(), autoload_with=conn)
        return {row['id']: dict(row) for row in conn.execute(
            sa.select(reflected)).mappings()}


class _DumpMixin:
    """A new database of BACKEND holding the dump of RELEASE."""

    BACKEND = None
    RELEASE = '17.0.0'

    def setUp(self):
        super().setUp()
        backends.check(self, self.BACKEND)
        self.url = new_database(self, self.BACKEND)
        load_dump(self.BACKEND, self.url, self.RELEASE)
        self.engine = sa.create_engine(self.url)
        self.addCleanup(self.engine.dispose)
        self.before = {t: rows(self.engine, t)
                       for t in upstream_conversion.TABLES}
        tmp = self.useFixture(fixtures.TempDir()).path
        self.conf_path = os.path.join(tmp, 'cyborg.conf')
        with open(self.conf_path, 'w') as f:
            f.write('[database]\nconnection = %s\n' % self.url)
        manager = db_api.context_manager.make_new_manager()
        self.addCleanup(db_api.context_manager.patch_factory(manager))
        self.addCleanup(manager.dispose_pool)

    def dbsync(self, *args):
        """Run cyborg-dbsync as a user would: (status, what it printed).

        Each run configures the database afresh, as a new process would
        (the reads of the test afterwards use what the last run set).
        """
        manager = db_api.context_manager.make_new_manager()
        self.addCleanup(db_api.context_manager.patch_factory(manager))
        self.addCleanup(manager.dispose_pool)
        stdout = io.StringIO()
        conf = cfg.ConfigOpts()
        cyborg_conf.register_opts(conf)
        with fixtures.MonkeyPatch('sys.stdout', stdout):
            status = dbsync.main(['cyborg-dbsync', '--config-file',
                                  self.conf_path] + list(args), conf=conf)
        return status, stdout.getvalue()

    def assert_rows_carried_over(self):
        """Every row of the existing tables is there, with its id and its
        values (the bytes as written, but for the columns converted).
        """
        for table in upstream_conversion.TABLES:
            after = rows(self.engine, table)
            self.assertEqual(sorted(self.before[table]), sorted(after),
                             table)
            for row_id, old in self.before[table].items():
                new = after[row_id]
                for column, value in old.items():
                    if column in DROPPED.get(table, ()):
                        continue
                    self.assertEqual(self._converted(table, column, old),
                                     new[column],
                                     '%s %s %s' % (table, row_id, column))

    def _converted(self, table, column, old):
        value = old[column]
        if table == 'devices' and column == 'type':
            return upstream_conversion.DEVICE_TYPES.get(str(value), str(value))
        if table == 'attach_handles' and column == 'in_use':
            return bool(value)
        if table == 'devices' and column == 'driver_name':
            return None
        return str(value) if column in (
            'state', 'status', 'attach_type', 'cpid_type') else value

    def nova_read(self, server, project):
        """Nova's read of a server's ARQs with the server's project."""
        self.flags(auth_strategy='noauth')
        api = webtest.TestApp(app.load_app())
        answer = api.get(
            '/v2/accelerator_requests?instance=%s&bind_state=resolved'
            % server, headers={'X-Project-Id': project,
                               'X-User-Id': 'nova', 'X-Roles':
                               'member,reader',
                               'X-Service-Roles': 'service'})
        return [a['uuid'] for a in answer.json['arqs']]


class _UpstreamUpgradeMixin(_DumpMixin,
                            test_migrations.ModelsMigrationsSync):

    # ModelsMigrationsSync hooks: the schema after the conversion is
    # exactly this Cyborg's.
    def get_engine(self):
        return self.engine

    def get_metadata(self):
        return models.Base.metadata

    def db_sync(self, engine):
        status, output = self.dbsync('upgrade')
        self.assertEqual(0, status, output)

    def include_object(self, object_, name, type_, reflected, compare_to):
        return not (type_ == 'table' and name == 'alembic_version')

    # The tests -------------------------------------------------------------

    def test_dry_run_changes_nothing(self):
        tables = set(sa.inspect(self.engine).get_table_names())
        status, output = self.dbsync('upgrade', '--dry-run')
        self.assertEqual(0, status, output)
        self.assertIn('at revision b47c8f2d1e3a (openstack-cyborg 17.0.0 '
                      '(2026.2))', output)
        self.assertIn('  extended_accelerator_requests   %d' % len(
            self.before['extended_accelerator_requests']), output)
        self.assertIn('attach_handles.attach_info kept as the existing '
                      'Cyborg wrote it', output)
        self.assertIn('Dry run: nothing was changed.', output)
        self.assertEqual(tables, set(sa.inspect(self.engine)
                                     .get_table_names()))
        self.assertEqual('b47c8f2d1e3a', migration.version(self.engine))

    def test_every_row_is_carried_over(self):
        self.upgraded = datetime.datetime.now(
            datetime.timezone.utc).replace(tzinfo=None, microsecond=0)
        status, output = self.dbsync('upgrade')
        self.assertEqual(0, status, output)
        self.assertEqual(database.migration_heads()[0],
                         migration.version(self.engine))
        self.assertEqual(set(models.Base.metadata.tables) |
                         {'alembic_version'},
                         set(sa.inspect(self.engine).get_table_names()))
        self.assert_rows_carried_over()
        # Byte for byte: the fake driver's handles as 17.0.0 wrote them
        # (keys unsorted, "device": "0" where this Cyborg writes "00").
        written = [h['attach_info'] for h in
                   rows(self.engine, 'attach_handles').values()]
        self.assertIn('{"domain": "0000", "bus": "0c", "device": "0", '
                      '"function": "1"}', written)
        self.assertNotEqual(
            hardware.canonical_info_json(written[0]), written[0])
        # Devices await their agent's first report (adoption).
        self.assertEqual({None}, {d['driver_name'] for d in
                                  rows(self.engine, 'devices').values()})
        # Each handle carries its deployable's resource class (new here:
        # what the capacity view counts it by).
        rcs = {a['deployable_id']: a['value'] for a in
               rows(self.engine, 'attributes').values() if a['key'] == 'rc'}
        handles = rows(self.engine, 'attach_handles').values()
        self.assertTrue(rcs)
        self.assertEqual([rcs.get(h['deployable_id']) for h in handles],
                         [h['resource_class'] for h in handles])
        arqs = self.before['extended_accelerator_requests'].values()
        self.assertEqual(
            sorted({a['instance_uuid'] for a in arqs if a['instance_uuid']}),
            sorted(r['instance_uuid'] for r in
                   rows(self.engine, 'bound_instances').values()))
        self.assertIn({'Bound', 'Initial', 'Unbound', 'BindFailed'},
                      [{str(a['state']) for a in arqs}])
        # A Bound ARQ gets an open usage interval from the upgrade on.
        bound = {a['uuid']: a for a in arqs if str(a['state']) == 'Bound'}
        intervals = list(rows(self.engine, 'usage_intervals').values())
        self.assertEqual(sorted(bound), sorted(
            i['open_arq_uuid'] for i in intervals))
        devices = rows(self.engine, 'devices')
        deployables = rows(self.engine, 'deployables')
        for interval in intervals:
            arq = bound[interval['arq_uuid']]
            deployable = deployables[arq['deployable_id']]
            self.assertEqual(
                (arq['instance_uuid'], arq['project_id'],
                 deployable['uuid'], devices[deployable['device_id']]['uuid'],
                 rcs[arq['deployable_id']], None),
                (interval['instance_uuid'], interval['project_id'],
                 interval['deployable_uuid'], interval['device_uuid'],
                 interval['resource_class'], interval['ended_at']))
            # Seconds since 1970 (models.UTCSeconds).
            self.assertGreaterEqual(
                models.UTCSeconds.EPOCH + datetime.timedelta(
                    seconds=interval['started_at']), self.upgraded)
        # New rows get new ids.
        with self.engine.begin() as conn:
            new_id = conn.execute(sa.insert(models.DeviceProfile.__table__)
                                  .values(uuid='new', name='new',
                                          profile_json='{"groups": []}')
                                  ).inserted_primary_key[0]
        self.assertEqual(max(self.before['device_profiles']) + 1, new_id)

    def _status(self):
        """cyborg-status upgrade check --json: {check: (result, details)}."""
        result = subprocess.run(
            [sys.executable, '-m', 'cyborg.cmd.status', '--config-file',
             self.conf_path, 'upgrade', 'check', '--json'],
            capture_output=True, text=True, timeout=120)
        return {c['check']: (c['result'], c['details']) for c in
                json.loads(result.stdout)['checks']}

    def test_status_says_to_convert(self):
        result, details = self._status()['Database schema']
        self.assertEqual(2, result)
        self.assertIn("The database is the existing OpenStack Cyborg's (at "
                      "revision b47c8f2d1e3a): run \"cyborg-dbsync upgrade\"",
                      details)
        status, output = self.dbsync('upgrade')
        self.assertEqual(0, status, output)
        self.assertEqual(0, self._status()['Database schema'][0])

    def test_database_of_an_earlier_release(self):
        # 11.0.0 to 16.x (2023.2 to 2026.1): revision 6c77bd6afea5, no
        # devices.device_state.
        with self.engine.begin() as conn:
            conn.execute(sa.text('ALTER TABLE devices DROP COLUMN '
                                 'device_state'))
            conn.execute(sa.text("UPDATE alembic_version SET version_num = "
                                 "'6c77bd6afea5'"))
        status, output = self.dbsync('upgrade')
        self.assertEqual(0, status, output)
        self.assertIn('at revision 6c77bd6afea5 (openstack-cyborg 11.0.0 '
                      'to 16.x', output)
        self.assertNotIn('device_state', output)
        self.assertEqual(sorted(self.before['devices']),
                         sorted(rows(self.engine, 'devices')))
        self.assertEqual(database.migration_heads()[0],
                         migration.version(self.engine))

    def test_devices_left_to_clean_are_held(self):
        # 17.0.0's device_state of a device left to clean: cleaning here,
        # or clean_failed, held until an operator acts.
        uuids = sorted(row['uuid']
                       for row in self.before['devices'].values())[:2]
        with self.engine.begin() as conn:
            for uuid, state in zip(uuids, ('pending_cleaning', 'error')):
                conn.execute(sa.text(
                    'UPDATE devices SET device_state = :state WHERE uuid '
                    '= :uuid'), {'state': state, 'uuid': uuid})
        status, output = self.dbsync('upgrade')
        self.assertEqual(0, status, output)
        after = {row['uuid']: row
                 for row in rows(self.engine, 'devices').values()}
        self.assertEqual(['cleaning', 'clean_failed'],
                         [after[uuid]['clean_state'] for uuid in uuids])
        cleans = {row['device_uuid']: row for row in
                  rows(self.engine, 'device_cleanings').values()}
        self.assertEqual(
            [('pending', after[uuids[0]]['clean_id']),
             ('failed', after[uuids[1]]['clean_id'])],
            [(cleans[uuid]['state'], cleans[uuid]['id'])
             for uuid in uuids])
        self.assertIn('device_state error in the existing Cyborg',
                      cleans[uuids[1]]['reason'])

    def test_database_older_than_11_is_refused(self):
        # Revision ede4e3f1a232 (the existing Cyborg's "new DB schema",
        # 2019): its own later releases upgrade it.
        with self.engine.begin() as conn:
            conn.execute(sa.text("UPDATE alembic_version SET version_num = "
                                 "'ede4e3f1a232'"))
        status, output = self.dbsync('upgrade')
        self.assertEqual(1, status, output)
        self.assertIn('at revision ede4e3f1a232 of OpenStack Cyborg, older '
                      'than 11.0.0 (2023.2), which cannot be converted: '
                      'upgrade it first with openstack-cyborg 15.0.0',
                      output)
        self.assertIn('Nothing was changed.', output)
        self.assertEqual('ede4e3f1a232', migration.version(self.engine))
        result, details = self._status()['Database schema']
        self.assertEqual(2, result)
        self.assertIn('openstack-cyborg 15.0.0', details)

    def test_bound_handles_stay_in_use(self):
        status, output = self.dbsync('upgrade')
        self.assertEqual(0, status, output)
        handles = rows(self.engine, 'attach_handles')
        for arq in rows(self.engine,
                        'extended_accelerator_requests').values():
            if arq['state'] == 'Bound':
                self.assertTrue(handles[arq['attach_handle_id']]['in_use'])

    def test_what_cannot_be_carried_over_stops_it(self):
        [arq_id] = [i for i, a in self.before[
            'extended_accelerator_requests'].items()
            if str(a['state']) == 'Initial'][:1]
        with self.engine.begin() as conn:
            conn.execute(sa.text(
                "UPDATE extended_accelerator_requests SET state = "
                "'BindStarted' WHERE id = :id"), {'id': arq_id})
        tables = set(sa.inspect(self.engine).get_table_names())
        status, output = self.dbsync('upgrade')
        self.assertEqual(1, status)
        uuid = self.before['extended_accelerator_requests'][arq_id]['uuid']
        self.assertIn('ARQ %s is in state BindStarted' % uuid, output)
        self.assertIn('Nothing was changed.', output)
        self.assertEqual(tables, set(sa.inspect(self.engine)
                                     .get_table_names()))
        self.assertEqual('b47c8f2d1e3a', migration.version(self.engine))

    def _plant_arqs_without_project(self):
        """As the Nova and Cyborg of 15.x and 16.x left them: ARQs bound
        to a server, with no project.

        :returns: {ARQ id: (uuid, instance uuid, project)} of those.
        """
        planted = {i: (a['uuid'], a['instance_uuid'], a['project_id'])
                   for i, a in self.before[
                       'extended_accelerator_requests'].items()
                   if a['instance_uuid']}
        with self.engine.begin() as conn:
            conn.execute(sa.text(
                'UPDATE extended_accelerator_requests SET project_id = NULL '
                'WHERE instance_uuid IS NOT NULL'))
        return planted

    def _arq_projects(self):
        return {i: a['project_id'] for i, a in rows(
            self.engine, 'extended_accelerator_requests').items()}

    def test_online_data_migrations_repair_what_is_left(self):
        planted = self._plant_arqs_without_project()
        self.assertGreaterEqual(len(planted), 4)
        status, output = self.dbsync('upgrade')
        self.assertEqual(0, status, output)
        # A handle a Bound ARQ holds, marked free (upstream's device_state
        # is ours handles' in_use).
        bound = sorted(i for i, a in self.before[
            'extended_accelerator_requests'].items()
            if str(a['state']) == 'Bound')
        handle_id = self.before['extended_accelerator_requests'][
            bound[0]]['attach_handle_id']
        with self.engine.begin() as conn:
            conn.execute(sa.text('UPDATE attach_handles SET in_use = :f '
                                 'WHERE id = :id'),
                         {'f': False, 'id': handle_id})
        result = status_cmd.Checks()._check_data_migrations()
        result, details = result.code, result.details
        self.assertEqual(2, result, details)
        self.assertIn('arq_project_id: %d' % len(planted), details)
        self.assertIn('attach_handle_in_use: 1', details)

        # Nova knows every server but the last ARQ's (deleted meanwhile).
        nova = self.useFixture(nova_fixture.FakeNova())
        gone_id = bound[-1]
        gone_uuid, gone_server, _ = planted[gone_id]
        for arq_id, (_, server, project) in planted.items():
            if server != gone_server:
                nova.servers.add(server, 'compute1', project_id=project)
        with open(self.conf_path, 'a') as f:
            f.write('[nova]\nauth_type = none\nendpoint_override = %s\n'
                    % nova.url)

        status, output = self.dbsync('online_data_migrations',
                                     '--max-count', '2')
        self.assertEqual(1, status, output)
        self.assertRegex(output, r'\| arq_project_id +\| +2 \| +2 \|')
        self.assertIn('run the command again', output)

        status, output = self.dbsync('online_data_migrations')
        self.assertEqual(2, status, output)
        left = len(planted) - 2
        self.assertRegex(output, r'\| arq_project_id +\| +%d \| +%d \|'
                         % (left, left - 1))
        self.assertRegex(output, r'\| attach_handle_in_use +\| +1 \| +1 \|')
        self.assertIn('ARQ %s: Nova has no server %s' % (gone_uuid,
                                                        gone_server),
                      output)
        projects = self._arq_projects()
        for arq_id, (_, server, project) in planted.items():
            self.assertEqual(None if arq_id == gone_id else project,
                             projects[arq_id], arq_id)
        self.assertTrue(rows(self.engine, 'attach_handles')[handle_id][
            'in_use'])

        # The open usage intervals the upgrade gave their Bound ARQs have
        # the projects too.
        intervals = {i['arq_uuid']: i['project_id'] for i in rows(
            self.engine, 'usage_intervals').values()}
        for arq_id in bound:
            self.assertEqual(projects[arq_id],
                             intervals[planted[arq_id][0]], arq_id)

        # Nova's read of a server's ARQs, with the server's project.
        uuid, server, project = planted[bound[0]]
        self.assertIn(uuid, self.nova_read(server, project))

        # Still one left: the check fails until the operator settles it.
        self.assertEqual(2, status_cmd.Checks()._check_data_migrations().code)
        with self.engine.begin() as conn:
            conn.execute(sa.text('DELETE FROM extended_accelerator_requests '
                                 'WHERE id = :id'), {'id': gone_id})
        self.assertEqual(0, status_cmd.Checks()._check_data_migrations().code)
        code, output = self.dbsync('online_data_migrations')
        self.assertEqual(0, code, output)

    def test_create_schema(self):
        status, output = self.dbsync('create_schema')
        self.assertEqual(1, status, output)
        self.assertIn('create_schema is for a new database', output)
        url = new_database(self, self.BACKEND)
        with open(self.conf_path, 'w') as f:
            f.write('[database]\nconnection = %s\n' % url)
        status, output = self.dbsync('create_schema')
        self.assertEqual(0, status, output)
        engine = sa.create_engine(url)
        self.addCleanup(engine.dispose)
        self.assertEqual(database.migration_heads()[0],
                         migration.version(engine))
        self.assertEqual(set(models.Base.metadata.tables) |
                         {'alembic_version'},
                         set(sa.inspect(engine).get_table_names()))
        status, output = self.dbsync('upgrade')
        self.assertEqual(0, status, output)
        self.assertIn('Database schema is at revision %s'
                      % database.migration_heads()[0], output)


class UpstreamUpgradeMySQLTestCase(_UpstreamUpgradeMixin, base.TestCase):
    BACKEND = 'mysql'

    def test_tables_are_utf8mb4(self):
        status, output = self.dbsync('upgrade')
        self.assertEqual(0, status, output)
        with self.engine.connect() as conn:
            collations = set(conn.execute(sa.text(
                'SELECT table_collation FROM information_schema.tables '
                'WHERE table_schema = DATABASE()')).scalars())
        self.assertEqual({'utf8mb4'}, {c.split('_')[0] for c in collations})


class UpstreamUpgradePostgreSQLTestCase(_UpstreamUpgradeMixin,
                                        base.TestCase):
    BACKEND = 'postgresql'


class _SkipLevelMixin(_DumpMixin):
    """A database of an earlier release (15.x, 16.x): upgraded in one
    step, then its ARQs, bound without a project as the Nova and Cyborg
    of that time left them, repaired by online_data_migrations.  (The
    whole of the conversion is tested on 17.0.0 above; these are kept to
    the one test each, to stay fast.)
    """

    def test_skip_level_upgrade(self):
        arqs = self.before['extended_accelerator_requests']
        bound = {i: a for i, a in arqs.items() if a['instance_uuid']}
        self.assertTrue(bound)
        self.assertEqual({None}, {a['project_id'] for a in bound.values()})
        code, output = self.dbsync('upgrade')
        self.assertEqual(0, code, output)
        self.assertIn('at revision 6c77bd6afea5 (openstack-cyborg 11.0.0 '
                      'to 16.x', output)
        self.assertEqual(database.migration_heads()[0],
                         migration.version(self.engine))
        self.assert_rows_carried_over()
        self.assertIn('{"domain": "0000", "bus": "0c", "device": "0", '
                      '"function": "1"}',
                      [h['attach_info'] for h in
                       rows(self.engine, 'attach_handles').values()])

        result = status_cmd.Checks()._check_data_migrations()
        self.assertEqual(2, result.code, result.details)
        self.assertIn('arq_project_id: %d' % len(bound), result.details)
        nova = self.useFixture(nova_fixture.FakeNova())
        for arq in bound.values():
            nova.servers.add(arq['instance_uuid'], 'compute1',
                             project_id=PROJECT)
        with open(self.conf_path, 'a') as f:
            f.write('[nova]\nauth_type = none\nendpoint_override = %s\n'
                    % nova.url)
        code, output = self.dbsync('online_data_migrations')
        self.assertEqual(0, code, output)
        self.assertRegex(output, r'\| arq_project_id +\| +%d \| +%d \|'
                         % (len(bound), len(bound)))
        self.assertEqual({PROJECT}, {
            a['project_id'] for i, a in rows(
                self.engine, 'extended_accelerator_requests').items()
            if i in bound})
        self.assertEqual(0, status_cmd.Checks()._check_data_migrations()
                         .code)
        [(arq_id, arq)] = [(i, a) for i, a in bound.items()
                           if str(a['state']) == 'Bound'][:1]
        self.assertIn(arq['uuid'],
                      self.nova_read(arq['instance_uuid'], PROJECT))


# The project tools/upstream/fill.py gives the servers.
PROJECT = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'

for _release in releases():
    if _release == '17.0.0':
        continue
    for _backend, _name in (('mysql', 'MySQL'),
                            ('postgresql', 'PostgreSQL')):
        _cls = type('SkipLevel%s%sTestCase' % (
            _release.replace('.', '_'), _name),
            (_SkipLevelMixin, base.TestCase),
            {'BACKEND': _backend, 'RELEASE': _release})
        _cls.__qualname__ = _cls.__name__
        globals()[_cls.__name__] = _cls
# Not collected a second time under these names.
del _release, _backend, _name, _cls
