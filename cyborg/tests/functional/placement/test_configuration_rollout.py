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
"""Configuration rollouts end to end (issue 60), on four compute nodes of
the fake driver's devices (fake_host) with the real Placement: the
conductor's periodic work (configuration_rollout.advance(), the drained
released, the pushes) and each agent's report interval, after every step
of which the QATs out of service are sampled in Placement.

* The QAT class to 8 VFs, one at a time: never more than one QAT out of
  service, each offered with its 8 VFs at the end.
* A bound QAT with drain waits for its server to go; without drain it is
  skipped and come back to.
* A QAT whose driver fails the change pauses the rollout with the
  reason; it resumes once the device is forgotten, and aborts saying
  which devices changed.
* A MIG layout one GPU cannot take is refused before anything is stored.
* Two conductors, one restarted mid-rollout, never apply a device twice;
  an agent down while its device changes holds the budget until it is
  back.
"""

import pytest

from cyborg import exception
from cyborg.common import configuration_rollout
from cyborg.common import device_config
from cyborg.conductor.devices import configuration_rollout as rollout_ops
from cyborg.conductor.devices import device_class
from cyborg.db.queries import configuration_rollout as rollout_queries
from cyborg.tests.fixtures import fake_faults
from cyborg.tests.functional.placement import fake_host

pytestmark = pytest.mark.slow(3)

HOSTS = ('n1', 'n2', 'n3', 'n4')
QAT_CLASS = [{'key': 'type', 'op': '==', 'value': 'QAT'}]
EIGHT = {'num_vfs': 8}


