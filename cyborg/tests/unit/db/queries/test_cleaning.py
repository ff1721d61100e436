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
"""A device left to clean when its last binding ends, and its policy."""

from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import exception
from cyborg import states
from cyborg.common import cleaning
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import cleaning as cleaning_queries
from cyborg.db.queries import device_profile as dp_queries
from cyborg.db.queries import hold
from cyborg.tests import base
from cyborg.tests.fixtures import inventory


@db_api.context_manager.writer
def _set(context, model, row_id, key='id', **values):
    context.session.execute(sa.update(model).where(
        getattr(model, key) == row_id).values(**values))


@db_api.context_manager.reader
def _clean_state(context, device_id):
    return context.session.execute(sa.select(
        models.Device.clean_state).where(
            models.Device.id == device_id)).scalar_one()


class MarkTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        profile = dp_queries.create(self.context,
                                    uuidutils.generate_uuid(), 'p',
                                    [{'resources:FPGA': '1'}])
        self.arqs = arq_queries.create(self.context, profile, 'p1',
                                       [2])
        with db_api.context_manager.writer.using(self.context):
            self.device = inventory.add_device(self.context, 'n1')
        _set(self.context, models.Device, self.device['device_id'],
             clean_steps='[]')

    def _hold(self, arq, state, deployable_id):
        _set(self.context, models.ExtendedAcceleratorRequest, arq['uuid'],
             key='uuid', state=state, deployable_id=deployable_id)

    def test_the_last_binding_leaves_the_device_to_clean(self):
        dep = self.device['deployable_id']
        self._hold(self.arqs[0], states.BOUND, dep)
        self._hold(self.arqs[1], states.BIND_STARTED, dep)
        self.assertEqual(set(), cleaning_queries.mark(self.context, [dep]))
        self._hold(self.arqs[1], states.UNBOUND, None)
        self.assertEqual(set(), cleaning_queries.mark(self.context, [dep]))
        self._hold(self.arqs[0], states.DELETING, dep)
        self.assertEqual({'n1'}, cleaning_queries.mark(self.context, [dep]))
        self.assertEqual(hold.CLEANING,
                         _clean_state(self.context, self.device['device_id']))
        # Already cleaning: not again.
        self.assertEqual(set(), cleaning_queries.mark(self.context, [dep]))
        self.assertEqual(set(), cleaning_queries.mark(self.context, [None]))

    def test_a_device_not_cleaned_is_left_alone(self):
        _set(self.context, models.Device, self.device['device_id'],
             clean_steps=None)
        self.assertEqual(set(), cleaning_queries.mark(
            self.context, [self.device['deployable_id']]))
        self.assertIsNone(_clean_state(self.context,
                                       self.device['device_id']))

    def test_a_cleaning_device_is_held(self):
        device = {'status': 'enabled', 'clean_state': hold.CLEAN_FAILED}
        self.assertEqual([hold.CLEAN_FAILED], hold.reasons(
            device, {'removed_at': None}, True))


class PolicyTestCase(base.TestCase):

    def test_steps(self):
        self.assertEqual('[]', cleaning.steps('gpu', []))
        self.assertIsNone(cleaning.steps('fake', []))
        self.assertEqual('[]', cleaning.steps('fake', ['on']))
        self.assertIsNone(cleaning.steps('gpu', ['off', None]))
        # Asking wins over off; the steps named win over on.
        self.assertEqual('["erase", "verify"]', cleaning.steps(
            'nvme', ['off', 'on', 'verify', 'erase,verify']))
        self.flags(clean_devices_by_default=False, group='conductor')
        self.assertIsNone(cleaning.steps('gpu', []))

    def test_normalize(self):
        self.assertEqual('a,b', cleaning.normalize(' a , b'))
        self.assertEqual('off', cleaning.normalize('off'))
        self.assertRaises(exception.DeviceClassInvalid,
                          cleaning.normalize, 'a,,b')
