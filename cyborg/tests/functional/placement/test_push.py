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
"""The push to Placement runs outside database transactions (issue 18,
defect 7), against the real Placement, on SQLite (the all-in-one's
database, whose write lock is the whole database), MariaDB and
PostgreSQL.

Each Placement request goes through an adapter that records whether the
thread that sends it has a transaction open on Cyborg's engine (counted
with SQLAlchemy's ``begin``/``commit``/``rollback`` engine events).
"""

import threading
from unittest import mock

from keystoneauth1 import exceptions as ks_exc
from oslo_utils import uuidutils
import pytest
import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg import context as cyborg_context
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.clients import placement as placement_client
from cyborg.conductor.arq import jobs
from cyborg.conductor.arq import program
from cyborg.conductor.audit import placement as placement_audit
from cyborg.conductor.devices import device as device_ops
from cyborg.conductor.inventory import reports
from cyborg.conductor.placement import push as placement_push
from cyborg.conductor.placement import sync as placement_sync
from cyborg.db import api as db_api
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import host_inventory
from cyborg.db.queries import service as service_queries
from cyborg.drivers import fake
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import placement as placement_fixture

pytestmark = pytest.mark.slow(2)

CONF = cyborg_conf.CONF


class _TransactionWatch:
    """The transactions open on an engine, per thread."""

    def __init__(self, engine):
        self.engine = engine
        self._open = {}
        self._lock = threading.Lock()
        self._events = (('begin', self._begin), ('commit', self._end),
                        ('rollback', self._end))
        for name, handler in self._events:
            sa.event.listen(engine, name, handler)

    def remove(self):
        for name, handler in self._events:
            sa.event.remove(self.engine, name, handler)

    def _begin(self, conn):
        with self._lock:
            self._open.setdefault(threading.get_ident(), set()).add(id(conn))

    def _end(self, conn):
        with self._lock:
            self._open.get(threading.get_ident(), set()).discard(id(conn))

    def open_here(self):
        """How many transactions the calling thread has open."""
        with self._lock:
            return len(self._open.get(threading.get_ident(), ()))


class _WatchingAdapter:
    """A keystoneauth adapter that records each request and whether a
    transaction was open when it was sent; it can play Placement down, or
    hold the requests of one thread until told.
    """

    def __init__(self, adapter, watch):
        self.adapter = adapter
        self.watch = watch
        self.requests = []
        self.inside = []
        self.down = False
        self.hold_thread = None
        self.held = threading.Event()
        self.go = threading.Event()

    def request(self, url, method, **kwargs):
        self.requests.append((method, url))
        if self.watch.open_here():
            self.inside.append((method, url))
        if self.down:
            raise ks_exc.ConnectFailure('Placement is down (test)')
        if threading.current_thread().name == self.hold_thread:
            self.hold_thread = None
            self.held.set()
            self.go.wait(60)
        return self.adapter.request(url, method, **kwargs)


