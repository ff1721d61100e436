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
"""Tests of the cyborg-manage command."""

import datetime
import io

import fixtures
from oslo_config import cfg
from oslo_serialization import jsonutils
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg import context as cyborg_context
from cyborg.cmd import manage
from cyborg.cmd import manage_audit
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.db import api as db_api
from cyborg.db import migration
from cyborg.db import models
from cyborg.db.queries import service as service_queries
from cyborg.db.queries import usage as usage_queries
from cyborg.objects import device_profile as dp_obj
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import nova as nova_fixture
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.unit.cmd import test_dbsync

T0 = datetime.datetime(2026, 11, 21, 12, 0, 0)


class _ManageTestCase(test_dbsync.CommandTestCase):

    def setUp(self):
        super().setUp()
        engine = sa.create_engine(self.db_url)
        migration.upgrade(engine=engine)
        engine.dispose()
        self.clock = self.time_fixture(T0)

    def _run(self, *args):
        return manage.main(['cyborg-manage', '--config-file',
                            self.conf_path] + list(args), conf=self.conf)

    def _again(self, *args):
        """Run another command, as a new process would."""
        self.conf = cfg.ConfigOpts()
        cyborg_conf.register_opts(self.conf)
        manager = db_api.context_manager.make_new_manager()
        self.addCleanup(db_api.context_manager.patch_factory(manager))
        self.addCleanup(manager.dispose_pool)
        self.stdout.seek(0)
        self.stdout.truncate()
        return self._run(*args)


class ServiceListTestCase(_ManageTestCase):

    def _heartbeat(self, host, binary):
        self.seed(service_queries.heartbeat,
                  cyborg_context.get_admin_context(), host, binary,
                  version='1.0', started_at=T0)

    def _rows(self):
        return [[cell.strip() for cell in line.split('|')[1:-1]]
                for line in self.output().splitlines()
                if line.startswith('|')]

    def test_list_shows_up_and_down(self):
        self._heartbeat('c1', 'cyborg-conductor')
        self._heartbeat('n1', 'cyborg-agent')
        self.clock.advance(60)   # more than service_down_time (3 s here)
        self._heartbeat('n2', 'cyborg-agent')
        self.assertEqual(0, self._run('service', 'list'))
        rows = self._rows()
        self.assertEqual(['Host', 'Binary', 'Topic', 'Version', 'Status',
                          'Last seen up', 'Started at'], rows[0])
        self.assertEqual([('c1', 'cyborg-conductor', 'down'),
                          ('n1', 'cyborg-agent', 'down'),
                          ('n2', 'cyborg-agent', 'up')],
                         [(r[0], r[1], r[4]) for r in rows[1:]])

    def test_filter_by_binary(self):
        self._heartbeat('c1', 'cyborg-conductor')
        self._heartbeat('n1', 'cyborg-agent')
        self.assertEqual(0, self._run('service', 'list', '--binary',
                                      'cyborg-agent'))
        self.assertEqual(['n1'], [r[0] for r in self._rows()[1:]])

    def test_filter_by_host(self):
        self._heartbeat('c1', 'cyborg-conductor')
        self._heartbeat('n1', 'cyborg-agent')
        self.assertEqual(0, self._run('service', 'list', '--host', 'c1'))
        self.assertEqual(['c1'], [r[0] for r in self._rows()[1:]])


def _bind_two(context):
    """Two ARQs of one instance bound to PCI functions; an unbound one."""
    device = inventory.add_device(context, 'node-1', address='0000:3b:00.0',
                                  handles=2, handle_type='PCI', rc='PGPU',
                                  traits=())
    dp_ops.create(context, dp_obj.DeviceProfile(
        uuid=uuidutils.generate_uuid(), name='pgpu', description=None,
        groups=[{'resources:PGPU': '2'}]))
    arqs, _ = nova_boot.NovaBoot(context=context).boot(
        'pgpu', 'node-1', device['rp_uuid'], instance='inst-1')
    spare = arq_create.create(context, 'pgpu', 'p1')[0]['uuid']
    return arqs, spare


