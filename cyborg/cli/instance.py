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
"""attach-instance, detach-instance: the seeds' verbs (2.5).

One call allocates a device profile's accelerators on the instance's
host, creates its ARQs and binds them (Nova hears of each bind); another
unbinds and deletes them all.
"""

from cyborg.cli import accelerator_request as arq
from cyborg.cli import common


class AttachInstance(common.Lister):
    """Attach a device profile's accelerators to an instance."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('instance', metavar='INSTANCE',
                            help='The instance (UUID).')
        parser.add_argument('--device-profile', metavar='NAME',
                            required=True, help='The device profile.')
        parser.add_argument('--host', required=True,
                            help='The instance\'s compute host.')
        parser.add_argument('--project', metavar='PROJECT_ID',
                            help='The instance\'s project (default: '
                                 'yours).')
        arq.add_wait(parser)
        return parser

    def take_action(self, parsed_args):
        instance = common.check_uuid(parsed_args.instance, 'an instance')
        body = {'device_profile_name': parsed_args.device_profile,
                'hostname': parsed_args.host}
        if parsed_args.project:
            body['project_id'] = parsed_args.project
        result = self.client.post('/instances/%s/accelerators' % instance,
                                  body)['arqs']
        if parsed_args.wait:
            result = arq.wait_resolved(
                self.client, [a['uuid'] for a in result],
                self.app.options.timeout, self.progress)
            failed = [a['uuid'] for a in result if a['state'] != 'Bound']
            if failed:
                raise common.CommandError('The bind of %s failed.' %
                                          ', '.join(failed))
        return common.rows(result, arq.COLUMNS)


class DetachInstance(common.Command):
    """Detach every accelerator of an instance.

    Its accelerator requests are unbound and deleted.
    """

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('instance', metavar='INSTANCE',
                            help='The instance (UUID).')
        return parser

    def take_action(self, parsed_args):
        instance = common.check_uuid(parsed_args.instance, 'an instance')
        self.client.delete('/instances/%s/accelerators' % instance)
        self.progress('Accelerators of instance %s detached.', instance)
