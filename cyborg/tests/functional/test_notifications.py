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
"""Versioned notifications, consumed from RabbitMQ.

cyborg-api, cyborg-conductor (notifications on, on a topic of this test)
and a cyborg-agent (fake driver: an FPGA and a vGPU) run as processes over
RabbitMQ and MariaDB, with the real Placement and a stand-in for Nova.
The test listens on the notification topic with oslo.messaging's
notification listener while it plays a boot-like ARQ lifecycle (and a
bind that fails), programs the FPGA (once with an image the agent cannot
find), uninstalls and installs the driver, configures a QAT (once with
a VF count only the hardware refuses), and kills and restarts the
agent.  Each notification must arrive once, and match the shape of its
sample in doc/notification_samples/, so that the reference cannot drift
from the code.

With the notification broker unreachable, the same lifecycle completes
and the conductor drops notifications with a warning.
"""

import collections
import re
import signal
import threading

import kombu
from oslo_config import cfg
import oslo_messaging as messaging
from oslo_utils import uuidutils
import pytest

from cyborg.tests.fixtures import backends
from cyborg.tests.fixtures import notifications as notify_fixture
from cyborg.tests.functional import test_nova_flow
from cyborg.tests.functional.fixtures import services

pytestmark = pytest.mark.slow(3)

ADMIN = {'X-User-Id': 'admin', 'X-Project-Id': test_nova_flow.PROJECT,
         'X-Roles': 'admin,member,reader',
         'OpenStack-API-Version': 'accelerator 2.4'}
# Covered by the unit tests (an agent's report that changes a
# deployable's attributes; a device that drifts from its configuration
# behind Cyborg's back, which the fake driver of an agent process cannot
# be made to do: unit/conductor/devices/test_configuration.py; the health
# of a device an instance holds: unit/conductor/devices/test_health.py).
# A device's update comes here from its configuration (the QAT's
# deployables change).
NOT_HERE = {'deployable.update', 'device.configure.drift',
            'accelerator_request.health',
            # The fake driver's devices are not cleaned (test_cleaning).
            'device.clean.start', 'device.clean.end', 'device.clean.error',
            'device.clean.abort', 'device.clean.release'}
CONFIGURE = dict(ADMIN, **{'OpenStack-API-Version': 'accelerator 2.4'})


class _Recorder:
    """Endpoint of the notification listener: keeps what it gets."""

    def __init__(self):
        self.seen = []
        self.lock = threading.Lock()

    def _add(self, priority, publisher_id, event_type, payload):
        with self.lock:
            self.seen.append({'priority': priority,
                              'publisher_id': publisher_id,
                              'event_type': event_type, 'payload': payload})

    def info(self, ctxt, publisher_id, event_type, payload, metadata):
        self._add('INFO', publisher_id, event_type, payload)

    def warn(self, ctxt, publisher_id, event_type, payload, metadata):
        self._add('WARN', publisher_id, event_type, payload)

    def error(self, ctxt, publisher_id, event_type, payload, metadata):
        self._add('ERROR', publisher_id, event_type, payload)

    def of(self, event_type):
        with self.lock:
            return [n for n in self.seen if n['event_type'] == event_type]


