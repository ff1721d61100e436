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
"""device-telemetry: the latest telemetry sample of a device, or of the
device behind an accelerator request (microversion 2.4).
"""

from cyborg.cli import common
from cyborg.common import telemetry

COLUMNS = common.field_columns(
    'device_uuid', 'hostname', 'driver', 'read_at', 'reported_at',
    'stale_reason', 'idle_since')


class ShowTelemetry(common.ByUUID, common.ShowOne):
    """Show the latest telemetry of a device (or an ARQ's device).

    Any device for administrators; with --arq, the device of an
    accelerator request of your project.  STALE_REASON: why the last read
    failed.  Prometheus keeps the series (admin guide, telemetry).
    """

    METAVAR = 'DEVICE'
    HELP = "The device's UUID (with --arq: the accelerator request's)."

    ARGUMENTS = (common.arg('--arq', action='store_true',
                            help='UUID names an accelerator request: show '
                                 'the telemetry of its device.'),)

    def take_action(self, parsed_args):
        what, path = (('an accelerator request', '/accelerator_requests')
                      if parsed_args.arq else ('a device', '/devices'))
        body = self.client.get('%s/%s/telemetry' % (
            path, common.check_uuid(parsed_args.uuid, what)))
        values = body.get('values') or {}
        shown = dict(body, **values)
        # The fields of the sample, in their order, those it has.
        fields = [f for f in telemetry.FIELDS if f in values]
        return common.one(shown, COLUMNS + common.field_columns(*fields))
