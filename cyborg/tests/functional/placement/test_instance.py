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
"""Attaching accelerators to a server and detaching them, through the
stand-in for Nova (cyborg.tests.fixtures.nova) and against the real
Placement, with the server's own (Nova's) allocation and flavor ARQ in
place; on SQLite, MariaDB and PostgreSQL.
"""

import datetime
import queue

import fixtures
from oslo_utils import timeutils
from oslo_utils import uuidutils

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg import states
from cyborg.conductor import pool as worker_pool
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import holders as arq_holders
from cyborg.conductor.arq import lifecycle
from cyborg.conductor.attach import allocations
from cyborg.conductor.attach import endpoint as attach_endpoint
from cyborg.conductor.attach import instance as instance_ops
from cyborg.conductor.attach import nova_server
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attachment as att_queries
from cyborg.db.queries import device_profile as dp_queries
from cyborg.objects import device_profile as dp_obj
from cyborg.tests.fixtures import lost_commit
from cyborg.tests.fixtures import notifications as notify_fixture
from cyborg.tests.functional.placement import nova_host

CONF = cyborg_conf.CONF


class InstanceTestCase(nova_host.NovaHostTestCase):

    def setUp(self):
        super().setUp()
        tree = self.placement.tree('n1')
        self.fpga = tree['n1_FakeDevice']['uuid']
        self.vgpu = tree['n1_FakeDevice_vgpu0']['uuid']
        self.root = self.placement.compute_nodes['n1']
        self.placement.client.set_inventories(self.root, {
            'VCPU': {'total': 8, 'reserved': 0, 'min_unit': 1,
                     'max_unit': 8, 'step_size': 1,
                     'allocation_ratio': 1.0}})
        self._profile('fpga', [{'resources:FPGA': '1',
                                'trait:CUSTOM_FAKE_DEVICE': 'required'}])
        self.server, self.flavor_arq = self._boot('fpga')

    def _profile(self, name, groups):
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name=name, description=None,
            groups=groups))

    def _boot(self, profile=None, vm_state='active'):
        """A server as Nova boots it: its allocation, its flavor's ARQ
        bound on n1's FPGA, and Nova knowing it.

        :returns: (server uuid, its flavor ARQ's uuid or None).
        """
        server = uuidutils.generate_uuid()
        add = {self.root: {'resources': {'VCPU': 2}}}
        if profile:
            add[self.fpga] = {'resources': {'FPGA': 1}}
        self.client.change_consumer(server, add=add, project_id='p1',
                                    user_id='u1')
        arq_uuid = None
        if profile:
            [arq_uuid], _ = self.nova_boot.boot(profile, 'n1', self.fpga,
                                                instance=server)
        self.nova.servers.add(server, 'n1', project_id='p1',
                              user_id='u1', device_profile=profile,
                              vm_state=vm_state)
        return server, arq_uuid

    def _allocations(self, consumer=None):
        return {rp: a['resources'] for rp, a in self.client.get_consumer(
            consumer or self.server)['allocations'].items()}

    def _attach(self, profile='fpga', server=None, **kwargs):
        return instance_ops.attach(
            self.context, self.client, self.nova_client,
            server or self.server, profile, **kwargs)

    def _detach(self, server=None, **kwargs):
        return instance_ops.detach(self.context, self.client,
                                   self.nova_client, server or self.server,
                                   **kwargs)

    def _nova_reads(self, server=None):
        """What Nova's _get_accel_info reads: every ARQ of the server."""
        return sorted(a['uuid'] for a in arq_queries.get_all(
            self.context, instance_uuid=server or self.server))

    def _run_due(self):
        allocations.run_due(self.context, self.client, self.nova_client)

    # Attach -----------------------------------------------------------------

    def test_attach_adds_to_nova_allocations(self):
        result = self._attach()
        [(arq_uuid, state)] = result['arqs'].items()
        self.assertEqual(states.BOUND, state)
        self.assertIsNone(result['reboot'])
        self.assertEqual(('n1', 'p1', 'fpga'), (
            result['server']['host'], result['server']['project_id'],
            result['server']['device_profile']))
        # Nova's FPGA and the attached one on the same provider.
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 2}},
                         self._allocations())
        arq = arq_queries.get(self.context, arq_uuid)
        self.assertEqual((self.fpga, 'n1', 'p1', result['attachment']), (
            arq['device_rp_uuid'], arq['hostname'], arq['project_id'],
            arq['attachment_uuid']))
        self.assertEqual(sorted([self.flavor_arq, arq_uuid]),
                         self._nova_reads())
        attachment = att_queries.get(self.context, result['attachment'])
        self.assertEqual((att_queries.ATTACHED, {self.fpga: {'FPGA': 1}}),
                         (attachment['state'], attachment['allocations']))
        self.assertEqual([], self.nova.servers.reboots())

    def test_attach_with_reboot(self):
        result = self._attach(reboot=True)
        self.assertEqual(att_queries.REBOOT_REQUESTED, result['reboot'])
        self.assertEqual([self.server], self.nova.servers.reboots())

    def test_attach_with_reboot_to_a_stopped_server(self):
        # Issue 38: a hard reboot would power it on; Nova defines the
        # guest with every ARQ of the server when it starts it.
        self.nova.servers.set_state(self.server, 'stopped')
        result = self._attach(reboot=True)
        self.assertEqual(([states.BOUND], None, 'stopped'), (
            list(result['arqs'].values()), result['reboot'],
            result['server']['vm_state']))
        self._run_due()
        self.assertEqual([], self.nova.servers.actions)
        self.assertIsNone(att_queries.get(
            self.context, result['attachment'])['reboot'])

    def test_attach_notifies_the_arqs_it_creates(self):
        # (Their bind's notifications are the manager's, as for Nova's
        # binds: ConductorManager._bound.)
        notes = self.useFixture(notify_fixture.Notifications())
        result = self._attach()
        [arq_uuid] = result['arqs']
        self.assertEqual(
            [('accelerator_request.create', arq_uuid, 'fpga')],
            [(event, data['uuid'], data['device_profile_name'])
             for event, data in notes.events()
             if event == 'accelerator_request.create'])

    def test_reboot_waits_for_device_work(self):
        self._profile('vgpu', [{'resources:VGPU': '1'}])
        result = self._attach('vgpu', reboot=True)
        self.assertEqual([states.BIND_STARTED], list(result['arqs'].values()))
        self.assertEqual(att_queries.REBOOT_PENDING, result['reboot'])
        self._run_due()
        self.assertEqual([], self.nova.servers.reboots())
        # The bind job ends (as cyborg.conductor.arq.jobs would).
        [arq_uuid] = result['arqs']
        arq_queries.transition(self.context, arq_uuid, states.BIND_DONE)
        self._run_due()
        self._run_due()
        self.assertEqual([self.server], self.nova.servers.reboots())

    def test_plain_flavor_refused_and_nothing_created(self):
        plain, _ = self._boot()
        before = (self._allocations(plain), arq_queries.get_all(self.context))
        exc = self.assertRaises(exception.ServerNotAttachable, self._attach,
                                server=plain)
        self.assertIn('names no device profile', str(exc))
        self.assertIn('_get_accel_info', str(exc))
        self.assertEqual(before, (self._allocations(plain),
                                  arq_queries.get_all(self.context)))
        self.assertEqual([], att_queries.get_all(self.context))

    def test_what_nova_would_refuse(self):
        self.assertRaises(exception.ServerNotFound, self._attach,
                          server=uuidutils.generate_uuid())
        self.assertRaises(exception.ServerNotAttachable, self._attach,
                          hostname='n2')
        self.assertRaises(exception.ServerNotAttachable, self._attach,
                          project_id='p2')
        self.nova.servers.set_state(self.server, 'rescued')
        exc = self.assertRaises(exception.ServerNotAttachable, self._attach)
        self.assertIn('rescued', str(exc))
        self.nova.servers.add(self.server, None, device_profile='fpga',
                              vm_state='shelved_offloaded')
        exc = self.assertRaises(exception.ServerNotAttachable, self._attach)
        self.assertIn('on no host', str(exc))
        self.assertEqual([self.flavor_arq], [
            a['uuid'] for a in arq_queries.get_all(self.context)])

    def test_without_nova_or_placement(self):
        self.assertRaises(exception.NovaNotConfigured, instance_ops.attach,
                          self.context, self.client, None, self.server,
                          'fpga')
        self.assertRaises(exception.PlacementNotConfigured,
                          instance_ops.attach, self.context, None,
                          self.nova_client, self.server, 'fpga')

    def test_no_room(self):
        self._profile('many', [{'resources:FPGA': '16'}])
        self.assertRaises(exception.NoAcceleratorCandidate, self._attach,
                          'many')
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 1}},
                         self._allocations())
        self.assertEqual([], att_queries.get_all(self.context))

    def test_a_failed_bind_is_undone(self):
        # The device goes (its driver uninstalled) between the allocation
        # and the bind: the bind refuses, as arq_bind does then.  (A host
        # whose agent is down no longer fails a bind: see arq_bind.)
        gone = exception.BindTargetGone(name='FakeDevice', host='n1')
        self.useFixture(fixtures.MockPatchObject(arq_bind, 'bind',
                                                 side_effect=gone))
        self.assertRaises(exception.BindTargetGone, self._attach)
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 1}},
                         self._allocations())
        self.assertEqual([self.flavor_arq], self._nova_reads())
        self.assertEqual([self.flavor_arq], [
            a['uuid'] for a in arq_queries.get_all(self.context)])
        self.assertEqual([], att_queries.get_all(self.context))

    # A conductor that dies between the steps ------------------------------

    def _intent(self):
        """The first step of an attach only: the attachment and its ARQs
        recorded, as a conductor that died next leaves them.
        """
        profile = dp_queries.get_by_name(self.context, 'fpga')
        server = nova_server.get(self.nova_client, self.server)
        hostname, chosen = instance_ops._place(self.context, self.client,
                                               server, profile)
        return instance_ops._record(self.context, server, profile,
                                    hostname, chosen, False, [])

    def _later(self):
        self.time_fixture(timeutils.utcnow() + datetime.timedelta(
            seconds=allocations.STALE_SECONDS + 1))

    def test_died_before_allocating(self):
        attachment, arqs = self._intent()
        self._later()
        self._run_due()
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 1}},
                         self._allocations())
        self.assertEqual([self.flavor_arq], [
            a['uuid'] for a in arq_queries.get_all(self.context)])
        self.assertEqual([], att_queries.get_all(self.context))

    def test_died_after_allocating(self):
        attachment, arqs = self._intent()
        allocations.allocate(self.context, self.client, attachment)
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 2}},
                         self._allocations())
        self._run_due()
        # Not stale yet: an attach may still be at it.
        self.assertEqual(1, len(att_queries.get_all(self.context)))
        self._later()
        self._run_due()
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 1}},
                         self._allocations())
        self.assertEqual([self.flavor_arq], [
            a['uuid'] for a in arq_queries.get_all(self.context)])
        self.assertEqual([], att_queries.get_all(self.context))
        # Once only.
        self._run_due()
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 1}},
                         self._allocations())

    def test_allocation_changed_by_someone_else_is_left(self):
        attachment, arqs = self._intent()
        allocations.allocate(self.context, self.client, attachment)
        self.client.change_consumer(
            self.server, add={self.fpga: {'resources': {'FPGA': 3}}})
        self._later()
        self._run_due()
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 5}},
                         self._allocations())
        [left] = att_queries.get_all(self.context)
        self.assertEqual(att_queries.ALLOCATING, left['state'])

    def test_an_attach_whose_record_lost_its_commit_answer_records_once(
            self):
        # Issue 42: the transaction that records the attachment and its
        # ARQs committed, but its answer was lost (a Galera writer killed
        # as it committed); retry_on_deadlock ran it again, which
        # recorded a second attachment with a second set of ARQs, and
        # left the first allocating, its ARQs Initial, until the periodic
        # recovery freed them.  The retry finds what the first try
        # committed and goes on with it.
        lost = self.useFixture(lost_commit.LostCommitAnswer(
            self.db.engine, after='INSERT INTO instance_attachments')).lost
        result = self._attach()
        self.assertEqual(1, len(lost))
        [(arq_uuid, state)] = result['arqs'].items()
        self.assertEqual(states.BOUND, state)
        [attachment] = att_queries.get_all(self.context)
        self.assertEqual((result['attachment'], att_queries.ATTACHED),
                         (attachment['uuid'], attachment['state']))
        self.assertEqual(sorted([self.flavor_arq, arq_uuid]),
                         self._nova_reads())
        self.assertEqual(sorted([self.flavor_arq, arq_uuid]), sorted(
            a['uuid'] for a in arq_queries.get_all(self.context)))
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 2}},
                         self._allocations())

    # Detach -----------------------------------------------------------------

    def test_detach_refuses_nova_arqs(self):
        exc = self.assertRaises(exception.AcceleratorRequestsNotAttached,
                                self._detach, reboot=True)
        self.assertIn(self.flavor_arq, str(exc))
        attached = list(self._attach()['arqs'])
        exc = self.assertRaises(exception.AcceleratorRequestsNotAttached,
                                self._detach, arq_uuids=[self.flavor_arq],
                                reboot=True)
        self.assertIn(self.flavor_arq, str(exc))
        self.assertEqual(sorted([self.flavor_arq] + attached),
                         self._nova_reads())
        self.assertRaises(exception.AcceleratorRequestNotFound,
                          self._detach, arq_uuids=[
                              uuidutils.generate_uuid()], reboot=True)

    def test_detach_of_a_running_server_needs_a_reboot(self):
        self._attach()
        exc = self.assertRaises(exception.ServerNotDetachable, self._detach)
        self.assertIn('reboot', str(exc))
        self.assertEqual(2, len(self._nova_reads()))

    def test_detach_waits_for_the_reboot(self):
        attached = list(self._attach()['arqs'])
        self.nova.servers.hold_reboots = True
        result = self._detach(reboot=True)
        self.assertEqual((attached, att_queries.REBOOT_REQUESTED),
                         (result['arqs'], result['reboot']))
        self.assertEqual([self.server], self.nova.servers.reboots())
        # What Nova's reboot reads: the flavor's ARQ, not the detached one.
        self.assertEqual([self.flavor_arq], self._nova_reads())
        # The guest holds the device until the reboot: so does Placement.
        self._run_due()
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 2}},
                         self._allocations())
        self.nova.servers.set_state(self.server, 'active')
        self._run_due()
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 1}},
                         self._allocations())
        self.assertEqual([], att_queries.get_all(self.context))
        self._run_due()
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 1}},
                         self._allocations())

    def test_a_detach_tells_the_agent_who_holds_its_devices(self):
        # Issue 64: the telemetry labels follow a detach within a second,
        # as they follow a bind and a delete.
        casts = queue.Queue()

        class _AgentTopic:
            def holders_changed(self, context, host, bindings):
                casts.put((host, bindings))

        pool = worker_pool.WorkerPool(1)
        self.addCleanup(pool.stop)
        endpoint = attach_endpoint.AttachEndpoint(
            None, self.client, lambda: self.nova_client,
            lambda context: None)
        [attached] = self._attach()['arqs']
        # The holders' cast of the ARQs' lifecycle, as a conductor lends it.
        lifecycle.serve(lifecycle.Services(holders=arq_holders.Holders(
            pool, _AgentTopic()).changed))
        self.nova.servers.set_state(self.server, 'stopped')
        self.assertEqual([attached], endpoint.instance_detach(
            self.context, self.server)['arqs'])
        # The FPGA keeps the server's flavor ARQ only.
        self.assertEqual(('n1', {arq_queries.device_of(
            self.context, self.flavor_arq)['device_uuid']: [
                {'instance': self.server, 'project': 'p1'}]}),
            casts.get(timeout=10))

    def test_detach_of_a_stopped_server(self):
        self._profile('vgpu', [{'resources:VGPU': '2'}])
        self._attach()
        self._attach('vgpu')
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 2},
                          self.vgpu: {'VGPU': 2}}, self._allocations())
        self.nova.servers.set_state(self.server, 'stopped')
        result = self._detach()
        self.assertEqual((3, None), (len(result['arqs']), result['reboot']))
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 1}},
                         self._allocations())
        self.assertEqual([self.flavor_arq], self._nova_reads())
        self.assertEqual(states.BOUND, arq_queries.get(
            self.context, self.flavor_arq)['state'])
        self.assertRaises(exception.AcceleratorRequestsNotAttached,
                          self._detach)

    def test_detach_with_reboot_of_a_stopped_server_asks_nothing(self):
        self._attach()
        self.nova.servers.set_state(self.server, 'stopped')
        result = self._detach(reboot=True)
        self.assertEqual((1, None), (len(result['arqs']), result['reboot']))
        self.assertEqual([], self.nova.servers.actions)
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 1}},
                         self._allocations())

    def test_detach_with_reboot_of_an_offloaded_server_asks_nothing(self):
        # Offloaded (on no host): no guest holds the devices, and Nova
        # refuses a hard reboot in vm_state shelved_offloaded.
        attached = list(self._attach()['arqs'])
        self.nova.servers.add(self.server, None, device_profile='fpga',
                              vm_state='shelved_offloaded')
        result = self._detach(reboot=True)
        self.assertEqual((attached, None), (result['arqs'],
                                            result['reboot']))
        self.assertEqual([], self.nova.servers.actions)
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 1}},
                         self._allocations())

    def test_detach_names_every_arq_of_an_attach(self):
        self._profile('two', [{'resources:FPGA': '2'}])
        attached = sorted(self._attach('two')['arqs'])
        exc = self.assertRaises(exception.ServerNotDetachable, self._detach,
                                arq_uuids=attached[:1], reboot=True)
        self.assertIn('together', str(exc))
        self.assertEqual(attached, sorted(
            self._detach(arq_uuids=attached, reboot=True)['arqs']))

    def test_nova_deleting_the_server_forgets_attachments(self):
        self._attach()
        arq_delete.delete(self.context, instance_uuid=self.server)
        self.placement.deallocate(self.server)
        self.assertEqual([], att_queries.get_all(self.context))
        self.assertEqual([], arq_queries.get_all(self.context))

    def test_detach_after_nova_deleted_the_server(self):
        attached = list(self._attach()['arqs'])
        self.nova.servers.remove(self.server)
        result = self._detach()
        self.assertEqual((attached, None), (result['arqs'],
                                            result['server']))
        self.assertEqual({self.root: {'VCPU': 2}, self.fpga: {'FPGA': 1}},
                         self._allocations())


class MySQLInstanceTestCase(InstanceTestCase):
    BACKEND = 'mysql'


class PostgreSQLInstanceTestCase(InstanceTestCase):
    BACKEND = 'postgresql'
