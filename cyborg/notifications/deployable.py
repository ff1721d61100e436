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
"""Notifications of deployables: create, update, delete, program."""

from cyborg import notifications
from cyborg.notifications import base

fields = base.fields

CREATE = 'deployable.create'
UPDATE = 'deployable.update'
DELETE = 'deployable.delete'
PROGRAM_START = 'deployable.program.start'
PROGRAM_END = 'deployable.program.end'
PROGRAM_ERROR = 'deployable.program.error'


@base.register
class DeployablePayload(base.NotificationPayload):
    """A deployable (one resource provider of a device)."""

    VERSION = '1.0'
    EVENTS = {CREATE: None, UPDATE: None, DELETE: None}

    fields = {
        'uuid': fields.UUIDField(),
        'name': fields.StringField(),
        'hostname': fields.StringField(),
        'device_uuid': fields.UUIDField(nullable=True),
        'num_accelerators': fields.IntegerField(),
        'driver_name': fields.StringField(nullable=True),
        'bitstream_id': fields.StringField(nullable=True),
        # The fields an update changed (empty for create and delete).
        'changed': fields.ListOfStringsField(),
    }


@base.register
class DeployableProgramPayload(base.NotificationPayload):
    """A deployable programmed with an image (the program API)."""

    VERSION = '1.0'
    EVENTS = {PROGRAM_START: None, PROGRAM_END: None, PROGRAM_ERROR: 'ERROR'}

    fields = {
        'uuid': fields.UUIDField(),
        'hostname': fields.StringField(),
        'driver_name': fields.StringField(nullable=True),
        'image_uuid': fields.StringField(),
        # Why it failed (program.error only).
        'error': fields.StringField(nullable=True),
    }


@notifications.safe
def send(context, event_type, values, changed=()):
    payload = DeployablePayload.from_values(
        dict(values, changed=sorted(changed)))
    notifications.notify(context, event_type, payload)


@notifications.safe
def program(context, event_type, uuid, target, image_uuid, error=None):
    """One deployable.program.* notification (*target*: program_target's
    answer).
    """
    payload = DeployableProgramPayload(
        uuid=uuid, hostname=target['hostname'],
        driver_name=target['driver_name'], image_uuid=image_uuid,
        error=None if error is None else (
            getattr(error, 'message', None) or str(error)))
    notifications.notify(context, event_type, payload)
