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
"""Tests of binding, unbinding and deleting ARQs (conductor.arq.bind)."""

import fixtures
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import exception
from cyborg import states
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import jobs
from cyborg.conductor.arq import lifecycle
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.db.queries import device_state
from cyborg.db.queries import hold
from cyborg.db.queries import nova_event as event_queries
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import inventory


class BindTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.context.request_id = 'req-bind-1'
        self.fpga = inventory.add_device(self.context, 'node-1', handles=2)
        self.vgpu = inventory.add_device(
            self.context, 'node-1', dev_type='GPU', address='0000:b0:00.0',
            handles=2, rc='VGPU', traits=(), driver='gpu',
            handle_type='MDEV')

    def _profile(self, name, groups):
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name=name, description=None,
            groups=groups))

    def _arqs(self, name='dp', groups=None, project='p1'):
        if groups is not None:
            self._profile(name, groups)
        return [a['uuid'] for a in
                arq_create.create(self.context, name, project)]

    def _bind(self, uuids, instance, rp=None, host='node-1'):
        rp = rp or self.fpga['rp_uuid']
        return arq_bind.bind(self.context, {
            uuid: {'hostname': host, 'device_rp_uuid': rp,
                   'instance_uuid': instance, 'project_id': 'p1'}
            for uuid in uuids})[0]

    def _table(self, model):
        with self.db.engine.connect() as conn:
            return conn.execute(sa.select(model.__table__)).mappings().all()

    def test_bind_claims_distinct_handles(self):
        uuids = self._arqs(groups=[{'resources:FPGA': '2'}])
        result = self._bind(uuids, 'i1')
        self.assertEqual(dict.fromkeys(uuids, states.BOUND), result)
        arqs = arq_queries.get_all(self.context, instance_uuid='i1')
        handles = [a['attach_handle_uuid'] for a in arqs]
        self.assertEqual(sorted(self.fpga['handle_uuids']), sorted(handles))
        self.assertEqual({'TEST_PCI'}, {a['attach_handle_type']
                                        for a in arqs})
        in_use = [h['in_use'] for h in self._table(models.AttachHandle)
                  if h['deployable_id'] == self.fpga['deployable_id']]
        self.assertEqual([True, True], in_use)
        # One event per ARQ, for the next sender.
        events = event_queries.get_all(self.context)
        self.assertEqual(sorted(uuids), sorted(e['tag'] for e in events))
        self.assertEqual({('i1', 'completed', 'pending', 'req-bind-1')},
                         {(e['server_uuid'], e['status'], e['state'],
                           e['request_id']) for e in events})
        self.assertEqual(['i1'], [r['instance_uuid'] for r in
                                  self._table(models.BoundInstance)])

    def _assert_refused(self, uuids, instance):
        """The bind is refused as a whole, and nothing changed (issue 38:
        a BindFailed ARQ with a failed event let Nova start the server
        without its device).
        """
        before = (self._table(models.AttachHandle),
                  self._table(models.BoundInstance),
                  event_queries.get_all(self.context),
                  inventory.bind_jobs(self.context))
        exc = self.assertRaises(exception.BindRefused, self._bind, uuids,
                                instance)
        self.assertEqual(before, (self._table(models.AttachHandle),
                                  self._table(models.BoundInstance),
                                  event_queries.get_all(self.context),
                                  inventory.bind_jobs(self.context)))
        self.assertEqual({states.INITIAL}, {
            a['state'] for a in arq_queries.get_all(self.context,
                                                    uuids=uuids)})
        return exc

    def test_no_free_handle_refuses_the_bind(self):
        uuids = self._arqs(groups=[{'resources:FPGA': '3'}])
        self._assert_refused(uuids, 'i1')
        # Two of three fit: the same bind with two binds.
        self.assertEqual(dict.fromkeys(uuids[:2], states.BOUND),
                         self._bind(uuids[:2], 'i1'))

    def test_a_device_being_configured_refuses_the_bind(self):
        # Nova's allocation may predate the reservation of a device whose
        # configuration an operator asked for: its bind is refused until
        # the configuration is applied.
        uuids = self._arqs(groups=[{'resources:FPGA': '1'}])
        for state in ('pending', 'applying', 'draining', 'failed'):
            config_queries.set_desired(self.context,
                                       self.fpga['device_uuid'], 'node-1',
                                       {'num_vfs': 1}, state, False)
            self._assert_refused(uuids, 'i1')
        config_queries.set_desired(self.context, self.fpga['device_uuid'],
                                   'node-1', {'num_vfs': 1}, 'applied',
                                   False)
        self.assertEqual(dict.fromkeys(uuids, states.BOUND),
                         self._bind(uuids, 'i1'))

    def test_a_device_held_out_refuses_the_bind(self):
        # Nova's allocation may predate the hold (issue 64): a device
        # held unhealthy, recovering or disabled is never bound.
        uuids = self._arqs(groups=[{'resources:FPGA': '1'}])
        device = self.fpga['device_id']
        for health in ('unhealthy', 'recovering', 'driver_error'):
            device_state.set_health(self.context, device, health, 'x',
                                      None)
            self._assert_refused(uuids, 'i1')
        device_state.set_health(self.context, device, None, None, None)
        self.assertEqual(dict.fromkeys(uuids, states.BOUND),
                         self._bind(uuids, 'i1'))

    def test_a_device_being_cleaned_refuses_the_bind(self):
        # Nova's allocation may predate the reservation of a device whose
        # last tenant just left (issue 77): a bind onto it, through
        # Placement or directly, is refused whatever its clean's state,
        # with no usage interval.
        uuids = self._arqs(groups=[{'resources:FPGA': '1'}])
        device = self.fpga['device_id']
        for state in (hold.CLEANING, hold.CLEAN_FAILED):
            with self.db.engine.begin() as conn:
                conn.execute(sa.update(models.Device).where(
                    models.Device.id == device).values(clean_state=state))
            exc = self._assert_refused(uuids, 'i1')
            self.assertIn('Cyborg holds its device out of service (%s)'
                          % state, str(exc))
            self.assertEqual(409, exc.code)
        self.assertEqual([], self._table(models.UsageInterval))
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.Device).where(
                models.Device.id == device).values(clean_state=None))
        self.assertEqual(dict.fromkeys(uuids, states.BOUND),
                         self._bind(uuids, 'i1'))

    def test_resource_provider_of_another_host(self):
        uuids = self._arqs(groups=[{'resources:FPGA': '1'}])
        self.assertRaises(exception.BindTargetInvalid, self._bind, uuids,
                          'i1', host='node-2')
        self.assertRaises(exception.BindTargetInvalid, self._bind, uuids,
                          'i1', rp=uuidutils.generate_uuid())
        # Nothing changed.
        self.assertEqual(states.INITIAL,
                         arq_queries.get(self.context, uuids[0])['state'])
        self.assertEqual([], self._table(models.BoundInstance))
        self.assertEqual([], event_queries.get_all(self.context))

    def test_device_gone_before_the_fpga_lock(self):
        # An uninstall of the FPGA's driver (its agent's report) removes
        # the deployable after the bind found its target and before it
        # locks the FPGA: a 404 saying so, not NoResultFound (a 500).
        uuids = self._arqs(groups=[{'resources:FPGA': '1'}])
        real = arq_bind.deployable_queries.bind_target

        def gone_after(context, rp_uuid, hostname):
            target = real(context, rp_uuid, hostname)
            for model in (models.AttachHandle, models.Attribute):
                context.session.execute(sa.delete(model).where(
                    model.deployable_id == target['id']))
            context.session.execute(sa.delete(models.Deployable).where(
                models.Deployable.id == target['id']))
            return target
        self.useFixture(fixtures.MockPatchObject(
            arq_bind.deployable_queries, 'bind_target',
            side_effect=gone_after, autospec=True))
        exc = self.assertRaises(exception.BindTargetGone, self._bind,
                                uuids, 'i1')
        self.assertIn('is gone', str(exc))
        self.assertEqual(404, exc.code)
        # Nothing changed.
        self.assertEqual(states.INITIAL,
                         arq_queries.get(self.context, uuids[0])['state'])

    def _compute_node(self, host, name):
        with self.db.engine.begin() as conn:
            conn.execute(sa.insert(models.Host.__table__).values(
                hostname=host, generation=1, needs_sync=False,
                rp_name=name, compute_rp_name=name,
                compute_rp_uuid=uuidutils.generate_uuid()))

    def _bind_checked(self, uuids, instance, rp, check):
        return arq_bind.bind(self.context, {
            uuid: {'hostname': 'node-1', 'device_rp_uuid': rp,
                   'instance_uuid': instance, 'project_id': 'p1'}
            for uuid in uuids}, check_provider=check)[0]

    def test_provider_that_does_not_fit_is_refused(self):
        # An FPGA profile's ARQ on the vGPU (2.4 on): nothing changes.
        uuids = self._arqs(groups=[{'resources:FPGA': '1'}])
        exc = self.assertRaises(
            exception.BindProviderMismatch, self._bind_checked, uuids,
            'i1', self.vgpu['rp_uuid'], 'refuse')
        self.assertIn('its resource class is VGPU, not FPGA', str(exc))
        self.assertEqual(states.INITIAL,
                         arq_queries.get(self.context, uuids[0])['state'])
        self.assertEqual([], self._table(models.BoundInstance))
        self.assertEqual([], event_queries.get_all(self.context))

    def test_provider_that_does_not_fit_is_bound_with_a_warning(self):
        # Below 2.4, as the existing Cyborg does (the vGPU's mediated
        # device is made first: BindStarted).
        log = self.useFixture(fixtures.FakeLogger(name=arq_bind.__name__))
        uuids = self._arqs(groups=[{'resources:FPGA': '1'}])
        self.assertEqual(
            {uuids[0]: states.BIND_STARTED},
            self._bind_checked(uuids, 'i1', self.vgpu['rp_uuid'], 'warn'))
        self.assertIn('does not satisfy its device profile group '
                      '(its resource class is VGPU, not FPGA)', log.output)

    def test_provider_that_fits_passes_the_check(self):
        log = self.useFixture(fixtures.FakeLogger(name=arq_bind.__name__))
        uuids = self._arqs(groups=[{'resources:FPGA': '1',
                                    'trait:CUSTOM_FAKE_DEVICE': 'required',
                                    'trait:CUSTOM_OTHER': 'forbidden'}])
        self.assertEqual(
            {uuids[0]: states.BOUND},
            self._bind_checked(uuids, 'i1', self.fpga['rp_uuid'],
                               'refuse'))
        self.assertNotIn('does not satisfy', log.output)

    def test_bind_with_the_compute_node_name(self):
        # Nova binds with the compute node's nodename: the provider the
        # agent publishes under, not the agent's [DEFAULT] host.
        self._compute_node('node-1', 'node-1.example.org')
        uuids = self._arqs(groups=[{'resources:FPGA': '1'}])
        self.assertEqual({uuids[0]: states.BOUND},
                         self._bind(uuids, 'i1', host='node-1.example.org'))
        arq = arq_queries.get(self.context, uuids[0])
        self.assertEqual('node-1.example.org', arq['hostname'])

    def test_compute_node_name_of_another_host(self):
        self._compute_node('node-1', 'node-1.example.org')
        self._compute_node('node-2', 'node-2.example.org')
        inventory.add_device(self.context, 'node-2', address='0000:5e:00.0')
        uuids = self._arqs(groups=[{'resources:FPGA': '1'}])
        # node-1's provider is not in node-2's tree.
        for name in ('node-2.example.org', 'node-1.example', 'node-2'):
            self.assertRaises(exception.BindTargetInvalid, self._bind,
                              uuids, 'i1', host=name)
        self.assertEqual(states.INITIAL,
                         arq_queries.get(self.context, uuids[0])['state'])

    def test_an_instance_is_bound_once(self):
        uuids = self._arqs(groups=[{'resources:FPGA': '1'},
                                   {'resources:FPGA': '1'}])
        self._bind(uuids[:1], 'i1')
        self.assertRaises(exception.InstanceAlreadyBound, self._bind,
                          uuids[1:], 'i1')
        self.assertEqual(states.INITIAL,
                         arq_queries.get(self.context, uuids[1])['state'])

    def test_mdev_handle_needs_device_work(self):
        uuids = self._arqs(groups=[{'resources:VGPU': '1'}])
        result = self._bind(uuids, 'i1', rp=self.vgpu['rp_uuid'])
        self.assertEqual({uuids[0]: states.BIND_STARTED}, result)
        [job] = inventory.bind_jobs(self.context)
        self.assertEqual((job_queries.PREPARE, job_queries.PENDING,
                          'req-bind-1'),
                         (job['kind'], job['state'], job['request_id']))
        payload = job['payload']
        self.assertEqual(('node-1', 'gpu'), (payload['host'],
                                             payload['driver']))
        self.assertEqual('MDEV', payload['attach_handle']['attach_type'])
        arq = arq_queries.get(self.context, uuids[0])
        # Not bound yet: no attach information for Nova.
        self.assertEqual('', arq['attach_handle_type'])
        self.assertEqual([], event_queries.get_all(self.context))

    def test_bitstream_needs_programming_once(self):
        bitstream = uuidutils.generate_uuid()
        uuids = self._arqs(groups=[{'resources:FPGA': '1',
                                    'accel:bitstream_id': bitstream}])
        self.assertEqual({uuids[0]: states.BIND_STARTED},
                         self._bind(uuids, 'i1'))
        [job] = inventory.bind_jobs(self.context)
        self.assertEqual(job_queries.PROGRAM, job['kind'])
        self.assertEqual(('0000:0c:00.0', bitstream, None),
                         (job['payload']['address'],
                          job['payload']['bitstream_id'],
                          job['payload']['function_id']))
        # A device already programmed with that bitstream needs nothing
        # (once the first bind let it go: see
        # test_no_bind_while_the_fpga_is_being_programmed).
        arq_release.unbind(self.context, uuids)
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.Deployable).values(
                bitstream_id=bitstream))
        more = self._arqs(name='dp')
        self.assertEqual({more[0]: states.BOUND}, self._bind(more, 'i2'))

    def test_no_reprogramming_under_a_bound_instance(self):
        # Defect 2 of issue 18: a bind needing bitstream B took the
        # deployable where an instance is bound with bitstream A, and the
        # agent reprogrammed the FPGA under it.
        a, b = uuidutils.generate_uuid(), uuidutils.generate_uuid()
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.Deployable).values(bitstream_id=a))
        first = self._arqs(name='dp-a', groups=[
            {'resources:FPGA': '1', 'accel:bitstream_id': a}])
        self.assertEqual({first[0]: states.BOUND}, self._bind(first, 'i1'))
        second = self._arqs(name='dp-b', groups=[
            {'resources:FPGA': '1', 'accel:bitstream_id': b}])
        self._assert_refused(second, 'i2')
        # The free handle stays free.
        self.assertEqual([True, False], [
            h['in_use'] for h in self._table(models.AttachHandle)
            if h['deployable_id'] == self.fpga['deployable_id']])
        # Once the first instance let go, the FPGA may be reprogrammed.
        arq_release.unbind(self.context, first)
        third = self._arqs(name='dp-b')
        self.assertEqual({third[0]: states.BIND_STARTED},
                         self._bind(third, 'i3'))

    def test_no_bind_while_the_fpga_is_being_programmed(self):
        a, b = uuidutils.generate_uuid(), uuidutils.generate_uuid()
        first = self._arqs(name='dp-a', groups=[
            {'resources:FPGA': '1', 'accel:bitstream_id': a}])
        self.assertEqual({first[0]: states.BIND_STARTED},
                         self._bind(first, 'i1'))
        # Neither another bitstream nor none at all while it programs.
        for name, groups in (('dp-b', [{'resources:FPGA': '1',
                                        'accel:bitstream_id': b}]),
                             ('dp-any', [{'resources:FPGA': '1'}])):
            arqs = self._arqs(name=name, groups=groups)
            self._assert_refused(arqs, 'i-' + name)
        [job] = inventory.bind_jobs(self.context)
        self.assertEqual((first[0], a), (job['arq_uuid'],
                                         job['payload']['bitstream_id']))

    def test_function_needs_a_free_fpga(self):
        with self.db.engine.begin() as conn:
            conn.execute(sa.insert(models.Attribute.__table__).values(
                uuid=uuidutils.generate_uuid(),
                deployable_id=self.fpga['deployable_id'], key='trait9',
                value='CUSTOM_FPGA_FUNCTION_ID_FAKE_AB12'))
        first = self._arqs(name='dp-a', groups=[
            {'resources:FPGA': '1', 'accel:function_id': 'ab12'}])
        self.assertEqual({first[0]: states.BOUND}, self._bind(first, 'i1'))
        second = self._arqs(name='dp-b', groups=[
            {'resources:FPGA': '1', 'accel:function_id': 'cd34'}])
        self._assert_refused(second, 'i2')

    def test_bitstream_and_function_together_are_refused(self):
        uuids = self._arqs(groups=[{'resources:FPGA': '1',
                                    'accel:bitstream_id': 'a',
                                    'accel:function_id': 'b'}])
        self.assertRaises(exception.Invalid, self._bind, uuids, 'i1')

    def test_function_already_loaded(self):
        with self.db.engine.begin() as conn:
            conn.execute(sa.insert(models.Attribute.__table__).values(
                uuid=uuidutils.generate_uuid(),
                deployable_id=self.fpga['deployable_id'], key='trait9',
                value='CUSTOM_FPGA_FUNCTION_ID_FAKE_AB12'))
        uuids = self._arqs(groups=[{'resources:FPGA': '1',
                                    'accel:function_id': 'ab12'}])
        self.assertEqual({uuids[0]: states.BOUND}, self._bind(uuids, 'i1'))

    def test_a_conductor_takes_the_events_to_send_once_committed(self):
        uuids = self._arqs(groups=[{'resources:FPGA': '2'}])
        sending = []
        lifecycle.serve(lifecycle.Services(
            events=lambda context, events: sending.extend(events)))
        _states, written = arq_bind.bind(self.context, {
            uuid: {'hostname': 'node-1',
                   'device_rp_uuid': self.fpga['rp_uuid'],
                   'instance_uuid': 'i1', 'project_id': 'p1'}
            for uuid in uuids})
        self.assertEqual(written, sending)
        self.assertEqual(sorted(uuids), sorted(e['tag'] for e in sending))
        self.assertEqual({('i1', 'completed', 'sending', 1)}, {
            (e['server_uuid'], e['status'], e['state'], e['attempts'])
            for e in sending})
        stored = {e['id']: e for e in event_queries.get_all(self.context)}
        self.assertEqual(sorted(stored), sorted(e['id'] for e in sending))
        self.assertEqual({'sending'}, {e['state'] for e in stored.values()})
        # Taken: no other sender gets them (until the claim expires).
        self.assertEqual([], event_queries.claim_due(self.context, 10, 120))
        clock = self.time_fixture()
        clock.advance(121)
        self.assertEqual(2, len(event_queries.claim_due(self.context, 10,
                                                        120)))