class RolloutTestCase(fake_host.ConfigHostTestCase):

    def setUp(self):
        super().setUp()
        self.hosts = [self.host(name) for name in HOSTS]
        device_class.create(self.context, 'QAT', QAT_CLASS)
        self.most_out = 0
        self._interval()

    def _interval(self, down=()):
        self.interval(self.hosts, down, self._sample)

    def _sample(self):
        self.most_out = max(self.most_out, self._out_of_service())

    def _out_of_service(self):
        offered = fake_host.offered(self, 'CUSTOM_QAT')
        return sum(1 for host in self.hosts if host.root not in offered)

    def _run(self, row, intervals=10, down=()):
        for _interval in range(intervals):
            self._interval(down)
            if self._rollout(row)['state'] != configuration_rollout.RUNNING:
                break
        return self._rollout(row)

    def _rollout(self, row):
        return rollout_queries.with_progress(
            self.context, rollout_queries.get(self.context, row['uuid']))

    def _create(self, max_unavailable='1', **kwargs):
        return rollout_ops.create(self.context, 'QAT', EIGHT,
                                  max_unavailable, **kwargs)

    def _counts(self, row):
        return {k: v for k, v in self._rollout(row)['progress'].items() if v}

    def test_the_qats_to_eight_vfs_one_at_a_time(self):
        before = [len(host.offered('CUSTOM_QAT')) for host in self.hosts]
        row = self._run(self._create())
        self.assertEqual((configuration_rollout.COMPLETED, {'done': 4}),
                         (row['state'], self._counts(row)))
        self.assertEqual(1, self.most_out)
        self.assertEqual([8] * 4, [len(host.offered('CUSTOM_QAT'))
                                   for host in self.hosts])
        self.assertNotEqual(before, [8] * 4)
        for host in self.hosts:
            config = host.config('qat')
            self.assertEqual((device_config.APPLIED, 1),
                             (config['state'], config['generation']))

    def test_a_bound_qat_waits_with_drain_and_is_skipped_without(self):
        first = self.hosts[0]
        rp = sorted(first.offered('CUSTOM_QAT'))[0]
        _arq, server = first.boot('CUSTOM_QAT', rp)
        row = self._run(self._create('2', drain=True), intervals=4)
        self.assertEqual(configuration_rollout.RUNNING, row['state'])
        self.assertEqual({'done': 3, 'in_progress': 1}, self._counts(row))
        self.assertEqual(device_config.DRAINING, first.config('qat')['state'])
        first.delete(server)
        row = self._run(row)
        self.assertEqual((configuration_rollout.COMPLETED, {'done': 4}),
                         (row['state'], self._counts(row)))
        self.assertLessEqual(self.most_out, 2)

    def test_without_drain_a_bound_qat_is_skipped_and_come_back_to(self):
        first = self.hosts[0]
        rp = sorted(first.offered('CUSTOM_QAT'))[0]
        _arq, server = first.boot('CUSTOM_QAT', rp)
        row = self._run(self._create('4'), intervals=3)
        self.assertEqual({'done': 3, 'skipped': 1}, self._counts(row))
        [skipped] = rollout_queries.devices(
            self.context, row['id'], [configuration_rollout.SKIPPED])
        self.assertIn(server, skipped['reason'])
        self.assertIsNone(first.config('qat'))
        first.delete(server)
        row = self._run(row)
        self.assertEqual((configuration_rollout.COMPLETED, {'done': 4}),
                         (row['state'], self._counts(row)))

    def test_a_failing_qat_pauses_resumes_once_forgotten_and_aborts(self):
        failing = self.hosts[1]
        fake_faults.config_failure(
            failing.driver(), fake_host.ADDRESSES['qat'],
            'sriov_numvfs: EBUSY')
        row = self._run(self._create())
        self.assertEqual(configuration_rollout.PAUSED, row['state'])
        self.assertIn('EBUSY', row['reason'])
        self.assertIn(failing.uuid('qat'), row['reason'])
        self.assertEqual({'done': 1, 'failed': 1, 'waiting': 2},
                         self._counts(row))
        self.assertRaises(exception.ConfigurationRolloutBadState,
                          rollout_ops.resume, self.context, row['uuid'])
        # The failed device is held out of service, and by the rollout.
        self.assertRaises(exception.DeviceInRollout, failing.forget, 'qat')
        rollout_ops.forget(self.context, row['uuid'], failing.uuid('qat'))
        failing.forget('qat')
        rollout_ops.resume(self.context, row['uuid'])
        self._interval()
        self._interval()
        done = {d['device_uuid'] for d in rollout_queries.devices(
            self.context, row['id'], [configuration_rollout.DONE])}
        going = {d['device_uuid'] for d in rollout_queries.devices(
            self.context, row['id'], [configuration_rollout.IN_PROGRESS])}
        self.assertEqual((2, 1), (len(done), len(going)))
        row, changed = rollout_ops.abort(self.context, row['uuid'])
        self.assertEqual(configuration_rollout.ABORTED, row['state'])
        self.assertEqual(done, set(changed))
        # What it changed keeps its configuration, the change in progress
        # goes on as the device's own; everything is the operator's again.
        self._interval()
        for host in self.hosts:
            if host.uuid('qat') in done | going:
                self.assertEqual(device_config.APPLIED,
                                 host.config('qat')['state'])
            elif host is not failing:
                self.assertIsNone(host.config('qat'))
            host.configure('qat', {'num_vfs': 2})
        self.assertEqual(1, self.most_out)

    def test_a_layout_one_gpu_cannot_take_is_refused_before_anything(self):
        device_class.create(self.context, 'GPU',
                            [{'key': 'type', 'op': '==', 'value': 'GPU'}])
        self._interval()
        exc = self.assertRaises(
            exception.DeviceConfigInvalid, rollout_ops.create, self.context,
            'GPU', {'mode': 'mig', 'mig_layout': ','.join(['3g.40gb'] * 3)},
            '1')
        self.assertIn(self.hosts[0].uuid('gpu'), exc.message)
        self.assertEqual([], rollout_queries.get_all(self.context))

    def test_two_rollouts_never_hold_one_device_nor_its_own_verbs(self):
        row = self._create()
        exc = self.assertRaises(exception.DeviceInRollout, self._create)
        self.assertIn(row['uuid'], exc.message)
        exc = self.assertRaises(exception.DeviceInRollout,
                                self.hosts[2].configure, 'qat', EIGHT)
        self.assertIn(row['uuid'], exc.message)

    def test_conductors_restarted_mid_rollout_never_apply_twice(self):
        row = self._create('2')
        # A conductor started the first wave and died before its pushes;
        # another (or it, restarted) goes on from the database.
        rollout_ops.advance(self.context)
        rollout_ops.advance(self.context)
        rollout_ops.wave(self.context, row['uuid'])
        self.assertEqual({'in_progress': 2, 'waiting': 2}, self._counts(row))
        row = self._run(row)
        self.assertEqual((configuration_rollout.COMPLETED, {'done': 4}),
                         (row['state'], self._counts(row)))
        self.assertEqual([1] * 4, [host.config('qat')['generation']
                                   for host in self.hosts])
        self.assertLessEqual(self.most_out, 2)

    def test_an_agent_down_while_its_qat_changes_holds_the_budget(self):
        row = self._create()
        first = rollout_queries.to_start(self.context, row['id'], 1)[0]
        down = next(h.name for h in self.hosts
                    if h.uuid('qat') == first['device_uuid'])
        row = self._run(row, intervals=4, down=(down,))
        self.assertEqual({'in_progress': 1, 'waiting': 3}, self._counts(row))
        row = self._run(row)
        self.assertEqual((configuration_rollout.COMPLETED, {'done': 4}),
                         (row['state'], self._counts(row)))
        self.assertEqual(1, self.most_out)
