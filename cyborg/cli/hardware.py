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
"""hardware-list: what the agents found, per host (seed 002)."""

from cyborg.cli import common

COLUMNS = common.field_columns(
    'host', 'agent_status', 'driver', 'type', 'address', 'vendor', 'product',
    'state', 'reboot_required') + (('accelerators', 'num'),
                                   ('acc_capability', 'acc_capability'),
                                   # Its device's clean state:
                                   # cleaning, clean_failed or -.
                                   ('cleaning', 'cleaning'))


def hardware_rows(hosts):
    """One row per device; a host without any has one row of its own."""
    items = []
    for host in hosts:
        records = host.get('hardware') or [{}]
        for record in records:
            specs = record.get('acc_specs') or {}
            status = record.get('acc_status') or {}
            items.append(dict(
                {key: record.get(key) for key in (
                    'driver', 'type', 'address', 'vendor', 'product')},
                host=host['host'], agent_status=host['agent_status'],
                state=status.get('state'),
                reboot_required=status.get('reboot_required'),
                num=specs.get('num'),
                acc_capability=specs.get('acc_capability'),
                cleaning=record.get('cleaning') or '-'))
    return items


class ListHardware(common.Lister):
    """List each host's devices as its drivers reported them."""

    ARGUMENTS = (common.arg('--host', help='Only the devices of HOST.'),)

    def take_action(self, parsed_args):
        if parsed_args.host:
            hosts = [self.client.get('/hosts/%s/hardware' %
                                     parsed_args.host)]
        else:
            hosts = self.client.get('/hardware')['hosts']
        return common.rows(hardware_rows(hosts), COLUMNS)
