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
"""``PATCH /v2/deployables/{uuid}/program`` through the program job.

The conductor answers once the job is queued; its JobRunner has the agent
program the device and records the outcome, which cyborg-api waits for
by reading the database and answers as before: the deployable with its
new bitstream, or the agent's error with its status and body.  The whole
API runs in process with a conductor on the fake transport; the agent of
the device's host is a stand-in RPC endpoint (another service), which
the test holds while it "programs".
"""

import threading

import oslo_messaging as messaging
from oslo_messaging import opts as messaging_opts
from oslo_utils import uuidutils
import webtest

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.api import errors
from cyborg.tests.fixtures import inventory
from cyborg.tests.functional import api_base

ADMIN = {'X-User-Id': 'admin', 'X-Project-Id': 'admin',
         'X-Roles': 'admin,member,reader'}
HOST = 'node-1'
TRAITS = ['CUSTOM_FPGA_FUNCTION_ID_FAKE_F1']
# Seconds a test waits for what must happen before it fails.
HUNG = 30


class _Agent:
    """The agent of HOST: its program method, held until released."""

    target = messaging.Target(version=agent_rpcapi.AgentAPI.RPC_API_VERSION)

    def __init__(self):
        self.calls = []
        self.started = threading.Event()
        self.release = threading.Event()
        self.release.set()
        self.error = None

    @messaging.expose
    def program(self, context, **kwargs):
        self.calls.append(kwargs)
        self.started.set()
        self.release.wait(HUNG)
        if self.error is not None:
            raise self.error
        return {'address': kwargs['address'], 'function_traits': TRAITS}


class ProgramAPITestCase(api_base.APITestCase):

    BACKEND = 'sqlite'

    def configure_services(self):
        # One RPC worker in the conductor: a program request must not
        # hold it while the agent programs.  (oslo.messaging registers
        # its options with its first server and client, after this.)
        [defaults] = [opts for group, opts in messaging_opts.list_opts()
                      if group is None]
        api_base.base.CONF.register_opts(defaults)
        self.flags(executor_thread_pool_size=1, rpc_response_timeout=10,
                   bind_timeout=HUNG)

    def setUp(self):
        super().setUp()
        self.context = cyborg_context.get_admin_context()
        self.fpga = inventory.add_device(self.context, HOST, handles=2)
        self.agent = _Agent()
        self.rpc_servers.start(
            messaging.Target(topic=agent_rpcapi.TOPIC, server=HOST),
            [self.agent])
        # Runs before the conductor's cleanup, which waits for its jobs.
        self.addCleanup(self.agent.release.set)
        self.url = '/v2/deployables/%s/program' % (
            self.fpga['deployable_uuid'])
        self.image = uuidutils.generate_uuid()

    def _program(self, status, app=None):
        return (app or self.app).patch_json(self.url, [
            {'path': '/program', 'op': 'replace',
             'value': [{'image_uuid': self.image}]}],
            headers=ADMIN, status=status)

    def test_the_answer_carries_the_new_bitstream(self):
        body = self._program(200).json
        self.assertEqual((self.fpga['deployable_uuid'], self.image),
                         (body['uuid'], body['bitstream_id']))
        self.assertEqual([{'driver': 'fake', 'address': '0000:0c:00.0',
                           'bitstream_id': self.image,
                           'function_id': None}], self.agent.calls)
        shown = self.app.get('/v2/deployables/%s' %
                             self.fpga['deployable_uuid'], headers=ADMIN)
        self.assertEqual(self.image, shown.json['bitstream_id'])

    def test_an_agent_error_is_answered_as_before(self):
        # The status and body the conductor's call gave when it waited
        # for the agent: the error rebuilt with its class.
        cases = [
            (exception.ImageServiceNotConfigured(
                image=self.image, host=HOST, path='/cache/' + self.image),
             409, errors.IMAGE_SERVICE_NOT_CONFIGURED),
            (exception.CommandFailed(command='fpgaconf', exit_code=1,
                                     stderr='no such device'),
             500, errors.SERVER_ERROR),
            (exception.DriverNotEnabled(name='fake', host=HOST,
                                        enabled=[]),
             404, errors.DRIVER_NOT_ENABLED),
        ]
        for error, status, code in cases:
            self.agent.error = error
            response = self._program(status)
            self.assertEqual(errors.body(status, error.message, code),
                             response.body, error)
        self.assertIsNone(self.app.get(
            '/v2/deployables/%s' % self.fpga['deployable_uuid'],
            headers=ADMIN).json['bitstream_id'])

    def test_an_unexpected_agent_error_is_a_server_error(self):
        self.agent.error = ValueError('a bug')
        response = self._program(500)
        self.assertIn(errors.SERVER_ERROR, response.text)
        self.assertNotIn('a bug', response.text)

    def test_the_conductor_worker_is_free_while_the_agent_programs(self):
        # Before, the conductor's only worker waited for the agent: the
        # second write got no worker within rpc_response_timeout (503).
        self.agent.release.clear()
        answers = []
        thread = threading.Thread(target=lambda: answers.append(
            self._program(200, app=webtest.TestApp(self.app.app))))
        thread.start()
        self.addCleanup(thread.join)
        self.assertTrue(self.agent.started.wait(HUNG))
        self.app.post_json('/v2/device_profiles', [
            {'name': 'during', 'groups': [{'resources:FPGA': '1'}]}],
            headers=ADMIN, status=201)
        # Still programming: a second request is refused at once.
        self._program(409)
        self.agent.release.set()
        thread.join(HUNG)
        self.assertEqual(self.image, answers[0].json['bitstream_id'])
