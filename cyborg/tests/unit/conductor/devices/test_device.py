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
"""Tests of cyborg.conductor.devices.device: enable and disable by selector (on
SQLite, no Placement).
"""

from oslo_serialization import jsonutils
import sqlalchemy as sa

from cyborg import exception
from cyborg.common import health_states
from cyborg.conductor.devices import device as device_ops
from cyborg.db import models
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import host as host_queries
from cyborg.tests import base
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import notifications as notify_fixture

MAINTAINING = device_queries.MAINTAINING
ENABLED = device_queries.ENABLED


class SelectorTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        # Two products of one vendor on two hosts, and another vendor.
        self.devices = {
            name: inventory.add_device(self.context, host, vendor=vendor,
                                       model=model, address=address)
            for name, host, vendor, model, address in (
                ('a1', 'h1', '0x8086', '0x0b30', '0000:0c:00.0'),
                ('a2', 'h2', '0x8086', '0x0b30', '0000:0c:00.0'),
                ('b1', 'h1', '0x8086', '0x37c8', '0000:0d:00.0'),
                ('c2', 'h2', '10de', '1eb8', '0000:0e:00.0'))}
        with self.db.engine.begin() as conn:
            for host in ('h1', 'h2'):
                conn.execute(sa.insert(models.Host).values(
                    hostname=host, generation=0, needs_sync=False,
                    agent_up=True))

    def _set(self, where, **values):
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.Device).values(**values).where(
                models.Device.uuid == self._uuid(where)))

    def _uuid(self, name):
        return self.devices[name]['device_uuid']

    def _names(self, uuids):
        by_uuid = {d['device_uuid']: name
                   for name, d in self.devices.items()}
        return sorted(by_uuid[u] for u in uuids)

    def _status(self):
        return {name: device_queries.get(self.context,
                                         d['device_uuid'])['status']
                for name, d in self.devices.items()}

    def _marked(self):
        return set(host_queries.get_needing_sync(self.context))

    def test_disable_by_product_on_every_host(self):
        uuids, hosts = device_ops.set_status_by_selector(
            self.context, {'vendor': '8086', 'model': '0b30'}, MAINTAINING)
        self.assertEqual(['a1', 'a2'], self._names(uuids))
        self.assertEqual(['h1', 'h2'], hosts)
        self.assertEqual({'a1': MAINTAINING, 'a2': MAINTAINING,
                          'b1': ENABLED, 'c2': ENABLED}, self._status())
        self.assertEqual({'h1', 'h2'}, self._marked())

    def test_a_host_and_a_vendor(self):
        uuids, hosts = device_ops.set_status_by_selector(
            self.context, {'hostname': 'h2', 'vendor': '0x10de'},
            MAINTAINING)
        self.assertEqual(['c2'], self._names(uuids))
        self.assertEqual(['h2'], hosts)
        self.assertEqual({'h2'}, self._marked())

    def test_nothing_to_change_marks_nothing(self):
        device_ops.set_status_by_selector(self.context, {'hostname': 'h1'},
                                          MAINTAINING)
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.Host).values(needs_sync=False))
        uuids, hosts = device_ops.set_status_by_selector(
            self.context, {'hostname': 'h1'}, MAINTAINING)
        self.assertEqual(([], []), (uuids, hosts))
        self.assertEqual(set(), self._marked())

    def test_an_empty_selector_is_refused(self):
        for selector in ({}, {'hostname': None, 'firmware': None}):
            self.assertRaises(exception.DeviceSelectorEmpty,
                              device_ops.set_status_by_selector,
                              self.context, selector, MAINTAINING)
        self.assertEqual({ENABLED}, set(self._status().values()))
        self.assertEqual(400, exception.DeviceSelectorEmpty().code)

    def test_firmware_matches_the_board_info(self):
        self._set('a1', vendor_board_info=jsonutils.dumps(
            {'bitstream_id': '0x2300011001030f'}))
        self._set('a2', vendor_board_info=jsonutils.dumps(
            {'firmware': '2.1'}))
        # b1 and c2 keep the free text of the existing Cyborg's rows.
        selected = device_queries.get_selected(
            self.context, {'vendor': '8086', 'firmware': '2.1'})
        self.assertEqual(['a2'], self._names(d['uuid'] for d in selected))
        uuids, _ = device_ops.set_status_by_selector(
            self.context, {'firmware': '0x2300011001030f'}, MAINTAINING)
        self.assertEqual(['a1'], self._names(uuids))

    def test_dry_run_lists_what_would_change(self):
        self._set('b1', status=MAINTAINING)
        selected = [d for d in device_queries.get_selected(
            self.context, {'hostname': 'h1'})
            if device_queries.status_changes(d, MAINTAINING)]
        self.assertEqual(['a1'], self._names(d['uuid'] for d in selected))
        self.assertEqual(set(), self._marked())

    def test_enable_returns_the_disabled_and_the_recovering(self):
        notes = self.useFixture(notify_fixture.Notifications())
        self._set('a1', status=MAINTAINING)
        self._set('b1', health=health_states.RECOVERING,
                  health_reason='on fire')
        self._set('c2', health=health_states.UNHEALTHY,
                  health_reason='on fire', status=MAINTAINING)
        self.assertTrue(device_queries.status_changes(
            device_queries.get(self.context, self._uuid('b1')), ENABLED))
        uuids, hosts = device_ops.set_status_by_selector(
            self.context, {'vendor': '8086'}, ENABLED)
        self.assertEqual(['a1', 'b1'], self._names(uuids))
        self.assertEqual(['h1'], hosts)
        b1 = device_queries.get(self.context, self._uuid('b1'))
        self.assertIsNone(b1['health'])
        [update] = [data for event, data in notes.events()
                    if event == 'device.update']
        self.assertEqual((self._uuid('b1'), 'healthy'),
                         (update['uuid'], update['health']))
        # An unhealthy device is enabled, and stays out until healthy.
        uuids, _ = device_ops.set_status_by_selector(
            self.context, {'hostname': 'h2'}, ENABLED)
        self.assertEqual(['c2'], self._names(uuids))
        c2 = device_queries.get(self.context, self._uuid('c2'))
        self.assertEqual((ENABLED, health_states.UNHEALTHY),
                         (c2['status'], c2['health']))
