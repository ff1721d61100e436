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
"""Reports applied to the tables and to the real Placement.

Every scenario runs on SQLite and on MariaDB (Cyborg's database and
Placement's); the concurrency test also on PostgreSQL.
"""

import threading
import time
from unittest import mock

from oslo_serialization import jsonutils
from oslo_utils import uuidutils
import pytest
import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg import context as cyborg_context
from cyborg import counters
from cyborg import states
from cyborg.clients import placement as placement_client
from cyborg.common import traits as cyborg_traits
from cyborg.conductor.devices import device as device_ops
from cyborg.conductor.inventory import device_diff
from cyborg.conductor.inventory import reports
from cyborg.conductor.placement import push as placement_push
from cyborg.conductor.placement import sync as placement_sync
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import deployable as deployable_queries
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import host_inventory
from cyborg.db.queries import service as service_queries
from cyborg.drivers import fake
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.fixtures import statements

pytestmark = pytest.mark.slow(3)

CONF = cyborg_conf.CONF

FUNCTION = 'CUSTOM_FPGA_FUNCTION_ID_INTEL_'
_DEFAULT = object()


class _SyncMixin(placement_fixture.PlacementMixin):
    """Scenarios of one host, n1, whose agent is up."""

    def setUp(self):
        super().setUp()
        self.use_placement(['n1'])
        # The agent said hello once: it stays up however long a loaded
        # machine takes (the tests' three seconds of service_down_time
        # passed mid-test there); a test of an agent going down advances
        # a clock past service_down_time.
        self.flags(service_down_time=600)
        self._agent_up('n1')
        self.generation = 0

    # Helpers -----------------------------------------------------------------

    def _agent_up(self, host):
        service_queries.heartbeat(self.context, host, 'cyborg-agent')

    def _records(self, host='n1', devices=('fpga=1',)):
        self.flags(group='fake_driver', devices=list(devices))
        return fake.FakeDriver(CONF, host).discover()

    def _report(self, records, host='n1', full=True, rp_name=None,
                client=_DEFAULT):
        self.generation += 1
        return reports.report(
            self.context, self.client if client is _DEFAULT else client,
            host, self.generation,
            hardware.inventory_hash(records),
            hardware.HardwareList(objects=records) if full else None,
            rp_name=rp_name)

    def _host(self, host='n1'):
        return host_queries.get_all(self.context, host=host)[0]

    def _snapshot(self, host='n1'):
        return host_inventory.load(self.context, host)

    def _uuids(self, host='n1'):
        """Every row uuid of the host's inventory, by table."""
        snap = self._snapshot(host)
        return {
            'devices': {r['uuid'] for r in snap.devices.values()},
            'deployables': {r['uuid'] for r in snap.deployables.values()},
            'attributes': {r['uuid'] for rows in snap.attributes.values()
                           for r in rows},
            'handles': {r['uuid'] for rows in snap.handles.values()
                        for r in rows},
        }

    def _fpga(self, host='n1', function='AAAA'):
        """A fake FPGA with a loaded function."""
        record = self._records(host)[0]
        record.deployables[0].traits = sorted(
            record.deployables[0].traits + [FUNCTION + function])
        return record

    def _bind(self, deployable_name, handles=1):
        """Hold handles of a deployable as a bound ARQ does."""
        snap = self._snapshot()
        dep = snap.deployables[deployable_name]
        with db_api.get_engine().begin() as conn:
            dp = conn.execute(sa.insert(models.DeviceProfile.__table__)
                              .values(uuid='dp-' + dep['uuid'][:8],
                                      name='dp-' + dep['uuid'][:8],
                                      profile_json='{}')).inserted_primary_key[0]
            for handle in snap.handles[dep['id']][:handles]:
                conn.execute(sa.update(models.AttachHandle.__table__)
                             .where(models.AttachHandle.id == handle['id'])
                             .values(in_use=True))
                conn.execute(sa.insert(
                    models.ExtendedAcceleratorRequest.__table__).values(
                        uuid='arq-' + handle['uuid'][:8],
                        state=states.BOUND, device_profile_id=dp,
                        device_profile_group_id=0,
                        attach_handle_id=handle['id'],
                        deployable_id=dep['id']))

    def _unbind(self):
        with db_api.get_engine().begin() as conn:
            conn.execute(sa.delete(
                models.ExtendedAcceleratorRequest.__table__))
            conn.execute(sa.update(models.AttachHandle.__table__)
                         .values(in_use=False))

    def _inventory(self, name):
        tree = self.placement.tree('n1')
        return tree[name]['inventories']

    # Scenarios ---------------------------------------------------------------

    def test_first_report_publishes_nested_providers(self):
        records = self._records(devices=('fpga=1', 'qat=1', 'gpu=1'))
        answer = self._report(records)
        self.assertEqual('stored', answer['status'])
        tree = self.placement.tree('n1')
        self.assertEqual(
            ['n1_FakeDevice', 'n1_FakeDevice_gpu0'] +
            ['n1_FakeDevice_qat0_vf%d' % i for i in range(4)], sorted(tree))
        fpga = tree['n1_FakeDevice']
        self.assertEqual(placement_sync.rp_uuid('n1_FakeDevice'),
                         fpga['uuid'])
        self.assertEqual(self.placement.compute_nodes['n1'],
                         fpga['parent_provider_uuid'])
        self.assertEqual(
            {'FPGA': (16, 0, 16)},
            {rc: (i['total'], i['reserved'], i['max_unit'])
             for rc, i in fpga['inventories'].items()})
        self.assertEqual(['CUSTOM_FAKE_DEVICE', 'OWNER_CYBORG'],
                         fpga['traits'])
        self.assertEqual(['CUSTOM_FAKE_DEVICE', 'CUSTOM_QAT',
                          'CUSTOM_QAT_ASYM', 'CUSTOM_QAT_DC',
                          'CUSTOM_QAT_SYM', 'OWNER_CYBORG'],
                         tree['n1_FakeDevice_qat0_vf1']['traits'])
        self.assertEqual({'CUSTOM_QAT'}, set(
            tree['n1_FakeDevice_qat0_vf1']['inventories']))
        self.assertEqual({'PGPU'}, set(
            tree['n1_FakeDevice_gpu0']['inventories']))
        # The tables: one row per record, resource providers recorded.
        snap = self._snapshot()
        self.assertEqual(3, len(snap.devices))
        self.assertEqual(
            {name: placement_sync.rp_uuid(name) for name in tree},
            {name: row['rp_uuid'] for name, row in snap.deployables.items()})
        fpga_row = snap.deployables['n1_FakeDevice']
        self.assertEqual(16, len(snap.handles[fpga_row['id']]))
        self.assertEqual(
            [('rc', 'FPGA'), ('trait0', 'CUSTOM_FAKE_DEVICE')],
            [(a['key'], a['value'])
             for a in snap.attributes[fpga_row['id']]])
        self.assertFalse(self._host()['needs_sync'])
        cost = answer['cost']
        # 6 providers created and given their traits, their inventories
        # set together, the compute node looked up, custom traits and
        # resource classes created once.
        self.assertEqual(6 * 2 + 1 + 1 + 6, cost['placement_calls'])

    def test_a_first_start_takes_two_requests_a_provider_and_two(self):
        # A host of the benchmarks (8 devices, 8 providers): its first
        # report's Placement requests, by kind.
        sent = []
        adapter = self.client._adapter
        real = adapter.request

        def request(path, method, **kwargs):
            sent.append((method, path.split('?')[0]))
            return real(path, method, **kwargs)

        records = self._records(devices=('fpga=4', 'gpu=4'))
        with mock.patch.object(adapter, 'request', side_effect=request,
                               autospec=True):
            self.assertEqual('stored', self._report(records)['status'])
        kinds = {}
        for method, path in sent:
            parts = path.strip('/').split('/')
            kind = '%s /%s' % (method, '/'.join(
                '{x}' if i % 2 else p for i, p in enumerate(parts)))
            kinds[kind] = kinds.get(kind, 0) + 1
        # One custom trait created (once per conductor), then the host's
        # floor: 2 requests a provider (no request takes traits or
        # creates a provider with them), the compute node looked up, and
        # every inventory in one.  It was 3 a provider (25 a host).
        self.assertEqual({'GET /resource_providers': 1,
                          'POST /resource_providers': 8,
                          'POST /reshaper': 1,
                          'PUT /resource_providers/{x}/traits': 8,
                          'PUT /traits/{x}': 1}, kinds)
        tree = self.placement.tree('n1')
        self.assertEqual(8, len(tree))
        for name, view in tree.items():
            self.assertEqual(1, len(view['inventories']), name)
            self.assertIn('OWNER_CYBORG', view['traits'])
        # What each push recorded is Placement's generation: a change
        # costs no generation read.
        for row in self._snapshot().deployables.values():
            generation = self.placement.client.get_traits(row['rp_uuid'])[0]
            self.assertEqual(generation, jsonutils.loads(
                row['rp_state'])['generation'])

    def test_a_bind_finds_each_provider_before_it_is_schedulable(self):
        # The all-in-one's CI failure: Nova's scheduler picked a provider
        # whose inventory the first start had set, and the bind answered
        # 400 "not a deployable of host": its uuid was recorded only after
        # the inventories of all and each one's traits.
        unknown = []
        real = self.client._adapter.request

        def request(path, method, **kwargs):
            if path == '/reshaper':
                ctx = cyborg_context.get_admin_context()
                unknown.extend(
                    uuid for uuid in kwargs['json']['inventories']
                    if deployable_queries.bind_target(ctx, uuid, 'n1')
                    is None)
            return real(path, method, **kwargs)

        records = self._records(devices=('fpga=2', 'gpu=2'))
        with mock.patch.object(self.client._adapter, 'request',
                               side_effect=request, autospec=True):
            self.assertEqual('stored', self._report(records)['status'])
        self.assertEqual([], unknown)
        self.assertEqual(4, len(self.placement.tree('n1')))

    def test_first_start_without_the_reshaper_sets_each_inventory(self):
        # Placement's policy refuses POST /reshaper to Cyborg: each new
        # provider's inventory is set on its own, once asked.
        refused = mock.Mock(status_code=403, text='refused')
        refused.json.side_effect = ValueError
        real = self.client._adapter.request

        def request(path, method, **kwargs):
            if path == '/reshaper':
                return refused
            return real(path, method, **kwargs)

        records = self._records(devices=('fpga=2',))
        with mock.patch.object(self.client._adapter, 'request',
                               side_effect=request, autospec=True):
            answer = self._report(records)
        self.assertEqual('stored', answer['status'])
        self.assertTrue(self.client._no_reshaper)
        tree = self.placement.tree('n1')
        self.assertEqual({'FPGA'}, {rc for view in tree.values()
                                    for rc in view['inventories']})
        self.assertFalse(self._host()['needs_sync'])
        # Compute node, 2 creates, the reshaper refused, 2 inventories,
        # one custom trait, 2 traits.
        self.assertEqual(1 + 2 + 1 + 2 + 1 + 2,
                         answer['cost']['placement_calls'])

    def test_unchanged_reports_cost_one_update_and_no_placement_call(self):
        records = self._records(devices=('fpga=1', 'qat=1'))
        self._report(records)
        counter = self.useFixture(statements.StatementCounter(
            db_api.get_engine()))
        with counter.counting():
            answer = self._report(records, full=False)
        self.assertEqual('unchanged', answer['status'])
        self.assertEqual({'db_statements': 1, 'db_writes': 1,
                          'placement_calls': 0},
                         {k: answer['cost'][k] for k in (
                             'db_statements', 'db_writes',
                             'placement_calls')})
        self.assertEqual(1, counter.count)
        self.assertTrue(counter.statements[-1].startswith('UPDATE hosts'))
        # A full report of the same inventory (an agent restarted): no
        # inventory row and no Placement call either.
        before = sum(self.placement.client.calls.values())
        with counter.counting():
            answer = self._report(records)
        self.assertEqual('unchanged', answer['status'])
        self.assertEqual(0, answer['cost']['placement_calls'])
        writes = [s for s in counter.statements
                  if s.lstrip().upper().startswith(
                      ('INSERT', 'UPDATE', 'DELETE'))]
        self.assertEqual(['hosts'], sorted(
            {w.split()[1] if w.startswith('UPDATE') else w.split()[2]
             for w in writes}))
        self.assertEqual(before, sum(self.placement.client.calls.values()))
        # The periodic check finds nothing to do.
        with counters.measure() as cost:
            self.assertEqual([], reports.periodic(self.context,
                                                    self.client))
        self.assertEqual(0, cost.placement_calls)

    def test_a_conductor_killed_applying_a_report_stored_none_of_it(self):
        # Killed between storing the report and making the tables match
        # it, the conductor answered nothing: the agent sends the same
        # report again, which must not be taken as one already applied.
        class Killed(BaseException):
            pass

        records = self._records()
        with mock.patch.object(device_diff, 'apply', autospec=True,
                               side_effect=Killed):
            self.assertRaises(Killed, self._report, records)
        self.assertIsNone(self._host()['inventory_hash'])
        self.assertEqual('stored', self._report(records)['status'])
        self.assertEqual(1, len(self._snapshot().devices))
        self.assertIn('n1_FakeDevice', self.placement.tree('n1'))

    def test_inventory_is_read_in_constant_statements(self):
        selects = []
        for devices in (('fpga=1',), ('fpga=3', 'qat=2', 'gpu=2')):
            host = 'c%d' % len(selects)
            self.placement.add_compute_node(host)
            self._report(self._records(host, devices), host=host)
            counter = self.useFixture(statements.StatementCounter(
                db_api.get_engine()))
            host_queries.mark_needs_sync(self.context, host)
            with counter.counting():
                reports.apply_report(self.context, host)
                placement_push.push(self.context, self.client, host)
            selects.append(len([s for s in counter.statements
                                if s.lstrip().upper().startswith('SELECT')]))
        self.assertEqual(selects[0], selects[1])

    def test_change_writes_only_what_changed(self):
        records = self._records(devices=('fpga=1', 'qat=1'))
        self._report(records)
        before = self._uuids()
        tree_before = self.placement.tree('n1')
        # One QAT VF gets another trait.
        records[1].deployables[2].traits = sorted(
            records[1].deployables[2].traits + ['CUSTOM_NEW'])
        answer = self._report(records)
        # The new custom trait, then the provider's traits.
        self.assertEqual(2, answer['cost']['placement_calls'])
        after = self._uuids()
        self.assertEqual(before['devices'], after['devices'])
        self.assertEqual(before['deployables'], after['deployables'])
        self.assertEqual(before['handles'], after['handles'])
        self.assertEqual(set(), before['attributes'] - after['attributes'])
        tree = self.placement.tree('n1')
        self.assertIn('CUSTOM_NEW', tree['n1_FakeDevice_qat0_vf2']['traits'])
        for name in set(tree) - {'n1_FakeDevice_qat0_vf2'}:
            self.assertEqual(tree_before[name]['generation'],
                             tree[name]['generation'], name)

    def test_add_and_remove_free_device(self):
        self._report(self._records(devices=('fpga=1', 'gpu=1')))
        answer = self._report(self._records(devices=('fpga=2', 'gpu=1')))
        self.assertEqual(3, answer['cost']['placement_calls'])
        self.assertIn('n1_FakeDevice_fpga1', self.placement.tree('n1'))
        gpu_uuid = placement_sync.rp_uuid('n1_FakeDevice_gpu0')
        self._report(self._records(devices=('fpga=2',)))
        self.assertIsNone(self.placement.client.get_provider(gpu_uuid))
        snap = self._snapshot()
        self.assertEqual(['n1_FakeDevice', 'n1_FakeDevice_fpga1'],
                         sorted(snap.deployables))
        self.assertEqual(2, len(snap.devices))
        self.assertEqual(2, len(snap.controlpaths))
        self.assertFalse(self._host()['needs_sync'])

    def test_remove_allocated_device_waits_for_its_allocations(self):
        self._report(self._records(devices=('fpga=1', 'gpu=1')))
        gpu = placement_sync.rp_uuid('n1_FakeDevice_gpu0')
        consumer = self.placement.allocate(gpu, {'PGPU': 1})
        # The GPU goes while an instance uses it; a QAT comes in the same
        # report and is applied normally.
        self._report(self._records(devices=('fpga=1', 'qat=1')))
        tree = self.placement.tree('n1')
        self.assertEqual({'total': 1, 'reserved': 1}, {
            k: tree['n1_FakeDevice_gpu0']['inventories']['PGPU'][k]
            for k in ('total', 'reserved')})
        self.assertIn('n1_FakeDevice_qat0_vf0', tree)
        snap = self._snapshot()
        self.assertIsNotNone(
            snap.deployables['n1_FakeDevice_gpu0']['removed_at'])
        self.assertTrue(self._host()['needs_sync'])
        # Still allocated: the periodic check keeps it.
        reports.periodic(self.context, self.client)
        self.assertIsNotNone(self.placement.client.get_provider(gpu))
        self.placement.deallocate(consumer)
        self.assertEqual(['n1'], reports.periodic(self.context,
                                                    self.client))
        self.assertIsNone(self.placement.client.get_provider(gpu))
        snap = self._snapshot()
        self.assertNotIn('n1_FakeDevice_gpu0', snap.deployables)
        self.assertEqual(2, len(snap.devices))
        self.assertFalse(self._host()['needs_sync'])

    def test_remove_device_held_by_an_accelerator_request(self):
        self._report(self._records(devices=('fpga=1', 'gpu=1')))
        self._bind('n1_FakeDevice_gpu0')
        before = self._uuids()
        self._report(self._records(devices=('fpga=1',)))
        # Nothing of the GPU is deleted or changed; its provider stays,
        # reserved.
        self.assertEqual(before, self._uuids())
        self.assertEqual(1, self._inventory('n1_FakeDevice_gpu0')['PGPU'][
            'reserved'])
        self.assertTrue(self._host()['needs_sync'])
        self._unbind()
        reports.periodic(self.context, self.client)
        self.assertNotIn('n1_FakeDevice_gpu0', self.placement.tree('n1'))
        self.assertEqual(1, len(self._snapshot().devices))
        self.assertFalse(self._host()['needs_sync'])

    def test_gone_handle_in_use_is_kept_until_released(self):
        records = self._records()
        self._report(records)
        self._bind('n1_FakeDevice', handles=1)
        held = self._snapshot().handles[
            self._snapshot().deployables['n1_FakeDevice']['id']][0]
        # The first two functions disappear (e.g. VFs removed).
        dep = records[0].deployables[0]
        dep.attach_handles = dep.attach_handles[2:]
        dep.num_accelerators = 14
        self._report(records)
        snap = self._snapshot()
        handles = snap.handles[snap.deployables['n1_FakeDevice']['id']]
        self.assertEqual(15, len(handles))
        self.assertIn(held['uuid'], {h['uuid'] for h in handles})
        self.assertEqual(14, self._inventory('n1_FakeDevice')['FPGA'][
            'total'])
        # Placement is as the report says; the tables keep the held
        # handle, and the report is applied again until it is released.
        self.assertEqual((False, True), (self._host()['needs_sync'],
                                         self._host()['gone_held']))
        self._unbind()
        reports.periodic(self.context, self.client)
        snap = self._snapshot()
        self.assertEqual(14, len(snap.handles[
            snap.deployables['n1_FakeDevice']['id']]))
        self.assertEqual((False, False), (self._host()['needs_sync'],
                                          self._host()['gone_held']))

    def test_disable_and_enable_reserve_and_restore(self):
        self._report(self._records(devices=('fpga=1', 'qat=1')))
        qat = [r for r in self._snapshot().devices.values()
               if r['type'] == 'QAT'][0]
        device_ops.set_status(self.context, self.client, qat['uuid'],
                              'maintaining')
        tree = self.placement.tree('n1')
        for i in range(4):
            inv = tree['n1_FakeDevice_qat0_vf%d' % i]['inventories']
            self.assertEqual(1, inv['CUSTOM_QAT']['reserved'])
        self.assertEqual(0, tree['n1_FakeDevice']['inventories']['FPGA'][
            'reserved'])
        # Reports keep it reserved.
        answer = self._report(self._records(
            devices=('fpga=1', 'qat=1', 'gpu=1')))
        self.assertEqual(1, self._inventory('n1_FakeDevice_qat0_vf0')[
            'CUSTOM_QAT']['reserved'])
        self.assertEqual(3, answer['cost']['placement_calls'])
        device_ops.set_status(self.context, self.client, qat['uuid'],
                              'enabled')
        self.assertEqual(0, self._inventory('n1_FakeDevice_qat0_vf0')[
            'CUSTOM_QAT']['reserved'])
        self.assertFalse(self._host()['needs_sync'])

    def test_agent_down_reserves_and_back_restores(self):
        clock = self.time_fixture()
        self._agent_up('n1')
        self._report(self._records())
        self.assertEqual([], reports.periodic(self.context, self.client))
        clock.advance(CONF.service_down_time + 1)
        self.assertEqual(['n1'], reports.periodic(self.context,
                                                    self.client))
        self.assertEqual(16, self._inventory('n1_FakeDevice')['FPGA'][
            'reserved'])
        self.assertFalse(self._host()['agent_up'])
        self._agent_up('n1')
        self.assertEqual(['n1'], reports.periodic(self.context,
                                                    self.client))
        self.assertEqual(0, self._inventory('n1_FakeDevice')['FPGA'][
            'reserved'])

    def _programmed(self, deployable_name, image, function):
        """Record a programming, as a bind or the program API does."""
        dep = self._snapshot().deployables[deployable_name]
        with db_api.context_manager.writer.using(self.context):
            deployable_queries.record_programming(
                self.context, dep['id'], image, [FUNCTION + function],
                cyborg_traits.FUNCTION_TRAIT_PREFIX)

    def test_reprogram_swaps_function_traits(self):
        self._report([self._fpga(function='AAAA')])
        dep = self._snapshot().deployables['n1_FakeDevice']
        self.assertIsNone(dep['bitstream_id'])
        attributes = {a['value']: a['uuid'] for a in
                      self._snapshot().attributes[dep['id']]}
        answer = self._report([self._fpga(function='BBBB')])
        traits = self.placement.tree('n1')['n1_FakeDevice']['traits']
        self.assertIn(FUNCTION + 'BBBB', traits)
        self.assertNotIn(FUNCTION + 'AAAA', traits)
        # The trait row was rewritten in place.
        after = {a['value']: a['uuid'] for a in
                 self._snapshot().attributes[dep['id']]}
        self.assertEqual(attributes[FUNCTION + 'AAAA'],
                         after[FUNCTION + 'BBBB'])
        self.assertEqual(2, answer['cost']['placement_calls'])

    def test_programmed_bitstream_stays_until_the_function_changes(self):
        image = uuidutils.generate_uuid()
        self._report([self._fpga(function='AAAA')])
        self._programmed('n1_FakeDevice', image, 'BBBB')
        # The agent's next report shows the function Cyborg loaded.
        self._report([self._fpga(function='BBBB')])
        dep = self._snapshot().deployables['n1_FakeDevice']
        self.assertEqual(image, dep['bitstream_id'])
        # Reprogrammed behind Cyborg's back: the image is not known.
        self._report([self._fpga(function='CCCC')])
        dep = self._snapshot().deployables['n1_FakeDevice']
        self.assertIsNone(dep['bitstream_id'])

    def test_missing_compute_node_is_retried(self):
        self.placement.client.delete_provider(
            self.placement.compute_nodes['n1'])
        answer = self._report(self._records())
        self.assertEqual('stored', answer['status'])
        self.assertTrue(self._host()['needs_sync'])
        self.assertIsNone(self.placement.client.find_provider(
            'n1_FakeDevice'))
        # Nova registers the compute node: the periodic check finishes.
        self.placement.add_compute_node('n1')
        reports.periodic(self.context, self.client)
        self.assertIn('n1_FakeDevice', self.placement.tree('n1'))
        self.assertFalse(self._host()['needs_sync'])

    def test_compute_node_registered_again(self):
        self._report(self._records(devices=('gpu=1',)))
        self._report(self._records(devices=()))
        self.assertEqual({}, self.placement.tree('n1'))
        # Nova registers the compute node again, under a new uuid.
        self.placement.client.delete_provider(
            self.placement.compute_nodes['n1'])
        new = self.placement.add_compute_node('n1')
        self._report(self._records(devices=('gpu=1',)))
        self.assertTrue(self._host()['needs_sync'])
        reports.periodic(self.context, self.client)
        self.assertEqual(new, self.placement.tree('n1')[
            'n1_FakeDevice_gpu0']['parent_provider_uuid'])
        self.assertFalse(self._host()['needs_sync'])

    def test_standalone_creates_the_compute_node(self):
        # Neither the agent's resource provider name nor its host exists:
        # the provider is created under the host's name.
        self.flags(group='placement', create_compute_rp=True)
        self._report(self._records('n2'), host='n2', rp_name='rp-of-n2')
        self.assertEqual(['n2_FakeDevice'], list(self.placement.tree('n2')))
        self.assertEqual(('rp-of-n2', 'n2'), (
            self._host('n2')['rp_name'], self._host('n2')['compute_rp_name']))

    def test_compute_node_found_under_the_resource_provider_name(self):
        self.placement.add_compute_node('n1.example.org')
        self._report(self._records(), rp_name='n1.example.org')
        self.assertEqual(['n1_FakeDevice'],
                         list(self.placement.tree('n1.example.org')))
        self.assertEqual({}, self.placement.tree('n1'))
        self.assertEqual('n1.example.org', self._host()['compute_rp_name'])

    def test_compute_node_falls_back_to_the_host(self):
        # The default resource provider name (the FQDN) is not in
        # Placement: the provider named after the host is the one.
        self._report(self._records(), rp_name='n1.example.org')
        self.assertEqual(['n1_FakeDevice'], list(self.placement.tree('n1')))
        host = self._host()
        self.assertEqual(('n1.example.org', 'n1', False), (
            host['rp_name'], host['compute_rp_name'], host['needs_sync']))

    def test_placement_down_then_back(self):
        self.flags(group='placement', endpoint_override='http://127.0.0.1:9')
        down = placement_client.from_conf(CONF)
        answer = self._report(self._records(), client=down)
        self.assertEqual('stored', answer['status'])
        self.assertEqual(1, len(self._snapshot().devices))
        self.assertTrue(self._host()['needs_sync'])
        self.assertEqual(['n1'], reports.periodic(self.context,
                                                    self.client))
        self.assertIn('n1_FakeDevice', self.placement.tree('n1'))
        self.assertFalse(self._host()['needs_sync'])

    def test_without_placement_the_tables_are_kept(self):
        answer = self._report(self._records(), client=None)
        self.assertEqual('stored', answer['status'])
        self.assertEqual(0, answer['cost']['placement_calls'])
        self.assertEqual(1, len(self._snapshot().devices))
        self.assertEqual({}, self.placement.tree('n1'))


