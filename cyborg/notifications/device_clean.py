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
"""Notifications of a device's clean between two tenants, or of one
unit of it (cyborg.conductor.devices.cleaning): handed to its agent
(start), done (end), failed or timed out (error: held), aborted by an
administrator (abort: held), released uncleaned (release).
"""

from cyborg import notifications
from cyborg.notifications import base

fields = base.fields

START = 'device.clean.start'
END = 'device.clean.end'
ERROR = 'device.clean.error'
ABORT = 'device.clean.abort'
RELEASE = 'device.clean.release'


@base.register
class DeviceCleanPayload(base.NotificationPayload):
    """One clean of a device or of a unit of it.

    Version history:

    * 1.0: initial version.
    """

    VERSION = '1.0'
    EVENTS = {START: None, END: None, ERROR: 'ERROR', ABORT: 'WARN',
              RELEASE: 'WARN'}

    fields = {
        'device_uuid': fields.UUIDField(),
        'hostname': fields.StringField(),
        'driver_name': fields.StringField(nullable=True),
        # Its generation (device_cleanings.id).
        'generation': fields.IntegerField(),
        # The unit's attach_info (JSON text), or None: the whole device.
        'unit': fields.StringField(nullable=True),
        # cyborg.common.cleaning.STATES
        'state': fields.StringField(),
        'started_at': fields.DateTimeField(nullable=True),
        'ended_at': fields.DateTimeField(nullable=True),
        'reason': fields.StringField(nullable=True),
        # The administrator who released or aborted it.
        'ended_by': fields.StringField(nullable=True),
    }


@notifications.safe
def send(context, event_type, clean):
    """One notification of a clean (a device_cleanings row), as it is."""
    notifications.notify(context, event_type, DeviceCleanPayload.from_values(
        dict(clean, generation=clean['id'], started_at=clean['handed_at'])))
