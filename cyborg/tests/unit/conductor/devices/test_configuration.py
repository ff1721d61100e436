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
"""Tests of a device's configuration as desired state: the conductor's
states (cyborg.conductor.devices.configuration) and the agent's side
(ResourceTracker.configure), with the fake driver's configurable QAT and
GPU, on SQLite and without Placement.
"""

from unittest import mock

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.agent import resource_tracker
from cyborg.common import device_config
from cyborg.conductor.audit import device_configs as config_audit
from cyborg.conductor.devices import configuration
from cyborg.conductor.placement import sync as placement_sync
from cyborg.db import api as db_api
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import host_inventory
from cyborg.drivers import fake
from cyborg.tests.fixtures import agent_config
from cyborg.tests.fixtures import fake_faults
from cyborg.tests.unit.conductor.devices import config_host

CONF = cyborg_conf.CONF
HOST = config_host.HOST


class ConfigurationTestCase(config_host.ConfigHostTestCase):

    def setUp(self):
        super().setUp()
        by_type = {d['type']: d for d in
                   device_queries.get_all(self.context)}
        self.fpga, self.qat, self.gpu = (by_type['FPGA'], by_type['QAT'],
                                         by_type['GPU'])

    def _reserved(self, device):
        snap = host_inventory.load(self.context, HOST)
        wants = [placement_sync.desired(snap, d, True, 'cn')
                 for d in snap.deployables.values()
                 if d['device_id'] == device['id'] and
                 d['removed_at'] is None]
        return sorted((rc, inv['total'], inv['reserved'])
                      for want in wants
                      for rc, inv in want['inventories'].items())

    # The operator's request ------------------------------------------------

    def test_a_device_its_driver_cannot_configure_is_refused(self):
        self.assertRaises(exception.DeviceNotConfigurable,
                          configuration.configure, self.context,
                          self.fpga['uuid'], {'num_vfs': 1})

    def test_an_unknown_device_is_not_found(self):
        self.assertRaises(exception.DeviceNotFound,
                          configuration.configure, self.context,
                          'f0c1f3b2-0000-4000-8000-000000000000',
                          {'num_vfs': 1})

    def test_what_the_driver_does_not_allow_is_refused_naming_it(self):
        exc = self.assertRaises(exception.DeviceConfigInvalid,
                                configuration.configure, self.context,
                                self.qat['uuid'], {'num_vfs': 17})
        self.assertIn('num_vfs', exc.message)
        exc = self.assertRaises(exception.DeviceConfigInvalid,
                                configuration.configure, self.context,
                                self.qat['uuid'], {'mode': 'mig'})
        self.assertIn("'mode' was unexpected", exc.message)
        self.assertRaises(exception.DeviceConfigInvalid,
                          configuration.configure, self.context,
                          self.qat['uuid'], {})
        # The VFs' driver with no VF: refused here, not by the agent.
        exc = self.assertRaises(exception.DeviceConfigInvalid,
                                configuration.configure, self.context,
                                self.qat['uuid'],
                                {'num_vfs': 0, 'vf_driver': 'vfio-pci'})
        self.assertIn('vf_driver: vfio-pci asked with no VF (num_vfs 0)',
                      exc.message)
        self.assertIsNone(config_queries.get(self.context,
                                             self.qat['uuid']))

    def test_an_integer_is_an_int(self):
        # JSON Schema's integer takes 8.0; range(8.0) in a driver's
        # discovery raises, and the driver's devices were lost.
        for value in (8.0, True, '8', None, [8]):
            exc = self.assertRaises(exception.DeviceConfigInvalid,
                                    configuration.configure, self.context,
                                    self.qat['uuid'], {'num_vfs': value})
            self.assertIn("num_vfs: %r is not of type 'integer'" % value,
                          exc.message)
        self.assertIsNone(config_queries.get(self.context,
                                             self.qat['uuid']))

    def test_stored_pending_with_a_generation_and_the_host_marked(self):
        self._pushed()
        config = configuration.configure(self.context, self.qat['uuid'],
                                         {'num_vfs': 8})
        self.assertEqual((device_config.PENDING, 1, {'num_vfs': 8}),
                         (config['state'], config['generation'],
                          config['desired']))
        self.assertTrue(host_queries.needs_sync(self.context, HOST))
        config = configuration.configure(self.context, self.qat['uuid'],
                                         {'num_vfs': 2})
        self.assertEqual(2, config['generation'])

    def test_a_device_in_use_is_refused_naming_the_instances(self):
        self._bind(self.qat, 'i2')
        self._bind(self.qat, 'i1')
        exc = self.assertRaises(exception.DeviceConfigInUse,
                                configuration.configure, self.context,
                                self.qat['uuid'], {'num_vfs': 8})
        self.assertIn('i1, i2', exc.message)
        self.assertEqual(409, exc.code)
        self.assertIsNone(config_queries.get(self.context,
                                             self.qat['uuid']))

    # Reserved while it changes ---------------------------------------------

    def test_the_device_is_reserved_until_applied(self):
        self.assertEqual([('CUSTOM_QAT', 1, 0)] * 4,
                         self._reserved(self.qat))
        configuration.configure(self.context, self.qat['uuid'],
                                {'num_vfs': 2})
        self.assertEqual([('CUSTOM_QAT', 1, 1)] * 4,
                         self._reserved(self.qat))
        # The other devices of the host are not.
        self.assertEqual([('PGPU', 1, 0)], self._reserved(self.gpu))
        self._pushed()
        self._agent_takes()
        self.assertEqual(device_config.APPLIED, self._state(self.qat))
        self.assertEqual([('CUSTOM_QAT', 1, 0)] * 2,
                         self._reserved(self.qat))

    # Handed to the agent ---------------------------------------------------

    def test_handed_only_once_the_push_reserved_it(self):
        configuration.configure(self.context, self.qat['uuid'],
                                {'num_vfs': 8})
        # The push has not run: nothing to apply yet.
        self.assertEqual(([], configuration._EMPTY),
                         configuration.for_agent(self.context, HOST, None))
        self._pushed()
        configs, revision = configuration.for_agent(self.context, HOST,
                                                    configuration._EMPTY)
        self.assertEqual([{'device_uuid': self.qat['uuid'],
                           'generation': 1, 'desired': {'num_vfs': 8}}],
                         configs)
        self.assertEqual(device_config.APPLYING, self._state(self.qat))
        # The same revision: no answer.
        self.assertIsNone(configuration.for_agent(self.context, HOST,
                                                  revision))

    def test_without_placement_nothing_waits_for_a_push(self):
        configuration.configure(self.context, self.qat['uuid'],
                                {'num_vfs': 8})
        configs, _revision = configuration.for_agent(
            self.context, HOST, '', placement=False)
        self.assertEqual(1, len(configs))

    def test_an_agent_that_applied_nothing_and_has_nothing_gets_no_answer(
            self):
        self.assertIsNone(configuration.for_agent(self.context, HOST, ''))

    def test_an_instance_bound_meanwhile_makes_it_wait(self):
        configuration.configure(self.context, self.qat['uuid'],
                                {'num_vfs': 8})
        arq = self._bind(self.qat, 'i1')
        self._pushed()
        self.assertEqual(([], configuration._EMPTY),
                         configuration.for_agent(self.context, HOST, ''))
        config = config_queries.get(self.context, self.qat['uuid'])
        self.assertEqual(device_config.DRAINING, config['state'])
        self.assertIn('i1', config['reason'])
        self._unbind(arq)
        self.assertEqual([HOST], configuration.release_drained(self.context))
        self.assertEqual(device_config.PENDING, self._state(self.qat))

    # Drain -----------------------------------------------------------------

    def test_drain_waits_for_the_last_instance_then_applies(self):
        first, second = self._bind(self.qat, 'i1'), self._bind(self.qat,
                                                                'i2')
        config = configuration.configure(self.context, self.qat['uuid'],
                                         {'num_vfs': 0}, drain=True)
        self.assertEqual(device_config.DRAINING, config['state'])
        self.assertEqual([('CUSTOM_QAT', 1, 1)] * 4,
                         self._reserved(self.qat))
        self._pushed()
        self.assertEqual(([], configuration._EMPTY),
                         configuration.for_agent(self.context, HOST, ''))
        self._unbind(first)
        self.assertEqual([], configuration.release_drained(self.context))
        self._unbind(second)
        self.assertEqual([HOST], configuration.release_drained(self.context))
        done, _revision = self._agent_takes()
        self.assertEqual(device_config.APPLIED,
                         done[self.qat['uuid']]['state'])
        self.assertEqual(device_config.APPLIED, self._state(self.qat))
        # The PF is offered, alone.
        self.assertEqual([('CUSTOM_QAT', 1, 0)], self._reserved(self.qat))

    # What the report says --------------------------------------------------

    def test_applied_ends_with_a_notification_and_applied_at(self):
        configuration.configure(self.context, self.gpu['uuid'], {
            'mode': 'mig', 'mig_layout': '3g.40gb,2g.20gb,1g.10gb'})
        self._pushed()
        self._agent_takes()
        config = config_queries.get(self.context, self.gpu['uuid'])
        self.assertEqual(device_config.APPLIED, config['state'])
        self.assertIsNotNone(config['applied_at'])
        self.assertEqual([('CUSTOM_MIG_1G_10GB', 1, 0),
                          ('CUSTOM_MIG_2G_20GB', 1, 0),
                          ('CUSTOM_MIG_3G_40GB', 1, 0)],
                         self._reserved(self.gpu))
        [end] = [data for event, data in self.notes.events()
                 if event == 'device.configure.end']
        self.assertEqual((self.gpu['uuid'], 'applied', 1),
                         (end['device_uuid'], end['state'],
                          end['generation']))

    def test_a_failed_write_is_failed_with_the_reason_and_stays_reserved(
            self):
        fake_faults.config_failure(self.driver, self.qat_address(),
                                   'sriov_numvfs: EBUSY')
        configuration.configure(self.context, self.qat['uuid'],
                                {'num_vfs': 8})
        self._pushed()
        self._agent_takes()
        config = config_queries.get(self.context, self.qat['uuid'])
        self.assertEqual(device_config.FAILED, config['state'])
        self.assertIn('EBUSY', config['reason'])
        self.assertEqual([('CUSTOM_QAT', 1, 1)] * 4,
                         self._reserved(self.qat))
        [error] = [data for event, data in self.notes.events()
                   if event == 'device.configure.error']
        self.assertIn('EBUSY', error['reason'])

    def test_what_the_record_can_judge_is_refused_before_it_is_stored(
            self):
        # The simulated GPU is an A100 80GB to MIG: seven compute slices,
        # eight memory slices, its profiles largest first.
        for desired, reason in (
                ({'mode': 'mig', 'mig_layout': '7g.80gb,1g.10gb'},
                 'mig_layout: 7g.80gb,1g.10gb takes 8 compute slices, the '
                 'GPU has 7'),
                ({'mode': 'mig', 'mig_layout': ','.join(['1g.20gb'] * 5)},
                 'takes 10 memory slices, the GPU has 8'),
                ({'mode': 'mig', 'mig_layout': '1g.10gb,3g.40gb'},
                 'mig_layout: give the profiles largest first: '
                 '3g.40gb,1g.10gb'),
                ({'mode': 'mig', 'mig_layout': '1g.5gb'},
                 "mig_layout: '1g.5gb' is not MIG profiles of the GPU "
                 "(7g.80gb, 4g.40gb, 3g.40gb, 2g.20gb, 1g.20gb, 1g.10gb, "
                 "1g.10gb+me) joined by commas, largest first"),
                ({'mode': 'mig', 'mig_layout': '7g.80gb\n'},
                 "mig_layout: '7g.80gb\\n' is not MIG profiles"),
                ({'mode': 'vgpu', 'vgpu_type': 'nvidia-999'},
                 "vgpu_type: 'nvidia-999' is not one of ['fake-vgpu-1']"),
                ({'mode': 'vgpu'}, 'mode: vgpu needs a vgpu_type'),
                ({'mig_layout': '7g.80gb'},
                 'mig_layout: set in mode mig only, not in mode '
                 'passthrough'),
                ({'mode': 'mig', 'vgpu_type': 'fake-vgpu-1'},
                 'vgpu_type: set in mode vgpu only, not in mode mig')):
            exc = self.assertRaises(exception.DeviceConfigInvalid,
                                    configuration.configure, self.context,
                                    self.gpu['uuid'], desired)
            self.assertIn(reason, exc.message)
        self.assertIsNone(config_queries.get(self.context,
                                             self.gpu['uuid']))

    def test_fields_left_out_are_judged_as_the_device_has_them(self):
        configuration.configure(self.context, self.qat['uuid'],
                                {'num_vfs': 0})
        self._pushed()
        self._agent_takes()
        # No VF now: their driver alone is refused.
        exc = self.assertRaises(exception.DeviceConfigInvalid,
                                configuration.configure, self.context,
                                self.qat['uuid'], {'vf_driver': 'vfio-pci'})
        self.assertIn('vf_driver: vfio-pci asked with no VF (num_vfs 0)',
                      exc.message)
        self.assertEqual(1, config_queries.get(
            self.context, self.qat['uuid'])['generation'])
        # The GPU in mode vgpu: its type stays when the mode is asked.
        configuration.configure(self.context, self.gpu['uuid'], {
            'mode': 'vgpu', 'vgpu_type': 'fake-vgpu-1'})
        self._pushed()
        self._agent_takes()
        self.assertEqual(device_config.APPLIED, self._state(self.gpu))
        self.assertEqual([('VGPU', 4, 0)], self._reserved(self.gpu))
        configuration.configure(self.context, self.gpu['uuid'],
                                {'mode': 'vgpu'})

    def test_drift_is_seen_and_healed(self):
        configuration.configure(self.context, self.qat['uuid'],
                                {'num_vfs': 2})
        self._pushed()
        _done, revision = self._agent_takes()
        # Someone changes the device by hand.
        self.driver.configured[self.qat_address()]['num_vfs'] = 5
        self._report()
        config = config_queries.get(self.context, self.qat['uuid'])
        self.assertEqual((device_config.DRIFTED, 'num_vfs is 5, 2 wanted'),
                         (config['state'], config['reason']))
        [drift] = [data for event, data in self.notes.events()
                   if event == 'device.configure.drift']
        self.assertEqual('drifted', drift['state'])
        # A drifted device stays offered as it is.
        self.assertEqual([('CUSTOM_QAT', 1, 0)] * 5,
                         self._reserved(self.qat))
        # Heal: one generation more, applied again.
        self.assertEqual(2, configuration.heal(
            self.context, self.qat['uuid'])['generation'])
        self._pushed()
        self._agent_takes(revision)
        self.assertEqual(device_config.APPLIED, self._state(self.qat))
        self.assertEqual([('CUSTOM_QAT', 1, 0)] * 2,
                         self._reserved(self.qat))

    def test_the_audit_finds_drift_and_failures_and_heals_them(self):
        fake_faults.config_failure(self.driver, self.qat_address(), 'EIO')
        configuration.configure(self.context, self.qat['uuid'],
                                {'num_vfs': 2})
        configuration.configure(self.context, self.gpu['uuid'],
                                {'mode': 'mig', 'mig_layout': '1g.10gb'})
        self._pushed()
        self._agent_takes()
        self.driver.configured[self.gpu_address()]['mig_layout'] = '2g.20gb'
        self._report()
        found = config_audit.audit(self.context)
        self.assertEqual(
            [('drifted', self.gpu['uuid'], 'mig_layout is "2g.20gb", '
              '"1g.10gb" wanted'),
             ('failed', self.qat['uuid'], 'Command fake-configure %s '
              'failed with exit code 1: EIO' % self.qat_address())],
            [(f.kind, f.device, f.detail) for f in found])
        self.assertEqual([], config_audit.audit(self.context, host='n2'))
        healed = config_audit.audit(self.context, heal=True)
        self.assertEqual([False, False], [f.repaired for f in healed])
        self.assertEqual(
            {device_config.PENDING},
            {self._state(self.qat), self._state(self.gpu)})
        self._pushed()
        self._agent_takes()
        self.assertEqual([], config_audit.audit(self.context))

    def test_the_audit_finds_configurations_of_failed_devices(self):
        # Applied, then the GPU gone and the QAT's driver failing: the
        # audit names both (a heal cannot apply them: the operator fixes
        # the driver or forgets them), and forgetting works on both.
        configuration.configure(self.context, self.qat['uuid'],
                                {'num_vfs': 2})
        configuration.configure(self.context, self.gpu['uuid'],
                                {'mode': 'mig', 'mig_layout': '1g.10gb'})
        self._pushed()
        self._agent_takes()
        self.assertEqual([], config_audit.audit(self.context))
        self.driver.counts['gpu'] = 0
        self._report()
        self.assertRaises(exception.DeviceNotFound, device_queries.get,
                          self.context, self.gpu['uuid'])
        self.flags(group='fake_driver', raise_in=['discover'])
        self._report()
        found = config_audit.audit(self.context, heal=True)
        self.assertEqual(
            {('device_gone', self.gpu['uuid'], False),
             ('driver_error', self.qat['uuid'], False)},
            {(f.kind, f.device, f.repaired) for f in found})
        self.assertIn('fails in discover', ' '.join(f.detail for f in found))
        self.assertEqual(device_config.APPLIED, self._state(self.qat))
        for device in (self.gpu, self.qat):
            configuration.forget(self.context, device['uuid'])
        self.assertEqual([], config_audit.audit(self.context))

    def test_forget_offers_the_device_as_it_is(self):
        configuration.configure(self.context, self.qat['uuid'],
                                {'num_vfs': 2})
        self._pushed()
        self.assertEqual(HOST, configuration.forget(self.context,
                                                    self.qat['uuid']))
        self.assertIsNone(config_queries.get(self.context,
                                             self.qat['uuid']))
        self.assertTrue(host_queries.needs_sync(self.context, HOST))
        self.assertEqual([('CUSTOM_QAT', 1, 0)] * 4,
                         self._reserved(self.qat))
        self.assertRaises(exception.DeviceConfigNotFound,
                          configuration.forget, self.context,
                          self.qat['uuid'])

    def test_a_configuration_set_after_one_forgotten_is_applied(self):
        # Found by the rollouts' state machine: a failed configuration
        # forgotten, the next one stored as generation 1 again was taken
        # by the agent for the one it had failed (stuck applying).
        address = next(r.address for r in self.tracker._records
                       if r.uuid == self.qat['uuid'])
        fake_faults.config_failure(self.driver, address, 'sriov_numvfs: EBUSY')
        configuration.configure(self.context, self.qat['uuid'],
                                {'num_vfs': 8})
        self._pushed()
        self._agent_takes()
        self.assertEqual(device_config.FAILED, self._state(self.qat))
        configuration.forget(self.context, self.qat['uuid'])
        self._agent_takes()
        config = configuration.configure(self.context, self.qat['uuid'],
                                         {'num_vfs': 2})
        self.assertEqual(2, config['generation'])
        self._pushed()
        self._agent_takes()
        self.assertEqual(device_config.APPLIED, self._state(self.qat))

    # The agent's side ------------------------------------------------------

    def test_a_heartbeat_with_nothing_to_start_only_reads(self):
        # Every agent's heartbeat asks (issue 42: 10,000 hosts); only a
        # pending configuration to hand makes it write (on SQLite a writer
        # transaction takes the database's write lock).
        with db_api.context_manager.reader.using(self.context):
            self.assertIsNone(configuration.for_agent(self.context, HOST,
                                                      None))
        configuration.configure(self.context, self.qat['uuid'],
                                {'num_vfs': 2})
        self._pushed()
        configs, revision = configuration.for_agent(self.context, HOST, '')
        self.assertEqual('applying', self._state(self.qat))
        with db_api.context_manager.reader.using(self.context):
            self.assertIsNone(configuration.for_agent(self.context, HOST,
                                                      revision))
            self.assertEqual((configs, revision), configuration.for_agent(
                self.context, HOST, ''))

    def test_the_agent_applies_a_generation_once(self):
        configs = [{'device_uuid': self.qat['uuid'], 'generation': 1,
                    'desired': {'num_vfs': 2}}]
        self.assertEqual({self.qat['uuid']: {
            'generation': 1, 'state': 'applied', 'reason': None}},
            agent_config.configure(self.tracker, configs))
        self.assertEqual({}, agent_config.configure(self.tracker, configs))
        self.tracker._discover(['fake'])
        [record] = [r for r in self.tracker._records
                    if r.uuid == self.qat['uuid']]
        self.assertEqual({'generation': 1, 'state': 'applied',
                          'reason': None},
                         record.configuration['applied'])
        self.assertEqual(2, record.configuration['actual']['num_vfs'])

    def test_a_driver_loaded_anew_applies_the_configurations_again(self):
        # Its predecessor was told (the gpu driver keeps a GPU's vGPU type
        # in memory, the fake driver all it configured); the new one knows
        # nothing of it, so the same generation applies again.
        configs = [{'device_uuid': self.gpu['uuid'], 'generation': 1,
                    'desired': {'mode': 'mig', 'mig_layout': '1g.10gb'}}]
        agent_config.configure(self.tracker, configs)
        self.assertEqual({}, agent_config.configure(self.tracker, configs))
        self.tracker.apply_installs(CONF, [{'name': 'fake', 'config': {
            'fake_driver': {'devices': ['fpga=1', 'qat=1', 'gpu=1']}}}])
        self.assertIsNot(self.driver, self.tracker.drivers['fake'])
        done = agent_config.configure(self.tracker, configs)
        self.assertEqual('applied', done[self.gpu['uuid']]['state'])
        self.tracker._discover(['fake'])
        [record] = [r for r in self.tracker._records
                    if r.uuid == self.gpu['uuid']]
        self.assertEqual({'mode': 'mig', 'mig_layout': '1g.10gb',
                          'vgpu_type': None},
                         record.configuration['actual'])

    def test_applied_again_after_a_restart_is_held_until_it_is_back(self):
        # The agent restarted (its fake devices back to 4 VFs) takes the
        # configuration again: its first report holds the QAT (applying,
        # reserved, not drifted), the GPU untouched; applied, offered.
        configuration.configure(self.context, self.qat['uuid'],
                                {'num_vfs': 2})
        self._pushed()
        self._agent_takes()
        self.assertEqual(device_config.APPLIED, self._state(self.qat))
        self.driver = fake.FakeDriver(CONF, HOST)
        self.tracker = resource_tracker.ResourceTracker(
            HOST, {'fake': self.driver}, {'fake': 'fake'}, mock.Mock())
        configs, _revision = configuration.for_agent(self.context, HOST,
                                                     '')
        self.assertTrue(self.tracker.expect(configs))
        self._report()
        config = config_queries.get(self.context, self.qat['uuid'])
        self.assertEqual((device_config.APPLYING, configuration.REAPPLYING),
                         (config['state'], config['reason']))
        self.assertEqual([('CUSTOM_QAT', 1, 1)] * 4,
                         self._reserved(self.qat))
        self.assertEqual([('PGPU', 1, 0)], self._reserved(self.gpu))
        self.assertEqual({self.qat['uuid']: {
            'generation': 1, 'state': 'applied', 'reason': None}},
            self.tracker.configure_next())
        self.assertEqual({}, self.tracker.configure_next())
        self._report()
        self.assertEqual(device_config.APPLIED, self._state(self.qat))
        self.assertEqual([('CUSTOM_QAT', 1, 0)] * 2,
                         self._reserved(self.qat))
        self.assertEqual(
            [('device.configure.end', 'applied'),
             ('device.configure.start', 'applying'),
             ('device.configure.end', 'applied')],
            [(event, data['state']) for event, data in self.notes.events()
             if event.startswith('device.configure.')])

    def test_failed_again_after_a_reload_is_failed_at_once(self):
        # Applied; the driver loaded anew (its QAT back to 4 VFs) raises
        # as it applies it again: failed with the exception at the
        # report, not drifted.
        configuration.configure(self.context, self.qat['uuid'],
                                {'num_vfs': 2})
        self._pushed()
        _done, revision = self._agent_takes()
        self.assertEqual(device_config.APPLIED, self._state(self.qat))
        self.flags(group='fake_driver', raise_in=['configure'])
        self.tracker.apply_installs(CONF, [{'name': 'fake', 'config': {
            'fake_driver': {'devices': ['fpga=1', 'qat=1', 'gpu=1']}}}])
        self._agent_takes()
        config = config_queries.get(self.context, self.qat['uuid'])
        self.assertEqual(device_config.FAILED, config['state'])
        self.assertIn('RuntimeError: the fake driver fails in configure',
                      config['reason'])

    def test_a_driver_that_fails_is_not_handed_a_change(self):
        # The agent leaves it waiting (not failed) while the driver
        # fails, and the conductor keeps a pending one pending.
        configs = [{'device_uuid': self.qat['uuid'], 'generation': 1,
                    'desired': {'num_vfs': 2}}]
        self.flags(group='fake_driver', raise_in=['discover'])
        self.tracker._discover(['fake'])
        self.assertEqual({}, agent_config.configure(self.tracker, configs))
        self.assertEqual([self.qat['uuid']], self.tracker.deferred)
        self.assertEqual({}, self.driver.configured)
        self._report()
        config_queries.set_desired(self.context, self.qat['uuid'], HOST,
                                   {'num_vfs': 2}, device_config.PENDING,
                                   False)
        self._pushed()
        self.assertEqual(([], configuration._EMPTY),
                         configuration.for_agent(self.context, HOST, ''))
        self.assertEqual(device_config.PENDING, self._state(self.qat))

    def test_the_agent_never_hands_the_driver_a_value_it_refuses(self):
        # A configuration stored before the conductor checked its values
        # so: failed with the reason, the driver never called, and every
        # device of the driver still reported.
        config_queries.set_desired(self.context, self.qat['uuid'], HOST,
                                   {'num_vfs': 8.0}, device_config.PENDING,
                                   False)
        self._pushed()
        done, _revision = self._agent_takes()
        self.assertEqual(
            {'generation': 1, 'state': 'failed',
             'reason': "num_vfs: 8.0 is not of type 'integer'"},
            done[self.qat['uuid']])
        self.assertEqual({}, self.driver.configured)
        config = config_queries.get(self.context, self.qat['uuid'])
        self.assertEqual(device_config.FAILED, config['state'])
        self.assertEqual(
            {'FPGA', 'QAT', 'GPU'},
            {d['type'] for d in device_queries.get_all(self.context)})

    def test_the_agent_reports_a_device_it_does_not_have(self):
        done = agent_config.configure(self.tracker, [{
            'device_uuid': 'f0c1f3b2-0000-4000-8000-000000000000',
            'generation': 3, 'desired': {'num_vfs': 2}}])
        self.assertEqual('failed', done[
            'f0c1f3b2-0000-4000-8000-000000000000']['state'])

    def test_a_new_agent_discovers_before_it_applies(self):
        tracker = resource_tracker.ResourceTracker(
            HOST, {'fake': self.driver}, {'fake': 'fake'}, mock.Mock())
        done = agent_config.configure(tracker, [{
            'device_uuid': self.gpu['uuid'], 'generation': 1,
            'desired': {'mode': 'mig', 'mig_layout': '1g.10gb'}}])
        self.assertEqual('applied', done[self.gpu['uuid']]['state'])

    def qat_address(self):
        return fake._address(fake.FIRST_BUS + 1, 0)

    def gpu_address(self):
        return fake._address(fake.FIRST_BUS + 2, 0)
