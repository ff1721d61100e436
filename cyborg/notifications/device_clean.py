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
"""Notifications of a device's clean between two tenants
(cyborg.conductor.devices.cleaning): handed to its agent (start), done
(end), failed or timed out (error: the device is held).
"""

from cyborg import notifications
from cyborg.notifications import base

fields = base.fields

START = 'device.clean.start'
END = 'device.clean.end'
ERROR = 'device.clean.error'


@base.register
class DeviceCleanPayload(base.NotificationPayload):
    """A device's clean.

    Version history:

    * 1.0: initial version.
    """

    VERSION = '1.0'
    EVENTS = {START: None, END: None, ERROR: 'ERROR'}

    fields = {
        'device_uuid': fields.UUIDField(),
        'hostname': fields.StringField(),
        'driver_name': fields.StringField(nullable=True),
        # cleaning, clean_failed, or None (clean).
        'state': fields.StringField(nullable=True),
        'started_at': fields.DateTimeField(nullable=True),
        'reason': fields.StringField(nullable=True),
    }


@notifications.safe
def send(context, event_type, device):
    """One notification of a device's clean (its state as of the event)."""
    notifications.notify(context, event_type,
                         DeviceCleanPayload.from_values(device))
