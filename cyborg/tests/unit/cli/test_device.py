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
"""Tests of ``cyborg device-configure`` and of the configuration in
``cyborg device-show`` (2.4), against a recording client.
"""

import argparse
import inspect
import io
from unittest import mock

from oslotest import base

from cyborg.cli import common
from cyborg.cli import device

UUID = '7dc2ebc5-9d6b-4b9a-9b0e-3f2e2a1f0f41'
SETTABLE = {'num_vfs': {'type': 'integer', 'minimum': 0, 'maximum': 16},
            'vf_driver': {'type': 'string', 'enum': ['4xxx', 'vfio-pci']}}
CONFIGURATION = {
    'settable': SETTABLE, 'actual': {'num_vfs': 0, 'vf_driver': None},
    'desired': {'num_vfs': 4}, 'generation': 2, 'state': 'failed',
    'reason': 'sriov_numvfs: Device or resource busy', 'drain': False,
    'applied_at': None, 'updated_at': '2026-11-25T12:01:05+00:00'}
DEVICE = {'uuid': UUID, 'type': 'QAT', 'vendor': '8086', 'model': '4940',
          'hostname': 'compute-1', 'status': 'enabled', 'health': 'healthy',
          'std_board_info': '{"class": "0b40"}', 'vendor_board_info': '{}',
          'created_at': None, 'updated_at': None}


class FakeClient:
    """What the commands ask of the API, and its answers."""

    def __init__(self, device=None, configuration=None):
        self.calls = []
        self.device = device
        self.configuration = configuration

    def get(self, path, **params):
        self.calls.append(('GET', path, None))
        return self.device

    def put(self, path, body, timeout=None):
        self.calls.append(('PUT', path, body))
        return self.configuration

    def delete(self, path, **params):
        self.calls.append(('DELETE', path, None))


def _command(cls, client):
    app = mock.Mock(stdout=io.StringIO(), stderr=io.StringIO())
    app.client_manager.cyborg = client
    return cls(app, argparse.Namespace())


def _parse(command, *argv):
    return command.get_parser('cyborg').parse_args(list(argv))


class ParseSettingTestCase(base.BaseTestCase):

    def test_values(self):
        for text, expected in (
                ('num_vfs=8', ('num_vfs', 8)),
                ('num_vfs=0', ('num_vfs', 0)),
                (' num_vfs = 8 ', ('num_vfs', 8)),
                ('vf_driver=vfio-pci', ('vf_driver', 'vfio-pci')),
                ('mode=mig', ('mode', 'mig')),
                ('mig_layout=3g.40gb,2g.20gb',
                 ('mig_layout', '3g.40gb,2g.20gb')),
                ('enabled=true', ('enabled', True)),
                ('enabled=False', ('enabled', False)),
                ('vf_driver=null', ('vf_driver', None)),
                ('vgpu_type=', ('vgpu_type', '')),
                ('ratio=1.5', ('ratio', '1.5')),
                ('offset=-2', ('offset', -2)),
                ('count=1_000', ('count', '1_000')),
                ('vgpu_type=nvidia-471=x', ('vgpu_type', 'nvidia-471=x'))):
            self.assertEqual(expected, device.parse_setting(text), text)

    def test_bad_settings(self):
        for text in ('num_vfs', '=8', ' =8', ''):
            self.assertRaises(common.CommandError, device.parse_setting,
                              text)


