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
"""discover-services: make the agents discover their devices now."""

from cliff import columns

from cyborg import servicegroup
from cyborg.cli import common

COLUMNS = common.field_columns('host', 'status', 'state', 'added', 'changed',
                               'removed', 'drivers', 'error')


def _names(items):
    """Devices (``driver address``) or drivers (``name (N devices)``)."""
    names = []
    for item in items or []:
        if 'address' in item:
            names.append('%s %s' % (item.get('driver'), item['address']))
        else:
            names.append('%s (%s devices)' % (item.get('name'),
                                              item.get('devices')))
    return ', '.join(names)


class _Names(columns.FormattableColumn):
    """Devices or drivers: short text in a table, a list in json/yaml."""

    def human_readable(self):
        return _names(self._value)

    def machine_readable(self):
        return list(self._value or [])


class DiscoverServices(common.Lister):
    """Run discovery now on one host or on every agent.

    Exits 1 when a discovery failed or an agent is unreachable.
    """

    ARGUMENTS = (common.arg('--host', help='Only the agent of HOST.'),
                 common.arg('--driver',
                            help='Only this driver (needs --host).'))

    def take_action(self, parsed_args):
        body = {}
        if parsed_args.host:
            body['host'] = parsed_args.host
            hosts = [parsed_args.host]
        else:
            hosts = sorted({s['host'] for s in self.client.get(
                '/services', binary=servicegroup.AGENT)['services']})
        if parsed_args.driver:
            if not parsed_args.host:
                raise common.CommandError('--driver needs --host.')
            body['driver'] = parsed_args.driver
        self.progress('Asking %d host(s) to discover: %s', len(hosts),
                        ', '.join(hosts) or '(no agent is registered)')
        result = self.client.post('/discovery', body or None)
        items = []
        for host in result['hosts']:
            self.progress('%s: %s', host['host'], host['state'])
            items.append(dict(host, **{
                key: _Names(host.get(key))
                for key in ('added', 'changed', 'removed', 'drivers')}))
        self.failed = [h['host'] for h in items if h['status'] == 'error']
        self.pending = [h['host'] for h in items
                        if h['status'] == 'pending']
        return common.rows(items, COLUMNS)

    def run(self, parsed_args):
        self.failed = []
        self.pending = []
        result = super().run(parsed_args)
        if self.pending:
            self.progress('Still discovering on: %s (run the command again '
                          'to see the outcome)', ', '.join(self.pending))
        if self.failed:
            self.progress('Discovery failed on: %s',
                            ', '.join(self.failed))
            return 1
        return result
