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
"""Tests of the conductor manager and its registration operations."""

import datetime
import threading
import time

import fixtures
from oslo_db import exception as db_exc
import oslo_messaging as messaging
from oslo_utils import uuidutils

from cyborg import exception
from cyborg import states
from cyborg.clients import placement as placement_client
from cyborg.conductor import manager
from cyborg.conductor.arq import endpoint as arq_endpoint
from cyborg.conductor.arq import lifecycle
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.conductor.inventory import registration
from cyborg.conductor.inventory import reports as conductor_inventory
from cyborg.conductor.placement import push as placement_push
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import driver as driver_queries
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import nova_event as event_queries
from cyborg.db.queries import service as service_queries
from cyborg.drivers import fake
from cyborg.objects import device_profile as dp_obj
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import lost_commit
from cyborg.tests.fixtures import notifications
from cyborg.tests.fixtures import nova as nova_fixture

T0 = datetime.datetime(2026, 11, 21, 12, 0, 0)


class ConductorManagerTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.clock = self.time_fixture(T0)
        self.mgr = manager.ConductorManager('c1', 'cyborg-conductor')

    def test_init_host_registers_itself(self):
        self.mgr.init_host(self.context)
        [svc] = service_queries.get_all(self.context, 'c1',
                                        'cyborg-conductor')
        self.assertEqual(T0, svc['started_at'])
        self.assertEqual('cyborg-conductor', svc['topic'])

    def test_heartbeat_task_updates_last_seen(self):
        self.mgr.init_host(self.context)
        self.clock.advance(5)
        interval, task = self.mgr.periodic_tasks()[0]
        self.assertEqual(1, interval)   # report_interval of the test conf
        task(self.context)
        [svc] = service_queries.get_all(self.context, 'c1',
                                        'cyborg-conductor')
        self.assertEqual(T0 + datetime.timedelta(seconds=5),
                         svc['last_seen_up'])
        self.assertEqual(T0, svc['started_at'])

    def test_placement_client_from_the_options(self):
        # Without [placement] options nothing is published (and the
        # periodic check does nothing).
        self.assertIsNone(self.mgr.placement)
        interval, task = self.mgr.periodic_tasks()[2]
        self.assertEqual(60, interval)   # [placement] sync_interval
        task(self.context)
        self.flags(group='placement', auth_type='none',
                   endpoint_override='http://127.0.0.1:8778')
        mgr = manager.ConductorManager('c1', 'cyborg-conductor')
        self.assertIsInstance(mgr.placement,
                              placement_client.PlacementClient)

    def test_hello_parses_started_at(self):
        result = self.mgr.inventory.hello(self.context, 'n1', 'cyborg-agent',
                                started_at='2026-11-21T11:59:00+01:00')
        self.assertEqual({'host': 'n1', 'binary': 'cyborg-agent',
                          'status': 'up'},
                         {k: result[k] for k in ('host', 'binary',
                                                 'status')})
        [svc] = service_queries.get_all(self.context, 'n1', 'cyborg-agent')
        self.assertEqual(datetime.datetime(2026, 11, 21, 10, 59),
                         svc['started_at'])

    def test_hello_records_drivers(self):
        self.mgr.inventory.hello(self.context, 'n1', 'cyborg-agent', drivers=[
            {'name': 'fake', 'status': 'READY', 'device_types': ['FPGA']}])
        self.assertEqual(['fake'], [
            d['name'] for d in driver_queries.get_all(self.context, 'n1')])

    def test_hello_without_drivers_leaves_them_alone(self):
        self.mgr.inventory.hello(self.context, 'n1', 'cyborg-agent', drivers=[
            {'name': 'fake', 'status': 'READY'}])
        self.mgr.inventory.hello(self.context, 'n1', 'cyborg-agent')
        self.assertEqual(['READY'], [
            d['status'] for d in driver_queries.get_all(self.context)])

    def test_hello_of_an_agent_recorded_down_without_placement(self):
        # Issue 30: the agent alarm needs no Placement.  The heartbeat
        # of an agent recorded down records it back (service.up).
        self.useFixture(fixtures.MockPatchObject(
            self.mgr.pool, 'kick', side_effect=lambda func, *args: func(
                *args)))
        sent = self.useFixture(notifications.Notifications())
        self.assertIsNone(self.mgr.placement)
        self.mgr.inventory.hello(self.context, 'n1', 'cyborg-agent')
        conductor_inventory.report(
            self.context, None, 'n1', 1, 'x', hardware.HardwareList(
                objects=fake.FakeDriver(base.CONF, 'n1').discover()))
        self.clock.advance(base.CONF.service_down_time + 1)
        self.assertEqual(['n1'], conductor_inventory.check_liveness(
            self.context, None))
        self.mgr.inventory.hello(self.context, 'n1', 'cyborg-agent')
        self.mgr.inventory.hello(self.context, 'n1', 'cyborg-agent')
        self.assertFalse(host_queries.is_recorded_down(self.context, 'n1'))
        self.assertEqual(['service.down', 'service.up'],
                         [event for event, _ in sent.events('service.')])

    def test_an_agents_hello_is_one_transaction(self):
        # Its heartbeat, drivers, the operator's decisions and its
        # configurations are read and written together: one transaction
        # a hello, the fleet's most frequent call.  The agent's waiting
        # jobs are kicked only where one waits.
        kick = self.useFixture(fixtures.MockPatchObject(
            self.mgr.pool, 'kick')).mock
        begun = self.transactions()

        def hello():
            del begun[:]
            answer = self.mgr.inventory.hello(
                self.context, 'n1', 'cyborg-agent',
                drivers=[fake.FakeDriver(base.CONF, 'n1').hello()],
                installed_revision='', config_revision='')
            return answer, len(begun)

        answer, transactions = hello()
        self.assertEqual(1, transactions)
        self.assertEqual([], answer['installed'])
        kick.assert_not_called()
        uuid = job_queries.add(self.context, None, 'program',
                               {'host': 'n1'}, None)
        [job] = [j for j in inventory.bind_jobs(self.context)
                 if j['uuid'] == uuid]
        job_queries.defer(self.context, job['id'], 'n1', T0)
        self.assertEqual(1, hello()[1])
        kick.assert_called_once_with(self.mgr._agent_back, 'n1')

    def test_disable_by_selector_pushes_the_hosts_after_answering(self):
        placement = object()
        mgr = manager.ConductorManager('c1', 'cyborg-conductor',
                                       placement=placement)
        self.addCleanup(mgr.pool.stop)
        kick = self.useFixture(fixtures.MockPatchObject(mgr.pool,
                                                        'kick')).mock
        one = inventory.add_device(self.context, 'h1')
        inventory.add_device(self.context, 'h2', vendor='10de')
        self.assertEqual([], mgr.devices.device_set_status_by_selector(
            self.context, {'hostname': 'h3'}, 'maintaining'))
        self.assertEqual([one['device_uuid']],
                         mgr.devices.device_set_status_by_selector(
                             self.context, {'vendor': '0xABCD'},
                             'maintaining'))
        [(args, _)] = kick.call_args_list
        self.assertEqual(placement_push.push_hosts, args[0])
        self.assertEqual((placement, ['h1']), args[2:])

    def test_unknown_binary(self):
        # Called directly, expected_exceptions wraps the exception for the
        # RPC server; test_rpcapi checks what the caller receives.
        exc = self.assertRaises(messaging.ExpectedException,
                                self.mgr.inventory.hello, self.context, 'n1',
                                'nova-compute')
        self.assertIsInstance(exc.exc_info[1],
                              exception.InvalidServiceBinary)
        self.assertEqual([], service_queries.get_all(self.context))


