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
"""device-class-*: operators' classes of devices."""

import json
import re

from cyborg.cli import common

_FIELDS = ('name', 'trait', 'description', 'selector')
COLUMNS = common.field_columns(*_FIELDS, 'cleaning')
DETAIL_COLUMNS = common.field_columns('uuid', *_FIELDS, 'created_at',
                                      'updated_at', 'cleaning')
_CLEANING_HELP = ('How its devices are cleaned between two tenants (API '
                  '2.4): off, on (each driver\'s default steps) or the '
                  'steps named, comma-separated (e.g. '
                  'load_clean_image,operator:wipe).')

# KEY OP VALUE, the operators longest first (<= before <).
_CONDITION = re.compile(
    r'^\s*(?P<key>[A-Za-z0-9_.:-]+)\s*'
    r'(?:(?P<op>==|!=|<=|>=|<|>)|\s(?P<in>in)\s)\s*(?P<value>.*?)\s*$')
_NUMBER = re.compile(r'^-?[0-9]+(\.[0-9]+)?$')


def _value(text):
    """A condition's value: a number, a boolean, or the text."""
    if _NUMBER.match(text):
        return float(text) if '.' in text else int(text)
    if text.lower() in ('true', 'false'):
        return text.lower() == 'true'
    return text


def parse_condition(text):
    """``KEY OP VALUE`` (``memory_mb>=40960``) as a selector condition."""
    match = _CONDITION.match(text)
    if match is None or not match.group('value'):
        raise common.CommandError(
            '--condition takes KEY OP VALUE, OP one of ==, !=, <, <=, >, '
            '>= or in (e.g. "memory_mb>=40960", "vendor in 10de,1002"), '
            'not %r.' % text)
    value = match.group('value')
    if match.group('in'):
        return {'key': match.group('key'), 'op': 'in',
                'value': [_value(v.strip()) for v in value.split(',')]}
    return {'key': match.group('key'), 'op': match.group('op'),
            'value': _value(value)}


def _selector(parsed_args):
    if parsed_args.selector is not None:
        if parsed_args.condition:
            raise common.CommandError(
                'Give --condition or --selector, not both.')
        try:
            return json.loads(parsed_args.selector)
        except ValueError as exc:
            raise common.CommandError('--selector is no JSON: %s' % exc)
    if not parsed_args.condition:
        raise common.CommandError(
            'Give at least one --condition (or --selector).')
    return [parse_condition(c) for c in parsed_args.condition]


class CreateDeviceClass(common.ShowOne):
    """Create a device class.

    Its trait, CUSTOM_CLASS_<NAME>, goes on every device resource provider
    whose device matches all the conditions; a device profile requiring it
    (trait:CUSTOM_CLASS_<NAME>=required) asks for any such device.
    """

    ARGUMENTS = (
        common.arg(
            'name', metavar='NAME',
            help='Its name: letters, digits and underscores (stored in '
                 'upper case).'),
        common.arg(
            '--condition', metavar='"KEY OP VALUE"', action='append',
            help='A condition (repeat: all must hold): KEY is a device '
                 'fact (vendor, product, type, driver, host, health, '
                 'numa_node, firmware, resource_class, mig_profile, '
                 'vgpu_type, memory_mb, compute_capability, '
                 'driver_version, or any key the driver reports); OP is '
                 '==, !=, <, <=, >, >= or in (VALUE then a comma-separated '
                 'list).  E.g. "memory_mb>=40960".'),
        common.arg(
            '--selector', metavar='JSON',
            help='The conditions as the API takes them, instead of '
                 '--condition: [{"key": ..., "op": ..., "value": ...}].'),
        common.arg('--description', help='Its description.'),
        common.arg('--cleaning', metavar='off|on|STEP,STEP',
                   help=_CLEANING_HELP))

    def take_action(self, parsed_args):
        body = dict(name=parsed_args.name, selector=_selector(parsed_args),
                    **common.given(description=parsed_args.description,
                                   cleaning=parsed_args.cleaning))
        created = self.client.post('/device_classes', body)
        return common.one(created, DETAIL_COLUMNS)


class _ByName:
    """A command of one device class, its name first."""

    def arguments(self):
        return (common.arg('name', metavar='NAME', help='Its name.'),
                ) + super().arguments()


class UpdateDeviceClass(_ByName, common.ShowOne):
    """Change a device class's description or cleaning (API 2.4)."""

    ARGUMENTS = (
        common.arg('--description', help='Its description.'),
        common.arg('--cleaning', metavar='off|on|STEP,STEP|default',
                   help=_CLEANING_HELP + '  "default": each '
                   'driver\'s default again.'))

    def take_action(self, parsed_args):
        body = {}
        if parsed_args.description is not None:
            body['description'] = parsed_args.description
        if parsed_args.cleaning is not None:
            body['cleaning'] = (None if parsed_args.cleaning == 'default'
                                else parsed_args.cleaning)
        if not body:
            raise common.CommandError('Give --cleaning or --description.')
        updated = self.client.patch('/device_classes/' + parsed_args.name,
                                    body)
        return common.one(updated, DETAIL_COLUMNS)


class ListDeviceClasses(common.Lister):
    """List device classes."""

    def take_action(self, parsed_args):
        classes = self.client.get('/device_classes')['device_classes']
        return common.rows(classes, COLUMNS)


class ShowDeviceClass(_ByName, common.ShowOne):
    """Show a device class."""

    def take_action(self, parsed_args):
        shown = self.client.get('/device_classes/' + parsed_args.name)
        return common.one(shown, DETAIL_COLUMNS)


class DeleteDeviceClass(_ByName, common.Command):
    """Delete a device class: its trait leaves every provider."""

    def take_action(self, parsed_args):
        self.client.delete('/device_classes/' + parsed_args.name)
        self.progress('Deleted %s.', parsed_args.name)