class ArqHostdevTestCase(_ManageTestCase):

    def setUp(self):
        super().setUp()
        self.arqs, self.spare = self.seed(
            _bind_two, cyborg_context.get_admin_context())

    def test_by_instance(self):
        self.assertEqual(0, self._run('arq', 'hostdev', '--instance',
                                      'inst-1'))
        out = self.output()
        self.assertEqual(2, out.count('<hostdev mode="subsystem" '
                                      'type="pci" managed="yes">'))
        self.assertIn('bus="0x3b" slot="0x00" function="0x1"', out)
        self.assertIn('bus="0x3b" slot="0x00" function="0x2"', out)
        for uuid in self.arqs:
            self.assertIn('ARQ %s (pgpu) on node-1' % uuid, out)

    def test_by_uuid(self):
        self.assertEqual(0, self._run('arq', 'hostdev', self.arqs[1]))
        self.assertEqual(1, self.output().count('<hostdev '))

    def test_unbound(self):
        self.assertEqual(1, self._run('arq', 'hostdev', self.spare))
        self.assertEqual('', self.output())

    def test_unknown_instance(self):
        self.assertEqual(1, self._run('arq', 'hostdev', '--instance',
                                      'nobody'))
        self.assertEqual('', self.output())

    def test_needs_arqs_or_instance(self):
        self.assertRaises(SystemExit, self._run, 'arq', 'hostdev')


def _leak_one(context):
    """Two bound ARQs, and one handle in use that nothing holds."""
    arqs, _ = _bind_two(context)
    device = inventory.add_device(context, 'node-2', address='0000:5e:00.0',
                                  handles=1, handle_type='PCI', rc='PGPU',
                                  traits=())
    context.session.execute(
        sa.update(models.AttachHandle)
        .where(models.AttachHandle.deployable_id == device['deployable_id'])
        .values(in_use=True))
    return device['handle_uuids'][0]


def _leak_mdev(context):
    """A mediated device's handle in use that nothing holds."""
    device = inventory.add_device(context, 'node-3', dev_type='GPU',
                                  address='0000:b0:00.0', handles=1,
                                  handle_type='MDEV', rc='VGPU', traits=(),
                                  driver='gpu')
    context.session.execute(
        sa.update(models.AttachHandle)
        .where(models.AttachHandle.deployable_id == device['deployable_id'])
        .values(in_use=True))
    return device['handle_uuids'][0]


class HandleAuditTestCase(_ManageTestCase):

    def setUp(self):
        super().setUp()
        self.leaked = self.seed(
            db_api.context_manager.writer(_leak_one),
            cyborg_context.get_admin_context())

    def test_audit_heal_audit(self):
        self.assertEqual(manage_audit.EXIT_DRIFT, self._run('handle', 'audit'))
        out = self.output()
        self.assertIn(self.leaked, out)
        self.assertIn('unheld handle', out)
        self.assertIn('(heal: free it)', out)
        self.assertEqual(manage_audit.EXIT_REPAIRED,
                         self._again('handle', 'heal'))
        self.assertIn('| yes ', self.output())
        self.assertEqual(manage_audit.EXIT_IN_SYNC,
                         self._again('handle', 'audit'))
        self.assertIn('Every attach handle agrees', self.output())

    def test_json_and_host(self):
        self.assertEqual(manage_audit.EXIT_IN_SYNC, self._run(
            'handle', 'audit', '--host', 'node-1', '--json'))
        self.assertEqual([], jsonutils.loads(self.output()))
        self.assertEqual(manage_audit.EXIT_REPAIRED, self._again(
            'handle', 'heal', '--host', 'node-2', '--json'))
        [finding] = jsonutils.loads(self.output())
        self.assertEqual(
            {'host': 'node-2', 'kind': 'unheld handle',
             'handle': self.leaked, 'arq': None, 'repaired': True},
            {k: finding[k] for k in ('host', 'kind', 'handle', 'arq',
                                     'repaired')})

    def test_database_unreachable(self):
        with open(self.conf_path, 'w') as f:
            f.write('[database]\nconnection = sqlite:////nonexistent/x.db\n')
        self.assertEqual(manage_audit.EXIT_ERROR, self._run('handle', 'audit'))

    def test_a_queued_release_is_not_repaired_yet(self):
        # An unheld mediated device gets a release job: the handle stays
        # in use until the agent removed it, so the heal says "some
        # left" (3), not "all repaired" (4), and the next audit finds
        # the handle held by its job.
        mdev = self.seed(db_api.context_manager.writer(_leak_mdev),
                         cyborg_context.get_admin_context())
        self.assertEqual(manage_audit.EXIT_DRIFT, self._run(
            'handle', 'heal', '--host', 'node-3', '--json'))
        [finding] = jsonutils.loads(self.output())
        self.assertEqual((mdev, False), (finding['handle'],
                                         finding['repaired']))
        self.assertIn('release job', finding['detail'])
        self.assertEqual(manage_audit.EXIT_IN_SYNC, self._again(
            'handle', 'audit', '--host', 'node-3'))
        self.assertEqual(manage_audit.EXIT_REPAIRED, self._again(
            'handle', 'heal', '--host', 'node-2'))