class NotificationsTestCase(test_nova_flow.NovaFlowTestCase):
    """The notifications of a lifecycle, from RabbitMQ."""

    # NovaFlowTestCase's helpers, not its tests.
    test_boot_and_delete = None
    test_bind_without_a_free_handle_fails = None
    test_fpga_programming_that_takes_too_long_fails_the_bind = None
    test_conductor_killed_mid_bind = None
    test_nova_down_then_back = None

    def _listen(self):
        self.topic = 'notifications-' + self.suffix
        self.recorder = _Recorder()
        transport = messaging.get_notification_transport(
            cfg.ConfigOpts(), url=backends.rabbit_url())
        self.addCleanup(transport.cleanup)
        listener = messaging.get_notification_listener(
            transport, [messaging.Target(topic=self.topic,
                                         exchange='cyborg')],
            [self.recorder], executor='threading')
        listener.start()
        self.addCleanup(self._delete_queues)
        self.addCleanup(listener.wait)
        self.addCleanup(listener.stop)

    def _delete_queues(self):
        # kombu names oslo.messaging's rabbit:// scheme amqp://.
        url = 'amqp://' + backends.rabbit_url().split('://', 1)[1]
        with kombu.Connection(url) as connection:
            channel = connection.channel()
            for priority in ('info', 'warn', 'error'):
                channel.queue_delete('%s.%s' % (self.topic, priority))

    def _start_notifying(self, queue_size=1000, **notification_options):
        """NovaFlowTestCase._start, with the conductor's notifications on.

        :param queue_size: ``[notifications] queue_size``.  Only a test
            that wants drops makes it small: the lifecycle's notifications
            come in bursts (a driver reinstall), and on a loaded host the
            sender thread runs late, so that a small queue dropped the
            service.down that followed one (issue 37, two suites at once).
        """
        start_service = self.start_service

        def start(binary, host, **groups):
            if binary == 'cyborg-conductor':
                groups['oslo_messaging_notifications'] = dict(
                    driver='messagingv2', **notification_options)
                groups['notifications'] = {
                    'versioned_notifications_topics': self.topic,
                    'queue_size': queue_size}
            return start_service(binary, host, **groups)

        self.start_service = start
        try:
            self._start()
        finally:
            del self.start_service

    def _wait_seen(self, event_type, count=1):
        return services.wait_for(
            lambda: len(self.recorder.of(event_type)) >= count and
            self.recorder.of(event_type), timeout=60,
            message='%d %s never came' % (count, event_type))

    def _boot(self, profile, host=None):
        vm, arqs, _ = self.boot(profile, host)
        [uuid] = [a['uuid'] for a in arqs]
        return vm, uuid, self.nova.wait_for_tags([uuid])[uuid]['status']

    def _program(self, image, expect):
        deployable = self.api('GET', '/deployables?name=%s_FakeDevice'
                              % self.node2, 200, headers=ADMIN)
        [deployable] = deployable['deployables']
        response = self.session.patch(
            self.url + '/deployables/%s/program' % deployable['uuid'],
            headers=ADMIN, timeout=60, json=[{
                'path': '/program', 'op': 'replace',
                'value': [{'image_uuid': image}]}])
        self.assertEqual(expect, response.status_code, response.text)

    def _driver_uninstall_install(self):
        # The agent's drivers are recorded from its hello, which a report
        # does not wait for: an agent that started before the conductor
        # had its queue says hello again a second later.
        def fake_driver():
            found = [d for d in self.api(
                'GET', '/drivers?host=' + self.node1, 200,
                headers=ADMIN)['drivers'] if d['name'] == 'fake']
            return found or None
        [driver] = services.wait_for(
            fake_driver, timeout=60,
            message='the agent of %s never said hello' % self.node1)
        self.api('DELETE', '/drivers/' + driver['uuid'], 204,
                 headers=ADMIN)
        self._wait_seen('device.delete')
        self.api('POST', '/drivers', 201, headers=ADMIN, json={
            'name': 'fake', 'host': self.node1,
            'config': {'fake_driver': {'devices': ['fpga=1', 'qat=1'],
                                       'qat_all_vfs': True}}})
        self._wait_seen('driver.install')

    def _configure_qat(self):
        # The QAT the reinstalled driver brought to node1, as under the
        # kernel's QAT driver: all its VFs (start, end), then a count
        # only the hardware refuses (start, error).
        def qat():
            found = [d for d in self.api(
                'GET', '/devices?hostname=' + self.node1, 200,
                headers=CONFIGURE)['devices'] if d['type'] == 'QAT']
            return found or None
        [device] = services.wait_for(
            qat, timeout=60, message='the QAT of %s never came' % self.node1)
        path = '/devices/%s/configuration' % device['uuid']
        self.api('PUT', path, 202, headers=CONFIGURE, json={
            'desired': {'num_vfs': 16, 'vf_driver': 'vfio-pci'}})
        self._wait_seen('device.configure.end')
        self.api('PUT', path, 202, headers=CONFIGURE, json={
            'desired': {'num_vfs': 8}})
        self._wait_seen('device.configure.error')
        # A rollout does not take over a device's own failed configuration:
        # the operator forgets it first.
        self.api('DELETE', path, 204, headers=CONFIGURE)

    def _rollouts(self):
        # A rollout of node1's QAT (the class's one device): paused,
        # resumed, completed; then another, aborted.
        self.api('POST', '/device_classes', 201, headers=CONFIGURE, json={
            'name': 'QATS',
            'selector': [{'key': 'type', 'op': '==', 'value': 'QAT'}]})

        def create():
            # 400 until the class's trait is pushed to Placement.
            response = self.session.post(
                self.url + '/configuration_rollouts', headers=CONFIGURE,
                timeout=60, json={'device_class': 'QATS',
                                  'desired': {'num_vfs': 16},
                                  'max_unavailable': 1})
            return response.status_code == 202 and response.json()
        first = services.wait_for(
            create, timeout=60, message='the class never selected the QAT')
        path = '/configuration_rollouts/' + first['uuid']
        self.api('POST', path + '/pause', 200, headers=CONFIGURE)
        self.api('POST', path + '/resume', 200, headers=CONFIGURE)
        self._wait_seen('configuration_rollout.complete')
        second = self.api('POST', '/configuration_rollouts', 202,
                          headers=CONFIGURE, json={
                              'device_class': 'QATS',
                              'desired': {'num_vfs': 16},
                              'max_unavailable': 1})
        self.api('POST', '/configuration_rollouts/%s/abort'
                 % second['uuid'], 200, headers=CONFIGURE)
        self._wait_seen('configuration_rollout.abort')

    def _agent_killed_and_back(self):
        [agent] = [p for p in self.processes
                   if p.name == 'cyborg-agent-' + self.node1]
        agent.stop(sig=signal.SIGKILL)
        self._wait_seen('service.down')
        agent.start()
        self._wait_seen('service.up')

    def test_each_notification_once_as_its_sample(self):
        self._listen()
        self._start_notifying()
        self.profile('vgpu', [{'resources:VGPU': '1'}])
        self.profile('unknown-bits', [{
            'resources:FPGA': '1',
            'accel:bitstream_id': uuidutils.generate_uuid()}])

        # Boot: bound once the mediated device is made (a bind job).
        vm1, arq1, status = self._boot('vgpu')
        self.assertEqual('completed', status)
        # The agent cannot find the bitstream: the bind fails.
        vm2, arq2, status = self._boot('unknown-bits', self.nodename2)
        self.assertEqual('failed', status)
        # Nova unbinds, then deletes (as on a shelve offload).
        self.api('PATCH', '/accelerator_requests', 202, json={
            arq1: [{'path': '/hostname', 'op': 'remove'},
                   {'path': '/device_rp_uuid', 'op': 'remove'},
                   {'path': '/instance_uuid', 'op': 'remove'}]})
        self.api('DELETE', '/accelerator_requests?arqs=%s,%s'
                 % (arq1, arq2), 204)
        for vm in (vm1, vm2):
            self.placement.deallocate(vm)

        self._program(test_nova_flow.IMAGE, 200)
        self._program(uuidutils.generate_uuid(), 409)
        self._driver_uninstall_install()
        self._configure_qat()
        self._agent_killed_and_back()
        self._wait_seen('accelerator_request.delete', 2)
        self._wait_seen('deployable.program.error')
        # The counts below are of what came before the rollouts (whose
        # waves configure the QAT again).
        before = collections.Counter(
            n['event_type'] for n in self.recorder.seen)
        self._rollouts()

        # None was dropped (a full queue, a send that failed): a count
        # below would miss it, the log says which.
        self.assertIsNone(re.search(
            r'Notification \S+ (dropped|could not be sent).*',
            self.conductor.log()))
        seen = self.recorder.seen
        counts = collections.Counter(n['event_type'] for n in seen)
        for event_type, count in (
                ('configuration_rollout.create', 2),
                ('configuration_rollout.pause', 1),
                ('configuration_rollout.resume', 1),
                ('configuration_rollout.complete', 1),
                ('configuration_rollout.abort', 1)):
            self.assertEqual(count, counts[event_type], event_type)
        for event_type, count in (
                ('accelerator_request.create', 2),
                ('accelerator_request.bind.start', 2),
                ('accelerator_request.bind.end', 1),
                ('accelerator_request.bind.error', 1),
                ('accelerator_request.unbind', 1),
                ('accelerator_request.delete', 2),
                # arq1's interval, closed by the unbind.
                ('accelerator_usage.close', 1),
                ('deployable.program.start', 2),
                ('deployable.program.end', 1),
                ('deployable.program.error', 1),
                ('driver.uninstall', 1), ('driver.install', 1),
                ('device.configure.start', 2), ('device.configure.end', 1),
                ('device.configure.error', 1),
                ('service.down', 1), ('service.up', 1)):
            self.assertEqual(count, before[event_type], event_type)
        arq_events = collections.Counter(
            (n['event_type'], n['payload']['cyborg_object.data']['uuid'])
            for n in seen
            if n['event_type'].startswith('accelerator_request.'))
        [usage] = self.recorder.of('accelerator_usage.close')
        usage = usage['payload']['cyborg_object.data']
        self.assertEqual((arq1, vm1, 'unbind', 'VGPU'),
                         (usage['arq_uuid'], usage['instance_uuid'],
                          usage['ended_by'], usage['resource_class']))
        self.assertEqual({1}, set(arq_events.values()), arq_events)
        self.assertEqual(
            {('accelerator_request.bind.end', arq1),
             ('accelerator_request.bind.error', arq2),
             ('accelerator_request.unbind', arq1)},
            {key for key in arq_events
             if key[0].split('.')[-1] in ('end', 'error', 'unbind')})
        events = notify_fixture.events()
        # Every event of the catalog came but those NOT_HERE (which may
        # come: the rollouts' changes of the QAT can update a deployable).
        self.assertEqual(set(), set(events) - NOT_HERE - set(counts))
        self.assertLessEqual(set(counts), set(events))
        for notification in seen:
            _, _, name = events[notification['event_type']]
            self.assertIsNone(notify_fixture.shape_mismatch(
                notify_fixture.load_sample(name), notification),
                notification)
            self.assertEqual('cyborg-conductor:' + self.host('cond'),
                             notification['publisher_id'])

    def test_broker_down_the_lifecycle_completes(self):
        self.topic = 'notifications-' + self.suffix
        dead = 'rabbit://guest:guest@127.0.0.1:%d/' % services.free_port()
        self._start_notifying(queue_size=4, transport_url=dead)
        self.profile('vgpu', [{'resources:VGPU': '1'}])
        vm1, arq1, status = self._boot('vgpu')
        self.assertEqual('completed', status)
        self.api('DELETE', '/accelerator_requests?instance=' + vm1, 204)
        services.wait_for(
            lambda: self.api('GET', '/accelerator_requests', 200,
                             headers={})['arqs'] == [],
            timeout=30, message='ARQs never went')
        # oslo.messaging's driver logs each notification it could not
        # send (and drops it); a full queue would be ours to drop.
        services.wait_for(
            lambda: any(text in self.conductor.log() for text in (
                'Could not send notification', 'dropped')),
            timeout=30, message='no notification was dropped with a log')
