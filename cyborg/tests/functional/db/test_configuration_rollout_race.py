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
"""Conductors racing over one configuration rollout, on every database
backend: its waves never start more devices than its budget, nor one
device twice; a rollout and the delete of its device class never both
succeed.

Each thread is one conductor's periodic work with its own connection.
"""

from oslo_utils import uuidutils

from cyborg import exception
from cyborg.common import configuration_rollout
from cyborg.conductor.devices import configuration_rollout as rollout_ops
from cyborg.conductor.devices import device_class as device_class_ops
from cyborg.db.queries import configuration_rollout as rollout_queries
from cyborg.db.queries import device_class as dc_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.tests import base
from cyborg.tests.fixtures import inventory
from cyborg.tests.functional.db import test_bind_race

DEVICES = 12
BUDGET = 5
CONDUCTORS = 6
ROUNDS = 8
QAT = {'settable': {'num_vfs': {'type': 'integer', 'minimum': 0,
                                'maximum': 16}},
       'actual': {'num_vfs': 4}}


class _RolloutRaceMixin:

    _race = test_bind_race._BindRaceMixin._race

    def setUp(self):
        super().setUp()
        self.devices = []
        for index in range(DEVICES):
            device = inventory.add_device(
                self.context, 'node-%d' % index, dev_type='QAT',
                rc='CUSTOM_QAT', handles=1)
            inventory.publish(self.context, device, QAT,
                              ['CUSTOM_CLASS_QATS'])
            self.devices.append(device['device_uuid'])
        dc_queries.create(self.context, uuidutils.generate_uuid(), 'QATS',
                          [{'key': 'type', 'op': '==', 'value': 'QAT'}])

    def test_conductors_start_the_budget_once(self):
        row = rollout_ops.create(self.context, 'qats', {'num_vfs': 8},
                                 str(BUDGET))
        results = self._race([rollout_ops.advance] * CONDUCTORS)
        self.assertEqual([], [r for r in results.values()
                              if isinstance(r, Exception)])
        progress = rollout_queries.with_progress(self.context, row)
        self.assertEqual((BUDGET, DEVICES - BUDGET),
                         (progress['progress'][configuration_rollout.IN_PROGRESS],
                          progress['progress'][configuration_rollout.WAITING]))
        configs = config_queries.get_many(self.context, self.devices)
        self.assertEqual([1] * BUDGET,
                         [c['generation'] for c in configs.values()])

    def test_a_rollout_and_the_delete_of_its_class(self):
        # Issue 78: a class deleted under a rollout left it to "complete"
        # with every device skipped.
        for _round in range(ROUNDS):
            results = self._race([
                lambda ctx: rollout_ops.create(ctx, 'qats', {'num_vfs': 8},
                                               '1'),
                lambda ctx: device_class_ops.delete(ctx, 'qats')])
            outcome = tuple(type(r).__name__ if isinstance(r, Exception)
                            else 'ok' for r in (results[0], results[1]))
            self.assertIn(outcome, (('ok', 'DeviceClassInRollout'),
                                    ('DeviceClassNotFound', 'ok')))
            if outcome[0] == 'ok':
                rollout_ops.abort(self.context, results[0]['uuid'])
                device_class_ops.delete(self.context, 'qats')
            self.assertRaises(exception.DeviceClassNotFound,
                              dc_queries.get_by_name, self.context, 'QATS')
            dc_queries.create(self.context, uuidutils.generate_uuid(),
                              'QATS', [{'key': 'type', 'op': '==',
                                        'value': 'QAT'}])


class TestRolloutRaceSQLite(_RolloutRaceMixin, base.DbTestCase):
    BACKEND = 'sqlite'


class TestRolloutRaceMySQL(_RolloutRaceMixin, base.DbTestCase):
    BACKEND = 'mysql'


class TestRolloutRacePostgreSQL(_RolloutRaceMixin, base.DbTestCase):
    BACKEND = 'postgresql'