class RegistrationTestCase(base.DbTestCase):

    def test_hello_is_one_transaction(self):
        # A driver report that cannot be stored must not leave a heartbeat
        # behind either.
        self.assertRaises(KeyError, registration.hello, self.context, 'n1',
                          'cyborg-agent', drivers=[{'no-name': 'x'}])
        self.assertEqual([], service_queries.get_all(self.context))

    def test_a_deadlock_runs_the_whole_hello_again(self):
        # On Galera, a conflicting commit on another node fails the hello's
        # certification (a deadlock): the whole transaction runs again, the
        # heartbeat with it, never the driver part alone.
        record_hello = driver_queries.record_hello
        calls = []

        def flaky(context, host, drivers):
            calls.append(host)
            if len(calls) == 1:
                raise db_exc.DBDeadlock()
            return record_hello(context, host, drivers)

        self.useFixture(fixtures.MockPatchObject(
            driver_queries, 'record_hello', side_effect=flaky))
        service = registration.hello(
            self.context, 'n1', 'cyborg-agent',
            drivers=[fake.FakeDriver(base.CONF, 'n1').hello()])
        self.assertEqual(['n1', 'n1'], calls)
        self.assertEqual('n1', service['host'])
        self.assertEqual(1, len(service_queries.get_all(self.context)))
        self.assertEqual(['fake'], [d['name'] for d in
                                    driver_queries.get_all(self.context)])


