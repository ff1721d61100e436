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
"""A device's clean between two tenants, handed from the conductor
(cyborg.conductor.devices.cleaning) to the agent (AgentManager.clean)
and back, both served over the in-memory RPC transport, with the fake
driver's simulated clean and its faults file.
"""

import datetime
import json
import os
import time

import fixtures
import oslo_messaging as messaging
import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.agent import device_work
from cyborg.agent import manager as agent_manager
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.conductor.arq import release
from cyborg.conductor.devices import cleaning
from cyborg.db import models
from cyborg.db.queries import cleaning as cleaning_queries
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import hold
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import host_inventory
from cyborg.tests.unit.conductor.devices import config_host

CONF = cyborg_conf.CONF
HOST = config_host.HOST


class CleaningTestCase(config_host.ConfigHostTestCase):

    DEVICES = ['qat=1']

    def setUp(self):
        super().setUp()
        self.faults = os.path.join(self.useFixture(
            fixtures.TempDir()).path, 'faults.json')
        self.flags(faults_file=self.faults, group='fake_driver')
        self.conductor = self.rpc_servers.start_conductor()
        self.cleaner = self.conductor.devices.cleaner
        self.agent = agent_manager.AgentManager(
            HOST, drivers=({'fake': self.driver}, {'fake': 'fake'}),
            conductor_api=conductor_rpcapi.ConductorAPI())
        self.agent.tracker = self.tracker
        self.rpc_servers.start(messaging.Target(
            topic=agent_rpcapi.TOPIC, server=HOST), [self.agent])
        [self.device] = [d for d in host_inventory.load(
            self.context, HOST).devices.values() if d['type'] == 'QAT']
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.Device).where(
                models.Device.id == self.device['id']).values(
                    clean_steps='[]'))

    def _fault(self, **fault):
        with open(self.faults, 'w') as f:
            json.dump({self.device['uuid']: fault}, f)

    def _row(self):
        with self.db.engine.begin() as conn:
            return conn.execute(sa.select(
                models.Device.clean_state, models.Device.clean_reason,
                models.Device.clean_started_at).where(
                    models.Device.id == self.device['id'])).one()

    def _wait(self, check, what):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            self.agent.work.run_pending()
            if check(self._row()):
                return self._row()
            time.sleep(0.05)
        self.fail('never %s: %s' % (what, self._row()))

    def _used_then_freed(self):
        arq = self._bind(self.device, 'i1')
        host_queries.release_sync(self.context, HOST, 't', False)
        release.unbind(self.context, [arq['uuid']])
        self.assertEqual(hold.CLEANING, self._row().clean_state)
        self.assertEqual([hold.CLEANING], hold.reasons(
            dict(self.device, clean_state=hold.CLEANING),
            {'removed_at': None}, True))

    def test_a_clean_device_is_offered_again(self):
        self._used_then_freed()
        self.cleaner.run(self.context)
        self._wait(lambda row: row.clean_state is None, 'clean')

    def test_a_failed_clean_holds_the_device_with_the_reason(self):
        self._fault(clean_error='erase verification read 0xff')
        self._used_then_freed()
        self.cleaner.run(self.context)
        row = self._wait(lambda row: row.clean_state == hold.CLEAN_FAILED,
                         'clean_failed')
        self.assertIn('erase verification read 0xff', row.clean_reason)

    def test_a_clean_past_its_timeout_fails_and_its_late_outcome_counts_not(
            self):
        self._used_then_freed()
        self.flags(clean_timeout=60, group='conductor')
        # Handed (stamped) but not reported.
        started = cleaning_queries.stamp(
            self.context, self.device['uuid'],
            datetime.datetime.utcnow().replace(microsecond=0) -
            datetime.timedelta(seconds=61))
        self.cleaner.run(self.context)
        row = self._row()
        self.assertEqual(hold.CLEAN_FAILED, row.clean_state)
        self.assertIn('within 60 s', row.clean_reason)
        self.assertFalse(self.cleaner.finish(
            self.context, self.device['uuid'], started.isoformat()))
        self.assertEqual(hold.CLEAN_FAILED, self._row().clean_state)

    def test_a_hand_off_again_keeps_the_stamp(self):
        self._fault(clean_seconds=0.5)
        self._used_then_freed()
        self.cleaner.run(self.context)
        first = self._row().clean_started_at
        self.assertIsNotNone(first)
        # An agent's hello, a re-hand: the stamp stays.
        self.agent._heartbeat(self.context)
        self.cleaner.run(self.context)
        self.assertEqual(first, self._row().clean_started_at)
        self._wait(lambda row: row.clean_state is None, 'clean')

    def test_a_handle_in_use_holds_the_hand_off(self):
        self._used_then_freed()
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.AttachHandle).values(in_use=True))
        self.cleaner.run(self.context)
        self.assertIsNone(self._row().clean_started_at)
        [row] = cleaning_queries.cleaning(self.context)
        self.assertTrue(row['in_use'])


