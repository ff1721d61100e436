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
"""Tests of the program API's conductor side (conductor.deployable): it
never reprograms an FPGA under a bound instance, and a program and a bind
of the same FPGA never both succeed.

The agent is a mock of its RPC client (the agent is another service);
binds are the real ones (conductor.arq_bind) on the test database.
"""

from unittest import mock

from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import exception
from cyborg import states
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.conductor import arq_bind
from cyborg.conductor import arq_create
from cyborg.conductor import arq_release
from cyborg.conductor import deployable as deployable_ops
from cyborg.conductor import device_profile as dp_ops
from cyborg.db import models
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import inventory

TRAITS = {'function_traits': ['CUSTOM_FPGA_FUNCTION_ID_FAKE_1']}


class ProgramTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.fpga = inventory.add_device(self.context, 'node-1', handles=2)
        self.agent_api = mock.create_autospec(agent_rpcapi.AgentAPI,
                                              instance=True)
        self.agent_api.can_send_device_work.return_value = True
        self.agent_api.program.return_value = TRAITS
        self.image = uuidutils.generate_uuid()
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='dp', description=None,
            groups=[{'resources:FPGA': '1'}]))

    def _bind(self, instance):
        [arq] = arq_create.create(self.context, 'dp', 'p1').objects
        result = arq_bind.bind(self.context, {arq.uuid: {
            'hostname': 'node-1', 'device_rp_uuid': self.fpga['rp_uuid'],
            'instance_uuid': instance, 'project_id': 'p1'}})
        return arq.uuid, result[arq.uuid]

    def _program(self):
        deployable_ops.program(self.context, self.agent_api, None,
                               self.fpga['deployable_uuid'], self.image)

    def _deployable(self):
        with self.db.engine.connect() as conn:
            return conn.execute(sa.select(models.Deployable.__table__).where(
                models.Deployable.id == self.fpga['deployable_id'])
            ).mappings().one()

    def test_a_free_fpga_is_programmed(self):
        self._program()
        self.assertEqual(1, self.agent_api.program.call_count)
        dep = self._deployable()
        self.assertEqual((self.image, None),
                         (dep['bitstream_id'], dep['programming_until']))

    def test_refused_while_an_instance_is_bound(self):
        # Issue 18: the program API reprogrammed an FPGA under the
        # instances bound to it (the bind path already refused that).
        uuid, state = self._bind('i1')
        self.assertEqual(states.BOUND, state)
        error = self.assertRaises(exception.DeployableInUse, self._program)
        self.assertEqual(409, error.code)
        self.assertIn('1 of its attach handles are in use', str(error))
        self.agent_api.program.assert_not_called()
        self.assertIsNone(self._deployable()['bitstream_id'])
        # Once the instance let go, it may be programmed.
        arq_release.unbind(self.context, [uuid])
        self._program()
        self.assertEqual(self.image, self._deployable()['bitstream_id'])

    def test_refused_while_a_bind_programs_it(self):
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='bits', description=None,
            groups=[{'resources:FPGA': '1',
                     'accel:bitstream_id': uuidutils.generate_uuid()}]))
        [arq] = arq_create.create(self.context, 'bits', 'p1').objects
        self.assertEqual({arq.uuid: states.BIND_STARTED}, arq_bind.bind(
            self.context, {arq.uuid: {
                'hostname': 'node-1', 'device_rp_uuid': self.fpga['rp_uuid'],
                'instance_uuid': 'i1', 'project_id': 'p1'}}))
        error = self.assertRaises(exception.DeployableInUse, self._program)
        self.assertIn('in use', str(error))
        self.agent_api.program.assert_not_called()

    def test_no_bind_while_the_program_api_programs_it(self):
        # A bind that comes while the agent programs the FPGA (between
        # the program's two transactions) is refused; after, binds work.
        binds = []

        def program(*args, **kwargs):
            binds.append(self.assertRaises(exception.BindRefused,
                                           self._bind, 'i-during'))
            return TRAITS

        self.agent_api.program.side_effect = program
        self._program()
        self.assertEqual(1, len(binds))
        self.assertIn('it is being programmed', str(binds[0]))
        self.assertEqual(states.BOUND, self._bind('i-after')[1])

    def test_no_second_program_while_one_runs(self):
        errors = []

        def program(*args, **kwargs):
            errors.append(self.assertRaises(exception.DeployableInUse,
                                            self._program))
            return TRAITS

        self.agent_api.program.side_effect = program
        self._program()
        self.assertEqual(1, len(errors))
        self.assertIn('it is being programmed', str(errors[0]))
        self.assertEqual(1, self.agent_api.program.call_count)

    def test_a_failed_programming_lets_the_fpga_go(self):
        self.agent_api.program.side_effect = exception.CommandFailed(
            command='fake-tool', exit_code=1, stderr='no device')
        self.assertRaises(exception.CommandFailed, self._program)
        self.assertIsNone(self._deployable()['programming_until'])
        self.assertEqual(states.BOUND, self._bind('i1')[1])
