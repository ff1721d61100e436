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
"""Cleans between two tenants, handed from the conductor
(cyborg.conductor.devices.cleaning) to the agent (cyborg.agent.cleaning)
and back, both served over the in-memory RPC transport, with the fake
driver's simulated clean and its faults file.
"""

import datetime
import json
import os
import threading
import time
from unittest import mock

import fixtures
import oslo_messaging as messaging
from oslo_utils import fixture as utils_fixture
import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.agent import cleaning as agent_cleaning
from cyborg.agent import manager as agent_manager
from cyborg.agent import resource_tracker
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.common import cleaning as common_cleaning
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.conductor.arq import release
from cyborg.conductor.devices import cleaning
from cyborg.db import models
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_state
from cyborg.db.queries import hold
from cyborg.db.queries import host_inventory
from cyborg.tests.fixtures import notifications as notify_fixture
from cyborg.tests.unit.conductor.devices import config_host

CONF = cyborg_conf.CONF
HOST = config_host.HOST


def _running(cleans):
    """``{(device uuid, unit): generation}`` of the cleans under way on
    an agent (its agent_cleaning.Cleans).
    """
    with cleans._lock:
        return {key: run.generation for key, run in cleans._runs.items()}


class CleaningTestCase(config_host.ConfigHostTestCase):

    DEVICES = ['qat=1']

    def setUp(self):
        super().setUp()
        self.faults = os.path.join(self.useFixture(
            fixtures.TempDir()).path, 'faults.json')
        self.flags(faults_file=self.faults, group='fake_driver')
        self.flags(state_path=self.useFixture(fixtures.TempDir()).path)
        self.conductor = self.rpc_servers.start_conductor()
        self.cleaner = self.conductor.devices.cleaner
        self.agent = agent_manager.AgentManager(
            HOST, drivers=({'fake': self.driver}, {'fake': 'fake'}),
            conductor_api=conductor_rpcapi.ConductorAPI())
        self.agent.tracker = self.tracker
        self.agent.cleans._tracker = self.tracker
        self.addCleanup(self.agent.cleans.stop, 5)
        self.rpc_servers.start(messaging.Target(
            topic=agent_rpcapi.TOPIC, server=HOST), [self.agent])
        [self.device] = [d for d in host_inventory.load(
            self.context, HOST).devices.values() if d['type'] == 'QAT']
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.Device).where(
                models.Device.id == self.device['id']).values(
                    clean_steps='{"steps": [], "only": false}'))

    def _fault(self, **fault):
        with open(self.faults, 'w') as f:
            json.dump({self.device['uuid']: fault}, f)

    def _clean(self):
        """The device's one clean (the last)."""
        return device_state.history(self.context, self.device['uuid'])[0]

    def _wait(self, check, what):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            self.cleaner.run(self.context)
            if check(self._clean()):
                return self._clean()
            time.sleep(0.05)
        self.fail('never %s: %s' % (what, self._clean()))

    def _used_then_freed(self):
        arq = self._bind(self.device, 'i1')
        release.unbind(self.context, [arq['uuid']])
        clean = self._clean()
        # A VF: its own clean, the device's other VFs offered.
        self.assertEqual((common_cleaning.PENDING, None),
                         (clean['state'], self._device()['clean_state']))
        self.assertIsNotNone(clean['unit'])
        return clean

    def _device(self):
        return device_queries.get(self.context, self.device['uuid'])

    def test_a_clean_unit_is_offered_again(self):
        self._used_then_freed()
        clean = self._wait(lambda c: c['state'] == common_cleaning.CLEAN,
                           'clean')
        self.assertEqual(['function_reset'],
                         [d['step'] for d in clean['done']])
        self.assertEqual({}, device_state.held(self.context, HOST))

    def test_a_clean_another_conductor_handed_is_cast_again_later(self):
        # Two conductors' work polls: the one that handed the clean cast
        # it; the other casts it again only report_interval after the
        # hand-off, as the first would (an agent that missed it).
        self._fault(clean_seconds=20)
        self._used_then_freed()
        clean = self._wait(
            lambda c: c['state'] == common_cleaning.RUNNING, 'handed')
        other_api = mock.Mock(spec=agent_rpcapi.AgentAPI)
        other = cleaning.Cleaner(other_api, None, None)
        other.run(self.context)
        other_api.clean.assert_not_called()
        self.useFixture(utils_fixture.TimeFixture(
            clean['handed_at'] + datetime.timedelta(
                seconds=CONF.report_interval + 1)))
        other.run(self.context)
        other.run(self.context)
        other_api.clean.assert_called_once_with(
            self.context, HOST, device_uuid=self.device['uuid'],
            unit=mock.ANY, generation=clean['id'], steps=mock.ANY,
            done=[], timeout=CONF.conductor.clean_timeout)

    def test_a_failed_clean_holds_the_unit_with_the_reason(self):
        self._fault(clean_error='erase verification read 0xff')
        self._used_then_freed()
        clean = self._wait(lambda c: c['state'] == common_cleaning.FAILED,
                           'failed')
        self.assertIn('erase verification read 0xff', clean['reason'])
        [entry] = device_state.held(self.context, HOST).values()
        self.assertEqual([hold.CLEAN_FAILED], list(entry['units'].values()))

    def test_a_step_past_its_timeout_is_stopped_on_the_agent(self):
        # The simulated step takes 60 s; clean_timeout counts from its
        # start: the conductor stops it (it is abortable) and the unit
        # stays held until the agent says it stopped.
        self._fault(clean_seconds=60)
        self._used_then_freed()
        self._wait(lambda c: c['step'] == 'function_reset', 'started')
        self.flags(clean_timeout=1, group='conductor')
        time.sleep(1.1)
        started = time.monotonic()
        clean = self._wait(lambda c: c['state'] == common_cleaning.FAILED,
                           'timed out')
        self.assertLess(time.monotonic() - started, 20)
        self.assertIn('clean_timeout', clean['reason'])
        self.assertIn('aborted', clean['reason'])
        self.assertEqual({}, _running(self.agent.cleans))

    def test_an_administrators_abort(self):
        self._fault(clean_seconds=60)
        self._used_then_freed()
        self._wait(lambda c: c['step'] == 'function_reset', 'started')
        cleaning.clean(self.context, self.device['uuid'], 'admin',
                       abort=True)
        clean = self._wait(lambda c: c['state'] == common_cleaning.ABORTED,
                           'aborted')
        self.assertEqual('admin', clean['ended_by'])
        # Held: released by an administrator only.
        cleaning.clean(self.context, self.device['uuid'], 'admin',
                       release_uncleaned=True, reason='ours')
        self.assertEqual({}, device_state.held(self.context, HOST))
        # Each told, in the shape of its sample.
        sent = {n['event_type']: n for n in self.notes.sent('device.clean.')}
        for event in ('start', 'abort', 'release'):
            self.assertIsNone(notify_fixture.shape_mismatch(
                notify_fixture.load_sample('device-clean-%s.json' % event),
                sent['device.clean.' + event]), event)

    def test_a_handle_in_use_holds_the_hand_off(self):
        self._used_then_freed()
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.AttachHandle).values(in_use=True))
        self.cleaner.run(self.context)
        [clean] = device_state.active(self.context)
        self.assertEqual((common_cleaning.PENDING, True),
                         (clean['state'], clean['in_use']))

    def test_device_work_never_waits_for_a_clean(self):
        # A bind that needs device work (an FPGA programmed, a mediated
        # device made) on a host whose NVMe is sanitized for hours: the
        # agent's work thread is not the clean's (issue 77: it queued
        # behind it, past Nova's bind timeout).
        self._fault(clean_seconds=60)
        self.agent.work.start()
        self.addCleanup(self.agent.work.stop, 5)
        self._used_then_freed()
        self._wait(lambda c: c['step'] == 'function_reset', 'started')
        self.assertEqual('prepared', self.agent.work.call(
            lambda: 'prepared').result(timeout=5))
        self.assertEqual(common_cleaning.RUNNING, self._clean()['state'])

    def test_a_clean_never_waits_for_the_work_thread(self):
        # A long device work (a program) holds the agent's work thread:
        # the clean runs beside it (issue 77: it queued behind it).
        gate = threading.Event()
        self.agent.work.start()
        self.addCleanup(self.agent.work.stop, 5)
        self.addCleanup(gate.set)
        self.agent.work.submit(gate.wait, 30)
        self._used_then_freed()
        self._wait(lambda c: c['state'] == common_cleaning.CLEAN, 'clean')
        self.assertFalse(gate.is_set())


