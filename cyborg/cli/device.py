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
"""device-*: the accelerator cards of the compute nodes."""

from cyborg.cli import common

COLUMNS = common.field_columns('uuid', 'type', 'vendor', 'model',
                               'hostname', 'status', 'health')
DETAIL_COLUMNS = common.field_columns(
    'uuid', 'type', 'vendor', 'model', 'hostname', 'status', 'health',
    'health_reason', 'health_since', 'std_board_info', 'vendor_board_info',
    'created_at', 'updated_at')


class ListDevices(common.Lister):
    """List devices."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('--type', help='Only devices of TYPE (FPGA, '
                                           'GPU, QAT, ...).')
        parser.add_argument('--vendor', help='Only devices of VENDOR.')
        parser.add_argument('--host', help='Only the devices of HOST.')
        parser.add_argument('--status', choices=['enabled', 'maintaining'],
                            help='Only devices in this status.')
        return parser

    def take_action(self, parsed_args):
        body = self.client.get('/devices', type=parsed_args.type,
                               vendor=parsed_args.vendor,
                               hostname=parsed_args.host,
                               status=parsed_args.status)
        return common.rows(body['devices'], COLUMNS)


def _detail(device):
    """A device with its board information as structures."""
    return dict(device, **{key: common.structure(device.get(key))
                           for key in ('std_board_info',
                                       'vendor_board_info')})


class ShowDevice(common.ShowOne):
    """Show one device."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('device', metavar='DEVICE', help='Its UUID.')
        return parser

    def take_action(self, parsed_args):
        uuid = common.check_uuid(parsed_args.device, 'a device')
        return common.one(_detail(self.client.get('/devices/' + uuid)),
                          DETAIL_COLUMNS)


class _SetStatus(common.ShowOne):
    ACTION = None

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('device', metavar='DEVICE', help='Its UUID.')
        return parser

    def take_action(self, parsed_args):
        uuid = common.check_uuid(parsed_args.device, 'a device')
        self.client.post('/devices/%s/%s' % (uuid, self.ACTION))
        return common.one(_detail(self.client.get('/devices/' + uuid)),
                          DETAIL_COLUMNS)


class EnableDevice(_SetStatus):
    """Enable a device: Placement offers its accelerators again.

    A device recovering from a health failure returns at once (without
    waiting for its hold-down); one still unhealthy stays out.
    """

    ACTION = 'enable'


class DisableDevice(_SetStatus):
    """Disable a device: Placement stops offering it.

    The device goes into maintenance, whatever its health; accelerators
    in use stay.
    """

    ACTION = 'disable'
