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
"""deployable-*: the schedulable units of devices, and programming."""

from cyborg.cli import common

COLUMNS = common.field_columns('uuid', 'name', 'num_accelerators',
                               'driver_name', 'rp_uuid', 'bitstream_id')
DETAIL_COLUMNS = COLUMNS + common.field_columns(
    'device_id', 'parent_id', 'root_id', 'attributes_list', 'created_at',
    'updated_at')


class ListDeployables(common.FilteredLister):
    """List deployables."""

    PATH, KEY, COLUMNS = '/deployables', 'deployables', COLUMNS
    FILTERS = (
        ('--name', 'name', {'help': 'Only the deployable NAME.'}),
        ('--driver', 'driver_name',
         {'help': 'Only the deployables of this driver.'}),
        ('--rp', 'rp_uuid', {'metavar': 'RP_UUID', 'help': 'Only the '
                             'deployable of this resource provider.'}))


class ShowDeployable(common.ShowByUUID):
    """Show one deployable."""

    PATH, WHAT, METAVAR = '/deployables', 'a deployable', 'DEPLOYABLE'
    COLUMNS = DETAIL_COLUMNS


class ProgramDeployable(common.ByUUID, common.ShowOne):
    """Program a deployable's FPGA with an image.

    The bitstream is in the agent's image cache or in Glance.  --wait
    polls the deployable until it reports the image as loaded.
    """

    METAVAR, WHAT = 'DEPLOYABLE', 'a deployable'

    ARGUMENTS = (
        common.arg('--image', metavar='IMAGE', required=True,
                   help='The bitstream\'s image UUID.'),
        common.arg('--wait', action='store_true',
                   help='Wait until the deployable shows the image (see '
                        'the global --timeout).'))

    def take_action(self, parsed_args):
        uuid = self.uuid(parsed_args)
        image = common.check_uuid(parsed_args.image, 'an image')
        self.progress('Programming %s with image %s...', uuid, image)
        result = self.client.patch(
            '/deployables/%s/program' % uuid,
            [{'path': '/program', 'op': 'replace',
              'value': [{'image_uuid': image}]}])
        if parsed_args.wait:
            def done(deployable):
                if deployable['bitstream_id'] == image:
                    return True
                self.progress('Waiting for %s to show image %s...',
                                uuid, image)
                return False

            result = common.poll(
                lambda: self.client.get('/deployables/' + uuid), done,
                self.app.options.timeout, what='the programming')
            self.progress('Programmed.')
        return common.one(result, DETAIL_COLUMNS)