class AgentCleansTestCase(config_host.ConfigHostTestCase):
    """cyborg.agent.cleaning.Cleans alone, its reports kept."""

    DEVICES = ['qat=1']

    def setUp(self):
        super().setUp()
        self.state = self.useFixture(fixtures.TempDir()).path
        self.faults = os.path.join(self.state, 'faults.json')
        self.flags(faults_file=self.faults, group='fake_driver')
        self.reports = []
        self.cleans = agent_cleaning.Cleans(
            self.tracker, lambda method, context, **kw: self.reports.append(
                (method, kw)), os.path.join(self.state, 'cleans.json'))
        self.addCleanup(self.cleans.stop, 5)
        [self.record] = [r for r in self.tracker._records if r.type == 'QAT']
        self.steps = [{'name': 'function_reset', 'abortable': True}]

    def _slow(self, seconds):
        with open(self.faults, 'w') as f:
            json.dump({self.record.address: {'clean_seconds': seconds}}, f)

    def _outcomes(self):
        return [(kw['generation'], kw['error']) for method, kw in
                self.reports if method == 'clean_done']

    def _until(self, check):
        deadline = time.monotonic() + 20
        while not check() and time.monotonic() < deadline:
            time.sleep(0.02)
        self.assertTrue(check())

    def test_one_clean_of_a_unit_at_a_time_fenced_by_generation(self):
        self._slow(0.5)
        uuid = self.record.uuid
        self.cleans.clean(self.context, uuid, None, 7, self.steps, [], 10)
        # Handed again while it runs, or an older one: ignored.
        self.cleans.clean(self.context, uuid, None, 7, self.steps, [], 10)
        self.cleans.clean(self.context, uuid, None, 6, self.steps, [], 10)
        self._until(lambda: self._outcomes())
        self.assertEqual([(7, None)], self._outcomes())
        # Handed again once done: its outcome again, not a second run.
        self.cleans.clean(self.context, uuid, None, 7, self.steps, [], 10)
        self.assertEqual([(7, None), (7, None)], self._outcomes())
        progress = [kw['generation'] for method, kw in self.reports
                    if method == 'clean_progress']
        self.assertEqual([7], progress)

    def test_a_newer_generation_stops_the_older_first(self):
        self._slow(30)
        uuid = self.record.uuid
        self.cleans.clean(self.context, uuid, None, 1, self.steps, [], 60)
        self._until(lambda: self.reports)
        self.cleans.clean(self.context, uuid, None, 2, self.steps, [], 60)
        # The older ended (stopped) before the newer ran.
        self._until(lambda: self._outcomes())
        self._until(lambda: _running(self.cleans) == {(uuid, None): 2})
        self.cleans.abort(self.context, uuid, None, 2)
        self._until(lambda: len(self._outcomes()) == 2)
        self.assertEqual([(1, 'aborted at step function_reset'),
                          (2, 'aborted at step function_reset')],
                         self._outcomes())

    def test_a_clean_handed_before_the_first_discovery_waits(self):
        # A restarted agent knew no device yet: "the device is not on
        # host" held it clean_failed (found by the faults suite).
        fresh = resource_tracker.ResourceTracker(
            HOST, {'fake': self.driver}, {'fake': 'fake'}, mock.Mock())
        self.cleans._tracker = fresh
        uuid = self.record.uuid
        self.cleans.clean(self.context, uuid, None, 5, self.steps, [], 10)
        self._until(lambda: not _running(self.cleans))
        self.assertEqual([], self.reports)
        fresh._discover(['fake'])
        self.cleans.clean(self.context, uuid, None, 5, self.steps, [], 10)
        self._until(lambda: self._outcomes())
        self.assertEqual([(5, None)], self._outcomes())

    def test_an_abort_of_what_does_not_run_is_answered(self):
        self.cleans.abort(self.context, self.record.uuid, None, 3)
        self.assertEqual([(3, 'aborted: it did not run on this agent')],
                         self._outcomes())

    def test_a_stop_interrupts_and_a_restart_recovers(self):
        # A stop interrupts the step (abortable) with no outcome; the
        # file says it ran; the next agent kills what it left.
        self._slow(30)
        self.cleans.clean(self.context, self.record.uuid, None, 4,
                          self.steps, [], 60)
        self._until(lambda: self.reports)
        self.cleans.stop(5)
        self.assertEqual([], self._outcomes())
        with open(os.path.join(self.state, 'cleans.json')) as f:
            [entry] = json.load(f).values()
        self.assertEqual((4, 'function_reset'),
                         (entry['generation'], entry['step']))
        killed = []
        self.useFixture(fixtures.MockPatch(
            'cyborg.drivers.command.kill_marked', side_effect=killed.append,
            autospec=True))
        again = agent_cleaning.Cleans(
            self.tracker, lambda *a, **kw: None,
            os.path.join(self.state, 'cleans.json'))
        self.addCleanup(again.stop, 5)
        again.recover()
        self.assertEqual([agent_cleaning.marker(self.record.uuid, None)],
                         killed)
        with open(os.path.join(self.state, 'cleans.json')) as f:
            self.assertEqual({}, json.load(f))


