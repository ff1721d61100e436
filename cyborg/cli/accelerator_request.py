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
"""arq-*: accelerator requests (ARQs), as Nova makes and binds them."""

from cyborg.cli import common

# An ARQ shows every member the API answers with (those of the
# microversion asked); a table of them leaves these out.
DETAIL = ('device_health_reason', 'device_health_since',
          'device_utilization', 'device_idle_since', 'project_id',
          'attach_handle_uuid', 'created_at', 'updated_at')

# States after which a bind has ended, well or not.
RESOLVED = ('Bound', 'BindFailed', 'Unbound', 'Deleting')


def wait_resolved(client, uuids, timeout, progress):
    """The ARQs of *uuids*, polled until none is still binding."""
    def fetch():
        return [client.get('/accelerator_requests/' + u) for u in uuids]

    def done(arqs):
        pending = [a['uuid'] for a in arqs if a['state'] not in RESOLVED]
        if pending:
            progress('Waiting for %s to be bound...', ', '.join(pending))
        return not pending

    return common.poll(fetch, done, timeout, what='the bind')


WAIT = common.arg('--wait', action='store_true',
                  help='Wait until the bind is done (Bound or '
                       'BindFailed); see the global --timeout.')


class ListARQs(common.Lister):
    """List accelerator requests.

    An administrator sees those of every project.
    """

    ARGUMENTS = (common.arg('--instance', metavar='INSTANCE',
                            help='Only the ARQs of this instance (UUID).'),)

    def take_action(self, parsed_args):
        body = self.client.get('/accelerator_requests',
                               instance=parsed_args.instance)
        return self.members(body['arqs'], parsed_args, DETAIL)


class ShowARQ(common.ShowByUUID):
    """Show one accelerator request."""

    PATH, METAVAR = '/accelerator_requests', 'ARQ'
    WHAT = 'an accelerator request'


class CreateARQs(common.Lister):
    """Create the accelerator requests of a device profile.

    One per accelerator its groups ask for, in state Initial.
    """

    ARGUMENTS = (common.arg('--device-profile', metavar='NAME',
                            required=True, help='The device profile.'),)

    def take_action(self, parsed_args):
        body = self.client.post(
            '/accelerator_requests',
            {'device_profile_name': parsed_args.device_profile})
        return self.members(body['arqs'], parsed_args, DETAIL)


class BindARQ(common.ByUUID, common.ShowOne):
    """Bind an accelerator request to an instance.

    On a host, to a resource provider (the deployable Placement
    allocated), for an instance: what nova-compute does.
    """

    METAVAR, WHAT = 'ARQ', 'an accelerator request'

    ARGUMENTS = (
        common.arg('--host', required=True,
                   help='The instance\'s compute host.'),
        common.arg('--device-rp', metavar='RP_UUID', required=True,
                   help='The resource provider of the deployable.'),
        common.arg('--instance', metavar='INSTANCE', required=True,
                   help='The instance (UUID).'),
        WAIT)

    def take_action(self, parsed_args):
        uuid = self.uuid(parsed_args)
        values = {'hostname': parsed_args.host,
                  'device_rp_uuid': parsed_args.device_rp,
                  'instance_uuid': parsed_args.instance}
        self.client.patch('/accelerator_requests', {uuid: [
            {'op': 'add', 'path': '/' + key, 'value': value}
            for key, value in values.items()]})
        if parsed_args.wait:
            [arq] = wait_resolved(self.client, [uuid],
                                  self.app.options.timeout, self.progress)
            if arq['state'] != 'Bound':
                raise common.CommandError('The bind of %s ended %s.' % (
                    uuid, arq['state']))
        else:
            arq = self.client.get('/accelerator_requests/' + uuid)
        return common.one(arq, common.member_columns([arq]))


class UnbindARQ(common.ByUUID, common.Command):
    """Unbind an accelerator request from its instance."""

    METAVAR, WHAT = 'ARQ', 'an accelerator request'

    def take_action(self, parsed_args):
        uuid = self.uuid(parsed_args)
        self.client.patch('/accelerator_requests', {uuid: [
            {'op': 'remove', 'path': '/' + key} for key in
            ('hostname', 'device_rp_uuid', 'instance_uuid')]})
        self.progress('Accelerator request %s unbound.', uuid)


class DeleteARQs(common.DeleteByUUIDs):
    """Delete accelerator requests."""

    METAVAR, WHAT = 'ARQ', 'an accelerator request'

    def delete(self, uuids):
        self.client.delete('/accelerator_requests', arqs=','.join(uuids))
