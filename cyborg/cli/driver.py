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
"""driver-list, driver-show, install-, update- and uninstall-driver.
"""

from oslo_utils import uuidutils

from cyborg.cli import common

COLUMNS = common.field_columns('uuid', 'host', 'name', 'status',
                               'device_types', 'devices', 'source', 'state',
                               'config')
DETAIL_COLUMNS = common.field_columns(
    'uuid', 'host', 'name', 'status', 'detail', 'version', 'device_types',
    'devices', 'source', 'state', 'config', 'created_at', 'updated_at')

_CONFIG_HELP = ('An option of the driver as GROUP.OPTION=VALUE (JSON '
                'values keep their type; repeat an option for a list, '
                'repeat --config for several options).')


class ListDrivers(common.FilteredLister):
    """List the drivers of every host (or of one)."""

    PATH, KEY, COLUMNS = '/drivers', 'drivers', COLUMNS
    FILTERS = (
        ('--host', 'host', {'help': 'Only the drivers of HOST.'}),
        ('--name', 'name', {'help': 'Only the drivers named NAME.'}),
        ('--status', 'status', {'choices': ['READY', 'ERROR', 'DISABLED'],
                                'help': 'Only the drivers in this status.'}))


class ShowDriver(common.ShowByUUID):
    """Show one driver of a host."""

    PATH, WHAT, METAVAR = '/drivers', 'a driver', 'ID'
    HELP = 'The driver\'s UUID (see driver-list).'
    COLUMNS = DETAIL_COLUMNS


def discover(command, rows):
    """Have the hosts of *rows* discover now; the records read again
    (with the ``devices`` found), a host that could not discover named.
    """
    hosts = sorted({row['host'] for row in rows})
    name = rows[0]['name']
    command.progress('Discovering the devices of %s on %s...', name,
                     ', '.join(hosts))
    # One host: only this driver; several: one fan-out to every agent up.
    body = {'host': hosts[0], 'driver': name} if len(hosts) == 1 else None
    try:
        outcome = {h['host']: h for h in command.client.post(
            '/discovery', body)['hosts']}
    except common.APIError as exc:
        outcome = {hosts[0]: {'status': 'error', 'error': str(exc)}}
    for host in hosts:
        result = outcome.get(host)
        if result is None:
            command.progress('%s: not discovered (its agent is down); its '
                             'devices show once it reports.', host)
        elif result['status'] == 'pending':
            command.progress('%s: still discovering; its devices show once '
                             'its agent reports.', host)
        elif result['status'] != 'ok':
            command.progress('%s: discovery failed (%s); its devices show '
                             'once its agent reports.', host,
                             result['error'])
    now = {d['uuid']: d for d in command.client.get(
        '/drivers', name=name, host=hosts[0] if len(hosts) == 1 else None
    )['drivers']}
    return [now.get(row['uuid'], row) for row in rows]


class InstallDriver(common.Lister):
    """Install (enable) a driver on one host or on all.

    The agents load it and discover its devices before the answer.
    """

    ARGUMENTS = (
        common.arg('name', metavar='NAME',
                   help='A registered driver (e.g. generic).'),
        common.arg('--host', help='Only on HOST (default: every host with '
                                  'an agent).'),
        common.arg('--config', metavar='GROUP.OPTION=VALUE',
                   action='append', default=[], help=_CONFIG_HELP))

    def take_action(self, parsed_args):
        body = dict(name=parsed_args.name, **common.given(
            host=parsed_args.host,
            config=common.driver_config(parsed_args.config)))
        self.progress('Installing %s on %s...', parsed_args.name,
                      parsed_args.host or 'every host')
        result = self.client.post('/drivers', body)
        return common.rows(discover(self, result['drivers']), COLUMNS)


class UpdateDriver(common.ByUUID, common.ShowOne):
    """Replace a driver's configuration; its host rediscovers."""

    METAVAR, WHAT, HELP = 'ID', 'a driver', ShowDriver.HELP

    ARGUMENTS = (common.arg('--config', metavar='GROUP.OPTION=VALUE',
                            action='append', required=True,
                            help=_CONFIG_HELP + ' The options not given '
                                 'go back to their defaults.'),)

    def take_action(self, parsed_args):
        uuid = self.uuid(parsed_args)
        result = self.client.patch(
            '/drivers/' + uuid,
            {'config': common.driver_config(parsed_args.config)})
        [result] = discover(self, [result])
        return common.one(result, DETAIL_COLUMNS)


class UninstallDriver(common.Command):
    """Uninstall a driver; its devices leave Cyborg and Placement.

    DRIVER is one host's driver (its UUID), or a name: that driver on
    every host (or on --host).  One of an agent's configuration file stays
    unloaded across restarts until install-driver.  Refused while its
    devices are bound, unless --force, which unbinds them first.
    """

    ARGUMENTS = (
        common.arg('driver', metavar='DRIVER',
                   help='The driver\'s UUID (see driver-list), or its '
                        'name.'),
        common.arg('--host', help='With a name: only on HOST.'),
        common.arg('--force', action='store_true',
                   help='Unbind the devices in use first.'))

    def take_action(self, parsed_args):
        if uuidutils.is_uuid_like(parsed_args.driver):
            if parsed_args.host:
                raise common.CommandError('--host goes with a name, not a '
                                          'UUID.')
            uuids = [parsed_args.driver]
        else:
            drivers = self.client.get('/drivers', name=parsed_args.driver,
                                      host=parsed_args.host)['drivers']
            uuids = [d['uuid'] for d in drivers
                     if d.get('state') != 'uninstalled']
            if not uuids:
                raise common.CommandError(
                    'No host has driver %s installed%s.' % (
                        parsed_args.driver,
                        ' on ' + parsed_args.host if parsed_args.host
                        else ''))
        for uuid in uuids:
            self.client.delete('/drivers/' + uuid,
                               force='true' if parsed_args.force else None)
            self.progress('Driver %s uninstalled.', uuid)
