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
"""Notifications of devices: create, update, delete."""

from cyborg import notifications
from cyborg.common import health_states
from cyborg.notifications import base

fields = base.fields

CREATE = 'device.create'
UPDATE = 'device.update'
DELETE = 'device.delete'


@base.register
class DevicePayload(base.NotificationPayload):
    """A device of a host.

    Version history:

    * 1.0: initial version.
    * 1.1: health, health_reason, health_since (device health).
    * 1.2: instance_uuids (the instances bound to the device, on a
      health change).
    """

    VERSION = '1.2'
    EVENTS = {CREATE: None, UPDATE: None, DELETE: None}

    fields = {
        'uuid': fields.UUIDField(),
        'type': fields.StringField(),
        'vendor': fields.StringField(nullable=True),
        'model': fields.StringField(nullable=True),
        'hostname': fields.StringField(),
        'driver_name': fields.StringField(nullable=True),
        # healthy, unhealthy, recovering or driver_error
        # (cyborg.conductor.devices.health);
        # the reason and since when, null while healthy.
        'health': fields.StringField(),
        'health_reason': fields.StringField(nullable=True),
        'health_since': fields.DateTimeField(nullable=True),
        # The fields an update changed (empty for create and delete).
        'changed': fields.ListOfStringsField(),
        # On a health change, the instances whose accelerator requests
        # hold the device (bound, or binding), sorted, for HA and
        # automation tools to act on; null on other events (not looked
        # up).
        'instance_uuids': fields.ListOfStringsField(nullable=True),
    }

    @classmethod
    def from_values(cls, values):
        return super().from_values(
            dict(values, health=values.get('health') or health_states.HEALTHY))


@notifications.safe
def send(context, event_type, values, changed=(), instance_uuids=None):
    payload = DevicePayload.from_values(
        dict(values, changed=sorted(changed),
             instance_uuids=(None if instance_uuids is None
                             else sorted(instance_uuids))))
    notifications.notify(context, event_type, payload)


@notifications.safe
def send_each(context, event_type, rows):
    for row in rows:
        send(context, event_type, row)