class OperatorCleanTestCase(config_host.ConfigHostTestCase):

    DEVICES = ['gpu=1']

    def setUp(self):
        super().setUp()
        [self.device] = [d for d in host_inventory.load(
            self.context, HOST).devices.values() if d['type'] == 'GPU']
        self.uuid = self.device['uuid']

    def _state(self):
        return device_queries.get(self.context, self.uuid)['clean_state']

    def test_clean_retry_release(self):
        # Bound: cleaned when the binding ends, not now.
        arq = self._bind(self.device, 'i1')
        self.assertRaises(exception.DeviceCleanInUse, cleaning.clean,
                          self.context, self.uuid, 'admin')
        self.assertRaises(exception.DeviceNotHeld, cleaning.clean,
                          self.context, self.uuid, 'admin',
                          release_uncleaned=True)
        self._unbind(arq)
        self.assertEqual(HOST, cleaning.clean(self.context, self.uuid,
                                              'admin'))
        self.assertEqual(hold.CLEANING, self._state())
        self.assertRaises(exception.DeviceCleaning, cleaning.clean,
                          self.context, self.uuid, 'admin')
        [clean] = device_state.active(self.context)
        device_state.hand(self.context, clean['id'],
                          datetime.datetime.utcnow())
        self.assertIsNotNone(cleaning.finish(self.context, HOST, self.uuid,
                                             clean['id'], error='broken'))
        self.assertEqual(hold.CLEAN_FAILED, self._state())
        # Retried: a new clean, a new generation.
        cleaning.clean(self.context, self.uuid, 'admin')
        [again] = device_state.active(self.context)
        self.assertGreater(again['id'], clean['id'])
        self.assertEqual(hold.CLEANING, self._state())
        # Released uncleaned: who, when and why recorded.
        cleaning.clean(self.context, self.uuid, 'admin',
                       release_uncleaned=True, reason='our own tenant')
        last = device_state.history(self.context, self.uuid)[0]
        self.assertEqual((None, 'released', 'admin', 'our own tenant'), (
            self._state(), last['state'], last['ended_by'], last['reason']))
        self.assertIsNotNone(last['ended_at'])
        self.assertRaises(exception.DeviceNotFound, cleaning.clean,
                          self.context, 'gone', 'admin')