class TestSyncSQLite(_SyncMixin, base.DbTestCase):
    BACKEND = 'sqlite'


class TestSyncMySQL(_SyncMixin, base.DbTestCase):
    BACKEND = 'mysql'
    PLACEMENT_BACKEND = 'mysql'


class _ConcurrencyMixin:
    """Two conductors apply two reports of one host at once."""

    def setUp(self):
        super().setUp()
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            compute_nodes=['n1']))
        self.flags(group='placement', **self.placement.cyborg_options())
        # The agent said hello once: it stays up however long a loaded
        # machine takes (the tests' three seconds of service_down_time
        # passed mid-test there); a test of an agent going down advances
        # a clock past service_down_time.
        self.flags(service_down_time=600)
        service_queries.heartbeat(self.context, 'n1', 'cyborg-agent')

    def test_reports_of_one_host_are_applied_one_at_a_time(self):
        calls = []
        first_inside = threading.Event()
        second_started = threading.Event()

        class Recording(placement_client.PlacementClient):
            def _request(self, method, path, version, body=None,
                         **kwargs):
                name = threading.current_thread().name
                calls.append(name)
                if name == 'first' and not first_inside.is_set():
                    first_inside.set()
                    # Give the second conductor every chance to get in.
                    second_started.wait(30)
                    time.sleep(0.5)
                return super()._request(method, path, version, body,
                                        **kwargs)

        def conductor(devices, started=None):
            client = Recording(self.placement.adapter)
            self.flags(group='fake_driver', devices=list(devices))
            records = fake.FakeDriver(CONF, 'n1').discover()
            if started is not None:
                started.set()
            results.append(reports.report(
                cyborg_context.get_admin_context(), client, 'n1', 1,
                hardware.inventory_hash(records),
                hardware.HardwareList(objects=records)))

        results = []
        first = threading.Thread(target=conductor, name='first',
                                 args=(('fpga=1', 'qat=1'),))
        first.start()
        self.assertTrue(first_inside.wait(30))
        second = threading.Thread(target=conductor, name='second',
                                  args=(('fpga=2',), second_started))
        second.start()
        first.join(60)
        second.join(60)
        self.assertEqual(['stored', 'stored'],
                         [r['status'] for r in results])
        # No request of the second came between two of the first.
        self.assertEqual(sorted(calls, key=lambda n: n != 'first'), calls)
        # The tables and Placement hold the second report.
        row = host_queries.get_all(self.context, host='n1')[0]
        self.assertEqual(2, row['generation'])
        self.assertFalse(row['needs_sync'])
        self.assertEqual(['n1_FakeDevice', 'n1_FakeDevice_fpga1'],
                         sorted(self.placement.tree('n1')))
        self.assertEqual(['n1_FakeDevice', 'n1_FakeDevice_fpga1'],
                         sorted(host_inventory.load(
                             self.context, 'n1').deployables))


    def test_first_reports_of_many_hosts_at_once(self):
        # New rows of hosts next to each other in the unique index: no
        # gap-lock deadlock on MariaDB.
        hosts = ['m%02d' % i for i in range(32)]
        self.flags(group='fake_driver', devices=['gpu=1'])
        records = {h: fake.FakeDriver(CONF, h).discover() for h in hosts}
        barrier = threading.Barrier(len(hosts))
        results, errors = [], []

        def agent(host):
            try:
                barrier.wait(30)
                results.append(reports.report(
                    cyborg_context.get_admin_context(), None, host, 1,
                    hardware.inventory_hash(records[host]),
                    hardware.HardwareList(objects=records[host]))['status'])
            except Exception as exc:
                errors.append(exc)

        counter = self.useFixture(statements.StatementCounter(
            db_api.get_engine()))
        threads = [threading.Thread(target=agent, args=(h,)) for h in hosts]
        with counter.counting():
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(60)
        self.assertEqual([], errors)
        # Each row inserted once: no transaction was rolled back and
        # retried.
        self.assertEqual(len(hosts), len([
            s for s in counter.statements
            if s.startswith('INSERT INTO hosts')]))
        self.assertEqual(['stored'] * len(hosts), results)
        self.assertEqual(hosts, [h['hostname'] for h in host_queries.get_all(
            self.context) if h['hostname'] in hosts])


class TestConcurrencySQLite(_ConcurrencyMixin, base.DbTestCase):
    BACKEND = 'sqlite'


class TestConcurrencyMySQL(_ConcurrencyMixin, base.DbTestCase):
    BACKEND = 'mysql'


class TestConcurrencyPostgreSQL(_ConcurrencyMixin, base.DbTestCase):
    BACKEND = 'postgresql'
