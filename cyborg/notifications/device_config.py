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
"""Notifications of a device's configuration: stored (start), applied
(end), failed (error), and drift.
"""

from oslo_serialization import jsonutils

from cyborg import notifications
from cyborg.notifications import base

fields = base.fields

START = 'device.configure.start'
END = 'device.configure.end'
ERROR = 'device.configure.error'
DRIFT = 'device.configure.drift'


@base.register
class DeviceConfigPayload(base.NotificationPayload):
    """A device's configuration."""

    VERSION = '1.0'
    EVENTS = {START: None, END: None, ERROR: 'ERROR', DRIFT: 'WARN'}

    fields = {
        'device_uuid': fields.UUIDField(),
        'hostname': fields.StringField(),
        # {field: value} (cyborg.common.device_config), as JSON text.
        'desired': fields.StringField(),
        'generation': fields.IntegerField(),
        # cyborg.common.device_config.STATES
        'state': fields.StringField(),
        'reason': fields.StringField(nullable=True),
        'drain': fields.BooleanField(),
    }

    @classmethod
    def from_values(cls, values):
        desired = values.get('desired')
        if not isinstance(desired, str):
            desired = jsonutils.dumps(desired or {}, sort_keys=True)
        return super().from_values(dict(values, desired=desired))


@notifications.safe
def send(context, event_type, config):
    notifications.notify(context, event_type,
                         DeviceConfigPayload.from_values(config))
