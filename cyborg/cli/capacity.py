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
"""capacity: accelerators free, bound and reserved, per host and in total,
or those of a device class.
"""

from cyborg.cli import common

# The row of the sums over the hosts.
TOTAL = '(total)'

# Hosts per request (the API's largest page).
PAGE = 1000

COLUMNS = common.field_columns(
    'host', 'agent', 'resource_class', 'total', 'free', 'bound', 'reserved',
    'reserved_because')


class ReasonsColumn(common.JSONColumn):
    """Reasons: those that hold in a table, every one in json/yaml."""

    def human_readable(self):
        return ', '.join('%s=%d' % (reason, count)
                         for reason, count in self._value.items() if count)


def capacity_rows(body):
    """One row per host and resource class, then the totals' rows."""
    items = []
    for host in body['hosts']:
        for entry in host['resource_classes']:
            items.append(dict(entry, host=host['host'], agent=host['agent']))
    for entry in body['total']['resource_classes']:
        items.append(dict(entry, host=TOTAL, agent=''))
    titles = tuple(title for title, _key in COLUMNS)
    return titles, [
        tuple(ReasonsColumn(item[key]) if key == 'reserved_because'
              else item[key] for _title, key in COLUMNS)
        for item in items]


class ShowCapacity(common.Lister):
    """Show how many accelerators are free, bound and reserved.

    One row per host and resource class, then the totals (host
    "(total)"); reserved ones are out of scheduling, for the reasons shown.
    """

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('--host', help='Only the accelerators of HOST.')
        parser.add_argument(
            '--resource-class', metavar='RESOURCE_CLASS',
            help='Only those of this resource class (FPGA, PGPU, '
                 'CUSTOM_...).')
        parser.add_argument('--driver',
                            help='Only those of this driver.')
        parser.add_argument(
            '--device-class', metavar='NAME',
            help='Only those of deployables of this device class (whose '
                 'resource provider was last published with its '
                 'trait).')
        return parser

    def _pages(self, filters):
        hosts, marker = [], None
        while True:
            body = self.client.get('/capacity', limit=PAGE, marker=marker,
                                   **filters)
            hosts.extend(body['hosts'])
            if 'next' not in body:
                return {'hosts': hosts, 'total': body['total']}
            marker = body['hosts'][-1]['host']

    def take_action(self, parsed_args):
        filters = {'host': parsed_args.host,
                   'resource_class': parsed_args.resource_class,
                   'driver': parsed_args.driver,
                   'device_class': parsed_args.device_class}
        body = self._pages(filters)
        if not body['hosts']:
            # An empty table would say nothing at all.
            self.progress('No accelerator matches (no host has attach '
                          'handles of that host, resource class, driver '
                          'or device class).')
        return capacity_rows(body)
