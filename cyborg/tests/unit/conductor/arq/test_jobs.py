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
"""Tests of bind jobs run by the conductor through a real agent.

The agent (fake driver) and the conductor serve RPC on the in-memory
transport; the jobs come from real binds.
"""

import datetime
import os
import threading
import time

import fixtures
from oslo_db import exception as db_exc
import oslo_messaging as messaging
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import metrics
from cyborg import states
from cyborg.agent import manager as agent_manager
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.conductor import manager as conductor_manager
from cyborg.conductor import pool as worker_pool
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import jobs as arq_jobs
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.conductor.inventory import registration
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import driver as driver_queries
from cyborg.db.queries import nova_event as event_queries
from cyborg.db.queries import service as service_queries
from cyborg.db.queries import usage as usage_queries
from cyborg.drivers import registry
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import lost_commit


class _Sample:
    """A sample of cyborg.metrics.REGISTRY, from now on."""

    def __init__(self, name, **labels):
        self.name = name
        self.labels = labels
        self.start = self._value()

    def _value(self):
        return metrics.REGISTRY.get_sample_value(self.name,
                                                 self.labels) or 0.0

    def delta(self):
        return self._value() - self.start


class _RecordingAgentAPI(agent_rpcapi.AgentAPI):
    """The agent RPC client, recording which thread makes each call."""

    def __init__(self):
        super().__init__()
        self.calls = []

    def _record(self, method):
        self.calls.append((method, threading.current_thread().name))

    def program(self, *args, **kwargs):
        self._record('program')
        return super().program(*args, **kwargs)

    def prepare_attach(self, *args, **kwargs):
        self._record('prepare_attach')
        return super().prepare_attach(*args, **kwargs)

    def configure_soon(self, *args, **kwargs):
        self._record('configure_soon')
        return super().configure_soon(*args, **kwargs)


class BindJobsTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        tmp = self.useFixture(fixtures.TempDir()).path
        self.flags(group='agent', image_cache_dir=tmp,
                   enabled_drivers=['fake'])
        self.flags(group='fake_driver', devices=['fpga=1', 'vgpu=1'])
        self.image = uuidutils.generate_uuid()
        with open(os.path.join(tmp, self.image), 'wb') as f:
            f.write(b'bitstream')
        self.fpga = inventory.add_device(self.context, 'node-1',
                                         handles=2)
        self.vgpu = inventory.add_device(
            self.context, 'node-1', dev_type='GPU', address='0000:0d:00.0',
            handles=2, rc='VGPU', traits=(), driver='fake',
            handle_type='MDEV')
        # The agent of node-1, serving its RPC API.
        drivers, aliases = registry.load(base.CONF, 'node-1')
        self.driver = drivers['fake']
        self._serve(agent_rpcapi.TOPIC, 'node-1', agent_manager.AgentManager(
            'node-1', drivers=(drivers, aliases)))
        # A conductor, for the agent's reports after programming.
        self._serve(conductor_rpcapi.TOPIC, 'c1',
                    conductor_manager.ConductorManager(
                        'c1', conductor_rpcapi.TOPIC))
        self.agent_api = agent_rpcapi.AgentAPI()
        self.context.request_id = 'req-1'

    def _serve(self, topic, host, endpoint):
        self.rpc_servers.start(
            messaging.Target(topic=topic, server=host), [endpoint])

    def _bind(self, groups, rp, instance='i1'):
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='dp', description=None,
            groups=groups))
        uuid = arq_create.create(self.context, 'dp', 'p1')[0]['uuid']
        arq_bind.bind(self.context, {uuid: {
            'hostname': 'node-1', 'device_rp_uuid': rp,
            'instance_uuid': instance, 'project_id': 'p1'}})
        return uuid

    def _run_all(self):
        jobs = job_queries.claim_due(self.context, 'c1', set(), 10)
        for job in jobs:
            arq_jobs.run(self.context, self.agent_api, job)
        return jobs

    def _attributes(self, deployable_id):
        with self.db.engine.connect() as conn:
            return set(conn.execute(
                sa.select(models.Attribute.value).where(
                    models.Attribute.deployable_id == deployable_id))
                .scalars())

    def test_program_then_bound(self):
        ready = _Sample('cyborg_bind_device_ready_seconds_count',
                        work='program')
        uuid = self._bind([{'resources:FPGA': '1',
                            'accel:bitstream_id': self.image}],
                          self.fpga['rp_uuid'])
        self.assertEqual(states.BIND_STARTED,
                         arq_queries.get(self.context, uuid)['state'])
        [job] = inventory.bind_jobs(self.context)
        self.assertEqual(1, len(self._run_all()))
        self.assertEqual(1, ready.delta())
        arq = arq_queries.get(self.context, uuid)
        self.assertEqual(states.BOUND, arq['state'])
        self.assertEqual('TEST_PCI', arq['attach_handle_type'])
        function = self.driver.functions['0000:0c:00.0']
        self.assertIn('CUSTOM_FPGA_FUNCTION_ID_FAKE_%s' % function.upper(),
                      self._attributes(self.fpga['deployable_id']))
        with self.db.engine.connect() as conn:
            self.assertEqual(self.image, conn.execute(
                sa.select(models.Deployable.bitstream_id).where(
                    models.Deployable.id == self.fpga['deployable_id']))
                .scalar())
        [event] = event_queries.get_all(self.context)
        self.assertEqual(('completed', 'pending'),
                         (event['status'], event['state']))
        # The bind's start goes with the event written when the job
        # resolved it (for cyborg_bind_nova_event_seconds).
        self.assertEqual(job['created_at'], event['bind_started_at'])
        self.assertLessEqual(event['bind_started_at'], event['created_at'])
        self.assertEqual([], inventory.bind_jobs(self.context))

    def test_a_program_job_asks_for_a_push_of_its_host(self):
        # The function traits the device now carries go to Placement at
        # once, not at the next periodic check.
        pushed = []
        runner = arq_jobs.JobRunner('c1', self.agent_api,
                                     on_programmed=pushed.append)
        self.addCleanup(runner.stop)
        self._bind([{'resources:FPGA': '1',
                     'accel:bitstream_id': self.image}],
                   self.fpga['rp_uuid'])
        self.assertEqual(1, runner.run_due(self.context))
        self.assertTrue(runner.wait(60))
        self.assertEqual(['node-1'], pushed)

    def test_other_jobs_ask_for_no_push(self):
        pushed = []
        runner = arq_jobs.JobRunner('c1', self.agent_api,
                                     on_programmed=pushed.append)
        self.addCleanup(runner.stop)
        self._bind([{'resources:VGPU': '1'}], self.vgpu['rp_uuid'])
        self.assertEqual(1, runner.run_due(self.context))
        self.assertTrue(runner.wait(60))
        self.assertEqual([], pushed)

    def test_missing_image_fails_the_bind(self):
        failures = _Sample('cyborg_arq_bind_failures_total', stage='device')
        uuid = self._bind([{'resources:FPGA': '1',
                            'accel:bitstream_id':
                                uuidutils.generate_uuid()}],
                          self.fpga['rp_uuid'])
        self._run_all()
        self.assertEqual(states.BIND_FAILED,
                         arq_queries.get(self.context, uuid)['state'])
        [event] = event_queries.get_all(self.context)
        self.assertEqual('failed', event['status'])
        self.assertEqual(1, failures.delta())

    def test_mdev_created_then_removed(self):
        uuid = self._bind([{'resources:VGPU': '1'}], self.vgpu['rp_uuid'])
        self._run_all()
        arq = arq_queries.get(self.context, uuid)
        self.assertEqual(states.BOUND, arq['state'])
        self.assertEqual('MDEV', arq['attach_handle_type'])
        self.assertEqual(arq['attach_handle_uuid'],
                         arq['attach_handle_info']['mdev_uuid'])
        self.assertIn(arq['attach_handle_uuid'], self.driver.mdevs)
        arq_delete.delete(self.context, uuids=[uuid])
        self.assertEqual(states.DELETING,
                         arq_queries.get(self.context, uuid)['state'])
        self._run_all()
        self.assertEqual({}, self.driver.mdevs)
        self.assertEqual([], arq_queries.get_all(self.context))
        with self.db.engine.connect() as conn:
            self.assertFalse(any(conn.execute(
                sa.select(models.AttachHandle.in_use)).scalars()))

    def test_a_bind_job_whose_commit_lost_its_answer_binds_once(self):
        # The job's transaction (ARQ Bound, its event) committed as the
        # database lost the answer; retry_on_deadlock ran it again, which
        # found the ARQ Bound, took it for an ARQ that let go of its
        # handle meanwhile and queued the removal of the mediated device
        # of a bound server.  The retry finds the job's own bind done.
        uuid = self._bind([{'resources:VGPU': '1'}], self.vgpu['rp_uuid'])
        lost = self.useFixture(lost_commit.LostCommitAnswer(
            self.db.engine, after='UPDATE extended_accelerator_requests'))
        self._run_all()
        self.assertEqual(1, len(lost.lost))
        arq = arq_queries.get(self.context, uuid)
        self.assertEqual(states.BOUND, arq['state'])
        self.assertIn(arq['attach_handle_uuid'], self.driver.mdevs)
        self.assertEqual([], inventory.bind_jobs(self.context))
        with self.db.engine.connect() as conn:
            self.assertEqual([True], list(conn.execute(
                sa.select(models.AttachHandle.in_use).where(
                    models.AttachHandle.uuid == arq['attach_handle_uuid']))
                .scalars()))
        [event] = event_queries.get_all(self.context)
        self.assertEqual('completed', event['status'])

    def test_agent_too_slow(self):
        self.flags(bind_timeout=1)
        self.flags(group='fake_driver', program_seconds=3)
        uuid = self._bind([{'resources:FPGA': '1',
                            'accel:bitstream_id': self.image}],
                          self.fpga['rp_uuid'])
        self._run_all()
        self.assertEqual(states.BIND_FAILED,
                         arq_queries.get(self.context, uuid)['state'])

    def test_deadline_fails_waiting_jobs(self):
        failures = _Sample('cyborg_arq_bind_failures_total', stage='device')
        uuid = self._bind([{'resources:VGPU': '1'}], self.vgpu['rp_uuid'])
        [job] = inventory.bind_jobs(self.context)
        clock = self.time_fixture()
        clock.advance(base.CONF.bind_timeout + 1)
        self.assertEqual(1, arq_jobs.fail_overdue(self.context))
        self.assertEqual(1, failures.delta())
        self.assertEqual(states.BIND_FAILED,
                         arq_queries.get(self.context, uuid)['state'])
        self.assertEqual([], inventory.bind_jobs(self.context))
        [event] = event_queries.get_all(self.context)
        self.assertEqual(('failed', job['created_at']),
                         (event['status'], event['bind_started_at']))

    def test_the_interval_opens_when_the_job_binds(self):
        # Not at the PATCH: the server has its device from Bound on.
        clock = self.time_fixture(datetime.datetime(2026, 11, 2))
        start = clock.now
        uuid = self._bind([{'resources:VGPU': '1'}], self.vgpu['rp_uuid'])
        clock.advance(20)
        self._run_all()
        clock.advance(100)
        [interval] = usage_queries.page(self.context, start, clock.now)
        self.assertEqual(
            (uuid, 'p1', 'VGPU', start + datetime.timedelta(seconds=20),
             None, 100),
            (interval['arq_uuid'], interval['project_id'],
             interval['resource_class'], interval['started_at'],
             interval['ended_at'], interval['seconds']))

    def test_a_delete_while_the_job_runs_opens_no_interval(self):
        clock = self.time_fixture(datetime.datetime(2026, 11, 2))
        start = clock.now
        uuid = self._bind([{'resources:VGPU': '1'}], self.vgpu['rp_uuid'])
        [job] = job_queries.claim_due(self.context, 'c1', set(), 10)
        arq_delete.delete(self.context, uuids=[uuid])
        arq_jobs.run(self.context, self.agent_api, job)
        self._run_all()
        clock.advance(10)
        self.assertEqual([], usage_queries.page(self.context, start,
                                                clock.now))
        self.assertEqual([], arq_queries.get_all(self.context))

    def test_unbind_while_the_mdev_is_made(self):
        uuid = self._bind([{'resources:VGPU': '1'}], self.vgpu['rp_uuid'])
        [job] = job_queries.claim_due(self.context, 'c1', set(), 10)
        arq_release.unbind(self.context, [uuid])  # the job runs meanwhile
        arq_jobs.run(self.context, self.agent_api, job)
        self.assertEqual(states.UNBOUND,
                         arq_queries.get(self.context, uuid)['state'])
        # The late mediated device is removed again, then the handle freed.
        self.assertEqual(1, len(self._run_all()))
        self.assertEqual({}, self.driver.mdevs)

    def test_bound_again_while_the_old_job_runs(self):
        uuid = self._bind([{'resources:VGPU': '1'}], self.vgpu['rp_uuid'])
        [old] = job_queries.claim_due(self.context, 'c1', set(), 10)
        # Unbound and bound again (another handle) while the old job runs.
        arq_release.unbind(self.context, [uuid])
        arq_bind.bind(self.context, {uuid: {
            'hostname': 'node-1', 'device_rp_uuid': self.vgpu['rp_uuid'],
            'instance_uuid': 'i2', 'project_id': 'p1'}})
        arq_jobs.run(self.context, self.agent_api, old)
        # The old job's end is not the new bind's.
        arq = arq_queries.get(self.context, uuid)
        self.assertEqual(states.BIND_STARTED, arq['state'])
        # The new bind's work and the old mdev's removal.
        self.assertEqual(2, len(self._run_all()))
        arq = arq_queries.get(self.context, uuid)
        self.assertEqual(states.BOUND, arq['state'])
        self.assertEqual([arq['attach_handle_uuid']],
                         list(self.driver.mdevs))
        with self.db.engine.connect() as conn:
            self.assertEqual([arq['attach_handle_uuid']], list(conn.execute(
                sa.select(models.AttachHandle.uuid)
                .where(models.AttachHandle.in_use.is_(True))).scalars()))

    def test_jobs_of_a_dead_conductor_are_taken_over(self):
        self._bind([{'resources:VGPU': '1'}], self.vgpu['rp_uuid'])
        [job] = job_queries.claim_due(self.context, 'c2', set(), 10)
        service_queries.heartbeat(self.context, 'c2', 'cyborg-conductor')
        runner = arq_jobs.JobRunner('c1', self.agent_api)
        self.addCleanup(runner.stop)
        # c2 is up: its job is left alone.
        self.assertEqual(0, runner.run_due(self.context))
        clock = self.time_fixture()
        clock.advance(base.CONF.service_down_time + 1)
        self.assertEqual(1, runner.run_due(self.context))

    def test_a_restarted_conductor_resumes_its_jobs(self):
        self._bind([{'resources:VGPU': '1'}], self.vgpu['rp_uuid'])
        job_queries.claim_due(self.context, 'c1', set(), 10)
        runner = arq_jobs.JobRunner('c1', self.agent_api)
        self.addCleanup(runner.stop)
        self.assertEqual(1, runner.run_due(self.context))
        self.assertTrue(runner.wait(60))
        self.assertEqual([states.BOUND], [
            a['state'] for a in arq_queries.get_all(self.context)])

    def _busy_pool(self, size):
        """A pool of *size* workers and no queue, one of them busy until
        the test sets the event returned.
        """
        pool = worker_pool.WorkerPool(size, backlog=0)
        self.addCleanup(pool.stop)
        held = threading.Event()
        self.addCleanup(held.set)
        pool.spawn(held.wait, 30)
        return pool, held

    def _wait_free(self, pool):
        deadline = time.monotonic() + 30
        while pool.free() < pool.size:
            self.assertLess(time.monotonic(), deadline)
            time.sleep(0.01)

    def test_jobs_take_only_the_free_workers_of_the_pool(self):
        # One pool per conductor: the jobs share it with other work and
        # take only the workers free; the others stay due.
        pool, held = self._busy_pool(2)
        runner = arq_jobs.JobRunner('c1', self.agent_api, pool=pool)
        self.addCleanup(runner.stop)
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='dp', description=None,
            groups=[{'resources:VGPU': '1'}]))
        for instance in ('i1', 'i2'):
            uuid = arq_create.create(self.context, 'dp', 'p1')[0]['uuid']
            arq_bind.bind(self.context, {uuid: {
                'hostname': 'node-1', 'device_rp_uuid': self.vgpu['rp_uuid'],
                'instance_uuid': instance, 'project_id': 'p1'}})
        self.assertEqual(1, runner.run_due(self.context))
        self.assertTrue(runner.wait(60))
        [job] = inventory.bind_jobs(self.context)
        self.assertEqual((job_queries.PENDING, None),
                         (job['state'], job['owner']))
        held.set()
        self._wait_free(pool)
        self.assertEqual(1, runner.run_due(self.context))
        self.assertTrue(runner.wait(60))
        self.assertEqual([states.BOUND] * 2, [
            a['state'] for a in arq_queries.get_all(self.context)])

    def test_a_job_no_worker_was_free_for_is_put_back(self):
        # The worker run_due() counted was taken meanwhile (a kick): the
        # job taken is put back, due, its attempt not counted; it is
        # never left running for its claim to expire (issue 37).
        pool, held = self._busy_pool(1)
        runner = arq_jobs.JobRunner('c1', self.agent_api, pool=pool)
        self.addCleanup(runner.stop)
        uuid = self._bind([{'resources:VGPU': '1'}], self.vgpu['rp_uuid'])
        [job] = job_queries.claim_due(self.context, 'c1', set(), 10)
        self.assertFalse(runner._start(self.context, job))
        [job] = inventory.bind_jobs(self.context)
        self.assertEqual((job_queries.PENDING, None, 0),
                         (job['state'], job['owner'], job['attempts']))
        held.set()
        self._wait_free(pool)
        self.assertEqual(1, runner.run_due(self.context))
        self.assertTrue(runner.wait(60))
        self.assertEqual(states.BOUND,
                         arq_queries.get(self.context, uuid)['state'])

    def _wait_state(self, uuid, state):
        deadline = time.monotonic() + 60
        while arq_queries.get(self.context, uuid)['state'] != state:
            self.assertLess(time.monotonic(), deadline, state)
            time.sleep(0.05)

    def test_the_conductor_works_on_its_pool_only(self):
        # Issue 39: one pool per conductor.  The kick a bind starts and
        # the bind's device work run on the pool's threads; the RPC
        # worker (here the test's thread) only answers, and casts (a
        # driver's update tells its agent).
        agent_api = _RecordingAgentAPI()
        mgr = conductor_manager.ConductorManager(
            'c9', conductor_rpcapi.TOPIC, agent_api=agent_api)
        mgr.init_host(self.context)
        self.addCleanup(mgr.del_host, self.context)
        kicks = []
        real = arq_jobs.wait_for_agents

        def recording(context, jobs):
            kicks.append(('run_due', threading.current_thread().name))
            return real(context, jobs)
        self.useFixture(fixtures.MockPatchObject(
            arq_jobs, 'wait_for_agents', autospec=True,
            side_effect=recording))
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='dp', description=None,
            groups=[{'resources:FPGA': '1',
                     'accel:bitstream_id': self.image}]))
        uuid = mgr.arq.arq_create(self.context, 'dp', 'p1')[0]['uuid']
        self.assertEqual({uuid: states.BIND_STARTED}, mgr.arq.arq_apply_patch(
            self.context, {uuid: {'op': 'add', 'values': {
                'hostname': 'node-1',
                'device_rp_uuid': self.fpga['rp_uuid'],
                'instance_uuid': 'i1'}}}))
        self._wait_state(uuid, states.BOUND)
        # The agent says hello with its drivers; the operator changes the
        # configuration of its fake driver.
        registration.hello(self.context, 'node-1', 'cyborg-agent',
                           drivers=[self.driver.hello()])
        [row] = driver_queries.get_all(self.context, host='node-1')
        mgr.devices.driver_update(
            self.context, row['uuid'],
            {'fake_driver': {'devices': ['fpga=1', 'vgpu=1']}})
        mgr.del_host(self.context)
        calls = kicks + agent_api.calls
        self.assertEqual({'run_due', 'program', 'configure_soon'},
                         {method for method, _thread in calls})
        self.assertEqual([], [(method, thread) for method, thread in calls
                              if not thread.startswith('cyborg-pool_')
                              and method != 'configure_soon'])

    def test_a_stopped_runner_takes_no_job(self):
        # Issue 37: a job taken during a stop would have no worker left
        # to run it, and wait for its claim to be taken over.
        runner = arq_jobs.JobRunner('c1', self.agent_api)
        runner.stop()
        self._bind([{'resources:VGPU': '1'}], self.vgpu['rp_uuid'])
        self.assertEqual(0, runner.run_due(self.context))
        [job] = inventory.bind_jobs(self.context)
        self.assertEqual((job_queries.PENDING, None),
                         (job['state'], job['owner']))

    def _flaky(self, name, failures):
        """arq_jobs.<name> raises a lost connection *failures* times."""
        real = getattr(arq_jobs, name)
        calls = []

        def flaky(*args):
            calls.append(args)
            if len(calls) <= failures:
                raise db_exc.DBConnectionError('connection lost')
            return real(*args)
        self.useFixture(fixtures.MockPatchObject(
            arq_jobs, name, autospec=True, side_effect=flaky))
        return calls

    def _runner(self):
        runner = arq_jobs.JobRunner('c1', self.agent_api)
        self.addCleanup(runner.stop)
        return runner

    def _wait(self, runner):
        """Let the jobs the runner started end."""
        self.assertTrue(runner.wait(60))

    def test_an_unexpected_error_does_not_leave_the_job_running(self):
        # Issue 18, defect 6: the database is lost when the bind job
        # records its outcome; the job ran the agent's work, then only
        # logged the error and stayed running under a live conductor.
        self._flaky('bind_done', failures=1)
        uuid = self._bind([{'resources:VGPU': '1'}], self.vgpu['rp_uuid'])
        runner = self._runner()
        # The back-off is a second: on a loaded machine more than that may
        # pass between the failure and the next look, so time stands still.
        clock = self.time_fixture()
        self.assertEqual(1, runner.run_due(self.context))
        self._wait(runner)
        [job] = inventory.bind_jobs(self.context)
        self.assertEqual(job_queries.PENDING, job['state'])
        self.assertIn('connection lost', job['last_error'])
        # Back in the queue, with a back-off.
        self.assertEqual(0, runner.run_due(self.context))
        clock.advance(5)
        self.assertEqual(1, runner.run_due(self.context))
        self._wait(runner)
        self.assertEqual(states.BOUND,
                         arq_queries.get(self.context, uuid)['state'])
        self.assertEqual([], inventory.bind_jobs(self.context))

    def test_an_error_past_the_deadline_fails_the_bind(self):
        self._flaky('bind_done', failures=100)
        uuid = self._bind([{'resources:VGPU': '1'}], self.vgpu['rp_uuid'])
        runner = self._runner()
        clock = self.time_fixture()
        for _ in range(10):
            runner.run_due(self.context)
            self._wait(runner)
            clock.advance(base.CONF.bind_timeout / 4)
        # BindFailed; the mdev the job made is removed (by a release job)
        # and the handle released; nothing left running.
        self.assertEqual(states.BIND_FAILED,
                         arq_queries.get(self.context, uuid)['state'])
        self.assertEqual({}, self.driver.mdevs)
        self.assertEqual([], inventory.bind_jobs(self.context))
        with self.db.engine.connect() as conn:
            self.assertFalse(any(conn.execute(
                sa.select(models.AttachHandle.in_use)).scalars()))

    def test_a_failure_that_cannot_be_recorded_runs_the_job_again(self):
        self._flaky('bind_done', failures=1)
        self._flaky('crashed', failures=1)
        uuid = self._bind([{'resources:VGPU': '1'}], self.vgpu['rp_uuid'])
        runner = self._runner()
        self.assertEqual(1, runner.run_due(self.context))
        self._wait(runner)
        [job] = inventory.bind_jobs(self.context)
        self.assertEqual((job_queries.RUNNING, 'c1'),
                         (job['state'], job['owner']))
        # c1 is alive, but no longer runs it: it takes it again.
        self.assertEqual(1, runner.run_due(self.context))
        self._wait(runner)
        self.assertEqual(states.BOUND,
                         arq_queries.get(self.context, uuid)['state'])