class UnbindDeleteTestCase(BindTestCase):

    def test_unbind_frees_the_handle_and_the_instance(self):
        uuids = self._arqs(groups=[{'resources:FPGA': '1'}])
        self._bind(uuids, 'i1')
        arq_release.unbind(self.context, uuids)
        arq = arq_queries.get(self.context, uuids[0])
        self.assertEqual((states.UNBOUND, None, None),
                         (arq['state'], arq['instance_uuid'],
                          arq['attach_handle_uuid']))
        self.assertFalse(any(h['in_use'] for h in
                             self._table(models.AttachHandle)))
        self.assertEqual([], self._table(models.BoundInstance))
        # Unbound ARQs can be bound again, to another instance.
        self.assertEqual({uuids[0]: states.BOUND}, self._bind(uuids, 'i2'))

    def _made(self, uuids):
        """The bind's prepare_attach job made the mediated device."""
        for job in inventory.bind_jobs(self.context):
            jobs.bind_done(self.context, job, {})
        self.assertEqual({states.BOUND}, {
            arq_queries.get(self.context, u)['state'] for u in uuids})

    def test_unbind_of_an_unmade_mdev_frees_the_handle(self):
        uuids = self._arqs(groups=[{'resources:VGPU': '1'}])
        self._bind(uuids, 'i1', rp=self.vgpu['rp_uuid'])
        arq_release.unbind(self.context, uuids)
        # The bind's work never started: nothing to remove on the host.
        self.assertEqual([], inventory.bind_jobs(self.context))
        self.assertFalse(any(h['in_use'] for h in
                             self._table(models.AttachHandle)))

    def test_unbind_of_an_mdev_waits_for_its_release(self):
        uuids = self._arqs(groups=[{'resources:VGPU': '1'}])
        self._bind(uuids, 'i1', rp=self.vgpu['rp_uuid'])
        self._made(uuids)
        arq_release.unbind(self.context, uuids)
        [job] = inventory.bind_jobs(self.context)
        # The release job owns the handle until the mdev is gone.
        self.assertEqual((job_queries.RELEASE, job_queries.PENDING),
                         (job['kind'], job['state']))
        handle = [h for h in self._table(models.AttachHandle)
                  if h['id'] == job['payload']['handle_id']][0]
        self.assertTrue(handle['in_use'])

    def test_delete_by_instance(self):
        uuids = self._arqs(groups=[{'resources:FPGA': '2'}])
        self._bind(uuids, 'i1')
        self.assertEqual(sorted(uuids), sorted(arq_delete.delete(
            self.context, instance_uuid='i1')))
        self.assertEqual([], arq_queries.get_all(self.context))
        self.assertFalse(any(h['in_use'] for h in
                             self._table(models.AttachHandle)))
        self.assertEqual([], self._table(models.BoundInstance))
        self.assertEqual([], arq_delete.delete(self.context,
                                             instance_uuid='i1'))

    def test_delete_of_an_mdev_goes_through_deleting(self):
        uuids = self._arqs(groups=[{'resources:VGPU': '1'}])
        self._bind(uuids, 'i1', rp=self.vgpu['rp_uuid'])
        self._made(uuids)
        arq_delete.delete(self.context, uuids=uuids)
        self.assertEqual(states.DELETING,
                         arq_queries.get(self.context, uuids[0])['state'])
        [job] = inventory.bind_jobs(self.context)
        self.assertTrue(job['payload']['delete_arq'])
        # Deleting again is fine and queues nothing more.
        arq_delete.delete(self.context, uuids=uuids)
        self.assertEqual(1, len(inventory.bind_jobs(self.context)))

    def test_release_on_a_dead_host_does_not_block_evacuation(self):
        # Issue 21: Nova deletes the ARQs of an evacuated instance, whose
        # mdev is on a host that is down (its release job waits), then
        # binds new ARQs of the same instance on another host.
        uuids = self._arqs(groups=[{'resources:VGPU': '1'}])
        self._bind(uuids, 'i1', rp=self.vgpu['rp_uuid'])
        self._made(uuids)
        self.assertEqual(uuids, arq_delete.delete(self.context,
                                                instance_uuid='i1'))
        [job] = inventory.bind_jobs(self.context)
        self.assertEqual(states.DELETING,
                         arq_queries.get(self.context, uuids[0])['state'])
        self.assertEqual([], arq_queries.get_all(self.context,
                                                 instance_uuid='i1'))
        other = inventory.add_device(
            self.context, 'node-2', dev_type='GPU', address='0000:b1:00.0',
            handles=1, rc='VGPU', traits=(), driver='gpu',
            handle_type='MDEV')
        new = self._arqs()
        self.assertEqual({new[0]: states.BIND_STARTED},
                         self._bind(new, 'i1', rp=other['rp_uuid'],
                                    host='node-2'))
        # The old release finishes at last: the new binding keeps its
        # instance.
        jobs.released(self.context, job)
        self.assertRaises(exception.AcceleratorRequestNotFound,
                          arq_queries.get, self.context, uuids[0])
        self.assertEqual([new[0]], [a['uuid'] for a in arq_queries.get_all(
            self.context, instance_uuid='i1')])
        self.assertEqual(['i1'], [r['instance_uuid'] for r in
                                  self._table(models.BoundInstance)])

    def test_delete_unknown_is_done(self):
        # The API answers 404 from its own read; here it is gone already.
        self.assertEqual([], arq_delete.delete(
            self.context, uuids=[uuidutils.generate_uuid()]))
