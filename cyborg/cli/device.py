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

import collections
import re

from cliff import columns

from cyborg.cli import common

COLUMNS = common.field_columns('uuid', 'type', 'vendor', 'model',
                               'hostname', 'status', 'health')
# From 2.4: its clean between two tenants (devices' ``cleaning``): the
# state of the device (or of its units), its policy, its last clean's
# step (running since), reason (administrators) and release.
CLEANING_COLUMNS = common.field_columns(
    'cleaning', 'clean_steps', 'clean_step', 'clean_step_since',
    'clean_units', 'clean_reason', 'clean_released_by',
    'clean_released_at')
# --long (2.4): the latest telemetry's utilization (0 to 1) and
# temperature.
LONG_COLUMNS = COLUMNS + common.field_columns('utilization',
                                              'temperature_celsius')
DETAIL_COLUMNS = COLUMNS + common.field_columns(
    'health_reason', 'health_since', 'std_board_info', 'vendor_board_info',
    'created_at', 'updated_at')


class ListDevices(common.Lister):
    """List devices."""

    ARGUMENTS = (
        common.arg('--type', help='Only devices of TYPE (FPGA, GPU, QAT, '
                                  '...).'),
        common.arg('--vendor', help='Only devices of VENDOR.'),
        common.arg('--host', help='Only the devices of HOST.'),
        common.arg('--status', choices=['enabled', 'maintaining'],
                   help='Only devices in this status.'),
        common.arg('--long', action='store_true',
                   help='Also the utilization and temperature of their '
                        'latest telemetry.'))

    def take_action(self, parsed_args):
        body = self.client.get('/devices', type=parsed_args.type,
                               vendor=parsed_args.vendor,
                               hostname=parsed_args.host,
                               status=parsed_args.status)
        devices = [with_cleaning(d) for d in body['devices']]
        columns = COLUMNS
        if parsed_args.long:
            devices = [_with_telemetry(d) for d in devices]
            columns = LONG_COLUMNS
        if any('cleaning' in d for d in body['devices']):
            columns += CLEANING_COLUMNS[:1]
        return common.rows(devices, columns)


def _clean_state(cleaning):
    """The device's clean state, else its units' (``2 units cleaning``);
    ``-``: nothing of it held.
    """
    if cleaning.get('state'):
        return cleaning['state']
    counted = collections.Counter(
        unit['state'] for unit in cleaning.get('units') or [])
    return ', '.join('%d unit%s %s' % (n, '' if n == 1 else 's', state)
                     for state, n in sorted(counted.items())) or '-'


def with_cleaning(device):
    """*device* with its ``cleaning`` (2.4) flat: its state (``-``:
    clean) and the clean's facts.
    """
    if 'cleaning' not in device:
        return device
    cleaning = device['cleaning'] or {}
    steps = cleaning.get('steps')
    if steps is not None and cleaning.get('only'):
        steps = ['only:'] + steps
    return dict(device, cleaning=_clean_state(cleaning),
                clean_steps=steps, clean_step=cleaning.get('step'),
                clean_step_since=cleaning.get('step_started_at'),
                clean_units=['%s %s%s' % (
                    u['unit'], u['state'],
                    ' (%s)' % u['step'] if u.get('step') else '')
                    for u in cleaning.get('units') or []],
                clean_reason=cleaning.get('reason'),
                clean_released_by=cleaning.get('released_by'),
                clean_released_at=cleaning.get('released_at'))


def _with_telemetry(device):
    values = (device.get('telemetry') or {}).get('values') or {}
    return dict(device, utilization=values.get('utilization'),
                temperature_celsius=values.get('temperature_celsius'))


# From 2.4: a device's configuration (device-show, device-configure).
CONFIG_COLUMNS = common.field_columns('settable', 'actual', 'desired') + tuple(
    ('config_' + key, key) for key in ('state', 'reason', 'generation',
                                       'drain'))


def allowed_values(schema):
    """What a settable field's JSON schema takes, in a few words."""
    if 'enum' in schema:
        return '|'.join('null' if v is None else str(v)
                        for v in schema['enum'])
    if schema.get('type') == 'integer' or 'minimum' in schema:
        low, high = schema.get('minimum'), schema.get('maximum')
        if low is not None or high is not None:
            return '%s..%s' % ('' if low is None else low,
                               '' if high is None else high)
    if schema.get('pattern'):
        return '%s matching %s' % (schema.get('type', 'a value'),
                                   schema['pattern'])
    kind = schema.get('type', 'any')
    return '|'.join(kind) if isinstance(kind, list) else str(kind)


class SettableColumn(common.JSONColumn):
    """Settable fields: a line each in a table, their schemas in json/yaml.
    """

    def human_readable(self):
        if not self._value:
            return ''
        return '\n'.join('%s: %s' % (field, allowed_values(schema))
                         for field, schema in sorted(self._value.items()))


