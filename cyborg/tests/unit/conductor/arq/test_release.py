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
"""Evacuating an instance whose mediated device is on a dead host.

Nova deletes the instance's ARQs, then creates and binds new ones on the
host it evacuates to.  The release of the old mediated device cannot run
while its host is down: it must not keep the instance's new ARQs from
being bound.  Two agents (fake driver) serve RPC on the in-memory
transport; the first one stops, as its host dies.
"""

import datetime
import time

import oslo_messaging as messaging
from oslo_utils import timeutils
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import rpc
from cyborg import states
from cyborg.agent import manager as agent_manager
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.conductor import pool as worker_pool
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import holders as arq_holders
from cyborg.conductor.arq import jobs as arq_jobs
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attach_handle as handle_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import service as service_queries
from cyborg.drivers import registry
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import inventory


class _TwoAgents(base.DbTestCase):
    """Two agents of the fake driver, each with a vGPU deployable."""

    def setUp(self):
        super().setUp()
        self.flags(group='agent', enabled_drivers=['fake'])
        self.flags(group='fake_driver', devices=['vgpu=1'])
        self.drivers, self.servers, self.rps = {}, {}, {}
        self.managers = {}
        for host in ('node-1', 'node-2'):
            self.rps[host] = inventory.add_device(
                self.context, host, dev_type='GPU', address='0000:0c:00.0',
                handles=2, rc='VGPU', traits=(), driver='fake',
                handle_type='MDEV')['rp_uuid']
            drivers, aliases = registry.load(base.CONF, host)
            self.drivers[host] = drivers['fake']
            self.managers[host] = agent_manager.AgentManager(
                host, drivers=(drivers, aliases))
            self._start(host)
        self.agent_api = agent_rpcapi.AgentAPI()
        # A call to the dead agent gives up quickly (the option exists once
        # the transport does).
        self.flags(rpc_response_timeout=1)
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='dp', description=None,
            groups=[{'resources:VGPU': '1'}]))

    def _start(self, host):
        server = rpc.get_server(
            messaging.Target(topic=agent_rpcapi.TOPIC, server=host),
            [self.managers[host]])
        server.start()
        self.addCleanup(self._stop, server)
        self.servers[host] = server

    def _stop(self, server):
        if server not in self.servers.values():
            return
        server.stop()
        server.wait()
        self.servers = {h: s for h, s in self.servers.items()
                        if s is not server}

    def _bind(self, host, instance='i1'):
        uuid = arq_create.create(self.context, 'dp', 'p1')[0]['uuid']
        arq_bind.bind(self.context, {uuid: {
            'hostname': host, 'device_rp_uuid': self.rps[host],
            'instance_uuid': instance, 'project_id': 'p1'}})
        return uuid

    def _run_due(self):
        jobs = job_queries.claim_due(self.context, 'c1', set(), 10)
        for job in jobs:
            arq_jobs.run(self.context, self.agent_api, job)
        return [(job['kind'], job['payload']['host']) for job in jobs]


class EvacuationTestCase(_TwoAgents):

    def test_rebind_elsewhere_while_the_dead_host_holds_the_mdev(self):
        old = self._bind('node-1')
        self._run_due()
        self.assertEqual(states.BOUND,
                         arq_queries.get(self.context, old)['state'])
        self.assertEqual(1, len(self.drivers['node-1'].mdevs))

        # node-1 dies; Nova evacuates the instance: it deletes its ARQs...
        self._stop(self.servers['node-1'])
        self.assertEqual([old], arq_delete.delete(self.context,
                                                  instance_uuid='i1'))
        # ... whose release cannot reach the host (retried later).
        self.assertEqual([(job_queries.RELEASE, 'node-1')], self._run_due())
        self.assertEqual(states.DELETING,
                         arq_queries.get(self.context, old)['state'])
        [waiting] = inventory.bind_jobs(self.context)
        self.assertEqual(1, waiting['attempts'])

        # ... and binds the instance's new ARQs on node-2 (before, they
        # failed with InstanceAlreadyBound until the release gave up).
        new = self._bind('node-2')
        self.assertEqual([(job_queries.PREPARE, 'node-2')], self._run_due())
        arq = arq_queries.get(self.context, new)
        self.assertEqual((states.BOUND, 'i1'),
                         (arq['state'], arq['instance_uuid']))
        self.assertEqual([arq['attach_handle_uuid']],
                         list(self.drivers['node-2'].mdevs))
        self.assertEqual([new], [a['uuid'] for a in arq_queries.get_all(
            self.context, instance_uuid='i1')])

        # node-1 is back: the retried release removes the old mdev, the
        # old ARQ goes, the new binding keeps the instance.
        self._start('node-1')
        self.time_fixture().advance(waiting['attempts'] * 2 + 1)
        self.assertEqual([(job_queries.RELEASE, 'node-1')], self._run_due())
        self.assertEqual({}, self.drivers['node-1'].mdevs)
        self.assertEqual([new], [a['uuid'] for a in arq_queries.get_all(
            self.context)])
        self.assertEqual(states.BOUND,
                         arq_queries.get(self.context, new)['state'])


