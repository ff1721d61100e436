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
"""Tests of configuration rollouts' decisions
(cyborg.conductor.devices.configuration_rollout) over a host of four fake
QATs and a GPU, on SQLite and without Placement: the agent's tracker
applies what the conductor hands, as the agent's heartbeat does.
"""

from unittest import mock

from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg import exception
from cyborg.agent import resource_tracker
from cyborg.common import configuration_rollout as rollout
from cyborg.common import device_config
from cyborg.common import health_states
from cyborg.conductor.devices import configuration
from cyborg.conductor.devices import configuration_rollout as rollout_ops
from cyborg.db import models
from cyborg.db.queries import configuration_rollout as rollout_queries
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_class as dc_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.db.queries import device_state
from cyborg.db.queries import host as host_queries
from cyborg.drivers import fake
from cyborg.tests.fixtures import fake_faults
from cyborg.tests.unit.conductor.devices import config_host

QAT_CLASS = [{'key': 'type', 'op': '==', 'value': 'QAT'}]


class RolloutTestCase(config_host.ConfigHostTestCase):

    DEVICES = ['qat=4', 'gpu=1']

    def setUp(self):
        super().setUp()
        dc_queries.create(self.context, 'c1', 'QAT', QAT_CLASS)
        self._pushed()
        self.qats = [d for d in device_queries.get_all(self.context)
                     if d['type'] == 'QAT']

    def _create(self, max_unavailable='1', **kwargs):
        return rollout_ops.create(self.context, 'qat', {'num_vfs': 8},
                                  max_unavailable, **kwargs)

    def _counts(self, row):
        """The rollout's progress, its counts that are not zero."""
        return {k: v for k, v in self._progress(row).items() if v}

    def _waits(self, row):
        """(state, reason, counts) of a rollout as stored now."""
        row = rollout_queries.get(self.context, row['uuid'])
        return row['state'], row['reason'], self._counts(row)

    def _progress(self, row):
        return rollout_queries.with_progress(
            self.context, rollout_queries.get(self.context,
                                              row['uuid']))['progress']

    def _tick(self):
        """A conductor's periodic work, the push and the agent's
        heartbeat.
        """
        rollout_ops.advance(self.context)
        self._pushed()
        self._agent_takes()

    def _run(self, row, ticks=12):
        """Tick until the rollout leaves RUNNING; the most devices it ever
        held in progress.
        """
        most = 0
        for _tick in range(ticks):
            rollout_ops.advance(self.context)
            most = max(most, self._progress(row)['in_progress'])
            self._pushed()
            self._agent_takes()
            now = rollout_queries.get(self.context, row['uuid'])
            if now['state'] != rollout.RUNNING:
                break
        return most

    def _address(self, device):
        return next(r.address for r in self.tracker._records
                    if r.uuid == device['uuid'])

    def _state(self, row):
        return rollout_queries.get(self.context, row['uuid'])['state']

    # Creating -------------------------------------------------------------

    def test_the_budget_is_a_count_or_a_percentage_never_zero(self):
        self.assertEqual(3, rollout.unavailable('3', 8000))
        self.assertEqual(400, rollout.unavailable('5%', 8000))
        self.assertEqual(1, rollout.unavailable('5%', 4))
        # JSON's 1.0 is 1 (issue 64: refused under another code than 1.5).
        self.assertEqual((1, '1'), (rollout.unavailable(1.0, 4),
                                    rollout.as_text(1.0)))
        for wrong in ('0', '0%', '101%', '-1', 'five', '5.5', 1.5):
            self.assertRaises(exception.ConfigurationRolloutInvalid,
                              rollout.unavailable, wrong, 10)

    def test_a_class_selects_its_devices_before_any_push(self):
        # Issue 64: a rollout over a class created the same second was
        # refused until the push had published the class's trait.
        dc_queries.create(self.context, 'c3', 'GPUS',
                          [{'key': 'type', 'op': '==', 'value': 'GPU'}])
        row = rollout_ops.create(self.context, 'gpus',
                                 {'mode': 'passthrough'}, '1')
        self.assertEqual(1, self._progress(row)['waiting'])

    def test_every_device_is_judged_before_it_is_stored(self):
        exc = self.assertRaises(exception.DeviceConfigInvalid,
                                rollout_ops.create, self.context, 'QAT',
                                {'num_vfs': 17}, '1')
        self.assertIn(self.qats[0]['uuid'], exc.message)
        self.assertRaises(exception.DeviceClassNotFound, rollout_ops.create,
                          self.context, 'nope', {'num_vfs': 8}, '1')
        dc_queries.create(self.context, 'c2', 'FPGA',
                          [{'key': 'type', 'op': '==', 'value': 'FPGA'}])
        exc = self.assertRaises(exception.ConfigurationRolloutInvalid,
                                rollout_ops.create, self.context, 'fpga',
                                {'num_vfs': 8}, '1')
        self.assertIn('selects no device', exc.message)
        self.assertEqual([], rollout_queries.get_all(self.context))

    def test_a_device_a_rollout_holds_is_refused_to_another_and_to_itself(
            self):
        row = self._create()
        exc = self.assertRaises(exception.DeviceInRollout, self._create)
        self.assertIn(row['uuid'], exc.message)
        exc = self.assertRaises(exception.DeviceInRollout,
                                configuration.configure, self.context,
                                self.qats[1]['uuid'], {'num_vfs': 2})
        self.assertEqual(409, exc.code)
        self.assertIn(row['uuid'], exc.message)
        rollout_ops.forget(self.context, row['uuid'], self.qats[1]['uuid'])
        configuration.configure(self.context, self.qats[1]['uuid'],
                                {'num_vfs': 2})
        self.assertRaises(exception.ConfigurationRolloutDeviceNotFound,
                          rollout_ops.forget, self.context, row['uuid'],
                          self.qats[1]['uuid'])

    # The waves ------------------------------------------------------------

    def test_one_at_a_time_to_the_end(self):
        row = self._create()
        self.assertEqual(1, row['unavailable'])
        self.assertEqual(1, self._run(row))
        self.assertEqual(rollout.COMPLETED, self._state(row))
        self.assertEqual(dict.fromkeys(rollout.PROGRESS,
                                       0) | {'done': 4},
                         self._progress(row))
        for qat in self.qats:
            config = config_queries.get(self.context, qat['uuid'])
            self.assertEqual((device_config.APPLIED, {'num_vfs': 8}),
                             (config['state'], config['desired']))
        # Released: each device's own verbs work again.
        configuration.configure(self.context, self.qats[0]['uuid'],
                                {'num_vfs': 4})
        events = [event for event, _data in self.notes.events(
            'configuration_rollout')]
        self.assertEqual(['configuration_rollout.complete'], events)

    def test_a_device_is_done_once_placement_offers_it_again(self):
        # A conductor killed between the report that applied a device's
        # configuration and its host's push left the host claimed: the
        # device is still reserved in Placement, so it is out of service,
        # and the next one waits (a second QAT out at once before).
        row = self._create('1')
        rollout_ops.advance(self.context)
        self._pushed()
        self._agent_takes()
        [first] = rollout_queries.devices(self.context, row['id'],
                                          [rollout.IN_PROGRESS])
        self.assertEqual(device_config.APPLIED, config_queries.get(
            self.context, first['device_uuid'])['state'])
        host_queries.mark_needs_sync(self.context, config_host.HOST)
        self.assertTrue(host_queries.claim_sync(
            self.context, config_host.HOST, 'killed', 60))
        for _tick in range(3):
            rollout_ops.advance(self.context)
        self.assertEqual((rollout.RUNNING, 'waiting: 1 of the devices out '
                          'of service (in_progress 1)',
                          {'in_progress': 1, 'waiting': 3}),
                         self._waits(row))
        # Its claim over, the host pushed: done, and the next one starts.
        self.assertTrue(host_queries.release_sync(
            self.context, config_host.HOST, 'killed', False))
        rollout_ops.advance(self.context)
        self.assertEqual({'done': 1, 'in_progress': 1, 'waiting': 2},
                         self._counts(row))
        # Without Placement there is no push to wait for.
        self._pushed()
        self._agent_takes()
        host_queries.mark_needs_sync(self.context, config_host.HOST)
        rollout_ops.settle(self.context)
        self.assertEqual({'done': 1, 'in_progress': 1, 'waiting': 2},
                         self._counts(row))
        rollout_ops.settle(self.context, placement=False)
        self.assertEqual({'done': 2, 'waiting': 2}, self._counts(row))

    def test_a_wave_never_starts_more_than_the_budget_less_the_busy(self):
        row = self._create('3')
        rollout_ops.advance(self.context)
        self.assertEqual(3, self._progress(row)['in_progress'])
        # Nothing settled: a second conductor's wave starts nothing.
        rollout_ops.advance(self.context)
        rollout_ops.wave(self.context, row['uuid'])
        self.assertEqual({'in_progress': 3, 'waiting': 1},
                         self._counts(row))

    def test_a_device_taken_by_another_conductor_is_not_started_twice(self):
        row = self._create('4')
        [first] = rollout_queries.to_start(self.context, row['id'], 1)
        self.assertTrue(rollout_queries.set_device(
            self.context, first, rollout.IN_PROGRESS))
        # The other conductor read it waiting: its swap fails.
        self.assertIsNone(rollout_ops._start(
            self.context, rollout_queries.get(self.context, row['uuid']),
            first, QAT_CLASS))
        self.assertIsNone(config_queries.get(self.context,
                                             first['device_uuid']))

    def test_a_bound_device_waits_when_drained(self):
        arq = self._bind(self.qats[0], 'i1')
        row = self._create('4', drain=True)
        self._tick()
        rollout_ops.settle(self.context)
        self.assertEqual(device_config.DRAINING, config_queries.get(
            self.context, self.qats[0]['uuid'])['state'])
        self.assertEqual({'done': 3, 'in_progress': 1},
                         self._counts(row))
        self._unbind(arq)
        configuration.release_drained(self.context)
        self._run(row)
        self.assertEqual(rollout.COMPLETED, self._state(row))

    def test_a_bound_device_is_skipped_without_drain_and_came_back_to(self):
        arq = self._bind(self.qats[0], 'i1')
        row = self._create('4')
        self._tick()
        self._tick()
        self.assertEqual({'done': 3, 'skipped': 1},
                         self._counts(row))
        [skipped] = rollout_queries.devices(self.context, row['id'],
                                            [rollout.SKIPPED])
        self.assertIn('i1', skipped['reason'])
        self.assertEqual(rollout.RUNNING, self._state(row))
        self._unbind(arq)
        self._run(row)
        self.assertEqual(rollout.COMPLETED, self._state(row))
        self.assertEqual(4, self._progress(row)['done'])

    def test_a_device_that_left_the_class_is_skipped_for_good(self):
        row = self._create('1')
        dc_queries.delete(self.context, 'QAT')
        dc_queries.create(self.context, 'c3', 'QAT', QAT_CLASS + [
            {'key': 'host', 'op': '==', 'value': 'elsewhere'}])
        self._pushed()
        self._run(row)
        self.assertEqual(rollout.COMPLETED, self._state(row))
        self.assertEqual(4, self._progress(row)['skipped'])
        [reason] = {d['reason'] for d in rollout_queries.devices(
            self.context, row['id'], [rollout.SKIPPED])}
        self.assertEqual('it left the device class QAT', reason)

    # Failures, pause, resume, abort --------------------------------------

    def test_a_failure_pauses_with_its_reason_until_forgotten(self):
        fake_faults.config_failure(self.driver, self._address(self.qats[0]),
                                   'sriov_numvfs: EBUSY')
        row = self._create('1')
        self._run(row)
        row = rollout_queries.get(self.context, row['uuid'])
        self.assertEqual(rollout.PAUSED, row['state'])
        self.assertIn('EBUSY', row['reason'])
        self.assertIn(self.qats[0]['uuid'], row['reason'])
        self.assertEqual({'failed': 1, 'waiting': 3},
                         self._counts(row))
        self.assertEqual(['configuration_rollout.pause'], [
            e for e, _d in self.notes.events('configuration_rollout')])
        exc = self.assertRaises(exception.ConfigurationRolloutBadState,
                                rollout_ops.resume, self.context,
                                row['uuid'])
        self.assertIn('failed devices: 1', exc.message)
        self._forget_and_resume(row)
        self.assertEqual(rollout.COMPLETED, self._state(row))
        self.assertEqual(3, self._progress(row)['done'])

    def _forget_and_resume(self, row):
        """Forget the failed QAT, resume, and run the rollout to its end.

        Its failed configuration still holds the device out of service,
        and the budget counts it (issue 64): the rollout waits, saying
        why, until that configuration goes too.
        """
        rollout_ops.forget(self.context, row['uuid'], self.qats[0]['uuid'])
        rollout_ops.resume(self.context, row['uuid'])
        self._run(row)
        row = rollout_queries.get(self.context, row['uuid'])
        self.assertEqual((rollout.RUNNING, 'waiting: 1 of the devices out '
                          'of service (config_failed 1)'),
                         (row['state'], row['reason']))
        configuration.forget(self.context, self.qats[0]['uuid'])
        self._run(row)

    def test_a_failure_budget_goes_on(self):
        fake_faults.config_failure(self.driver, self._address(self.qats[0]),
                                   'sriov_numvfs: EBUSY')
        row = self._create('2', max_failures=1)
        self._run(row)
        self.assertEqual(rollout.COMPLETED, self._state(row))
        self.assertEqual({'done': 3, 'failed': 1},
                         self._counts(row))

    def test_failures_tolerated_that_hold_the_budget_pause_it(self):
        # Found writing the rollouts' state machine (no rollout stuck):
        # and max_failures 1, one failure held the budget and the
        # rollout ran on starting nothing, for ever.
        fake_faults.config_failure(self.driver, self._address(self.qats[0]),
                                   'sriov_numvfs: EBUSY')
        row = self._create('1', max_failures=1)
        self._run(row)
        row = rollout_queries.get(self.context, row['uuid'])
        self.assertEqual(rollout.PAUSED, row['state'])
        self.assertIn('failed devices: 1, the whole budget',
                      row['reason'])
        self.assertIn(self.qats[0]['uuid'], row['reason'])
        exc = self.assertRaises(exception.ConfigurationRolloutBadState,
                                rollout_ops.resume, self.context,
                                row['uuid'])
        self.assertIn('forget them', exc.message)
        self._forget_and_resume(row)
        self.assertEqual(rollout.COMPLETED, self._state(row))
        self.assertEqual({'done': 3},
                         self._counts(row))

    def test_a_device_out_of_service_counts_and_is_not_taken(self):
        # Issue 64: the budget counts every device of the class out of
        # service, as Kubernetes counts unavailable pods, and an unhealthy
        # device is left as it is.
        fake_faults.health(self.driver, self._address(self.qats[0]),
                           'it broke')
        self._report()
        self.assertEqual(health_states.UNHEALTHY, device_queries.get(
            self.context, self.qats[0]['uuid'])['health'])
        row = self._create('1')
        self._run(row, ticks=3)
        self.assertEqual((rollout.RUNNING, 'waiting: 1 of the devices out '
                          'of service (unhealthy 1)', {'waiting': 4}),
                         self._waits(row))
        row = self._create_again('2')
        self._run(row)
        skipped = rollout_queries.devices(self.context, row['id'],
                                          [rollout.SKIPPED])
        self.assertEqual([(self.qats[0]['uuid'], True)], [
            (d['device_uuid'], 'it broke' in d['reason'])
            for d in skipped])
        self.assertEqual({'done': 3, 'skipped': 1},
                         self._counts(row))

    def test_a_device_being_cleaned_counts_until_its_clean_ends(self):
        # Issues 64 and 65: a device cleaned between two tenants is out of
        # service; the rollout waits for it, then configures it too.
        uuid = self.qats[0]['uuid']
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.Device).where(
                models.Device.uuid == uuid).values(
                    clean_offer='[{"name": "function_reset", '
                                '"default": true}]'))
        clean = device_state.start(self.context, uuid)
        row = self._create('1')
        self._run(row, ticks=3)
        self.assertEqual((rollout.RUNNING, 'waiting: 1 of the devices out '
                          'of service (cleaning 1)', {'waiting': 4}),
                         self._waits(row))
        device_state.hand(self.context, clean['id'],
                          timeutils.utcnow(with_timezone=False))
        self.assertIsNotNone(device_state.finish(
            self.context, self.qats[0]['hostname'], uuid, clean['id'], []))
        self._run(row)
        self.assertEqual(rollout.COMPLETED, self._state(row))
        self.assertEqual({'done': 4},
                         self._counts(row))

    def test_the_failed_and_skipped_listed_are_capped(self):
        # Issue 67: a rollout's lists were unbounded; progress counts all.
        row = rollout_queries.create(self.context, {
            'uuid': 'r1', 'device_class': 'QAT', 'desired': {'num_vfs': 8},
            'max_unavailable': '1', 'unavailable': 1, 'drain': False,
            'max_failures': 0, 'follow': False, 'state': rollout.PAUSED},
            [{'uuid': 'd%03d' % n, 'hostname': 'h'} for n in range(120)])
        for member in rollout_queries.devices(self.context, row['id'],
                                              [rollout.WAITING]):
            rollout_queries.set_device(
                self.context, member, rollout.FAILED
                if int(member['device_uuid'][1:]) % 2 else rollout.SKIPPED)
        listed = rollout_queries.failed_and_skipped(
            self.context, [row['id']])[row['id']]
        self.assertEqual({rollout.FAILED: 50, rollout.SKIPPED: 50},
                         {state: sum(1 for m in listed
                                     if m['state'] == state)
                          for state in (rollout.FAILED, rollout.SKIPPED)})
        self.assertEqual((60, 60), (lambda p: (p['failed'], p['skipped']))(
            self._progress(row)))

    def _create_again(self, max_unavailable):
        """Abort the rollout of the class and create another."""
        for uuid in rollout_queries.uuids_in(self.context, rollout.ACTIVE):
            rollout_ops.abort(self.context, uuid)
        return self._create(max_unavailable)

    def test_pause_and_abort(self):
        row = self._create('1')
        self._tick()
        rollout_ops.pause(self.context, row['uuid'])
        self.assertRaises(exception.ConfigurationRolloutBadState,
                          rollout_ops.pause, self.context, row['uuid'])
        self._tick()
        self._tick()
        self.assertEqual({'done': 1, 'waiting': 3},
                         self._counts(row))
        # What cyborg_configuration_rollout_devices shows of the rollouts
        # not ended.
        self.assertEqual([(row['uuid'], 'done', 1),
                          (row['uuid'], 'waiting', 3)],
                         sorted(rollout_queries.active_progress(
                             self.context)))
        _row, changed = rollout_ops.abort(self.context, row['uuid'])
        self.assertEqual([], rollout_queries.active_progress(self.context))
        self.assertEqual(rollout.ABORTED, _row['state'])
        self.assertEqual(1, len(changed))
        self.assertEqual(device_config.APPLIED, config_queries.get(
            self.context, changed[0])['state'])
        self.assertRaises(exception.ConfigurationRolloutBadState,
                          rollout_ops.resume, self.context, row['uuid'])
        # Released: the other devices are the operator's again.
        self._create('1')

    def test_following_adds_the_devices_that_join_the_class(self):
        row = self._create('4', follow=True)
        self._run(row, ticks=3)
        self.assertEqual(rollout.RUNNING, self._state(row))
        self.flags(devices=['qat=5', 'gpu=1'], group='fake_driver')
        self.driver = fake.FakeDriver(config_host.CONF, config_host.HOST)
        self.tracker = resource_tracker.ResourceTracker(
            config_host.HOST, {'fake': self.driver}, {'fake': 'fake'},
            mock.Mock())
        self._report()
        self._run(row, ticks=4)
        self.assertEqual(5, self._progress(row)['done'])