class BindEventsTestCase(base.DbTestCase):
    """A bind's event goes to Nova as soon as the bind commits."""

    def setUp(self):
        super().setUp()
        self.nova = self.useFixture(nova_fixture.FakeNova())
        self.flags(group='nova', auth_type='none',
                   endpoint_override=self.nova.url)
        self.mgr = manager.ConductorManager('c1', 'cyborg-conductor')
        # As its init_host() does, without the work kicked at a start.
        lifecycle.serve(self.mgr.lifecycle)
        self.fpga = inventory.add_device(self.context, 'node-1', handles=1)
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='dp', description=None,
            groups=[{'resources:FPGA': '1'}]))

    def _patch(self, arq, instance):
        return {arq: {'op': 'add', 'values': {
            'hostname': 'node-1', 'device_rp_uuid': self.fpga['rp_uuid'],
            'instance_uuid': instance}}}

    def test_the_event_goes_without_any_release(self):
        # Issue 18, defect 8: nothing waits for cyborg-api's answer: the
        # conductor sends the event once it committed.
        arqs = [self.mgr.arq.arq_create(self.context, 'dp', 'p1')[0]['uuid']
                for _ in range(2)]
        self.assertEqual({arqs[0]: states.BOUND}, self.mgr.arq.arq_apply_patch(
            self.context, self._patch(arqs[0], 'i1')))
        # No device left: the bind is refused (issue 38), with no event.
        self.assertRaises(messaging.ExpectedException,
                          self.mgr.arq.arq_apply_patch, self.context,
                          self._patch(arqs[1], 'i2'))
        self.mgr.del_host(self.context)   # waits for the work it started
        self.assertEqual([(arqs[0], 'i1', 'completed')],
                         [(e['tag'], e['server_uuid'], e['status'])
                          for e in self.nova.events()])
        # Sent once: nothing is left to send.
        self.assertEqual([], event_queries.get_all(self.context))
        self.assertEqual(0, self.mgr.notifier.send_due(self.context))
        self.assertEqual(1, len(self.nova.events()))

    def _lose_the_first_commits_answer(self):
        """The next COMMIT is done by the database, and its caller is
        told that the connection was lost.
        """
        return self.useFixture(lost_commit.LostCommitAnswer(
            db_api.context_manager.writer.get_engine())).lost

    def test_a_bind_whose_commit_lost_its_answer_is_bound_once(self):
        # Issue 42 (the HA test's CI failure): the bind's transaction
        # committed but its answer was lost, so retry_on_deadlock ran it
        # again, which found the instance bound and answered 400: Nova
        # would have deleted the ARQs of a bound server.  The second try
        # finds the same bind done and answers as the first would have.
        arq = self.mgr.arq.arq_create(self.context, 'dp', 'p1')[0]['uuid']
        lost = self._lose_the_first_commits_answer()
        self.assertEqual({arq: states.BOUND}, self.mgr.arq.arq_apply_patch(
            self.context, self._patch(arq, 'i1')))
        self.assertEqual(1, len(lost))
        self.mgr.del_host(self.context)
        # One event, from the try that committed.
        self.assertEqual([(arq, 'i1', 'completed')],
                         [(e['tag'], e['server_uuid'], e['status'])
                          for e in self.nova.events()])

    def test_a_create_whose_commit_lost_its_answer_creates_once(self):
        # Issue 42: the create's transaction committed but its answer
        # was lost; retry_on_deadlock ran it again, which made a second
        # set of ARQs and left the first Initial forever, owned by no
        # one.  The second try finds the ARQs the first committed.
        lost = self._lose_the_first_commits_answer()
        arqs = self.mgr.arq.arq_create(self.context, 'dp', 'p1')
        self.assertEqual(1, len(lost))
        self.assertEqual(
            [arq['uuid'] for arq in arqs],
            [row['uuid'] for row in arq_queries.get_all(self.context)])

    def test_a_delete_whose_commit_lost_its_answer_deletes_once(self):
        # Issue 42 (the HA test, run from a fresh clone): the delete's
        # transaction committed as the Galera writer was killed, its
        # answer was lost, and retry_on_deadlock ran it again, which
        # found the ARQs gone and answered 404 to a DELETE that deleted
        # them.  The second try counts what the first deleted.
        sent = self.useFixture(notifications.Notifications())
        arqs = [self.mgr.arq.arq_create(self.context, 'dp', 'p1')[0]['uuid']
                for _ in range(2)]
        lost = self._lose_the_first_commits_answer()
        self.assertEqual(2, self.mgr.arq.arq_delete(self.context, uuids=arqs))
        self.assertEqual(1, len(lost))
        self.assertEqual([], arq_queries.get_all(self.context))
        self.assertEqual(
            sorted(arqs),
            sorted(data['uuid'] for _, data in
                   sent.events('accelerator_request.delete')))

    def test_a_delete_sent_again_answers_what_the_first_did(self):
        # The HA test's CI failure: the same DELETE's RPC message
        # delivered twice (a publish retried across a RabbitMQ node's
        # death), the second copy answered 404 to Nova, which the API had
        # found the ARQ for.  It finds the delete done: nothing more is
        # deleted or sent.
        sent = self.useFixture(notifications.Notifications())
        arqs = [self.mgr.arq.arq_create(self.context, 'dp', 'p1')[0]['uuid']
                for _ in range(2)]
        self.assertEqual(1, self.mgr.arq.arq_delete(self.context,
                                                    uuids=arqs[:1]))
        self.assertEqual(0, self.mgr.arq.arq_delete(self.context,
                                                    uuids=arqs[:1]))
        self.assertEqual(1, self.mgr.arq.arq_delete(self.context,
                                                    uuids=arqs))
        self.assertEqual(
            sorted(arqs),
            sorted(data['uuid'] for _, data in
                   sent.events('accelerator_request.delete')))

    def test_a_bind_sent_again_answers_what_the_first_did(self):
        # The same PATCH again (an RPC message delivered twice, a client
        # retrying a lost answer): nothing more is bound or sent.
        arqs = [self.mgr.arq.arq_create(self.context, 'dp', 'p1')[0]['uuid']
                for _ in range(2)]
        patch = self._patch(arqs[0], 'i1')
        self.assertEqual({arqs[0]: states.BOUND},
                         self.mgr.arq.arq_apply_patch(self.context, patch))
        self.assertEqual({arqs[0]: states.BOUND},
                         self.mgr.arq.arq_apply_patch(self.context, patch))
        # Another ARQ for the instance, or the same one for another
        # provider, is still a second bind of the instance (upstream's
        # 400).
        other_rp = self._patch(arqs[0], 'i1')
        other_rp[arqs[0]]['values']['device_rp_uuid'] = (
            uuidutils.generate_uuid())
        for patch in (self._patch(arqs[1], 'i1'), other_rp):
            exc = self.assertRaises(
                messaging.ExpectedException, self.mgr.arq.arq_apply_patch,
                self.context, patch)
            self.assertIsInstance(exc.exc_info[1],
                                  exception.InstanceAlreadyBound)
        self.mgr.del_host(self.context)
        self.assertEqual([(arqs[0], 'i1', 'completed')],
                         [(e['tag'], e['server_uuid'], e['status'])
                          for e in self.nova.events()])

    def _stopping(self):
        """Whether the pool refuses work because it stops."""
        try:
            self.mgr.pool.spawn(lambda: None)
        except exception.NoFreeConductorWorker as exc:
            return exc.kwargs['state'] == 'stopping'
        return False

    def test_a_graceful_stop_sends_what_no_worker_took_yet(self):
        # Issue 37: a send kicked by a bind that no worker had taken when
        # the stop began (it waits in the pool's queue) is not cancelled;
        # its event goes now, instead of waiting in the database for its
        # claim to expire.
        self.flags(workers_pool_size=2, group='conductor')
        self.mgr = manager.ConductorManager('c1', 'cyborg-conductor')
        lifecycle.serve(self.mgr.lifecycle)
        held = threading.Event()
        self.addCleanup(held.set)
        busy = threading.Barrier(3)

        def occupy():
            busy.wait(10)
            held.wait(10)

        # Both workers of the conductor's pool are busy.
        self.mgr.pool.kick(occupy)
        self.mgr.pool.kick(occupy)
        busy.wait(10)
        self.assertEqual(0, self.mgr.pool.free())
        arq = self.mgr.arq.arq_create(self.context, 'dp', 'p1')[0]['uuid']
        self.assertEqual({arq: states.BOUND}, self.mgr.arq.arq_apply_patch(
            self.context, self._patch(arq, 'i1')))
        stopping = threading.Thread(target=self.mgr.del_host,
                                    args=(self.context,))
        stopping.start()
        deadline = time.monotonic() + 10
        while not self._stopping():
            self.assertLess(time.monotonic(), deadline,
                            'del_host did not stop the pool')
            stopping.join(0.01)
        self.assertEqual([], self.nova.events())
        held.set()
        stopping.join(10)
        self.assertFalse(stopping.is_alive())
        self.assertEqual([(arq, 'i1', 'completed')],
                         [(e['tag'], e['server_uuid'], e['status'])
                          for e in self.nova.events()])
        self.assertEqual([], event_queries.get_all(self.context))

    def test_the_periodic_work_sends_what_a_refused_kick_left(self):
        # No room in the pool (its worker busy, its queue full) for the
        # bind's send: the next periodic run sends the event, well
        # before its claim expires.
        self.flags(workers_pool_size=1, group='conductor')
        self.mgr = manager.ConductorManager('c1', 'cyborg-conductor')
        self.addCleanup(self.mgr.del_host, self.context)
        # This conductor's pool, not setUp's, takes the bind's effects
        # (setUp's sent the event by itself, late under starve.py).
        lifecycle.serve(self.mgr.lifecycle)
        held = threading.Event()
        self.addCleanup(held.set)
        self.mgr.pool.kick(held.wait, 10)
        self.mgr.pool.kick(held.wait, 10)
        arq = self.mgr.arq.arq_create(self.context, 'dp', 'p1')[0]['uuid']
        self.assertEqual({arq: states.BOUND}, self.mgr.arq.arq_apply_patch(
            self.context, self._patch(arq, 'i1')))
        self.assertEqual([], self.nova.events())
        self.mgr._work(self.context)
        self.assertEqual([(arq, 'completed')],
                         [(e['tag'], e['status'])
                          for e in self.nova.events()])

    def test_kicks_of_due_work_join_the_run_under_way(self):
        # A burst of binds each kicks a send: while one send runs, the
        # others make one more run after it, not one worker each.
        runs = []
        first = threading.Event()
        go = threading.Event()
        self.addCleanup(go.set)

        def due(context):
            runs.append(threading.current_thread().name)
            first.set()
            go.wait(10)

        self.mgr.pool.kick_due(due, self.context)
        self.assertTrue(first.wait(10))
        for _ in range(5):
            self.mgr.pool.kick_due(due, self.context)
        self.assertEqual(self.mgr.pool.size - 1, self.mgr.pool.free())
        go.set()
        self.mgr.pool.stop()
        self.assertEqual(2, len(runs))
        self.assertEqual(1, len(set(runs)))
        # Once it ended, a kick runs it again.
        self.assertEqual({}, self.mgr.pool._due)

    def test_events_queued_after_the_pool_stopped_are_sent(self):
        # A bind's kick refused (the pool already stopped): del_host
        # sends what is queued itself.
        arq = self.mgr.arq.arq_create(self.context, 'dp', 'p1')[0]['uuid']
        self.mgr.pool.stop()
        self.assertEqual({arq: states.BOUND}, self.mgr.arq.arq_apply_patch(
            self.context, self._patch(arq, 'i1')))
        self.assertEqual([], self.nova.events())
        self.mgr.del_host(self.context)
        self.assertEqual([(arq, 'completed')],
                         [(e['tag'], e['status'])
                          for e in self.nova.events()])
        self.assertEqual([], event_queries.get_all(self.context))


