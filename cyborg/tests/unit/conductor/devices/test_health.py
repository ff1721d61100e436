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
"""Tests of the conductor's device health: the transitions a report
makes, enable and the hold-down release (on SQLite, no Placement).
"""

import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg import states
from cyborg.common import health_states
from cyborg.conductor.devices import health
from cyborg.conductor.inventory import reports
from cyborg.conductor.placement import sync as placement_sync
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_profile as dp_queries
from cyborg.db.queries import host_inventory
from cyborg.db.queries import service as service_queries
from cyborg.drivers import fake
from cyborg.notifications import device as device_notify
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import inventory as inventory_fixture
from cyborg.tests.fixtures import notifications as notify_fixture

CONF = cyborg_conf.CONF


def _row(health=None, reason=None, since=None):
    return {'health': health, 'health_reason': reason,
            'health_since': since}


class NextTestCase(base.TestCase):

    def test_healthy_stays(self):
        self.assertIsNone(health._next(_row(), 'healthy', None, 600))

    def test_turns_unhealthy(self):
        self.assertEqual(('unhealthy', 'boom', True),
                         health._next(_row(), 'unhealthy', 'boom', 600))

    def test_new_reason_keeps_since(self):
        self.assertEqual(('unhealthy', 'worse', False), health._next(
            _row('unhealthy', 'boom'), 'unhealthy', 'worse', 600))
        self.assertIsNone(health._next(_row('unhealthy', 'boom'),
                                       'unhealthy', 'boom', 600))

    def test_healthy_again_recovers_or_returns(self):
        self.assertEqual(('recovering', 'boom', True), health._next(
            _row('unhealthy', 'boom'), 'healthy', None, 600))
        self.assertEqual((None, 'boom', True), health._next(
            _row('unhealthy', 'boom'), 'healthy', None, 0))

    def test_recovering_waits_or_fails_again(self):
        self.assertIsNone(health._next(_row('recovering', 'boom'),
                                       'healthy', None, 600))
        self.assertEqual(('unhealthy', 'again', True), health._next(
            _row('recovering', 'boom'), 'unhealthy', 'again', 600))

    def test_a_driver_error_holds_until_the_driver_works(self):
        self.assertEqual(('driver_error', 'TypeError: x', True),
                         health._next(_row(), 'driver_error',
                                      'TypeError: x', 600))
        self.assertIsNone(health._next(_row('driver_error', 'TypeError: x'),
                                       'driver_error', 'TypeError: x', 600))
        self.assertEqual(('driver_error', 'TypeError: x', True),
                         health._next(_row('unhealthy', 'boom'),
                                      'driver_error', 'TypeError: x', 600))
        # The driver works again: nothing said the device was wrong, so
        # no hold-down.
        self.assertEqual((None, 'TypeError: x', True), health._next(
            _row('driver_error', 'TypeError: x'), 'healthy', None, 600))
        self.assertEqual(('unhealthy', 'boom', True), health._next(
            _row('driver_error', 'TypeError: x'), 'unhealthy', 'boom', 600))

    def test_long_reason_is_cut(self):
        _health, reason, _entered = health._next(
            _row(), 'unhealthy', 'x' * 300, 600)
        self.assertEqual(255, len(reason))


class ApplyTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.clock = self.time_fixture()
        service_queries.heartbeat(self.context, 'n1', 'cyborg-agent')
        self.driver = fake.FakeDriver(CONF, 'n1')
        self.generation = 0

    def _report(self, reason=None, health_value=health_states.UNHEALTHY):
        records = self.driver.discover()
        if reason:
            records[0].health = health_value
            records[0].health_reason = reason
        self.generation += 1
        reports.report(self.context, None, 'n1', self.generation,
                         hardware.inventory_hash(records),
                         hardware.HardwareList(objects=records))
        [device] = device_queries.get_all(self.context)
        return device

    def test_lifecycle(self):
        self._report()
        device = self._report('on fire')
        self.assertEqual(('unhealthy', 'on fire', self.clock.now),
                         (device['health'], device['health_reason'],
                          device['health_since']))
        self.clock.advance(10)
        device = self._report()
        self.assertEqual(('recovering', self.clock.now),
                         (device['health'], device['health_since']))
        self.assertEqual([], health.release_recovered(self.context))
        self.clock.advance(CONF.device_health.hold_down)
        self.assertEqual([device['uuid']],
                         health.release_recovered(self.context))
        device = device_queries.get(self.context, device['uuid'])
        self.assertIsNone(device['health'])
        self.assertEqual('on fire', device['health_reason'])

    def test_enable_ends_the_hold_down_only(self):
        self._report('on fire')
        uuid = device_queries.get_all(self.context)[0]['uuid']
        self.assertEqual([], health.end_hold_down(self.context, uuid))
        self._report()
        [change] = health.end_hold_down(self.context, uuid)
        self.assertEqual(('recovering', 'healthy'),
                         (change.old, change.new))

    def test_each_change_is_a_device_update_notification(self):
        notes = self.useFixture(notify_fixture.Notifications())
        self._report()
        self._report('on fire')
        self._report()
        self.clock.advance(CONF.device_health.hold_down)
        [uuid] = health.release_recovered(self.context)
        updates = [data for event, data in notes.events()
                   if event == 'device.update' and 'health' in data['changed']]
        self.assertEqual(
            [('unhealthy', 'on fire'), ('recovering', 'on fire'),
             ('healthy', 'on fire')],
            [(d['health'], d['health_reason']) for d in updates])
        self.assertEqual({uuid}, {d['uuid'] for d in updates})
        self.assertEqual({('FPGA', 'n1')},
                         {(d['type'], d['hostname']) for d in updates})


    def test_a_driver_error_holds_and_returns_at_once(self):
        notes = self.useFixture(notify_fixture.Notifications())
        self._report()
        device = self._report('TypeError: x', health_states.DRIVER_ERROR)
        self.assertEqual(('driver_error', 'TypeError: x'),
                         (device['health'], device['health_reason']))
        self.assertEqual(['held'], placement_reasons(self.context))
        device = self._report()
        self.assertIsNone(device['health'])
        self.assertEqual([], placement_reasons(self.context))
        updates = [data for event, data in notes.events()
                   if event == 'device.update' and 'health' in data['changed']]
        self.assertEqual([('driver_error', 'TypeError: x'),
                          ('healthy', 'TypeError: x')],
                         [(d['health'], d['health_reason']) for d in updates])