class _PushMixin(placement_fixture.PlacementMixin):

    def setUp(self):
        super().setUp()
        self.use_placement(['n1'])
        watch = _TransactionWatch(db_api.get_engine())
        self.addCleanup(watch.remove)
        self.adapter = _WatchingAdapter(self.placement.adapter, watch)
        self.client = placement_client.PlacementClient(self.adapter)
        # The agent said hello once: it stays up however long a loaded
        # machine takes (the tests' three seconds of service_down_time
        # passed mid-test there); a test of an agent going down advances
        # a clock past service_down_time.
        self.flags(service_down_time=600)
        service_queries.heartbeat(self.context, 'n1', 'cyborg-agent')
        self.generation = 0

    def _report(self, devices, context=None):
        self.flags(group='fake_driver', devices=list(devices))
        records = fake.FakeDriver(CONF, 'n1').discover()
        self.generation += 1
        return reports.report(
            context or self.context, self.client, 'n1', self.generation,
            hardware.inventory_hash(records),
            hardware.HardwareList(objects=records))

    def _host(self):
        return host_queries.get_all(self.context, host='n1')[0]

    def test_no_placement_call_inside_a_transaction(self):
        # Publish, change, remove free and allocated hardware, disable a
        # device, the agent down and back, an audit that heals.
        self._report(('fpga=1', 'qat=1', 'gpu=1'))
        self._report(('fpga=2', 'qat=1', 'gpu=1'))
        gpu = placement_sync.rp_uuid('n1_FakeDevice_gpu0')
        consumer = self.placement.allocate(gpu, {'PGPU': 1})
        self._report(('fpga=2', 'qat=1'))
        qat = [r for r in host_inventory.load(
            self.context, 'n1').devices.values() if r['type'] == 'QAT'][0]
        device_ops.set_status(self.context, self.client, qat['uuid'],
                              'maintaining')
        self.placement.deallocate(consumer)
        clock = self.time_fixture()
        clock.advance(CONF.service_down_time + 1)
        self.assertEqual(['n1'], reports.periodic(self.context,
                                                    self.client))
        service_queries.heartbeat(self.context, 'n1', 'cyborg-agent')
        self.assertTrue(reports.record_agent_back(self.context,
                                                    self.client, 'n1'))
        self.placement.client.set_traits(
            placement_sync.rp_uuid('n1_FakeDevice'), ['OWNER_CYBORG'])
        drift = placement_audit.audit(self.context, self.client, heal=True)
        self.assertEqual([True], [d.repaired for d in drift])
        # Everything happened, in Placement too.
        tree = self.placement.tree('n1')
        self.assertNotIn('n1_FakeDevice_gpu0', tree)
        self.assertEqual(1, tree['n1_FakeDevice_qat0_vf0']['inventories'][
            'CUSTOM_QAT']['reserved'])
        self.assertIn('CUSTOM_FAKE_DEVICE', tree['n1_FakeDevice']['traits'])
        self.assertGreater(len(self.adapter.requests), 20)
        # ... and no request was sent with a transaction open.
        self.assertEqual([], self.adapter.inside)

    def test_report_while_placement_down_is_pushed_when_it_is_back(self):
        self._report(('gpu=1',))
        self.adapter.down = True
        answer = self._report(('fpga=1', 'gpu=1'))
        self.assertEqual('stored', answer['status'])
        # The tables have the report; Placement does not, yet.
        self.assertIn('n1_FakeDevice',
                      host_inventory.load(self.context, 'n1').deployables)
        self.assertNotIn('n1_FakeDevice', self.placement.tree('n1'))
        self.assertTrue(self._host()['needs_sync'])
        # Still down: the periodic task tries, and keeps the mark.
        reports.periodic(self.context, self.client)
        self.assertTrue(self._host()['needs_sync'])
        self.adapter.down = False
        self.assertEqual(['n1'], reports.periodic(self.context,
                                                    self.client))
        self.assertEqual(['n1_FakeDevice', 'n1_FakeDevice_gpu0'],
                         sorted(self.placement.tree('n1')))
        self.assertFalse(self._host()['needs_sync'])
        self.assertEqual([], self.adapter.inside)

    def test_report_during_a_push_is_not_lost(self):
        self._report(('gpu=1',))
        # The push of the next report stops at its first Placement request;
        # another report comes meanwhile (as from another conductor).
        self.adapter.hold_thread = 'pusher'
        results = {}

        def report(name, devices):
            results[name] = self._report(
                devices, context=cyborg_context.get_admin_context())

        pusher = threading.Thread(target=report, name='pusher',
                                  args=('first', ('fpga=1', 'gpu=1')))
        pusher.start()
        self.assertTrue(self.adapter.held.wait(60))
        second = threading.Thread(target=report, name='second',
                                  args=('second', ('fpga=1', 'qat=1')))
        second.start()
        second.join(60)
        # The second report was applied while the first push waited on
        # Placement (it did not wait for it)...
        finished_first = not second.is_alive()
        self.adapter.go.set()
        second.join(60)
        pusher.join(60)
        self.assertTrue(finished_first)
        self.assertEqual(('stored', 'stored'), (results['first']['status'],
                                                results['second']['status']))
        self.assertEqual(
            ['n1_FakeDevice'] + ['n1_FakeDevice_qat0_vf%d' % i
                                 for i in range(4)],
            sorted(host_inventory.load(self.context, 'n1').deployables))
        # ... and the first push went round again: Placement has it.
        self.assertEqual(
            ['n1_FakeDevice'] + ['n1_FakeDevice_qat0_vf%d' % i
                                 for i in range(4)],
            sorted(self.placement.tree('n1')))
        row = self._host()
        self.assertEqual((False, None), (row['needs_sync'],
                                         self._claim()))
        self.assertEqual([], self.adapter.inside)

    def test_push_left_by_a_dead_conductor_is_taken_over(self):
        clock = self.time_fixture()
        self._report(('gpu=1',))
        # A report is applied (by a conductor without Placement: the host
        # stays marked), then a conductor takes the host and dies.
        self.flags(group='fake_driver', devices=['fpga=1', 'gpu=1'])
        records = fake.FakeDriver(CONF, 'n1').discover()
        reports.report(self.context, None, 'n1', 9,
                         hardware.inventory_hash(records),
                         hardware.HardwareList(objects=records))
        self.assertTrue(host_queries.claim_sync(
            self.context, 'n1', 'dead', CONF.placement.push_claim_seconds))
        # Its claim holds: nobody else pushes the host meanwhile.
        self.assertEqual([], reports.periodic(self.context, self.client))
        self.assertNotIn('n1_FakeDevice', self.placement.tree('n1'))
        clock.advance(CONF.placement.push_claim_seconds + 1)
        service_queries.heartbeat(self.context, 'n1', 'cyborg-agent')
        self.assertEqual(['n1'], reports.periodic(self.context,
                                                    self.client))
        self.assertEqual(['n1_FakeDevice', 'n1_FakeDevice_gpu0'],
                         sorted(self.placement.tree('n1')))
        self.assertEqual((False, None), (self._host()['needs_sync'],
                                         self._claim()))

    def test_a_program_is_pushed_at_once(self):
        # The program API: the device's new function trait is in
        # Placement once its job ran, pushed after the job's commit (the
        # conductor's JobRunner calls on_programmed, the manager pushes).
        self._report(('fpga=1',))
        [fpga] = [r for r in host_inventory.load(
            self.context, 'n1').deployables.values()
            if r['name'] == 'n1_FakeDevice']
        agent_api = mock.create_autospec(agent_rpcapi.AgentAPI,
                                         instance=True)
        agent_api.program.return_value = {
            'function_traits': ['CUSTOM_FPGA_FUNCTION_ID_FAKE_F1']}
        runner = jobs.JobRunner(
            'c1', agent_api, on_programmed=lambda host:
            placement_push.push_safely(self.context, self.client, host))
        self.addCleanup(runner.stop)
        self.adapter.requests[:] = []
        program.program(self.context, fpga['uuid'],
                               uuidutils.generate_uuid())
        self.assertEqual(1, runner.run_due(self.context))
        runner.stop()
        self.assertIn('CUSTOM_FPGA_FUNCTION_ID_FAKE_F1',
                      self.placement.tree('n1')['n1_FakeDevice']['traits'])
        self.assertEqual([], self.adapter.inside)
        self.assertFalse(self._host()['needs_sync'])

    def _claim(self):
        table = sa.table('hosts', sa.column('hostname'),
                         sa.column('sync_claim'))
        with db_api.get_engine().connect() as conn:
            return conn.execute(sa.select(table.c.sync_claim).where(
                table.c.hostname == 'n1')).scalar()


class TestPushSQLite(_PushMixin, base.DbTestCase):
    BACKEND = 'sqlite'


class TestPushMySQL(_PushMixin, base.DbTestCase):
    BACKEND = 'mysql'
    PLACEMENT_BACKEND = 'mysql'


class TestPushPostgreSQL(_PushMixin, base.DbTestCase):
    BACKEND = 'postgresql'
