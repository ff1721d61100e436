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
"""Writes carry their caller's deadline; a conductor drops late ones."""

import threading
from unittest import mock

import fixtures
import oslo_messaging as messaging

from cyborg import context as cyborg_context
from cyborg import rpc
from cyborg.common import deadline
from cyborg.conductor import manager
from cyborg.conductor import rpcapi
from cyborg.conductor.arq import endpoint as arq_endpoint
from cyborg.tests import base

# The conductor's writes: each must drop a late call.  The rest (agents'
# calls, reads) have no deadline to honour.
WRITES = ('device_profile_create', 'device_profile_delete', 'arq_create',
          'arq_apply_patch', 'arq_delete', 'device_set_status',
          'attribute_create', 'attribute_delete', 'deployable_program',
          'driver_install', 'driver_update', 'driver_uninstall',
          'instance_attach', 'instance_detach', 'discovery_start',
          'device_set_status_by_selector', 'device_class_create',
          'device_class_delete', 'device_class_update', 'device_clean',
          'device_configure', 'device_config_delete',
          'configuration_rollout_create', 'configuration_rollout_pause',
          'configuration_rollout_resume', 'configuration_rollout_abort',
          'configuration_rollout_forget')
NOT_WRITES = ('hello', 'report', 'clean_done', 'clean_progress',
              'instance_show',
              'instance_list')


class ContextDeadlineTestCase(base.TestCase):

    def test_deadline_crosses_the_wire(self):
        context = cyborg_context.RequestContext(deadline=1234.5)
        values = context.to_dict()
        self.assertEqual(1234.5, values['deadline'])
        self.assertEqual(
            1234.5,
            cyborg_context.RequestContext.from_dict(values).deadline)

    def test_context_of_an_older_caller_has_none(self):
        values = cyborg_context.RequestContext().to_dict()
        del values['deadline']
        self.assertIsNone(
            cyborg_context.RequestContext.from_dict(values).deadline)


class DropWhenLateTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.clock = self.time_fixture()
        self.log = self.useFixture(fixtures.FakeLogger(
            name=deadline.__name__))
        self.done = []

        class Endpoint:
            @deadline.drop_when_late
            def write(inner, context, value=None):
                self.done.append(value)
                return 'done'
        self.endpoint = Endpoint()
        self.context.request_id = 'req-late'

    def test_past_deadline_is_dropped_and_logged(self):
        self.context.deadline = deadline.expires_in(30)
        self.clock.advance(31)
        self.assertIsNone(self.endpoint.write(self.context, value=1))
        self.assertEqual([], self.done)
        self.assertIn('Dropped the write call of request req-late',
                      self.log.output)
        self.assertIn('1.0 s after its caller stopped waiting',
                      self.log.output)

    def test_future_deadline_runs(self):
        self.context.deadline = deadline.expires_in(30)
        self.clock.advance(29)
        self.assertEqual('done', self.endpoint.write(self.context, value=1))
        self.assertEqual([1], self.done)
        self.assertEqual('', self.log.output)

    def test_no_deadline_runs(self):
        self.clock.advance(10 ** 6)
        self.assertEqual('done', self.endpoint.write(self.context, value=1))
        self.assertEqual([1], self.done)


def _exposed(conductor):
    """{name: method} of what a conductor's RPC server serves."""
    return {name: getattr(endpoint, name)
            for endpoint in conductor.endpoints()
            for name in dir(type(endpoint))
            if getattr(getattr(type(endpoint), name), 'exposed', False)}


class ManagerWritesTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.clock = self.time_fixture()
        self.log = self.useFixture(fixtures.FakeLogger(
            name=deadline.__name__))
        self.conductor = manager.ConductorManager(
            'c1', 'cyborg-conductor', agent_api=mock.Mock(),
            placement=mock.Mock())

    def test_every_write_drops_a_late_call(self):
        self.context.deadline = deadline.expires_in(30)
        self.clock.advance(60)
        for name in WRITES:
            # No argument: a late call reads none (the method itself
            # would fail without them).
            self.assertIsNone(_exposed(self.conductor)[name](self.context),
                              name)
            self.assertIn('Dropped the %s call' % name, self.log.output)

    def test_every_exposed_method_is_sorted(self):
        # A new RPC method is a write (it drops late calls) or is not.
        self.assertEqual(set(_exposed(self.conductor)),
                         set(WRITES) | set(NOT_WRITES))

    def test_arq_create_in_time_runs(self):
        self.context.deadline = deadline.expires_in(30)
        with mock.patch.object(arq_endpoint.arq_create, 'create',
                               autospec=True, return_value='arqs') as create:
            self.assertEqual('arqs', self.conductor.arq.arq_create(
                self.context, 'dp', 'p1'))
        create.assert_called_once_with(self.context, 'dp', 'p1')

    def test_arq_create_late_creates_nothing(self):
        self.context.deadline = deadline.expires_in(30)
        self.clock.advance(30.5)
        with mock.patch.object(arq_endpoint.arq_create, 'create',
                               autospec=True) as create:
            self.assertIsNone(self.conductor.arq.arq_create(
                self.context, 'dp', 'p1'))
        create.assert_not_called()


class _Endpoint:
    target = messaging.Target(version=manager.ConductorManager.RPC_API_VERSION)

    def __init__(self):
        self.contexts = {}
        self.called = threading.Event()

    @messaging.expose
    def arq_create(self, context, **kwargs):
        self.contexts['arq_create'] = context

    @messaging.expose
    def deployable_program(self, context, **kwargs):
        self.contexts['deployable_program'] = context

    @messaging.expose
    def hello(self, context, **kwargs):
        self.contexts['hello'] = context
        return {}


class ClientSetsTheDeadlineTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.clock = self.time_fixture()
        self.endpoint = _Endpoint()
        server = rpc.get_server(
            messaging.Target(topic='test-deadline', server='c1'),
            [self.endpoint])
        server.start()

        def stop():
            server.stop()
            server.wait()
        self.addCleanup(stop)
        self.client = rpcapi.ConductorAPI(topic='test-deadline')

    def test_write_deadline_is_the_rpc_timeout_from_now(self):
        self.flags(rpc_response_timeout=42)
        self.client.arq_create(self.context, 'dp', 'p1')
        self.assertEqual(deadline.now() + 42,
                         self.endpoint.contexts['arq_create'].deadline)

    def test_program_has_the_rpc_timeout(self):
        # The conductor answers once the job is queued.
        self.flags(bind_timeout=100, rpc_response_timeout=42)
        self.client.deployable_program(self.context, 'd', 'i')
        self.assertEqual(
            deadline.now() + 42,
            self.endpoint.contexts['deployable_program'].deadline)

    def test_agent_calls_carry_none(self):
        self.client.hello(self.context, host='n1', binary='cyborg-agent')
        self.assertIsNone(self.endpoint.contexts['hello'].deadline)
