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
"""Tests of the attach handle audit (conductor.audit.handles): what it
finds, what it leaves alone (handles being bound or released), and what
healing does, on real binds, unbinds, deletes and bind jobs.
"""

from unittest import mock

import fixtures
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import exception
from cyborg import states
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.conductor import manager as conductor_manager
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import jobs
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.audit import handles as audit_handles
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import handle_audit as audit_queries
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import inventory

AH = models.AttachHandle
ARQ = models.ExtendedAcceleratorRequest


class HandleAuditTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.fpga = inventory.add_device(self.context, 'node-1', handles=2)
        self.vgpu = inventory.add_device(
            self.context, 'node-2', dev_type='GPU', address='0000:b0:00.0',
            handles=2, rc='VGPU', traits=(), driver='gpu',
            handle_type='MDEV')
        for name, rc in (('fpga', 'FPGA'), ('vgpu', 'VGPU')):
            dp_ops.create(self.context, dp_obj.DeviceProfile(
                uuid=uuidutils.generate_uuid(), name=name,
                description=None, groups=[{'resources:%s' % rc: '1'}]))
        self.agent_api = mock.create_autospec(agent_rpcapi.AgentAPI,
                                              instance=True)

    def _bind(self, profile='fpga', instance=None):
        device = self.fpga if profile == 'fpga' else self.vgpu
        [arq] = arq_create.create(self.context, profile, 'p1')
        result = arq_bind.bind(self.context, {arq['uuid']: {
            'hostname': 'node-1' if profile == 'fpga' else 'node-2',
            'device_rp_uuid': device['rp_uuid'],
            'instance_uuid': instance or uuidutils.generate_uuid(),
            'project_id': 'p1'}})[0]
        return arq['uuid'], result[arq['uuid']]

    def _run_jobs(self):
        for job in job_queries.claim_due(self.context, 'c1', set(), 10):
            jobs.run(self.context, self.agent_api, job)

    def _sql(self, statement):
        with self.db.engine.begin() as conn:
            conn.execute(statement)

    def _in_use(self, device):
        with self.db.engine.connect() as conn:
            return [h.in_use for h in conn.execute(
                sa.select(AH.in_use).where(
                    AH.deployable_id == device['deployable_id'])
                .order_by(AH.id))]

    def _kinds(self, found):
        return [(f.kind, f.handle) for f in found]

    def test_nothing_is_wrong_while_binding_and_releasing(self):
        self._bind()                                   # Bound (PCI)
        binding, state = self._bind('vgpu')            # job pending
        self.assertEqual(states.BIND_STARTED, state)
        self.assertEqual([], audit_handles.audit(self.context))
        self._run_jobs()                               # Bound (mdev)
        arq_delete.delete(self.context, [binding])       # Deleting + release
        self.assertEqual(states.DELETING,
                         arq_queries.get(self.context, binding)['state'])
        self.assertEqual([], audit_handles.audit(self.context, heal=True))
        self.assertEqual([True, False], self._in_use(self.vgpu))
        self._run_jobs()                               # released
        self.assertEqual([False, False], self._in_use(self.vgpu))
        self.assertEqual([], audit_handles.audit(self.context))

    def test_a_running_job_owns_the_handle_of_a_deleted_arq(self):
        uuid, _ = self._bind('vgpu')
        [job] = job_queries.claim_due(self.context, 'c1', set(), 10)
        arq_delete.delete(self.context, [uuid])   # the job runs: ARQ gone
        self.assertRaises(exception.AcceleratorRequestNotFound,
                          arq_queries.get, self.context, uuid)
        self.assertEqual([], audit_handles.audit(self.context, heal=True))
        self.assertEqual([True, False], self._in_use(self.vgpu))
        jobs.run(self.context, self.agent_api, job)
        self._run_jobs()                        # the release it queued
        self.assertEqual([False, False], self._in_use(self.vgpu))

    def test_an_unheld_pci_handle_is_freed(self):
        self._bind()
        self._sql(sa.update(AH).where(
            AH.deployable_id == self.fpga['deployable_id'],
            AH.in_use.is_(False)).values(in_use=True))
        [finding] = audit_handles.audit(self.context)
        self.assertEqual((audit_handles.UNHELD, 'node-1', None),
                         (finding.kind, finding.host, finding.repaired))
        self.assertIn('(heal: free it)', finding.detail)
        self.assertEqual([True, True], self._in_use(self.fpga))
        [healed] = audit_handles.audit(self.context, heal=True)
        self.assertEqual(finding.handle, healed.handle)
        self.assertTrue(healed.repaired)
        self.assertEqual([True, False], self._in_use(self.fpga))
        self.assertEqual([], audit_handles.audit(self.context))
        # The freed handle is bound again.
        self.assertEqual(states.BOUND, self._bind()[1])

    def test_an_unheld_mdev_gets_a_release_job(self):
        self._sql(sa.update(AH).where(
            AH.deployable_id == self.vgpu['deployable_id'],
            AH.id == sa.select(sa.func.min(AH.id)).where(
                AH.deployable_id == self.vgpu['deployable_id'])
            .scalar_subquery()).values(in_use=True))
        [finding] = audit_handles.audit(self.context, heal=True)
        self.assertIn('release job', finding.detail)
        # In use until the agent removed the mediated device: not
        # repaired yet (the job may give up again).
        self.assertIs(False, finding.repaired)
        self.assertEqual([True, False], self._in_use(self.vgpu))
        self.assertEqual([], audit_handles.audit(self.context))
        self._run_jobs()
        [call] = self.agent_api.release_attach.call_args_list
        self.assertEqual(('node-2', 'gpu', finding.handle),
                         (call.args[1], call.args[2], call.args[4]))
        self.assertEqual([False, False], self._in_use(self.vgpu))

    def test_a_release_given_up_is_found_and_retried(self):
        self.flags(group='nova', events_max_attempts=1)
        uuid, _ = self._bind('vgpu')
        self._run_jobs()
        arq_release.unbind(self.context, [uuid])
        self.agent_api.release_attach.side_effect = exception.CommandFailed(
            command='mdevctl', exit_code=1, stderr='busy')
        self._run_jobs()        # given up: UnbindFailed, handle kept
        self.assertEqual([True, False], self._in_use(self.vgpu))
        [finding] = audit_handles.audit(self.context, heal=True)
        self.assertEqual(audit_handles.UNHELD, finding.kind)
        self.agent_api.release_attach.side_effect = None
        self._run_jobs()
        self.assertEqual([False, False], self._in_use(self.vgpu))

    def test_a_stale_reference_is_dropped(self):
        uuid, _ = self._bind()
        self._sql(sa.update(ARQ).where(ARQ.uuid == uuid)
                  .values(state=states.UNBOUND))
        [finding] = audit_handles.audit(self.context)
        self.assertIn('referenced by %s (Unbound)' % uuid, finding.detail)
        [healed] = audit_handles.audit(self.context, heal=True)
        self.assertIs(True, healed.repaired)
        self.assertEqual([False, False], self._in_use(self.fpga))
        with self.db.engine.connect() as conn:
            self.assertIsNone(conn.execute(
                sa.select(ARQ.attach_handle_id).where(ARQ.uuid == uuid))
                .scalar_one())
        self.assertEqual([], audit_handles.audit(self.context))

    def test_a_bound_arq_on_a_free_handle(self):
        uuid, _ = self._bind()
        self._sql(sa.update(AH).values(in_use=False))
        [finding] = audit_handles.audit(self.context)
        self.assertEqual((audit_handles.HELD_FREE, uuid),
                         (finding.kind, finding.arq))
        self.assertIn('(heal: mark it in use)', finding.detail)
        [healed] = audit_handles.audit(self.context, heal=True)
        self.assertIn('marked in use', healed.detail)
        self.assertIs(True, healed.repaired)
        self.assertEqual([True, False], self._in_use(self.fpga))
        # So the next bind takes the other handle, not this one.
        self.assertEqual(states.BOUND, self._bind()[1])
        self.assertEqual([], audit_handles.audit(self.context))

    def test_a_failed_arq_on_a_free_handle_forgets_it(self):
        uuid, _ = self._bind()
        self._sql(sa.update(AH).values(in_use=False))
        self._sql(sa.update(ARQ).where(ARQ.uuid == uuid)
                  .values(state=states.BIND_FAILED))
        [finding] = audit_handles.audit(self.context, heal=True)
        self.assertIn('the ARQ forgot it', finding.detail)
        self.assertIs(True, finding.repaired)
        self.assertEqual([False, False], self._in_use(self.fpga))
        self.assertEqual([], audit_handles.audit(self.context))

    def test_only_one_host(self):
        self._sql(sa.update(AH).values(in_use=True))
        self.assertEqual(
            {'node-2'},
            {f.host for f in audit_handles.audit(self.context,
                                                host='node-2')})
        self.assertEqual(4, len(audit_handles.audit(self.context)))

    def test_a_candidate_that_changed_is_not_reported(self):
        # What the search found is checked again under the handle's lock:
        # here the handle was freed and bound again in between.
        self._sql(sa.update(AH).where(
            AH.deployable_id == self.fpga['deployable_id'])
            .values(in_use=True))
        real = audit_queries.candidates

        def candidates(context, host=None):
            found = real(context, host=host)
            self._sql(sa.update(AH).where(
                AH.uuid == self.fpga['handle_uuids'][0])
                .values(in_use=False))
            self._bind()
            return found

        with mock.patch.object(audit_queries, 'candidates',
                               autospec=True, side_effect=candidates):
            [finding] = audit_handles.audit(self.context, heal=True)
        # The bound handle is left alone; the other one is freed.
        self.assertEqual([True, False], self._in_use(self.fpga))
        self.assertEqual(self.fpga['handle_uuids'][1], finding.handle)

    def test_periodic_logs(self):
        self._sql(sa.update(AH).where(
            AH.deployable_id == self.fpga['deployable_id'])
            .values(in_use=True))
        logs = self.useFixture(fixtures.FakeLogger(
            name='cyborg.conductor.audit.handles'))
        self.assertEqual(2, len(audit_handles.periodic(self.context)))
        self.assertEqual(2, logs.output.count('cyborg-manage handle heal'))
        self.assertEqual([True, True], self._in_use(self.fpga))



class PeriodicTestCase(base.TestCase):

    def test_registered_every_interval(self):
        self.flags(group='conductor', handle_audit_interval=120)
        mgr = conductor_manager.ConductorManager('c1', 'cyborg-conductor')
        self.assertIn((120, audit_handles.periodic), mgr.periodic_tasks())

    def test_zero_turns_it_off(self):
        self.flags(group='conductor', handle_audit_interval=0)
        mgr = conductor_manager.ConductorManager('c1', 'cyborg-conductor')
        self.assertNotIn(audit_handles.periodic,
                         [task for _, task in mgr.periodic_tasks()])