def placement_reasons(context):
    """['held'] when the host's only deployable would be reserved in
    Placement (cyborg.conductor.placement.sync.desired()), else [].
    """
    snap = host_inventory.load(context, 'n1')
    [deployable] = snap.deployables.values()
    want = placement_sync.desired(snap, deployable, True, 'cn')
    [inventory_] = want['inventories'].values()
    return ['held'] if inventory_['reserved'] else []


class BoundInstancesTestCase(base.DbTestCase):
    """The health notification names the instances bound to the device."""

    def setUp(self):
        super().setUp()
        self.notes = self.useFixture(notify_fixture.Notifications())
        dp = dp_queries.create(self.context, 'dp-uuid', 'dp',
                               [{'resources:FPGA': '1'}])
        self.device = inventory_fixture.add_device(self.context, 'n1')
        for instance in ('i2', 'i1'):
            [arq] = arq_queries.create(self.context, dp, 'p1', [1])
            with self.db.engine.begin() as conn:
                conn.execute(sa.update(models.ExtendedAcceleratorRequest)
                             .where(models.ExtendedAcceleratorRequest.uuid ==
                                    arq['uuid'])
                             .values(instance_uuid=instance,
                                     state=states.BOUND,
                                     deployable_id=self.device[
                                         'deployable_id']))

    def _row(self, health_value):
        row = device_queries.get(self.context, self.device['device_uuid'])
        return dict(row, health=health_value)

    def test_a_health_change_names_the_bound_instances(self):
        new = self._row(health_states.UNHEALTHY)
        health.announce(self.context, [health.Change(new, 'healthy',
                                                     'unhealthy')])
        [data] = [data for event, data in self.notes.events()
                  if event == 'device.update']
        self.assertEqual(['i1', 'i2'], data['instance_uuids'])
        self.assertEqual('unhealthy', data['health'])

    def test_each_arq_of_an_instance_is_told_its_device_health(self):
        # A bound device whose driver failed told its tenant through its
        # ARQ's device_health, and nothing else named the ARQs.
        failed = dict(self._row(health_states.DRIVER_ERROR),
                      health_reason='RuntimeError: boom')
        health.announce(self.context, [health.Change(
            failed, 'healthy', 'driver_error')])
        health.announce(self.context, [health.Change(
            self._row(None), 'driver_error', 'healthy')])
        sent = self.notes.sent('accelerator_request.health')
        self.assertEqual(
            [('WARN', 'i2', 'driver_error', 'RuntimeError: boom'),
             ('WARN', 'i1', 'driver_error', 'RuntimeError: boom'),
             ('INFO', 'i2', 'healthy', None),
             ('INFO', 'i1', 'healthy', None)],
            [(n['priority'], n['payload']['cyborg_object.data'][
                'instance_uuid'],
              n['payload']['cyborg_object.data']['device_health'],
              n['payload']['cyborg_object.data']['device_health_reason'])
             for n in sent])
        self.assertEqual({self.device['device_uuid']}, {
            n['payload']['cyborg_object.data']['device_uuid']
            for n in sent})
        sample = notify_fixture.load_sample('accelerator_request-health.json')
        for notification in sent[:2]:
            self.assertIsNone(notify_fixture.shape_mismatch(sample,
                                                            notification))

    def test_other_device_notifications_do_not_look_them_up(self):
        device_notify.send(self.context, device_notify.CREATE,
                           self._row(None))
        [data] = [data for event, data in self.notes.events()]
        self.assertIsNone(data['instance_uuids'])
