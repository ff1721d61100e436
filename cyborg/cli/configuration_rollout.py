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
"""rollout-*: a desired configuration rolled out to every device of a
device class, a few devices at a time (API 2.4, administrators).
"""

from cyborg.cli import common
from cyborg.cli import device

COLLECTION = '/configuration_rollouts'
COLUMNS = common.field_columns('uuid', 'device_class', 'state', 'desired',
                               'max_unavailable', 'progress')
# The API's "unavailable" is the budget, max_unavailable as a number of
# devices, not how many are out of service (that is in progress).
DETAIL_COLUMNS = COLUMNS + (
    ('max_unavailable_devices', 'unavailable'),) + common.field_columns(
    'drain', 'max_failures', 'follow', 'reason', 'failed_devices',
    'skipped_devices', 'created_at', 'updated_at')


class _ByRollout(common.ByUUID):
    METAVAR, WHAT = 'ROLLOUT', 'a rollout'

    def url(self, parsed_args, *parts):
        return '/'.join((COLLECTION, self.uuid(parsed_args)) + parts)


class CreateRollout(common.ShowOne):
    """Roll a configuration out to a device class.

    The desired configuration is judged first for every device of the
    class, as device-configure judges one: a configuration one of them
    cannot take is refused, naming it.
    The conductor then sets it device by device, never holding more than
    --max-unavailable of them out of service; rollout-show shows how it
    goes.
    """

    ARGUMENTS = (
        common.arg('device_class', metavar='DEVICE_CLASS',
                   help='The device class (device-class-list).'),
        common.arg(
            '--set', metavar='FIELD=VALUE', action='append',
            dest='settings', required=True,
            help='A field of the desired configuration (repeat for more), '
                 'as device-configure takes it: --set num_vfs=8.'),
        common.arg(
            '--max-unavailable', metavar='N|N%', required=True,
            help='Devices out of service at once: a count (1) or a '
                 "percentage of the class's devices (5%%)."),
        common.arg(
            '--drain', action='store_true',
            help='Wait for the instances holding a device to go (it is '
                 'not scheduled meanwhile) instead of skipping it and '
                 'coming back to it.'),
        common.arg(
            '--max-failures', metavar='N', type=int, default=0,
            help='Failed devices tolerated before the rollout pauses '
                 '(default 0: the first failure pauses it).'),
        common.arg(
            '--follow', action='store_true',
            help='Also configure the devices that join the class later; '
                 'the rollout then runs until it is aborted.'))

    def take_action(self, parsed_args):
        body = {'device_class': parsed_args.device_class,
                'desired': device.parse_settings(parsed_args.settings),
                'max_unavailable': _count(parsed_args.max_unavailable),
                'drain': parsed_args.drain,
                'max_failures': parsed_args.max_failures,
                'follow': parsed_args.follow}
        return common.one(self.client.post(COLLECTION, body),
                          DETAIL_COLUMNS)


def _count(text):
    """--max-unavailable as the API takes it: a count written 1.0 or 1e0
    is 1, as in JSON; anything else goes as written, for the API to judge.
    """
    try:
        number = float(text)
    except ValueError:
        return text
    return str(int(number)) if number.is_integer() else text


class ListRollouts(common.FilteredLister):
    """List configuration rollouts and their progress."""

    PATH, KEY, COLUMNS = COLLECTION, 'configuration_rollouts', COLUMNS
    FILTERS = (('--state', 'state', {
        'choices': ('running', 'paused', 'aborted', 'completed'),
        'help': 'Only the rollouts in this state.'}),)


class ShowRollout(common.ShowByUUID):
    """Show a rollout, its progress and its failed devices.

    The devices that failed or were skipped are listed with their
    reasons.
    """

    PATH, WHAT, METAVAR = COLLECTION, 'a rollout', 'ROLLOUT'
    COLUMNS = DETAIL_COLUMNS


def _action(name, doc):
    class Action(_ByRollout, common.ShowOne):
        __doc__ = doc

        def take_action(self, parsed_args):
            return common.one(self.client.post(self.url(parsed_args, name)),
                              DETAIL_COLUMNS)
    return Action


PauseRollout = _action('pause', 'Start no more devices of a rollout (those '
                       'started go on).')
ResumeRollout = _action('resume', 'Run a paused rollout again.\n\n'
                        'Its failed devices must be forgotten first.')


class AbortRollout(_ByRollout, common.ShowOne):
    """Stop a rollout for good.

    The devices it changed keep their configuration (listed as changed),
    the others are left as they are.
    """

    def take_action(self, parsed_args):
        body = self.client.post(self.url(parsed_args, 'abort'))
        titles, values = common.one(body['configuration_rollout'],
                                    DETAIL_COLUMNS)
        return titles + ('changed',), values + (
            common.cell(body['changed']),)


class ForgetRolloutDevice(_ByRollout, common.Command):
    """Forget a device of a rollout.

    The rollout no longer holds it nor counts its failure;
    device-configure works on it again.
    """

    ARGUMENTS = (common.arg('device', metavar='DEVICE', help='Its UUID.'),)

    def take_action(self, parsed_args):
        device_uuid = common.check_uuid(parsed_args.device, 'a device')
        self.client.delete(self.url(parsed_args, 'devices', device_uuid))
        self.progress('Forgot %s.', device_uuid)
