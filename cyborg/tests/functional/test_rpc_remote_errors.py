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
"""What a caller gets of an exception its callee raised, over RabbitMQ.

The fake transport hands the callee's exception object itself to the
caller; a real one serializes it, and the caller rebuilds it only from the
modules of ``cyborg.rpc.ALLOWED_EXMODS`` (anything else is a RemoteError,
which cyborg-api answers 500).
"""

import oslo_messaging as messaging
from oslo_db import exception as db_exc
from oslo_utils import uuidutils

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg import rpc
from cyborg.tests import base
from cyborg.tests.fixtures import backends


class _Unknown(Exception):
    """An exception of a module the caller does not rebuild from."""


class _Endpoint:
    target = messaging.Target(version='1.0')

    @messaging.expose
    def lose_the_database(self, context):
        raise db_exc.DBConnectionError(RuntimeError('Lost connection'))

    @messaging.expose
    def deadlock(self, context):
        raise db_exc.DBDeadlock(RuntimeError('Deadlock found'))

    @messaging.expose
    def not_found(self, context):
        raise exception.DeviceNotFound(uuid='u')

    @messaging.expose
    def fail(self, context):
        raise _Unknown('x')


class RemoteErrorsTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        backends.check(self, 'rabbit')
        self.flags(control_exchange='cyborg')
        rpc.init(base.CONF, url=backends.rabbit_url())
        topic = 'cyborg-test-errors-' + uuidutils.generate_uuid()[:8]
        server = rpc.get_server(
            messaging.Target(topic=topic, server='s1'), [_Endpoint()])
        server.start()
        self.addCleanup(server.wait)
        self.addCleanup(server.stop)
        self.client = rpc.get_client(
            messaging.Target(topic=topic)).prepare(timeout=30)
        self.context = cyborg_context.get_admin_context()

    def _raised(self, method):
        return self.assertRaises(Exception, self.client.call, self.context,
                                 method)

    def test_a_lost_database_is_oslo_db_s(self):
        # cyborg-api answers these 503 (api/hooks.py), as its own.
        self.assertIsInstance(self._raised('lose_the_database'),
                              db_exc.DBConnectionError)
        self.assertIsInstance(self._raised('deadlock'), db_exc.DBDeadlock)

    def test_cyborg_s_own_and_the_rest(self):
        self.assertIsInstance(self._raised('not_found'),
                              exception.DeviceNotFound)
        self.assertIsInstance(self._raised('fail'), messaging.RemoteError)