def config_rows(configuration):
    values = {title: (configuration or {}).get(key)
              for title, key in CONFIG_COLUMNS}
    return dict(values, settable=SettableColumn(values['settable']))


def detail(device):
    """The device shown: board information, configuration and cleaning."""
    shown = dict(with_cleaning(device), **{
        key: common.structure(device.get(key))
        for key in ('std_board_info', 'vendor_board_info')})
    columns = DETAIL_COLUMNS
    if 'cleaning' in device:
        columns += CLEANING_COLUMNS
    if 'configuration' in device:
        shown.update(config_rows(device['configuration']))
        columns += common.field_columns(
            *(title for title, _key in CONFIG_COLUMNS))
    return common.one(shown, columns)


class ShowDevice(common.ShowByUUID):
    """Show one device (from 2.4 with its configuration)."""

    PATH, WHAT, METAVAR = '/devices', 'a device', 'DEVICE'

    def show(self, device):
        return detail(device)


# device-disable and device-enable's selector: (option, member, help).
SELECTOR = (
    ('--host', 'hostname', 'Devices of this host.'),
    ('--vendor', 'vendor', 'Devices of this PCI vendor id (8086 or '
                           '0x8086).'),
    ('--product-id', 'model', 'Devices of this PCI product id (the '
                              "device's model: 0b30 or 0x0b30)."),
    ('--type', 'type', 'Devices of this type (FPGA, GPU, QAT, ...).'),
    ('--driver', 'driver_name', 'Devices the agent found with this driver.'),
    ('--firmware', 'firmware', 'Devices that report this firmware (or '
                               'FPGA bitstream id) in their vendor board '
                               'information.'),
)
SELECTION_COLUMNS = common.field_columns('result', 'apply', 'count',
                                         'devices')


class DeviceLines(columns.FormattableColumn):
    """Selected devices: one line each in a table, a list in json/yaml."""

    def human_readable(self):
        return '\n'.join(
            '%s %s %s:%s %s %s' % (d['uuid'], d['hostname'], d['vendor'],
                                   d['model'], d['status'],
                                   d.get('health', ''))
            for d in self._value)

    def machine_readable(self):
        return [{key: d.get(key) for key in ('uuid', 'hostname', 'type',
                                             'vendor', 'model', 'status',
                                             'health')}
                for d in self._value]


class _SetStatus(common.ShowOne):
    ACTION = None
    # What the result says: "disabled", "enabled".
    DONE = None

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument(
            'device', metavar='DEVICE', nargs='?',
            help='Its UUID; or select devices with the options below.')
        group = parser.add_argument_group(
            'selector', 'Every device that matches all the options given '
            '(at least one).  A dry run: it lists what '
            'would change, until --yes.')
        for option, dest, help_text in SELECTOR:
            group.add_argument(option, dest=dest, help=help_text)
        group.add_argument('--yes', '--apply', dest='apply',
                           action='store_true',
                           help='Change the selected devices (default: '
                                'only list them).')
        return parser

    def take_action(self, parsed_args):
        selector = {dest: getattr(parsed_args, dest)
                    for _option, dest, _help in SELECTOR
                    if getattr(parsed_args, dest) is not None}
        if parsed_args.device is not None:
            if selector or parsed_args.apply:
                raise common.CommandError(
                    'Give a DEVICE or a selector, not both.')
            uuid = common.check_uuid(parsed_args.device, 'a device')
            self.client.post('/devices/%s/%s' % (uuid, self.ACTION))
            return detail(self.client.get('/devices/' + uuid))
        if not selector:
            raise common.CommandError(
                'Give a DEVICE, or select devices with at least one of '
                '%s: an empty selector would select every device of the '
                'cloud.' % ', '.join(option for option, _, _ in SELECTOR))
        answer = self.client.post('/devices/' + self.ACTION,
                                  dict(selector, apply=parsed_args.apply))
        devices = answer['devices']
        if answer['apply']:
            result = '%d devices %s.' % (len(devices), self.DONE)
        else:
            result = ('Dry run: %d devices would be %s; nothing changed. '
                      'Run again with --yes to apply.' % (len(devices),
                                                          self.DONE))
        return common.one({'result': result, 'apply': answer['apply'],
                           'count': len(devices),
                           'devices': DeviceLines(devices)},
                          SELECTION_COLUMNS)


class EnableDevice(_SetStatus):
    """Enable a device, or every device a selector names.

    A device recovering from a health failure returns at once; one still
    unhealthy stays out.  A selector is a dry run until --yes.
    """

    ACTION = 'enable'
    DONE = 'enabled'


class DisableDevice(_SetStatus):
    """Disable a device, or every device a selector names.

    Accelerators in use stay.  A selector is a dry run until --yes.
    """

    ACTION = 'disable'
    DONE = 'disabled'


class _ByDevice(common.ByUUID):
    METAVAR, WHAT = 'DEVICE', 'a device'


