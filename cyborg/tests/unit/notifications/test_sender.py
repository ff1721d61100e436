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
"""Tests of the notification sender and of notify()."""

import logging

import fixtures
import oslo_messaging as messaging
from oslo_utils import uuidutils

from cyborg import context as cyborg_context
from cyborg import notifications
from cyborg.notifications import device as device_notify
from cyborg.notifications import sender
from cyborg.tests import base
from cyborg.tests.fixtures import notifications as notify_fixture


def _payload():
    return device_notify.DevicePayload.from_values(
        {'uuid': uuidutils.generate_uuid(), 'type': 'GPU',
         'vendor': '10de', 'hostname': 'h1', 'changed': []})


class OffByDefaultTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        notify_fixture.reset_sender()
        self.addCleanup(notify_fixture.reset_sender)

    def test_no_driver_no_sender(self):
        self.assertIsNone(sender.get())
        self.assertFalse(notifications.is_enabled())
        self.assertFalse(notifications.notify(
            self.context, device_notify.CREATE, _payload()))

    def test_helpers_do_nothing_when_off(self):
        # Not even the payload is built (no uuid: it would not build).
        self.assertIsNone(device_notify.send(self.context,
                                             device_notify.CREATE, {}))

    def test_a_driver_makes_a_sender(self):
        sender.get()  # registers [oslo_messaging_notifications]
        notify_fixture.reset_sender()
        self.flags(group='oslo_messaging_notifications', driver=['noop'])
        self.assertIsNone(sender.get())
        notify_fixture.reset_sender()
        self.flags(group='oslo_messaging_notifications',
                   driver=['messagingv2'], transport_url='fake:/')
        self.assertIsInstance(sender.get(), sender.Sender)
        self.assertIsInstance(sender.get().notifier, messaging.Notifier)


class NotifyTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.notes = self.useFixture(notify_fixture.Notifications(size=2))
        self.flags(host='cond1')

    def test_envelope(self):
        payload = _payload()
        context = cyborg_context.RequestContext(
            auth_token='secret', project_id='p1', request_id='req-1')
        self.assertTrue(notifications.notify(context, device_notify.CREATE,
                                             payload))
        [sent] = self.notes.sent()
        self.assertEqual('cyborg-conductor:cond1', sent['publisher_id'])
        self.assertEqual('INFO', sent['priority'])
        self.assertEqual('device.create', sent['event_type'])
        self.assertEqual({'cyborg_object.name': 'DevicePayload',
                          'cyborg_object.namespace': 'cyborg',
                          'cyborg_object.version': '1.2',
                          'cyborg_object.data': payload.obj_to_primitive()[
                              'cyborg_object.data']}, sent['payload'])
        self.assertNotIn('auth_token', sent['context'])
        self.assertEqual('req-1', sent['context']['request_id'])

    def test_default_level_and_explicit_priority(self):
        self.flags(group='notifications', default_level='DEBUG')
        notifications.notify(None, 'device.create', _payload())
        notifications.notify(None, 'service.down', _payload(),
                             priority='WARN')
        self.assertEqual(['DEBUG', 'WARN'],
                         [n['priority'] for n in self.notes.sent()])

    def test_a_full_queue_drops_and_logs(self):
        log = self.useFixture(fixtures.FakeLogger(level=logging.WARNING))
        self.notes.notifier.gate.clear()
        # The thread takes one and waits; two more fill the queue: of four,
        # one at least is dropped (two when the thread had not taken the
        # first yet, on a loaded machine).
        results = [notifications.notify(None, 'device.create', _payload())
                   for _ in range(4)]
        self.assertIn(False, results)
        self.assertIn('device.create dropped', log.output)
        self.notes.notifier.gate.set()
        self.assertEqual(results.count(False), self.notes.sender.dropped)
        self.assertEqual(4 - self.notes.sender.dropped,
                         len(self.notes.sent()))

    def test_a_failing_send_is_logged_and_the_next_one_goes(self):
        log = self.useFixture(fixtures.FakeLogger(level=logging.WARNING))
        self.notes.notifier.fail = RuntimeError('broker gone')
        notifications.notify(None, 'device.create', _payload())
        self.assertEqual([], self.notes.sent())
        self.assertIn('could not be sent (dropped): broker gone', log.output)
        self.notes.notifier.fail = None
        notifications.notify(None, 'device.update', _payload())
        self.assertEqual(['device.update'],
                         [n['event_type'] for n in self.notes.sent()])

    def test_a_bad_payload_never_raises(self):
        self.assertFalse(notifications.notify(None, 'device.create',
                                              object()))
        self.assertFalse(notifications.notify(None, 'device.create',
                                              _payload(), priority='LOUD'))

    def test_a_failing_helper_never_raises(self):
        self.assertIsNone(device_notify.send(self.context,
                                             device_notify.CREATE, {}))
        self.assertEqual([], self.notes.sent())