class AgentCleansTestCase(config_host.ConfigHostTestCase):

    def test_a_device_is_cleaned_once_at_a_time(self):
        cleans = device_work.Cleans()
        self.assertIsNone(cleans.take('d1', 's1'))
        # The same or another clean while it runs: ignored.
        self.assertIs(False, cleans.take('d1', 's1'))
        self.assertIs(False, cleans.take('d1', 's2'))
        cleans.done('d1', 's1', {'steps': []})
        # Ran: its outcome is reported again; a new one runs.
        self.assertEqual({'steps': []}, cleans.take('d1', 's1'))
        self.assertIsNone(cleans.take('d1', 's2'))

    def test_the_driver_default_steps_run(self):
        [record] = [r for r in self.tracker._records
                    if r.type == 'FPGA'] or [None]
        outcome = device_work.clean(self.tracker, record.uuid, [], 10)
        self.assertEqual(['function_reset'],
                         [s['step'] for s in outcome['steps']])
        outcome = device_work.clean(self.tracker, record.uuid, ['erase'], 10)
        self.assertIn('erase', outcome['error'])
        self.assertIn('not on host', device_work.clean(
            self.tracker, 'gone', [], 10)['error'])


class OperatorCleanTestCase(config_host.ConfigHostTestCase):

    DEVICES = ['qat=1']

    def setUp(self):
        super().setUp()
        [self.device] = [d for d in host_inventory.load(
            self.context, HOST).devices.values() if d['type'] == 'QAT']
        self.uuid = self.device['uuid']

    def _state(self):
        return device_queries.get(self.context, self.uuid)

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
        self.assertEqual((hold.CLEANING, '[]'), (
            self._state()['clean_state'], self._state()['clean_steps']))
        self.assertRaises(exception.DeviceCleaning, cleaning.clean,
                          self.context, self.uuid, 'admin')
        started = cleaning_queries.stamp(
            self.context, self.uuid,
            datetime.datetime.utcnow().replace(microsecond=0))
        self.assertIsNotNone(cleaning.finish(self.context, self.uuid,
                                             started, reason='broken'))
        self.assertEqual(('clean_failed', 'broken'), (
            self._state()['clean_state'], self._state()['clean_reason']))
        # Retried: cleaning anew, handed with a new stamp.
        cleaning.clean(self.context, self.uuid, 'admin')
        self.assertEqual((hold.CLEANING, None, None), (
            self._state()['clean_state'], self._state()['clean_started_at'],
            self._state()['clean_reason']))
        # Released uncleaned: who, when and why recorded.
        cleaning.clean(self.context, self.uuid, 'admin',
                       release_uncleaned=True, reason='our own tenant')
        device = self._state()
        self.assertEqual((None, 'admin', 'our own tenant'), (
            device['clean_state'], device['clean_released_by'],
            device['clean_reason']))
        self.assertIsNotNone(device['clean_released_at'])
        self.assertRaises(exception.DeviceNotFound, cleaning.clean,
                          self.context, 'gone', 'admin')