class CleanDevice(_ByDevice, common.ShowOne):
    """Clean a device (2.4), abort its cleans, or release it.

    What of a device its cleans left clean_failed is cleaned again; a
    device no accelerator request holds is cleaned now.  With --abort,
    the cleans under way stop (an abortable step at once) and the device
    stays held.  With --release-uncleaned, what its cleans hold is offered
    again without a clean: an administrator's decision, recorded with
    --reason (refused while a step may still run: abort first).
    """

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        verb = parser.add_mutually_exclusive_group()
        verb.add_argument(
            '--release-uncleaned', action='store_true',
            help='Offer the held device again without cleaning it.')
        verb.add_argument(
            '--abort', action='store_true',
            help='Stop its cleans under way (it stays held).')
        parser.add_argument(
            '--reason', help='Why (kept with the clean; with '
                             '--release-uncleaned or --abort).')
        return parser

    def take_action(self, parsed_args):
        uuid = self.uuid(parsed_args)
        if parsed_args.reason and not (parsed_args.release_uncleaned or
                                       parsed_args.abort):
            raise common.CommandError('--reason goes with '
                                      '--release-uncleaned or --abort.')
        return detail(self.client.post(
            '/devices/%s/clean' % uuid, common.given(
                release_uncleaned=parsed_args.release_uncleaned,
                abort=parsed_args.abort, reason=parsed_args.reason)))


CLEANINGS_COLUMNS = common.field_columns(
    'generation', 'unit', 'state', 'started_at', 'ended_at', 'step',
    'done', 'reason', 'ended_by')


class ListDeviceCleanings(_ByDevice, common.Lister):
    """List a device's cleans (2.4), newest first.

    Of the whole device or of one unit, with the steps each ran and what
    they read back (administrators).
    """

    def take_action(self, parsed_args):
        body = self.client.get('/devices/%s/cleanings' %
                               self.uuid(parsed_args))
        return common.rows([dict(
            c, unit=c['unit'] or 'device',
            done=['%s (%ss): %s' % (d['step'], d.get('seconds'),
                                     d.get('detail'))
                  for d in c['done']]) for c in body['cleanings']],
            CLEANINGS_COLUMNS)


_INTEGER = re.compile(r'-?[0-9]+')


def parse_setting(text):
    """``FIELD=VALUE`` of --set as (field, int, boolean, None or text)."""
    field, sep, value = text.partition('=')
    field = field.strip()
    if not sep or not field:
        raise common.CommandError(
            '--set takes FIELD=VALUE (e.g. num_vfs=8), not %r.' % text)
    value = value.strip()
    lowered = value.lower()
    if lowered in ('true', 'false'):
        return field, lowered == 'true'
    if lowered == 'null':
        return field, None
    if _INTEGER.fullmatch(value):
        return field, int(value)
    return field, value


def parse_settings(texts):
    """The --set options as a desired configuration."""
    desired = {}
    for text in texts:
        field, value = parse_setting(text)
        if field in desired:
            raise common.CommandError('%s is set twice.' % field)
        desired[field] = value
    return desired


class ConfigureDevice(_ByDevice, common.ShowOne):
    """Set a device's desired configuration, or forget it.

    Its agent applies it (again after a reboot); the device is not
    scheduled meanwhile.  device-show shows what can be set and how it
    went.
    """

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        action = parser.add_mutually_exclusive_group(required=True)
        action.add_argument(
            '--set', metavar='FIELD=VALUE', action='append',
            dest='settings',
            help='A field of the desired configuration (repeat for more): '
                 'num_vfs, vf_driver, mode, vgpu_type, mig_layout, as the '
                 "device's driver allows. Integers are numbers, true and "
                 'false booleans, anything else text. E.g. --set num_vfs=8 '
                 '--set vf_driver=vfio-pci.')
        action.add_argument(
            '--forget', action='store_true',
            help="Forget the device's desired state: Cyborg no longer "
                 'applies it nor reports drift; the device stays as it '
                 'is.')
        parser.add_argument(
            '--drain', action='store_true',
            help='When instances hold the device, wait for them to go '
                 '(the device is not scheduled meanwhile) instead of '
                 'refusing.')
        return parser

    def take_action(self, parsed_args):
        uuid = self.uuid(parsed_args)
        url = '/devices/%s/configuration' % uuid
        if parsed_args.forget:
            if parsed_args.drain:
                raise common.CommandError('--drain goes with --set only.')
            self.client.delete(url)
            try:
                return detail(self.client.get('/devices/' + uuid))
            except common.APIError as exc:
                if exc.status != 404:
                    raise
            # The device is gone; its desired state is forgotten all the
            # same.
            return ('uuid', 'desired'), (uuid, 'forgotten (device gone)')
        body = dict(desired=parse_settings(parsed_args.settings),
                    **common.given(drain=parsed_args.drain))
        return common.one(
            dict(config_rows(self.client.put(url, body)), uuid=uuid),
            common.field_columns('uuid', *(t for t, _ in CONFIG_COLUMNS)))
