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
"""Notifications of accelerator requests (ARQs): create, bind (start, end,
error), unbind, delete, and the health of the device an instance's ARQ
holds.
"""

from oslo_config import cfg

from cyborg import notifications
from cyborg.common import health_states
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.notifications import base

CONF = cfg.CONF
fields = base.fields

CREATE = 'accelerator_request.create'
BIND_START = 'accelerator_request.bind.start'
BIND_END = 'accelerator_request.bind.end'
BIND_ERROR = 'accelerator_request.bind.error'
UNBIND = 'accelerator_request.unbind'
DELETE = 'accelerator_request.delete'
HEALTH = 'accelerator_request.health'


@base.register
class AcceleratorRequestPayload(base.NotificationPayload):
    """An ARQ as the API shows it, with the state the event reports."""

    VERSION = '1.0'
    EVENTS = {CREATE: None, BIND_START: None, BIND_END: None,
              BIND_ERROR: 'ERROR', UNBIND: None, DELETE: None}

    fields = {
        'uuid': fields.UUIDField(),
        'state': fields.StringField(),
        'device_profile_name': fields.StringField(nullable=True),
        'device_profile_group_id': fields.IntegerField(),
        'project_id': fields.StringField(nullable=True),
        'instance_uuid': fields.StringField(nullable=True),
        'hostname': fields.StringField(nullable=True),
        'device_rp_uuid': fields.StringField(nullable=True),
        'attach_handle_type': fields.StringField(nullable=True),
        'attach_handle_uuid': fields.StringField(nullable=True),
    }


@base.register
class AcceleratorRequestHealthPayload(AcceleratorRequestPayload):
    """An ARQ of an instance, with the health of the device it holds,
    which just changed (what Nova cannot tell the server's owner: it has
    no notion of an accelerator's health).
    """

    VERSION = '1.0'
    # WARN while the device is unhealthy or its driver fails, else
    # [notifications] default_level (health()).
    EVENTS = {HEALTH: 'WARN'}

    fields = dict(AcceleratorRequestPayload.fields, **{
        'device_uuid': fields.UUIDField(),
        # healthy, unhealthy, recovering or driver_error; the reason and
        # since when, as the device shows them.
        'device_health': fields.StringField(),
        'device_health_reason': fields.StringField(nullable=True),
        'device_health_since': fields.DateTimeField(nullable=True),
    })


def _send(context, event_type, row, state=None):
    values = dict(row)
    if state is not None:
        values['state'] = state
    values['attach_handle_type'] = values.get('attach_handle_type') or None
    notifications.notify(context, event_type,
                         AcceleratorRequestPayload.from_values(values))


def _rows(context, uuids):
    return arq_queries.get_all(context, uuids=sorted(uuids))


@notifications.safe
def created(context, arqs):
    for arq in arqs:
        _send(context, CREATE, arq)


@notifications.safe
def created_rows(context, uuids):
    created(context, _rows(context, uuids))


@notifications.safe
def bind_refused(context, uuids):
    for row in _rows(context, uuids):
        _send(context, BIND_ERROR, row)


@notifications.safe
def rows(context, uuids):
    """{uuid: row} of ARQs as the notifications report them (None when
    notifications are off): what a delete reads before its first try.
    """
    return {row['uuid']: row for row in _rows(context, uuids)}


@notifications.safe
def send(context, notices):
    """The notifications of committed changes: ``[(event type, the ARQ's
    row, the state it reports)]`` (cyborg.conductor.arq.lifecycle).
    """
    for event_type, row, state in notices:
        _send(context, event_type, row, state)


@notifications.safe
def health(context, device, arqs):
    """accelerator_request.health for *arqs*, which hold *device*: WARN
    while it is unhealthy or its driver fails.
    """
    device_health = device.get('health') or health_states.HEALTHY
    priority = (None if device_health in (health_states.UNHEALTHY,
                                          health_states.DRIVER_ERROR)
                else CONF.notifications.default_level)
    for arq in arqs:
        values = dict(arq, device_uuid=device['uuid'],
                      device_health=device_health,
                      device_health_reason=device.get('health_reason'),
                      device_health_since=device.get('health_since'))
        values['attach_handle_type'] = values.get('attach_handle_type') or None
        notifications.notify(
            context, HEALTH,
            AcceleratorRequestHealthPayload.from_values(values),
            priority=priority)