class ArqTurnsTestCase(base.DbTestCase):
    """Nova's ARQ calls run [conductor] arq_concurrency at a time."""

    def setUp(self):
        super().setUp()
        self.flags(arq_concurrency=2, group='conductor')
        self.mgr = manager.ConductorManager('c1', 'cyborg-conductor')
        self.lock = threading.Lock()
        self.running = []
        self.most = 0
        self.release = threading.Event()
        self.addCleanup(self.release.set)

    def _blocking(self, name):
        def call(*args, **kwargs):
            with self.lock:
                self.running.append(name)
                self.most = max(self.most, len(self.running))
            self.release.wait(10)
            with self.lock:
                self.running.remove(name)
            # bind() answers (states, events), delete() the uuids deleted.
            return {'bind': ({}, []), 'delete': []}.get(name, 0)
        return call

    def _wait_for(self, count):
        for _ in range(500):
            with self.lock:
                if len(self.running) >= count:
                    return
            time.sleep(0.01)
        self.fail('%d calls never ran at once' % count)

    def test_a_few_at_a_time_and_the_others_wait(self):
        for module, name in ((arq_endpoint.arq_create, 'create'),
                             (arq_endpoint.arq_bind, 'bind'),
                             (arq_endpoint.arq_delete, 'delete')):
            self.useFixture(fixtures.MockPatchObject(
                module, name, side_effect=self._blocking(name)))
        calls = [(self.mgr.arq.arq_create, (self.context, 'dp', 'p1')),
                 (self.mgr.arq.arq_apply_patch, (self.context, {})),
                 (self.mgr.arq.arq_delete, (self.context, None, 'i1')),
                 (self.mgr.arq.arq_create, (self.context, 'dp', 'p1')),
                 (self.mgr.arq.arq_delete, (self.context, None, 'i2'))]
        threads = [threading.Thread(target=func, args=args)
                   for func, args in calls]
        for thread in threads:
            thread.start()
        self._wait_for(2)
        time.sleep(0.2)
        with self.lock:
            self.assertEqual(2, len(self.running))
        # Calls other than Nova's ARQ calls do not wait for a turn.
        self.mgr.inventory.hello(self.context, 'node-1', 'cyborg-agent')
        self.release.set()
        for thread in threads:
            thread.join(10)
            self.assertFalse(thread.is_alive())
        self.assertEqual(2, self.most)
        self.assertEqual([], self.running)