class DeadHostReleaseTestCase(_TwoAgents):
    """Issue 27: the release of the mediated device on the dead host ran
    out of retries while the host was down (the ARQ went, its handle
    stayed in use until ``cyborg-manage handle heal``).  Now it waits for
    the host's agent, and runs when the agent says hello again.
    """

    def setUp(self):
        super().setUp()
        for host in ('node-1', 'node-2'):
            service_queries.heartbeat(self.context, host, 'cyborg-agent')

    def _agent_silent_for(self, host, seconds):
        when = timeutils.utcnow() - datetime.timedelta(seconds=seconds)
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.Service).where(
                models.Service.host == host).values(last_seen_up=when))

    def _run_due(self):
        """As JobRunner.run_due, on this thread."""
        jobs = job_queries.claim_due(self.context, 'c1', set(), 10)
        ran = arq_jobs.wait_for_agents(self.context, jobs)
        for job in ran:
            arq_jobs.run(self.context, self.agent_api, job)
        return [(job['kind'], job['payload']['host']) for job in ran]

    def test_release_waits_for_the_agent_and_frees_the_handle(self):
        old = self._bind('node-1')
        self._run_due()
        handle_id = arq_queries.get_row(self.context, old)['attach_handle_id']
        self.assertEqual(1, len(self.drivers['node-1'].mdevs))

        # node-1 dies; its agent is down; Nova evacuates the instance.
        self._stop(self.servers['node-1'])
        self._agent_silent_for('node-1', base.CONF.service_down_time + 1)
        self.assertEqual(1, len(arq_delete.delete(self.context,
                                                instance_uuid='i1')))
        clock = self.time_fixture()
        # Far more runs than [nova] events_max_attempts allows retries:
        # the release is never tried, so it never gives up.
        self.flags(group='nova', events_max_attempts=2)
        for _ in range(5):
            self.assertEqual([], self._run_due())
            clock.advance(base.CONF.report_interval + 1)
        [waiting] = inventory.bind_jobs(self.context)
        self.assertEqual((job_queries.RELEASE, job_queries.PENDING, 0),
                         (waiting['kind'], waiting['state'],
                          waiting['attempts']))
        self.assertEqual(job_queries.waiting_text('node-1'),
                         waiting['last_error'])
        self.assertEqual(states.DELETING,
                         arq_queries.get_row(self.context, old)['state'])
        self.assertTrue(handle_queries.get(self.context, handle_id)['in_use'])

        # The new ARQ binds on node-2 (its agent up) meanwhile.
        service_queries.heartbeat(self.context, 'node-2', 'cyborg-agent')
        new = self._bind('node-2')
        self.assertEqual([(job_queries.PREPARE, 'node-2')], self._run_due())

        # node-1 is back: its hello wakes the release, which removes the
        # old mdev and frees its handle by itself.
        self._start('node-1')
        service_queries.heartbeat(self.context, 'node-1', 'cyborg-agent')
        self.assertEqual(1, arq_jobs.wake_waiting(self.context, 'node-1'))
        self.assertEqual([(job_queries.RELEASE, 'node-1')], self._run_due())
        self.assertEqual({}, self.drivers['node-1'].mdevs)
        self.assertFalse(
            handle_queries.get(self.context, handle_id)['in_use'])
        self.assertEqual([], inventory.bind_jobs(self.context))
        self.assertEqual([new], [a['uuid'] for a in arq_queries.get_all(
            self.context)])
        # Nothing else woken on a hello with nothing waiting.
        self.assertEqual(0, arq_jobs.wake_waiting(self.context, 'node-1'))


class HoldersTestCase(_TwoAgents):
    """The agents learn who holds their devices when it changes (issue
    64), not at their next report.
    """

    def _holders_now(self, host):
        """``{device uuid: [{instance, project}]}`` the agent of *host*
        was last told.
        """
        telemetry = self.managers[host].tracker.telemetry
        with telemetry._lock:
            return dict(telemetry._bindings)

    def _holders_of(self, host, expected):
        """Wait until the agent of *host* holds *expected* holders."""
        deadline = time.monotonic() + 10
        while self._holders_now(host) != expected:
            self.assertLess(time.monotonic(), deadline,
                            self._holders_now(host))
            time.sleep(0.02)

    def test_bind_and_delete_reach_the_agent(self):
        pool = worker_pool.WorkerPool(2)
        self.addCleanup(pool.stop)
        holders = arq_holders.Holders(pool, self.agent_api)
        uuid = self._bind('node-1')
        self._run_due()
        holders.changed(self.context, [uuid])
        device = arq_queries.device_of(self.context, uuid)['device_uuid']
        self._holders_of('node-1', {device: [{'instance': 'i1',
                                              'project': 'p1'}]})
        holders.changed(self.context, arq_delete.delete(
            self.context, instance_uuid='i1'))
        self._holders_of('node-1', {})
        # An ARQ never bound touches no agent.
        holders.changed(self.context, [uuidutils.generate_uuid()])
        self.assertEqual({}, self._holders_now('node-2'))
