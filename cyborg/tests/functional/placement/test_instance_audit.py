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
"""Reconciliation with Nova (issue 27): ``instance audit`` and ``heal``
find and release orphans of each kind planted among healthy servers, and
nothing else, also while other servers are bound at the same time; against
the stand-in for Nova and the real Placement, on MariaDB and PostgreSQL.
"""

import queue
import threading

import oslo_messaging as messaging
from oslo_utils import timeutils
from oslo_utils import uuidutils
import pytest

from cyborg import conf as cyborg_conf
from cyborg import context as cyborg_context
from cyborg import states
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.cmd import manage_audit
from cyborg.conductor.arq import jobs
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.audit import instances
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.conductor.inventory import reports
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.drivers import fake
from cyborg.objects import device_profile as dp_obj
from cyborg.objects import hardware
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.functional.placement import nova_host

CONF = cyborg_conf.CONF

pytestmark = pytest.mark.slow(1)


class InstanceAuditTestCase(nova_host.NovaHostTestCase):

    BACKEND = 'mysql'
    DEVICES = ['vgpu=1']

    def setUp(self):
        super().setUp()
        self.vgpu = self.placement.tree('n1')['n1_FakeDevice_vgpu0']['uuid']
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='vgpu', description=None,
            groups=[{'resources:VGPU': '1'}]))
        self.flags(group='conductor', instance_orphan_grace=0)

    def _allocate(self, server):
        self.client.change_consumer(
            server, add={self.vgpu: {'resources': {'VGPU': 1}}},
            project_id='p1', user_id='u1')

    def _bound(self, server):
        """A Bound ARQ of *server* on n1 (its mediated device made, as
        the agent would have).
        """
        [arq], _ = self.nova_boot.boot('vgpu', 'n1', self.vgpu,
                                       instance=server)
        [job] = job_queries.claim_due(self.context, 'c1', set(), 10)
        jobs.bind_done(self.context, job, None)
        self.assertEqual(states.BOUND,
                         arq_queries.get(self.context, arq)['state'])
        return arq

    def _server(self, host='n1', arq=True, allocation=True, **kwargs):
        server = uuidutils.generate_uuid()
        uuid = self._bound(server) if arq else None
        if allocation:
            self._allocate(server)
        if host is not False:
            self.nova.servers.add(server, host, project_id='p1',
                                  user_id='u1', device_profile='vgpu',
                                  **kwargs)
        return server, uuid

    def _plant(self):
        """Healthy servers and one orphan of each kind."""
        self.healthy, self.healthy_arq = self._server()
        # Being built on n1: allocated, not bound yet, no host yet.
        self.building, _ = self._server(host=None, arq=False)
        # Nova deleted the server, its ARQ stayed.
        self.gone, self.gone_arq = self._server(host=False,
                                                allocation=False)
        # Nova shows the server on n2; its ARQ is bound on n1.
        self.moved, self.moved_arq = self._server(host='n2',
                                                  allocation=False)
        # An allocation whose consumer Nova does not have, no ARQ.
        self.leaked, _ = self._server(host=False, arq=False)

    def _audit(self, heal=False):
        return {(f.kind, f.server, f.arq): f for f in instances.audit(
            self.context, self.nova_client, self.client, heal=heal)}

    def test_audit_finds_exactly_the_orphans(self):
        self._plant()
        expected = {(instances.GONE, self.gone, self.gone_arq),
                    (instances.OTHER_HOST, self.moved, self.moved_arq),
                    (instances.ORPHAN_ALLOCATION, self.leaked, None)}
        found = self._audit()
        self.assertEqual(expected, set(found))
        self.assertTrue(all(f.repaired is None for f in found.values()))
        # An audit changes nothing.
        self.assertEqual(expected, set(self._audit()))

    def _nova_calls_of_an_audit(self):
        before = len(self.nova.server_requests)
        self.assertEqual({}, self._audit())
        return len(self.nova.server_requests) - before

    def test_nova_is_asked_once_per_host_not_once_per_server(self):
        self._server(allocation=False)
        one = self._nova_calls_of_an_audit()
        for _ in range(3):
            self._server(allocation=False)
        # Four healthy servers on n1 cost what one does: Nova's list of
        # the host's servers.
        self.assertEqual(one, self._nova_calls_of_an_audit())
        self.assertEqual(1, one)

    def test_heal_releases_them_and_nothing_else(self):
        self._plant()
        healed = self._audit(heal=True)
        self.assertEqual(3, len(healed))
        self.assertTrue(all(f.repaired for f in healed.values()), healed)
        self.assertEqual({}, self._audit())
        left = {a['uuid']: a['state']
                for a in arq_queries.get_all(self.context)}
        # Deleted as Nova's DELETE does: a mediated device's ARQ waits in
        # Deleting for its release job (cyborg.conductor.arq.jobs).
        self.assertEqual({self.healthy_arq: states.BOUND,
                          self.gone_arq: states.DELETING,
                          self.moved_arq: states.DELETING}, left)
        self.assertEqual(
            [job_queries.RELEASE] * 2,
            [j['kind'] for j in inventory.bind_jobs(self.context)])
        consumers = set(self.client.get_allocations(self.vgpu))
        self.assertEqual({self.healthy, self.building}, consumers)

    def test_manage_heal_tells_the_agents(self):
        # Issue 78: cyborg-manage's heal, which runs with no conductor,
        # tells the agent who holds its devices once it released them.
        casts = queue.Queue()

        class _Agent:
            target = messaging.Target(version='1.0')

            @messaging.expose
            def holders_changed(self, context, bindings):
                casts.put(bindings)

        self.rpc_servers.start(messaging.Target(
            topic=agent_rpcapi.TOPIC, server='n1'), [_Agent()])
        self._plant()
        found = manage_audit._instance(CONF, self.context, None, True)
        self.assertEqual(3, len(found))
        self.assertTrue(all(f.repaired for f in found))
        # Its devices' holders, read after the release committed (an
        # ARQ waiting in Deleting for its release job still holds).
        holders = casts.get(timeout=10)
        self.assertIn({'instance': self.healthy, 'project': 'p1'},
                      holders[arq_queries.device_of(
                          self.context, self.healthy_arq)['device_uuid']])

    def test_grace_and_nova_task_leave_them_alone(self):
        self.flags(group='conductor', instance_orphan_grace=3600)
        self._plant()
        healed = self._audit(heal=True)
        arqs = [f for f in healed.values() if f.arq]
        self.assertEqual(2, len(arqs))
        self.assertFalse(any(f.repaired for f in arqs))
        self.assertEqual(3, len(arq_queries.get_all(self.context)))
        # An evacuation under way: never released, whatever the grace.
        self.flags(group='conductor', instance_orphan_grace=0)
        self.nova.servers.add(self.moved, 'n2', project_id='p1',
                              user_id='u1', device_profile='vgpu',
                              task_state='rebuilding')
        healed = self._audit(heal=True)
        moved = healed[(instances.OTHER_HOST, self.moved,
                        self.moved_arq)]
        self.assertFalse(moved.repaired)
        self.assertIn(self.moved_arq, {a['uuid'] for a in
                                       arq_queries.get_all(self.context)})

    def _bind_in_thread(self, server, rp_uuid, start, bound, errors):
        """Nova's create and bind of *server*'s ARQ on *rp_uuid*, then
        the agent's answer, on a thread with its own context.
        """
        context = cyborg_context.get_admin_context()
        try:
            start.wait(30)
            [arq], _ = nova_boot.NovaBoot(context=context).boot(
                'vgpu', 'n1', rp_uuid, instance=server)
            [job] = job_queries.for_arq(context, arq)
            self.assertTrue(jobs.bind_done(context, job, None))
            bound[server] = arq
        except Exception as exc:
            errors.append(exc)

    def test_heal_while_binds_run(self):
        """Issue 27's Done-when: heal releases the planted orphans and
        nothing else while other servers are bound at the same time.
        """
        # A second vGPU, so that binds have room besides the planted ones.
        self.flags(group='fake_driver', devices=['vgpu=2'])
        records = fake.FakeDriver(CONF, 'n1').discover()
        reports.report(self.context, self.client, 'n1', 2, 'h2',
                         hardware.HardwareList(objects=records))
        vgpu1 = self.placement.tree('n1')['n1_FakeDevice_vgpu1']['uuid']
        self._plant()
        # Servers Nova scheduled on n1 (allocated, on the host) and now
        # binds: the vGPU of the orphans' one free handle, and the other.
        providers = [self.vgpu, vgpu1, vgpu1, vgpu1]
        servers = {}
        for rp_uuid in providers:
            server = uuidutils.generate_uuid()
            self.client.change_consumer(
                server, add={rp_uuid: {'resources': {'VGPU': 1}}},
                project_id='p1', user_id='u1')
            self.nova.servers.add(server, 'n1', project_id='p1',
                                  user_id='u1', device_profile='vgpu')
            servers[server] = rp_uuid
        start, bound, errors = threading.Event(), {}, []
        threads = [threading.Thread(target=self._bind_in_thread, args=(
            server, rp_uuid, start, bound, errors))
            for server, rp_uuid in servers.items()]
        for thread in threads:
            thread.start()
        start.set()
        repaired = set()
        # Heals until the binds are over (and once more after).
        while True:
            running = any(thread.is_alive() for thread in threads)
            for key, finding in self._audit(heal=True).items():
                self.assertTrue(finding.repaired, finding.detail)
                self.assertNotIn(key, repaired)
                repaired.add(key)
            if not running:
                break
        for thread in threads:
            thread.join(30)
        self.assertEqual([], errors)
        self.assertEqual(
            {(instances.GONE, self.gone, self.gone_arq),
             (instances.OTHER_HOST, self.moved, self.moved_arq),
             (instances.ORPHAN_ALLOCATION, self.leaked, None)},
            repaired)
        self.assertEqual({}, self._audit())
        left = {a['uuid']: (a['state'], a['instance_uuid'],
                            a['device_rp_uuid'])
                for a in arq_queries.get_all(self.context)}
        expected = {arq: (states.BOUND, server, servers[server])
                    for server, arq in bound.items()}
        expected.update({
            self.healthy_arq: (states.BOUND, self.healthy, self.vgpu),
            # Deleted as Nova's DELETE does (their server let go).
            self.gone_arq: (states.DELETING, None, self.vgpu),
            self.moved_arq: (states.DELETING, None, self.vgpu)})
        self.assertEqual(expected, left)
        self.assertEqual(set(servers), set(bound))
        # Every allocation but the leaked one is intact.
        for server, rp_uuid in servers.items():
            self.assertEqual(
                {rp_uuid: {'VGPU': 1}},
                {rp: alloc['resources'] for rp, alloc in
                 self.client.get_consumer(server)['allocations'].items()})
        self.assertEqual(
            {self.healthy, self.building} |
            {s for s, rp in servers.items() if rp == self.vgpu},
            set(self.client.get_allocations(self.vgpu)))

    def test_an_arq_changed_since_the_audit_read_it_is_left_alone(self):
        # What a bind or unbind between the audit's read and its heal
        # does: the heal locks the ARQ and sees the change.
        gone, arq_uuid = self._server(host=False, allocation=False)
        [(finding, arq, busy)] = instances._arq_findings(
            self.context, self.nova_client, None)
        self.assertEqual((instances.GONE, arq_uuid, False),
                         (finding.kind, finding.arq, busy))
        arq_release.unbind(self.context, [arq_uuid])
        self.assertFalse(instances._heal_arq(
            self.context, finding, arq, timeutils.utcnow(), busy))
        self.assertIs(False, finding.repaired)
        self.assertIn('changed meanwhile', finding.detail)
        self.assertEqual(states.UNBOUND,
                         arq_queries.get(self.context, arq_uuid)['state'])


class PostgreSQLInstanceAuditTestCase(InstanceAuditTestCase):
    BACKEND = 'postgresql'
