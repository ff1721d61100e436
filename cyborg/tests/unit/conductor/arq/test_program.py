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
"""Tests of the program API's conductor side (conductor.arq.program): a
program request is queued as a program job and answered at once, the
job's run (conductor.arq.jobs) records its outcome; it never reprograms
an FPGA under a bound instance, and a program and a bind of the same FPGA
never both succeed.

The agent is a mock of its RPC client (the agent is another service);
binds and jobs are the real ones on the test database.
"""

from unittest import mock

from oslo_db import exception as db_exc
import oslo_messaging as messaging
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import exception
from cyborg import states
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.arq import jobs as arq_jobs
from cyborg.conductor.arq import program as arq_program
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.db import models
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import service as service_queries
from cyborg.notifications import deployable as deployable_notify
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import notifications

TRAITS = {'function_traits': ['CUSTOM_FPGA_FUNCTION_ID_FAKE_1']}


class ProgramTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.clock = self.time_fixture()
        self.notified = self.useFixture(notifications.Notifications())
        self.fpga = inventory.add_device(self.context, 'node-1', handles=2)
        self.agent_api = mock.create_autospec(agent_rpcapi.AgentAPI,
                                              instance=True)
        self.agent_api.program.return_value = TRAITS
        self.image = uuidutils.generate_uuid()
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='dp', description=None,
            groups=[{'resources:FPGA': '1'}]))

    def _bind(self, instance):
        [arq] = arq_create.create(self.context, 'dp', 'p1')
        result = arq_bind.bind(self.context, {arq['uuid']: {
            'hostname': 'node-1', 'device_rp_uuid': self.fpga['rp_uuid'],
            'instance_uuid': instance, 'project_id': 'p1'}})[0]
        return arq['uuid'], result[arq['uuid']]

    def _request(self):
        return arq_program.program(self.context,
                                      self.fpga['deployable_uuid'],
                                      self.image)

    def _run_due(self):
        """What a conductor's JobRunner does, on this thread.

        :returns: the jobs it ran.
        """
        arq_jobs.fail_overdue(self.context)
        jobs = job_queries.claim_due(self.context, 'c1', set(), 10)
        for job in jobs:
            arq_jobs.run(self.context, self.agent_api, job)
        return jobs

    def _program(self):
        """A request and its job's run; :returns: the job's outcome."""
        job = self._request()
        self._run_due()
        return job_queries.outcome(self.context, job['job'])

    def _deployable(self):
        with self.db.engine.connect() as conn:
            return conn.execute(sa.select(models.Deployable.__table__).where(
                models.Deployable.id == self.fpga['deployable_id'])
            ).mappings().one()

    def _events(self):
        return [event for event, _ in
                self.notified.events('deployable.program')]

    def _error(self, found):
        self.assertEqual(job_queries.FAILED, found['state'])
        return exception.from_record(found['outcome']['error'])

    def test_a_request_is_queued_and_answered_without_the_agent(self):
        job = self._request()
        self.agent_api.program.assert_not_called()
        self.assertEqual({'job', 'deadline'}, set(job))
        [queued] = inventory.bind_jobs(self.context)
        self.assertEqual(
            (job['job'], None, job_queries.PROGRAM, job_queries.PENDING),
            (queued['uuid'], queued['arq_uuid'], queued['kind'],
             queued['state']))
        self.assertEqual(queued['deadline'].isoformat(), job['deadline'])
        self.assertEqual(
            {'host': 'node-1', 'driver': 'fake',
             'address': '0000:0c:00.0',
             'deployable_id': self.fpga['deployable_id'],
             'deployable_uuid': self.fpga['deployable_uuid'],
             'bitstream_id': self.image, 'function_id': None},
            queued['payload'])
        # Marked until the job's deadline: no bind takes it meanwhile.
        self.assertEqual(queued['deadline'],
                         self._deployable()['programming_until'])
        self.assertIsNone(job_queries.outcome(self.context,
                                              job['job'])['outcome'])
        self.assertEqual([deployable_notify.PROGRAM_START],
                         self._events())

    def test_the_job_programs_and_records_its_outcome(self):
        found = self._program()
        self.agent_api.program.assert_called_once_with(
            self.context, 'node-1', 'fake', '0000:0c:00.0',
            bitstream_id=self.image, function_id=None, timeout=60)
        self.assertEqual({'state': job_queries.DONE,
                          'outcome': {'result': TRAITS}}, found)
        dep = self._deployable()
        self.assertEqual((self.image, None),
                         (dep['bitstream_id'], dep['programming_until']))
        self.assertEqual([deployable_notify.PROGRAM_START,
                          deployable_notify.PROGRAM_END],
                         self._events())
        # Ended: never taken again.
        self.assertEqual([], self._run_due())

    def test_refused_while_an_instance_is_bound(self):
        # Issue 18: the program API reprogrammed an FPGA under the
        # instances bound to it (the bind path already refused that).
        uuid, state = self._bind('i1')
        self.assertEqual(states.BOUND, state)
        error = self.assertRaises(exception.DeployableInUse, self._request)
        self.assertEqual(409, error.code)
        self.assertIn('1 of its attach handles are in use', str(error))
        self.assertEqual([], inventory.bind_jobs(self.context))
        self.assertIsNone(self._deployable()['programming_until'])
        # Once the instance let go, it may be programmed.
        arq_release.unbind(self.context, [uuid])
        self._run_due()
        self.assertEqual(job_queries.DONE, self._program()['state'])
        self.assertEqual(self.image, self._deployable()['bitstream_id'])

    def test_refused_while_a_bind_programs_it(self):
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='bits', description=None,
            groups=[{'resources:FPGA': '1',
                     'accel:bitstream_id': uuidutils.generate_uuid()}]))
        [arq] = arq_create.create(self.context, 'bits', 'p1')
        self.assertEqual({arq['uuid']: states.BIND_STARTED}, arq_bind.bind(
            self.context, {arq['uuid']: {
                'hostname': 'node-1', 'device_rp_uuid': self.fpga['rp_uuid'],
                'instance_uuid': 'i1', 'project_id': 'p1'}})[0])
        error = self.assertRaises(exception.DeployableInUse, self._request)
        self.assertIn('in use', str(error))
        self.agent_api.program.assert_not_called()

    def test_no_bind_while_the_job_is_queued_or_runs(self):
        self._request()
        queued = self.assertRaises(exception.BindRefused, self._bind,
                                   'i-queued')
        self.assertIn('it is being programmed', str(queued))
        running = []

        def program(*args, **kwargs):
            running.append(self.assertRaises(exception.BindRefused,
                                             self._bind, 'i-during'))
            return TRAITS

        self.agent_api.program.side_effect = program
        self._run_due()
        self.assertEqual(1, len(running))
        self.assertIn('it is being programmed', str(running[0]))
        self.assertEqual(states.BOUND, self._bind('i-after')[1])

    def test_no_second_request_while_one_is_queued(self):
        self._request()
        error = self.assertRaises(exception.DeployableInUse, self._request)
        self.assertIn('it is being programmed', str(error))
        self._run_due()
        self.assertEqual(1, self.agent_api.program.call_count)
        self.assertEqual(job_queries.DONE, self._program()['state'])

    def test_an_agent_error_is_the_outcome_and_lets_the_fpga_go(self):
        self.agent_api.program.side_effect = exception.CommandFailed(
            command='fake-tool', exit_code=1, stderr='no device')
        error = self._error(self._program())
        self.assertIsInstance(error, exception.CommandFailed)
        self.assertEqual(
            'Command fake-tool failed with exit code 1: no device',
            error.message)
        self.assertEqual(500, error.code)
        self.assertIsNone(self._deployable()['programming_until'])
        self.assertIsNone(self._deployable()['bitstream_id'])
        self.assertEqual([deployable_notify.PROGRAM_START,
                          deployable_notify.PROGRAM_ERROR],
                         self._events())
        self.assertEqual(states.BOUND, self._bind('i1')[1])

    def test_an_agent_conflict_keeps_its_status(self):
        self.agent_api.program.side_effect = (
            exception.ImageServiceNotConfigured(image=self.image,
                                                host='node-1', path='/x'))
        error = self._error(self._program())
        self.assertIsInstance(error, exception.ImageServiceNotConfigured)
        self.assertEqual((409, {'image': self.image, 'host': 'node-1',
                                'path': '/x'}),
                         (error.code, error.kwargs))

    def test_an_agent_that_does_not_answer(self):
        self.agent_api.program.side_effect = messaging.MessagingTimeout()
        error = self._error(self._program())
        self.assertIsInstance(error, exception.AgentUnreachable)
        self.assertEqual(503, error.code)
        self.assertIn('no answer within [DEFAULT] bind_timeout', str(error))
        self.assertIsNone(self._deployable()['programming_until'])

    def test_a_job_not_run_by_its_deadline_fails(self):
        # Its agent down, or no conductor ran it: a conductor's next look
        # ends it; the agent is never asked, a bind may take the FPGA.
        job = self._request()
        self.clock.advance(61)
        arq_jobs.fail_overdue(self.context)
        error = self._error(job_queries.outcome(self.context, job['job']))
        self.assertIsInstance(error, exception.AgentUnreachable)
        self.assertIn('did not start within', str(error))
        self.assertIsNone(self._deployable()['programming_until'])
        self.assertEqual([], self._run_due())
        self.agent_api.program.assert_not_called()
        self.assertEqual(states.BOUND, self._bind('i1')[1])

    def test_a_job_waits_for_its_agent_then_fails_at_its_deadline(self):
        # A killed agent never leaves the deployable marked.
        service_queries.heartbeat(self.context, 'node-1', 'cyborg-agent')
        job = self._request()
        self.clock.advance(base.CONF.service_down_time + 1)
        jobs = job_queries.claim_due(self.context, 'c1', set(), 10)
        self.assertEqual([], arq_jobs.wait_for_agents(self.context, jobs))
        [waiting] = inventory.bind_jobs(self.context)
        self.assertEqual(job_queries.PENDING, waiting['state'])
        self.assertIsNotNone(self._deployable()['programming_until'])
        self.clock.advance(61)
        arq_jobs.fail_overdue(self.context)
        error = self._error(job_queries.outcome(self.context, job['job']))
        self.assertIn('did not start within [DEFAULT] bind_timeout (60 s); '
                      'the agent is down', str(error))
        self.assertIsNone(self._deployable()['programming_until'])
        self.agent_api.program.assert_not_called()

    def test_a_job_of_a_dead_conductor_past_its_deadline_fails_unrun(self):
        job = self._request()
        job_queries.claim_due(self.context, 'dead', set(), 10)
        self.clock.advance(61)
        # Running: expire() leaves it to its conductor...
        arq_jobs.fail_overdue(self.context)
        self.assertIsNone(job_queries.outcome(self.context,
                                              job['job'])['outcome'])
        # ...which died: another takes it over and ends it unrun.
        [taken] = job_queries.claim_due(self.context, 'c1', {'dead'}, 10)
        arq_jobs.run(self.context, self.agent_api, taken)
        self.assertIsInstance(self._error(job_queries.outcome(
            self.context, job['job'])), exception.AgentUnreachable)
        self.agent_api.program.assert_not_called()
        self.assertIsNone(self._deployable()['programming_until'])

    def test_an_unexpected_agent_error_is_a_server_error(self):
        self.agent_api.program.side_effect = RuntimeError('boom')
        found = self._program()
        self.assertEqual({'class': None, 'message': 'RuntimeError: boom',
                          'kwargs': {}}, found['outcome']['error'])
        self.assertIsNone(self._error(found))
        self.assertIsNone(self._deployable()['programming_until'])

    def test_a_job_that_crashed_runs_again_within_its_deadline(self):
        # Not the agent's error (its outcome could not be recorded): the
        # job runs again after a back-off, as a bind's does.
        runner = arq_jobs.JobRunner('c1', self.agent_api)
        self.addCleanup(runner.stop)
        job = self._request()
        with mock.patch.object(arq_program, '_finish',
                               autospec=True,
                               side_effect=db_exc.DBConnectionError()):
            self.assertEqual(1, runner.run_due(self.context))
            runner.stop()
        [queued] = inventory.bind_jobs(self.context)
        self.assertEqual(job_queries.PENDING, queued['state'])
        self.clock.advance(3)
        self.assertEqual(1, len(self._run_due()))
        self.assertEqual(2, self.agent_api.program.call_count)
        self.assertEqual(job_queries.DONE, job_queries.outcome(
            self.context, job['job'])['state'])
        self.assertEqual(self.image, self._deployable()['bitstream_id'])

    def test_finished_jobs_are_forgotten_an_hour_later(self):
        first = self._request()
        self._run_due()
        self.clock.advance(arq_program.KEEP_FINISHED - 1)
        second = self._request()
        self.assertIsNotNone(job_queries.outcome(self.context,
                                                 first['job']))
        self._run_due()
        self.clock.advance(2)
        self._request()
        self.assertIsNone(job_queries.outcome(self.context, first['job']))
        self.assertEqual(job_queries.DONE, job_queries.outcome(
            self.context, second['job'])['state'])
