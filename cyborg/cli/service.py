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
"""service-list: the Cyborg services and whether they are up."""

from cyborg import servicegroup
from cyborg.cli import common

COLUMNS = common.field_columns('uuid', 'host', 'binary', 'status',
                               'version', 'last_seen_up', 'started_at')


class ListServices(common.Lister):
    """List the api, conductor and agent services.

    A service is down when its last heartbeat is older than the API's
    [DEFAULT] service_down_time.
    """

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('--host', help='Only the services of HOST.')
        parser.add_argument(
            '--binary',
            choices=servicegroup.BINARIES,
            help='Only the services of this binary.')
        parser.add_argument('--status',
                            choices=[servicegroup.UP, servicegroup.DOWN],
                            help='Only the services up (or down).')
        return parser

    def take_action(self, parsed_args):
        body = self.client.get('/services', host=parsed_args.host,
                               binary=parsed_args.binary,
                               status=parsed_args.status)
        return common.rows(body['services'], COLUMNS)
