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
    items = [dict(entry, host=host['host'], agent=host['agent'])
             for host in body['hosts'] for entry in host['resource_classes']]
    items += [dict(entry, host=TOTAL, agent='')
              for entry in body['total']['resource_classes']]
    return common.rows([dict(item, reserved_because=ReasonsColumn(
        item['reserved_because'])) for item in items], COLUMNS)


class ShowCapacity(common.Lister):
    """Show how many accelerators are free, bound and reserved.

    One row per host and resource class, then the totals (host
    "(total)"); reserved ones are out of scheduling, for the reasons shown.
    """

    ARGUMENTS = (
        common.arg('--host', help='Only the accelerators of HOST.'),
        common.arg('--resource-class', metavar='RESOURCE_CLASS',
                   help='Only those of this resource class (FPGA, PGPU, '
                        'CUSTOM_...).'),
        common.arg('--driver', help='Only those of this driver.'),
        common.arg('--device-class', metavar='NAME',
                   help='Only those of deployables of this device class '
                        '(whose resource provider was last published with '
                        'its trait).'))

    def take_action(self, parsed_args):
        hosts, last = common.pages(lambda marker: self.client.get(
            '/capacity', limit=PAGE, marker=marker, host=parsed_args.host,
            resource_class=parsed_args.resource_class,
            driver=parsed_args.driver,
            device_class=parsed_args.device_class), 'hosts', 'host')
        body = {'hosts': hosts, 'total': last['total']}
        if not hosts:
            # An empty table would say nothing at all.
            self.progress('No accelerator matches (no host has attach '
                          'handles of that host, resource class, driver '
                          'or device class).')
        return capacity_rows(body)
