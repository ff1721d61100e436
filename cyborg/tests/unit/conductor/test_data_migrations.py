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
"""Tests of the online data migrations (batches, --max-count, exit codes)
on SQLite with the test Nova; the upgrade of real dumps on MariaDB and
PostgreSQL is in cyborg/tests/functional/db/test_upstream_upgrade.py.
"""

import sqlalchemy as sa

from cyborg.clients import nova as nova_client
from cyborg.conductor import data_migrations
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import data_migration as queries
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import nova as nova_fixture

_ARQ = models.ExtendedAcceleratorRequest.__table__


class OnlineDataMigrationsTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.fake_nova = self.useFixture(nova_fixture.FakeNova())
        self.flags(group='nova', auth_type='none',
                   endpoint_override=self.fake_nova.url)
        self.nova = nova_client.from_conf(self.flags_conf())
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid='2f7b1c1e-0d8d-4f3e-9a62-5a0c2a8c2b11', name='dp',
            description=None, groups=[{'resources:FPGA': '1'}]))

    def flags_conf(self):
        return self.conf_fixture.conf

    def _old_arqs(self, servers):
        """One ARQ per server, without a project (as 16.x left them).

        :returns: [ARQ uuid] in order.
        """
        uuids = []
        for server in servers:
            [arq] = arq_create.create(self.context, 'dp', 'p1')
            with db_api.context_manager.writer.using(self.context):
                db_api.execute(self.context, sa.update(_ARQ).where(
                    _ARQ.c.uuid == arq['uuid']).values(
                        project_id=None, instance_uuid=server))
            uuids.append(arq['uuid'])
        return uuids

    def _projects(self):
        with db_api.context_manager.reader.using(self.context):
            return dict(db_api.execute(self.context, sa.select(
                _ARQ.c.uuid, _ARQ.c.project_id)).all())

    def test_batches_and_max_count(self):
        servers = ['s%d' % i for i in range(5)]
        for server in servers:
            self.fake_nova.servers.add(server, 'h1', project_id='proj-'
                                       + server)
        uuids = self._old_arqs(servers + ['s0'])
        run = data_migrations.run(self.context, self.nova, max_count=4,
                                  batch_size=3)
        self.assertEqual(data_migrations.MORE_TO_DO, run.exit_code)
        self.assertEqual([4, 4], run.totals['arq_project_id'])
        run = data_migrations.run(self.context, self.nova, batch_size=3)
        self.assertEqual(data_migrations.ALL_DONE, run.exit_code)
        self.assertEqual([2, 2], run.totals['arq_project_id'])
        projects = self._projects()
        self.assertEqual(['proj-s%d' % i for i in range(5)] + ['proj-s0'],
                         [projects[u] for u in uuids])
        # One Nova read per server and batch (s0 again in the 2nd run).
        self.assertEqual(['/v2.1/servers/s%d' % i for i in (0, 1, 2, 3, 4,
                                                            0)],
                         [r['path'] for r in self.fake_nova.server_requests
                          if r['method'] == 'GET'])
        run = data_migrations.run(self.context, self.nova)
        self.assertEqual((data_migrations.ALL_DONE, [0, 0]),
                         (run.exit_code, run.totals['arq_project_id']))
        self.assertIn('| arq_project_id       |            0 |'
                      '         0 |', run.table())

    def test_server_nova_no_longer_has(self):
        self.fake_nova.servers.add('s1', 'h1', project_id='proj')
        kept, gone = self._old_arqs(['s1', 'gone'])
        run = data_migrations.run(self.context, self.nova)
        self.assertEqual(data_migrations.ERRORS, run.exit_code)
        self.assertEqual([2, 1], run.totals['arq_project_id'])
        [problem] = run.problems
        self.assertIn('ARQ %s: Nova has no server gone; it is left without '
                      'a project' % gone, problem)
        self.assertEqual({kept: 'proj', gone: None}, self._projects())
        self.assertEqual({'arq_project_id': 1},
                         data_migrations.remaining(self.context))

    def test_nova_unreachable_or_not_configured(self):
        [arq] = self._old_arqs(['s1'])
        self.fake_nova.respond(status=503)
        self.fake_nova.down()
        run = data_migrations.run(self.context, self.nova)
        self.assertEqual(data_migrations.ERRORS, run.exit_code)
        self.assertIn('run the command again', run.problems[0])
        run = data_migrations.run(self.context, None)
        self.assertEqual(data_migrations.ERRORS, run.exit_code)
        self.assertIn('Nova is not configured', run.problems[0])
        self.assertEqual({arq: None}, self._projects())

    def test_a_project_set_meanwhile_wins(self):
        [arq] = self._old_arqs(['s1'])
        [row] = queries.arqs_without_project(self.context)
        with db_api.context_manager.writer.using(self.context):
            db_api.execute(self.context, sa.update(_ARQ).where(
                _ARQ.c.uuid == arq).values(project_id='other'))
        self.assertFalse(queries.set_arq_project(self.context, row['id'],
                                                 's1', 'proj'))
        self.assertEqual({arq: 'other'}, self._projects())
