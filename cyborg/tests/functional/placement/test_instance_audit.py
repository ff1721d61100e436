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
nothing else; against the stand-in for Nova and the real Placement, on
MariaDB and PostgreSQL.
"""

from oslo_utils import timeutils
from oslo_utils import uuidutils

from cyborg import conf as cyborg_conf
from cyborg import states
from cyborg.clients import nova as nova_client
from cyborg.clients import placement as placement_client
from cyborg.conductor import arq_bind
from cyborg.conductor import arq_create
from cyborg.conductor import arq_release
from cyborg.conductor import bind_jobs
from cyborg.conductor import device_profile as dp_ops
from cyborg.conductor import instance_audit
from cyborg.conductor import inventory
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import service as service_queries
from cyborg.drivers import fake
from cyborg.objects import device_profile as dp_obj
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import nova as nova_fixture
from cyborg.tests.fixtures import placement as placement_fixture

CONF = cyborg_conf.CONF


class InstanceAuditTestCase(base.DbTestCase):

    BACKEND = 'mysql'

    def setUp(self):
        super().setUp()
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            compute_nodes=['n1']))
        self.flags(group='placement', **self.placement.cyborg_options())
        self.client = placement_client.from_conf(CONF)
        self.nova = self.useFixture(nova_fixture.FakeNova())
        self.flags(group='nova', auth_type='none',
                   endpoint_override=self.nova.url)
        self.nova_client = nova_client.from_conf(CONF)
        self.flags(service_down_time=600)
        service_queries.heartbeat(self.context, 'n1', 'cyborg-agent')
        self.flags(group='fake_driver', devices=['vgpu=1'])
        records = fake.FakeDriver(CONF, 'n1').discover()
        inventory.report(self.context, self.client, 'n1', 1, 'h',
                         hardware.HardwareList(objects=records))
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
        [arq] = arq_create.create(self.context, 'vgpu', 'p1').objects
        arq_bind.bind(self.context, {arq.uuid: {
            'hostname': 'n1', 'device_rp_uuid': self.vgpu,
            'instance_uuid': server}})
        [job] = job_queries.claim_due(self.context, 'c1', set(), 10)
        bind_jobs.bind_done(self.context, job, None)
        self.assertEqual(states.BOUND,
                         arq_queries.get(self.context, arq.uuid)['state'])
        return arq.uuid

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
        return {(f.kind, f.server, f.arq): f for f in instance_audit.audit(
            self.context, self.nova_client, self.client, heal=heal)}

    def test_audit_finds_exactly_the_orphans(self):
        self._plant()
        expected = {(instance_audit.GONE, self.gone, self.gone_arq),
                    (instance_audit.OTHER_HOST, self.moved, self.moved_arq),
                    (instance_audit.ORPHAN_ALLOCATION, self.leaked, None)}
        found = self._audit()
        self.assertEqual(expected, set(found))
        self.assertTrue(all(f.repaired is None for f in found.values()))
        # An audit changes nothing.
        self.assertEqual(expected, set(self._audit()))

    def test_heal_releases_them_and_nothing_else(self):
        self._plant()
        healed = self._audit(heal=True)
        self.assertEqual(3, len(healed))
        self.assertTrue(all(f.repaired for f in healed.values()), healed)
        self.assertEqual({}, self._audit())
        left = {a['uuid']: a['state']
                for a in arq_queries.get_all(self.context)}
        # Deleted as Nova's DELETE does: a mediated device's ARQ waits in
        # Deleting for its release job (cyborg.conductor.bind_jobs).
        self.assertEqual({self.healthy_arq: states.BOUND,
                          self.gone_arq: states.DELETING,
                          self.moved_arq: states.DELETING}, left)
        self.assertEqual(
            [job_queries.RELEASE] * 2,
            [j['kind'] for j in job_queries.get_all(self.context)])
        consumers = set(self.client.get_allocations(self.vgpu))
        self.assertEqual({self.healthy, self.building}, consumers)

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
        moved = healed[(instance_audit.OTHER_HOST, self.moved,
                        self.moved_arq)]
        self.assertFalse(moved.repaired)
        self.assertIn(self.moved_arq, {a['uuid'] for a in
                                       arq_queries.get_all(self.context)})

    def test_an_arq_changed_since_the_audit_read_it_is_left_alone(self):
        # What a bind or unbind between the audit's read and its heal
        # does: the heal locks the ARQ and sees the change.
        gone, arq_uuid = self._server(host=False, allocation=False)
        [(finding, arq)] = instance_audit._arq_findings(
            self.context, self.nova_client, None)
        self.assertEqual((instance_audit.GONE, arq_uuid),
                         (finding.kind, finding.arq))
        arq_release.unbind(self.context, [arq_uuid])
        self.assertFalse(instance_audit._heal_arq(
            self.context, finding, arq, timeutils.utcnow()))
        self.assertIn('changed meanwhile', finding.detail)
        self.assertEqual(states.UNBOUND,
                         arq_queries.get(self.context, arq_uuid)['state'])


class PostgreSQLInstanceAuditTestCase(InstanceAuditTestCase):
    BACKEND = 'postgresql'
