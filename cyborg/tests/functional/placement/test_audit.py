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
"""placement audit / heal against the real Placement, with drift injected
behind Cyborg's back.
"""

import uuid

from oslo_config import cfg
from oslo_serialization import jsonutils
import pytest

from cyborg import conf as cyborg_conf
from cyborg import context as cyborg_context
from cyborg.clients import placement as placement_client
from cyborg.cmd import manage
from cyborg.conductor.audit import placement as placement_audit
from cyborg.conductor.inventory import reports
from cyborg.conductor.placement import sync as placement_sync
from cyborg.db import api as db_api
from cyborg.db import migration
from cyborg.db.queries import service as service_queries
from cyborg.drivers import fake
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import backends
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.unit.cmd import test_dbsync

pytestmark = pytest.mark.slow(1)

CONF = cyborg_conf.CONF


def _report(context, client, host, devices):
    CONF.set_override('devices', list(devices), group='fake_driver')
    try:
        records = fake.FakeDriver(CONF, host).discover()
    finally:
        CONF.clear_override('devices', group='fake_driver')
    service_queries.heartbeat(context, host, 'cyborg-agent')
    return reports.report(context, client, host, 1,
                            hardware.inventory_hash(records),
                            hardware.HardwareList(objects=records))


def _inject_drift(placement):
    """Change Placement behind Cyborg's back; returns the orphans'
    uuids (free, allocated).
    """
    client = placement.client
    gpu = placement_sync.rp_uuid('n1_FakeDevice_gpu0')
    qat0 = placement_sync.rp_uuid('n1_FakeDevice_qat0_vf0')
    qat1 = placement_sync.rp_uuid('n1_FakeDevice_qat0_vf1')
    client.delete_provider(gpu)
    client.set_inventories(qat0, {'CUSTOM_QAT': {'total': 3,
                                                 'max_unit': 3}})
    client.set_traits(qat1, ['OWNER_CYBORG', 'CUSTOM_QAT', 'CUSTOM_STALE'])
    orphans = []
    for name in ('n1_old_device', 'n1_old_allocated'):
        rp = client.create_provider(str(uuid.uuid4()), name,
                                    placement.compute_nodes['n1'])
        client.set_inventories(rp['uuid'], {'FPGA': {'total': 1}})
        client.set_traits(rp['uuid'], ['OWNER_CYBORG'])
        orphans.append(rp['uuid'])
    placement.allocate(orphans[1], {'FPGA': 1})
    return orphans


class _AuditMixin:

    def setUp(self):
        super().setUp()
        backends.check(self, self.BACKEND)
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            compute_nodes=['n1']))
        self.flags(group='placement', **self.placement.cyborg_options())
        self.client = placement_client.from_conf(CONF)
        _report(self.context, self.client, 'n1', ('fpga=1', 'qat=1',
                                                  'gpu=1'))

    def _audit(self, heal=False, host=None):
        return placement_audit.audit(self.context, self.client, host=host,
                                     heal=heal)

    def test_in_sync(self):
        self.assertEqual([], self._audit())

    def test_every_drift_is_found_and_healed(self):
        free, allocated = _inject_drift(self.placement)
        found = self._audit()
        self.assertEqual(
            [('n1', 'missing provider', 'n1_FakeDevice_gpu0'),
             ('n1', 'wrong inventory', 'n1_FakeDevice_qat0_vf0'),
             ('n1', 'missing trait', 'n1_FakeDevice_qat0_vf1'),
             ('n1', 'missing trait', 'n1_FakeDevice_qat0_vf1'),
             ('n1', 'missing trait', 'n1_FakeDevice_qat0_vf1'),
             ('n1', 'missing trait', 'n1_FakeDevice_qat0_vf1'),
             ('n1', 'stale trait', 'n1_FakeDevice_qat0_vf1'),
             (None, 'orphan provider', 'n1_old_allocated'),
             (None, 'orphan provider', 'n1_old_device')],
            sorted([(d.host, d.kind, d.name) for d in found],
                   key=lambda t: (t[0] is None, t[2], t[1])))
        self.assertIn('"total": 3', [d for d in found
                                     if d.kind == 'wrong inventory'][0]
                      .detail)
        healed = self._audit(heal=True)
        self.assertEqual({'n1_old_allocated'},
                         {d.name for d in healed if not d.repaired})
        # What is left: the orphan that instances still use, now out of
        # scheduling.
        left = self._audit()
        self.assertEqual([('orphan provider', 'n1_old_allocated')],
                         [(d.kind, d.name) for d in left])
        inv = self.placement.view(allocated)['inventories']['FPGA']
        self.assertEqual((1, 1), (inv['total'], inv['reserved']))
        self.assertIsNone(self.placement.client.get_provider(free))
        tree = self.placement.tree('n1')
        self.assertEqual({'PGPU'}, set(
            tree['n1_FakeDevice_gpu0']['inventories']))
        self.assertEqual(1, tree['n1_FakeDevice_qat0_vf0']['inventories'][
            'CUSTOM_QAT']['total'])
        self.assertNotIn('CUSTOM_STALE',
                         tree['n1_FakeDevice_qat0_vf1']['traits'])

    def test_missing_compute_node(self):
        _report(self.context, self.client, 'n2', ('fpga=1',))
        found = self._audit(host='n2')
        self.assertEqual([('missing compute node provider', 'n2')],
                         [(d.kind, d.name) for d in found])
        self.assertFalse(self._audit(heal=True, host='n2')[0].repaired)
        self.flags(group='placement', create_compute_rp=True)
        self.assertTrue(self._audit(heal=True, host='n2')[0].repaired)
        self.assertEqual([], self._audit(host='n2'))
        self.assertEqual(['n2_FakeDevice'], list(self.placement.tree('n2')))


