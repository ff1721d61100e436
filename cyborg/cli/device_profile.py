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
"""device-profile-*: what an instance asks for (Nova flavors name one)."""

from oslo_utils import uuidutils

from cyborg.cli import common

COLUMNS = common.field_columns('uuid', 'name', 'description', 'groups')
DETAIL_COLUMNS = COLUMNS + common.field_columns('created_at', 'updated_at')


def parse_group(text):
    """``KEY=VALUE[,KEY=VALUE...]`` as one request group."""
    group = {}
    for pair in text.split(','):
        key, sep, value = pair.strip().partition('=')
        if not sep or not key:
            raise common.CommandError(
                '--group takes KEY=VALUE[,KEY=VALUE...] (e.g. '
                'resources:FPGA=1,trait:CUSTOM_FAKE_DEVICE=required), not '
                '%r.' % text)
        group[key] = value
    return group


class CreateDeviceProfile(common.ShowOne):
    """Create a device profile."""

    ARGUMENTS = (
        common.arg('name', metavar='NAME', help='Its name.'),
        common.arg(
            '--group', metavar='KEY=VALUE[,KEY=VALUE...]', action='append',
            required=True,
            help='A request group (repeat for several): resources:RC=N, '
                 'trait:TRAIT=required|forbidden, accel:KEY=VALUE.'),
        common.arg('--description', help='Its description.'))

    def take_action(self, parsed_args):
        profile = dict(name=parsed_args.name,
                       groups=[parse_group(g) for g in parsed_args.group],
                       **common.given(description=parsed_args.description))
        return common.one(self.client.post('/device_profiles', [profile]),
                          DETAIL_COLUMNS)


class ListDeviceProfiles(common.Lister):
    """List device profiles."""

    ARGUMENTS = (common.arg('--name', action='append',
                            help='Only the profile NAME (repeatable).'),)

    def take_action(self, parsed_args):
        names = ','.join(parsed_args.name) if parsed_args.name else None
        body = self.client.get('/device_profiles', name=names)
        return common.rows(body['device_profiles'], COLUMNS)


class ShowDeviceProfile(common.ShowOne):
    """Show a device profile."""

    ARGUMENTS = (common.arg('profile', metavar='PROFILE',
                            help='Its name or UUID.'),)

    def take_action(self, parsed_args):
        body = self.client.get('/device_profiles/' + parsed_args.profile)
        return common.one(body['device_profile'], DETAIL_COLUMNS)


class DeleteDeviceProfiles(common.Command):
    """Delete device profiles (refused while an ARQ uses one)."""

    ARGUMENTS = (common.arg('profiles', metavar='PROFILE', nargs='+',
                            help='Their names or UUIDs.'),)

    def take_action(self, parsed_args):
        profiles = parsed_args.profiles
        if len(profiles) == 1 and uuidutils.is_uuid_like(profiles[0]):
            self.client.delete('/device_profiles/' + profiles[0])
        else:
            self.client.delete('/device_profiles', value=','.join(profiles))
        self.progress('Deleted %s.', ', '.join(profiles))
