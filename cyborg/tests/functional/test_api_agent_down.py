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
"""A bind on a host whose agent is down, as Nova sees it (issue 27).

Nova binds from nova-conductor (_create_and_bind_arqs): an error answer
puts the server in ERROR at once, without a reschedule, so the bind is
never refused for the agent (it was, with 409 cyborg.host.agent_down,
issue 18).  A bind that needs no agent work (a PCI or test handle) is
Bound at once and Nova gets a ``completed`` event; one that needs the
agent (a mediated device here) waits for it within ``[DEFAULT]
bind_timeout``, then is BindFailed and Nova gets a ``failed`` event;
when the agent says hello in time, its job runs.  The whole API runs in
process with a conductor on the fake transport; Nova is the recording
stand-in; on MariaDB and PostgreSQL.
"""

import datetime

from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg import context as cyborg_context
from cyborg import liveness
from cyborg import states
from cyborg.conductor.arq import jobs as arq_jobs
from cyborg.conductor.arq import nova_events
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attach_handle as handle_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import nova_event as event_queries
from cyborg.db.queries import service as service_queries
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import nova as nova_fixture
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.functional import api_base
from cyborg.tests.functional.fixtures import services

NOVA = {'X-User-Id': 'nova-user', 'X-Project-Id': 'p1',
        'X-Roles': 'member,reader', 'X-Service-Roles': 'service'}
ADMIN = {'X-User-Id': 'admin', 'X-Project-Id': 'admin',
         'X-Roles': 'admin,member,reader'}
HOST = 'node1'
BIND_TIMEOUT = 30


