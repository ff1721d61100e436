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
"""attribute-*: the key/value attributes of deployables."""

from oslo_utils import uuidutils

from cyborg.cli import common

COLUMNS = common.field_columns('uuid', 'deployable_id', 'key', 'value')
DETAIL_COLUMNS = COLUMNS + common.field_columns('created_at', 'updated_at')


def _deployable_id(value):
    """A deployable's UUID, or its id (a positive integer, as
    ``attribute-list`` shows).
    """
    if uuidutils.is_uuid_like(value):
        return value
    if not value.isdigit() or int(value) < 1:
        raise common.CommandError(
            '%s is not a deployable UUID or id (a positive integer, the '
            'deployable_id attribute-list shows).' % value)
    return int(value)


class ListAttributes(common.Lister):
    """List the attributes of deployables."""

    ARGUMENTS = (
        common.arg('--deployable-id', '--deployable', metavar='DEPLOYABLE',
                   help='Only the attributes of this deployable: its UUID '
                        '(or its id, as attribute-list shows it).'),
        common.arg('--key', help='Only the attributes KEY.'))

    def take_action(self, parsed_args):
        deployable = parsed_args.deployable_id
        body = self.client.get(
            '/attributes', key=parsed_args.key,
            deployable_id=(_deployable_id(deployable)
                           if deployable is not None else None))
        return common.rows(body['attributes'], COLUMNS)


class ShowAttribute(common.ShowByUUID):
    """Show one attribute."""

    PATH, WHAT, METAVAR = '/attributes', 'an attribute', 'ATTRIBUTE'
    COLUMNS = DETAIL_COLUMNS


class CreateAttribute(common.ShowOne):
    """Add an attribute to a deployable."""

    ARGUMENTS = (
        common.arg('deployable_id', metavar='DEPLOYABLE',
                   help='The deployable\'s UUID (or its id, as '
                        'attribute-list shows it).'),
        common.arg('key', metavar='KEY', help='Its key.'),
        common.arg('value', metavar='VALUE', help='Its value.'))

    def take_action(self, parsed_args):
        body = self.client.post('/attributes', {
            'deployable_id': _deployable_id(parsed_args.deployable_id),
            'key': parsed_args.key, 'value': parsed_args.value})
        return common.one(body, DETAIL_COLUMNS)


class DeleteAttributes(common.DeleteByUUIDs):
    """Delete attributes."""

    PATH, WHAT, METAVAR = '/attributes', 'an attribute', 'ATTRIBUTE'
