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
"""Tests of ``cyborg device-telemetry``, ``device-list --long``,
``arq-show`` and ``instance-list --idle``'s telemetry columns, against a
recording client.
"""

from oslotest import base

from cyborg.cli import accelerator_request
from cyborg.cli import common
from cyborg.cli import device
from cyborg.cli import instance
from cyborg.cli import telemetry
from cyborg.tests.unit.cli import test_device

UUID = test_device.UUID
TELEMETRY = {'device_uuid': UUID, 'hostname': 'compute-1', 'driver': 'gpu',
             'read_at': '2026-11-27T10:00:00+00:00',
             'reported_at': '2026-11-27T10:00:30+00:00',
             'stale_reason': None, 'idle_since': None,
             'values': {'busy': True, 'temperature_celsius': 61.0,
                        'utilization': 0.93}}


class ShowTelemetryTestCase(base.BaseTestCase):

    def _show(self, *argv, answer=TELEMETRY):
        client = test_device.FakeClient(device=answer)
        command = test_device._command(telemetry.ShowTelemetry,
                                       client)
        return client, command.take_action(test_device._parse(command,
                                                              *argv))

    def test_a_device(self):
        client, (titles, values) = self._show(UUID)
        self.assertEqual([('GET', '/devices/%s/telemetry' % UUID, None)],
                         client.calls)
        shown = dict(zip(titles, values))
        self.assertEqual(('compute-1', 0.93, 61.0, True), (
            shown['hostname'], shown['utilization'],
            shown['temperature_celsius'], shown['busy']))
        # The fields in the vocabulary's order, after the sample's own.
        self.assertEqual(['utilization', 'temperature_celsius', 'busy'],
                         list(titles[7:]))

    def test_an_arq(self):
        client, _shown = self._show('--arq', UUID)
        self.assertEqual(
            [('GET', '/accelerator_requests/%s/telemetry' % UUID, None)],
            client.calls)

    def test_no_sample_yet(self):
        _client, (titles, values) = self._show(UUID, answer=dict(
            TELEMETRY, read_at=None, values={}))
        self.assertEqual(7, len(titles))

    def test_not_a_uuid(self):
        self.assertRaises(common.CommandError, self._show, 'nope')


class ColumnsTestCase(base.BaseTestCase):

    def test_device_list_long(self):
        devices = {'devices': [
            dict(test_device.DEVICE, telemetry={'values': TELEMETRY[
                'values']}),
            dict(test_device.DEVICE, uuid='other', telemetry=None)]}
        client = test_device.FakeClient(device=devices)
        command = test_device._command(device.ListDevices, client)
        titles, rows = command.take_action(test_device._parse(command,
                                                              '--long'))
        self.assertEqual(('utilization', 'temperature_celsius'),
                         titles[-2:])
        self.assertEqual([(0.93, 61.0), (None, None)],
                         [row[-2:] for row in rows])
        titles, _rows = command.take_action(test_device._parse(command))
        self.assertNotIn('utilization', titles)

    def test_arq_show(self):
        # arq-show shows every member; arq-list leaves the telemetry out.
        arq = {'uuid': UUID, 'state': 'Bound', 'device_utilization': 0.5,
               'device_idle_since': None}
        column = ('device_utilization', 'device_utilization')
        self.assertIn(column, common.member_columns([arq]))
        self.assertNotIn(column, common.member_columns(
            [arq], accelerator_request.DETAIL))

    def test_instance_accelerators(self):
        arq = {'device_utilization': 0.02,
               'device_idle_since': '2026-11-26T09:00:00+00:00'}
        self.assertEqual('utilization 0.02, idle since '
                         '2026-11-26T09:00:00+00:00', instance._busy(arq))
        self.assertEqual('', instance._busy({}))