class AgentDownBindTestCase(api_base.APITestCase):

    BACKEND = 'mysql'

    def configure_services(self):
        self.nova = self.useFixture(nova_fixture.FakeNova())
        self.flags(group='nova', auth_type='none',
                   endpoint_override=self.nova.url)
        self.flags(bind_timeout=BIND_TIMEOUT)

    def setUp(self):
        super().setUp()
        self.context = cyborg_context.get_admin_context()
        self.nova_boot = nova_boot.NovaBoot(
            api=nova_boot.webtest_api(self.app, NOVA))
        self.pci = inventory.add_device(self.context, HOST, handles=2)
        self.mdev = inventory.add_device(
            self.context, HOST, dev_type='GPU', address='0000:0d:00.0',
            handles=1, rc='VGPU', traits=(), handle_type='MDEV')
        for name, rc in (('fpga1', 'FPGA'), ('vgpu1', 'VGPU')):
            self.app.post_json('/v2/device_profiles', [
                {'name': name, 'groups': [{'resources:%s' % rc: '1'}]}],
                headers=ADMIN)
        service_queries.heartbeat(self.context, HOST, 'cyborg-agent')
        self.notifier = nova_events.Notifier()
        # The test plays the conductor's bind jobs (_run_jobs(),
        # bind_done()): c1, the in-process conductor, runs none.  Its
        # background run after a bind could otherwise come at any time,
        # before or after the test's (found under starve.py), and send
        # the job to an agent nobody serves.
        self.conductor.jobs.stop()

    def _last_heartbeat(self, seconds_ago):
        when = timeutils.utcnow() - datetime.timedelta(seconds=seconds_ago)
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.Service).where(
                models.Service.host == HOST).values(last_seen_up=when))

    def _agent_down(self):
        self._last_heartbeat(api_base.base.CONF.service_down_time + 1)

    def _resolved(self, instance, status=200):
        """What nova-compute reads once it has the event (423 while a
        bind is not resolved).
        """
        response = self.app.get(
            '/v2/accelerator_requests?instance=%s&bind_state=resolved'
            % instance, headers=NOVA, status=status)
        return response.json['arqs'] if status == 200 else None

    def _run_jobs(self):
        """A conductor's work (JobRunner.run_due, on this thread)."""
        arq_jobs.fail_overdue(self.context)
        jobs = job_queries.claim_due(self.context, 'c1', set(), 10)
        return arq_jobs.wait_for_agents(self.context, jobs)

    def _waiting_job(self):
        """The bind's job once it waits for the agent: the conductor
        that bound tries it at once (in the background: here
        _run_jobs()).
        """
        self._run_jobs()

        def waiting():
            jobs = inventory.bind_jobs(self.context)
            return (len(jobs) == 1 and
                    jobs[0]['state'] == job_queries.PENDING and
                    jobs[0]['last_error'] == job_queries.waiting_text(HOST)
                    and jobs[0])

        return services.wait_for(waiting, timeout=30,
                                 message='the job never waited')

    def test_pci_handle_binds_with_the_agent_down(self):
        self._agent_down()
        [uuid], instance = self.nova_boot.boot(
            'fpga1', HOST, self.pci['rp_uuid'])
        event = self.nova.wait_for_tags([uuid])[uuid]
        self.assertEqual(('accelerator-request-bound', 'completed',
                          instance),
                         (event['name'], event['status'],
                          event['server_uuid']))
        [arq] = self._resolved(instance)
        self.assertEqual(('Bound', 'TEST_PCI'),
                         (arq['state'], arq['attach_handle_type']))

    def test_mdev_handle_waits_then_fails(self):
        self._agent_down()
        [uuid], instance = self.nova_boot.boot(
            'vgpu1', HOST, self.mdev['rp_uuid'])
        row = arq_queries.get_row(self.context, uuid)
        self.assertEqual(states.BIND_STARTED, row['state'])
        self._resolved(instance, status=423)
        # The job waits for the agent: never sent to it, nothing to Nova.
        job = self._waiting_job()
        self.assertEqual(0, job['attempts'])
        self.assertEqual(0, self.notifier.send_due(self.context))
        self.assertEqual([], self.nova.events())
        # bind_timeout passes: BindFailed, the handle free, Nova told.
        self.time_fixture().advance(BIND_TIMEOUT + 1)
        self.assertEqual([], self._run_jobs())
        self.notifier.send_due(self.context)
        event = self.nova.wait_for_tags([uuid])[uuid]
        self.assertEqual(('accelerator-request-bound', 'failed', instance),
                         (event['name'], event['status'],
                          event['server_uuid']))
        # Nova took it, but nova-compute may not have been waiting yet:
        # the event goes again, and the ARQ reads unresolved, until Nova
        # deletes the ARQ (issue 38).
        self.assertEqual(states.BIND_FAILED,
                         arq_queries.get_row(self.context, uuid)['state'])
        self._resolved(instance, status=423)
        self.assertEqual([(uuid, 'failed')], [
            (e['tag'], e['status'])
            for e in event_queries.get_all(self.context)])
        self.assertEqual([], inventory.bind_jobs(self.context))
        self.assertFalse(handle_queries.get(
            self.context, row['attach_handle_id'])['in_use'])

    def test_mdev_handle_bound_when_the_agent_is_back_in_time(self):
        self._agent_down()
        [uuid], instance = self.nova_boot.boot(
            'vgpu1', HOST, self.mdev['rp_uuid'])
        self._waiting_job()
        # Its hello (the conductor's hello handler) wakes the job.
        service_queries.heartbeat(self.context, HOST, 'cyborg-agent')
        self.assertEqual(1, arq_jobs.wake_waiting(self.context, HOST))
        [job] = self._run_jobs()
        self.assertEqual((job_queries.PREPARE, uuid),
                         (job['kind'], job['arq_uuid']))
        arq_jobs.bind_done(self.context, job, None)
        self.notifier.send_due(self.context)
        event = self.nova.wait_for_tags([uuid])[uuid]
        self.assertEqual('completed', event['status'])
        self.assertEqual(['Bound'],
                         [a['state'] for a in self._resolved(instance)])

    def test_a_conductor_just_started_does_not_find_the_agent_down(self):
        # Issue 18 (faults/test_sigterm_one_conductor): the agent is
        # judged on the time since the conductors started.
        self._last_heartbeat(api_base.base.CONF.service_down_time + 30)
        service_queries.heartbeat(
            self.context, 'cond1', 'cyborg-conductor',
            started_at=timeutils.utcnow() - datetime.timedelta(seconds=1))
        self.assertEqual(set(), liveness.agents_down(self.context))


class PostgreSQLAgentDownBindTestCase(AgentDownBindTestCase):
    BACKEND = 'postgresql'
