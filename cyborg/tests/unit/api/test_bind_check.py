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
"""Tests of the bind check: a provider against a device profile group."""

import fixtures

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg.api import bind_check
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import device_profile as profile_queries
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import inventory


class MismatchTestCase(base.TestCase):
    """What bind_check refuses a provider for (dp_obj.group_mismatch)."""

    def test_fits(self):
        self.assertIsNone(dp_obj.group_mismatch(
            {'resources:FPGA': '1', 'trait:CUSTOM_A': 'required',
             'trait:CUSTOM_B': 'forbidden', 'accel:bitstream_id': 'x'},
            'FPGA', ['CUSTOM_A']))
        # Every provider of Cyborg has OWNER_CYBORG.
        self.assertIsNone(dp_obj.group_mismatch(
            {'resources:CUSTOM_QAT': '1', 'trait:OWNER_CYBORG': 'required'},
            'CUSTOM_QAT', []))

    def test_resource_class(self):
        self.assertEqual(
            'its resource class is CUSTOM_QAT, not FPGA',
            dp_obj.group_mismatch({'resources:FPGA': '1'}, 'CUSTOM_QAT', []))
        self.assertIsNotNone(dp_obj.group_mismatch(
            {'resources:FPGA': '1'}, None, []))

    def test_traits(self):
        self.assertEqual(
            'it lacks the required trait CUSTOM_A',
            dp_obj.group_mismatch({'resources:FPGA': '1',
                                   'trait:CUSTOM_A': 'required'}, 'FPGA',
                                  []))
        self.assertEqual(
            'it has the forbidden trait CUSTOM_A',
            dp_obj.group_mismatch({'trait:CUSTOM_A': 'forbidden'}, 'FPGA',
                                  ['CUSTOM_A']))


class CheckTestCase(base.DbTestCase):
    """Against the database: an FPGA profile's ARQ on a QAT."""

    def setUp(self):
        super().setUp()
        self.ctx = cyborg_context.get_admin_context()
        self.qat = inventory.add_device(
            self.ctx, 'host-one', dev_type='QAT', address='0000:3d:00.0',
            rc='CUSTOM_QAT', traits=('CUSTOM_INTEL_QAT',))
        profile = profile_queries.create(
            self.ctx, '1d1ea9b6-2d3a-4b0c-9a55-8f2b7b8c3e01', 'fpga',
            [{'resources:FPGA': '1'}])
        self.arq = arq_queries.create(self.ctx, profile['id'], 'p1',
                                      [1])[0]
        self.patches = {self.arq['uuid']: {'op': 'add', 'values': {
            'hostname': 'host-one', 'device_rp_uuid': self.qat['rp_uuid'],
            'instance_uuid': '7f5e0a4c-7a57-4a2b-9d0e-2c9d3f1b6a11'}}}

    def test_refused_from_2_4(self):
        exc = self.assertRaises(exception.BindProviderMismatch,
                                bind_check.check, self.ctx, self.patches,
                                None, refuse=True)
        self.assertIn('its resource class is CUSTOM_QAT, not FPGA',
                      str(exc))
        self.assertEqual(400, exc.code)

    def test_warned_before_2_4(self):
        log = self.useFixture(fixtures.FakeLogger(name=bind_check.__name__))
        bind_check.check(self.ctx, self.patches, None, refuse=False)
        self.assertIn('does not satisfy its device profile group',
                      log.output)
        self.assertIn(self.arq['uuid'], log.output)

    def test_another_projects_arq_is_left_to_the_bind(self):
        # Not visible: the bind answers 404 for it.
        bind_check.check(self.ctx, self.patches, 'p2', refuse=True)

    def test_unbind_is_not_checked(self):
        bind_check.check(self.ctx, {self.arq['uuid']: {'op': 'remove',
                                                       'values': {}}},
                         None, refuse=True)