class ConfigureDeviceTestCase(base.BaseTestCase):

    def test_set(self):
        client = FakeClient(configuration=dict(CONFIGURATION,
                                               state='pending'))
        command = _command(device.ConfigureDevice, client)
        titles, values = command.take_action(_parse(
            command, UUID, '--set', 'num_vfs=8', '--set',
            'vf_driver=vfio-pci'))
        self.assertEqual(
            [('PUT', '/devices/%s/configuration' % UUID,
              {'desired': {'num_vfs': 8, 'vf_driver': 'vfio-pci'}})],
            client.calls)
        shown = dict(zip(titles, values))
        self.assertEqual((UUID, 'pending', 2),
                         (shown['uuid'], shown['config_state'],
                          shown['config_generation']))
        self.assertEqual('num_vfs: 0..16\nvf_driver: 4xxx|vfio-pci',
                         shown['settable'].human_readable())
        self.assertEqual(SETTABLE, shown['settable'].machine_readable())
        self.assertEqual({'num_vfs': 4},
                         shown['desired'].machine_readable())

    def test_drain(self):
        client = FakeClient(configuration=CONFIGURATION)
        command = _command(device.ConfigureDevice, client)
        command.take_action(_parse(command, UUID, '--set', 'mode=mig',
                                   '--drain'))
        self.assertEqual({'desired': {'mode': 'mig'}, 'drain': True},
                         client.calls[0][2])

    def test_forget(self):
        client = FakeClient(device=dict(DEVICE, configuration=None))
        command = _command(device.ConfigureDevice, client)
        titles, values = command.take_action(_parse(command, UUID,
                                                    '--forget'))
        self.assertEqual(
            [('DELETE', '/devices/%s/configuration' % UUID, None),
             ('GET', '/devices/' + UUID, None)], client.calls)
        self.assertIsNone(dict(zip(titles, values))['desired'])

    def test_forget_a_gone_device(self):
        class Gone(FakeClient):
            def get(self, path, **params):
                super().get(path)
                raise common.APIError('Device not found', 404,
                                      'cyborg.device.not_found')

        client = Gone()
        command = _command(device.ConfigureDevice, client)
        titles, values = command.take_action(_parse(command, UUID,
                                                    '--forget'))
        self.assertEqual('DELETE', client.calls[0][0])
        self.assertEqual({'uuid': UUID, 'desired': 'forgotten (device gone)'},
                         dict(zip(titles, values)))

    def test_set_or_forget(self):
        command = _command(device.ConfigureDevice, FakeClient())
        parser = command.get_parser('cyborg')
        for argv in ([UUID], [UUID, '--forget', '--set', 'num_vfs=1']):
            with mock.patch('sys.stderr', io.StringIO()):
                self.assertRaises(SystemExit, parser.parse_args, argv)

    def test_refused_before_the_request(self):
        client = FakeClient()
        command = _command(device.ConfigureDevice, client)
        for argv in ((UUID, '--forget', '--drain'),
                     (UUID, '--set', 'num_vfs=1', '--set', 'num_vfs=2'),
                     (UUID, '--set', 'num_vfs'),
                     ('not-a-uuid', '--set', 'num_vfs=1')):
            self.assertRaises(common.CommandError, command.take_action,
                              _parse(command, *argv))
        self.assertEqual([], client.calls)


class ShowDeviceTestCase(base.BaseTestCase):

    def _show(self, shown_device):
        command = _command(device.ShowDevice, FakeClient(shown_device))
        titles, values = command.take_action(_parse(command, UUID))
        return dict(zip(titles, values))

    def test_configuration(self):
        shown = self._show(dict(DEVICE, configuration=CONFIGURATION))
        self.assertEqual('num_vfs: 0..16\nvf_driver: 4xxx|vfio-pci',
                         shown['settable'].human_readable())
        self.assertEqual('{"num_vfs": 0, "vf_driver": null}',
                         shown['actual'].human_readable())
        self.assertEqual('{"num_vfs": 4}', shown['desired'].human_readable())
        self.assertEqual(('failed', 'sriov_numvfs: Device or resource busy'),
                         (shown['config_state'], shown['config_reason']))

    def test_not_configurable(self):
        shown = self._show(dict(DEVICE, configuration=None))
        self.assertEqual('', shown['settable'].human_readable())
        self.assertEqual((None, None, None),
                         (shown['actual'], shown['desired'],
                          shown['config_state']))

    def test_before_2_14(self):
        shown = self._show(dict(DEVICE))
        self.assertNotIn('settable', shown)
        self.assertEqual([title for title, _key in device.DETAIL_COLUMNS],
                         list(shown))


class AllowedValuesTestCase(base.BaseTestCase):

    def test_schemas(self):
        for schema, expected in (
                ({'type': 'integer', 'minimum': 0, 'maximum': 7}, '0..7'),
                ({'type': 'integer', 'minimum': 1}, '1..'),
                ({'type': 'integer'}, 'integer'),
                ({'enum': ['passthrough', 'vgpu', 'mig']},
                 'passthrough|vgpu|mig'),
                ({'type': ['string', 'null'], 'enum': ['4xxx', None]},
                 '4xxx|null'),
                ({'type': 'string', 'pattern': '^[a-z0-9.,]+$'},
                 'string matching ^[a-z0-9.,]+$'),
                ({'type': ['string', 'null']}, 'string|null'),
                ({}, 'any')):
            self.assertEqual(expected, device.allowed_values(schema))


class DefaultMicroversionTestCase(base.BaseTestCase):

    def test_the_latest(self):
        # Devices' cleaning (and device-clean) is 2.4, the latest.
        self.assertEqual('2.4', common.DEFAULT_API_VERSION)


class HelpLineTestCase(base.BaseTestCase):
    """test_shell's rule for the commands of this module (device-configure
    is listed only once the package is installed again).
    """

    def test_one_complete_help_line(self):
        for cls in (device.ConfigureDevice, device.ShowDevice):
            first = inspect.getdoc(cls).split('\n\n')[0]
            self.assertNotIn('\n', first, cls)
            self.assertTrue(first.endswith('.'), cls)
            self.assertLessEqual(len(first), 60, cls)