class TestAuditSQLite(_AuditMixin, base.DbTestCase):
    BACKEND = 'sqlite'


class TestAuditMySQL(_AuditMixin, base.DbTestCase):
    BACKEND = 'mysql'


class PlacementCommandTestCase(test_dbsync.CommandTestCase):
    """cyborg-manage placement audit|heal: output and exit statuses."""

    def setUp(self):
        super().setUp()
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            compute_nodes=['n1']))
        with open(self.conf_path, 'a') as f:
            f.write('[placement]\nauth_type = none\n'
                    'endpoint_override = %s\n' % self.placement.endpoint)
        self.seed(migration.upgrade)
        client = self.placement.client
        self.seed(_report, cyborg_context.get_admin_context(), client, 'n1',
                  ('fpga=1', 'qat=1', 'gpu=1'))

    def _run(self, *args):
        self.stdout.seek(0)
        self.stdout.truncate()
        # A command parses its configuration and configures the database
        # once: new ones each time.
        conf = cfg.ConfigOpts()
        cyborg_conf.register_opts(conf)
        manager = db_api.context_manager.make_new_manager()
        self.addCleanup(db_api.context_manager.patch_factory(manager))
        self.addCleanup(manager.dispose_pool)
        return manage.main(['cyborg-manage', '--config-file',
                            self.conf_path] + list(args), conf=conf)

    def test_exit_statuses(self):
        self.assertEqual(0, self._run('placement', 'audit'))
        self.assertIn('Placement matches the database', self.output())
        self.assertEqual(0, self._run('placement', 'heal'))
        self.placement.client.delete_provider(
            placement_sync.rp_uuid('n1_FakeDevice_gpu0'))
        self.assertEqual(3, self._run('placement', 'audit'))
        self.assertIn('| n1   | missing provider | n1_FakeDevice_gpu0 |',
                      self.output())
        self.assertEqual(4, self._run('placement', 'heal', '--json'))
        [drift] = jsonutils.loads(self.output())
        self.assertEqual(('missing provider', True),
                         (drift['kind'], drift['repaired']))
        self.assertEqual(0, self._run('placement', 'audit', '--host', 'n1'))
        _inject_drift(self.placement)
        self.assertEqual(3, self._run('placement', 'heal'))
        self.assertEqual(3, self._run('placement', 'audit'))

    def test_unreachable_placement(self):
        with open(self.conf_path, 'a') as f:
            f.write('[placement]\nendpoint_override = http://127.0.0.1:9\n')
        self.assertEqual(1, self._run('placement', 'audit'))