class AuditErrorTestCase(_ManageTestCase):
    """Every audit and heal exits 1 with the error on stderr when the
    database cannot be reached (the services are configured: the
    database is read first).
    """

    def setUp(self):
        super().setUp()
        self.stderr = io.StringIO()
        self.useFixture(fixtures.MonkeyPatch('sys.stderr', self.stderr))
        with open(self.conf_path, 'w') as f:
            f.write('[database]\nconnection = sqlite:////nonexistent/x.db\n'
                    '[placement]\nauth_type = none\n'
                    'endpoint_override = http://127.0.0.1:9\n'
                    '[nova]\nauth_type = none\n'
                    'endpoint_override = http://127.0.0.1:9\n')

    def _fails(self, category, action, message):
        self.assertEqual(manage_audit.EXIT_ERROR,
                         self._run(category, action, '--json'))
        self.assertIn(message, self.stderr.getvalue())
        self.assertEqual('', self.output())

    def test_placement(self):
        self._fails('placement', 'heal', 'Placement audit failed: ')

    def test_handle(self):
        self._fails('handle', 'heal', 'Attach handle audit failed: ')

    def test_instance(self):
        self._fails('instance', 'heal', 'Instance audit failed: ')

    def test_usage(self):
        self._fails('usage', 'heal', 'Usage audit failed: ')


class InstanceAuditCmdTestCase(_ManageTestCase):
    """``instance audit|heal``; what they find is tested in
    cyborg/tests/functional/placement/test_instance_audit.py.
    """

    def test_nova_not_configured(self):
        self.assertEqual(manage_audit.EXIT_ERROR,
                         self._run('instance', 'audit'))

    def test_nothing_to_find(self):
        nova = self.useFixture(nova_fixture.FakeNova())
        with open(self.conf_path, 'a') as f:
            f.write('\n[nova]\nauth_type = none\nendpoint_override = %s\n'
                    % nova.url)
        self.assertEqual(manage_audit.EXIT_IN_SYNC,
                         self._run('instance', 'heal', '--json'))
        self.assertEqual([], jsonutils.loads(self.output()))


def _usage_intervals(context):
    """Three intervals of gone ARQs: two closed (T0 - 2 days, T0 - 1
    hour), one open.
    """
    for arq, start, end in (('a-old', 72, 48), ('a-recent', 3, 1),
                            ('a-open', 2, None)):
        usage_queries.open_interval(
            context, arq, T0 - datetime.timedelta(hours=start),
            {'project_id': 'p1', 'hostname': 'node-1'})
        if end is not None:
            usage_queries.close(context, [arq],
                                T0 - datetime.timedelta(hours=end),
                                usage_queries.DELETE)


class UsageCmdTestCase(_ManageTestCase):
    """``usage purge`` and ``usage audit|heal`` (what the audit finds is
    tested in cyborg/tests/unit/conductor/audit/test_usage.py).
    """

    def setUp(self):
        super().setUp()
        self.seed(_usage_intervals, cyborg_context.get_admin_context())
        self.stderr = io.StringIO()
        self.useFixture(fixtures.MonkeyPatch('sys.stderr', self.stderr))

    def _arqs(self):
        return sorted(row['arq_uuid'] for row in self.seed(
            usage_queries.page, cyborg_context.get_admin_context(),
            T0 - datetime.timedelta(days=10), T0))

    def test_purge_in_batches_keeps_the_open_and_the_recent(self):
        self.assertEqual(0, self._run('usage', 'purge', '--before',
                                      '2026-11-21T11:00:00Z',
                                      '--batch-size', '1'))
        self.assertIn('Deleted 1 usage interval(s) closed before '
                      '2026-11-21T11:00:00', self.output())
        self.assertEqual(['a-open', 'a-recent'], self._arqs())
        self.assertEqual(0, self._again('usage', 'purge', '--before',
                                        '2026-11-21T12:00:00'))
        self.assertEqual(['a-open'], self._arqs())

    def test_purge_refuses(self):
        for date in ('yesterday', '2026-13-01', '2026-11-22'):
            self.assertEqual(1, self._again('usage', 'purge', '--before',
                                            date))
        self.assertIn('is after now', self.stderr.getvalue())
        self.assertEqual(['a-old', 'a-open', 'a-recent'], self._arqs())

    def test_audit_then_heal(self):
        self.assertEqual(manage_audit.EXIT_DRIFT,
                         self._run('usage', 'audit', '--json'))
        [finding] = jsonutils.loads(self.output())
        self.assertEqual(('open interval without binding', 'a-open', None),
                         (finding['kind'], finding['arq'],
                          finding['repaired']))
        self.assertEqual(manage_audit.EXIT_REPAIRED,
                         self._again('usage', 'heal'))
        self.assertIn('closed at 2026-11-21T12:00:00', self.output())
