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
"""Notifications of services: an agent found down, and back."""

from oslo_config import cfg

from cyborg import notifications
from cyborg import servicegroup
from cyborg.notifications import base

CONF = cfg.CONF
fields = base.fields

DOWN = 'service.down'
UP = 'service.up'


@base.register
class ServiceStatusPayload(base.NotificationPayload):
    """A service whose liveness changed."""

    VERSION = '1.0'
    EVENTS = {DOWN: 'WARN', UP: None}

    fields = {
        'host': fields.StringField(),
        'binary': fields.StringField(),
        'status': fields.StringField(),
        # What found it: 'liveness check' or 'heartbeat'.
        'reason': fields.StringField(nullable=True),
        # Seconds without a heartbeat after which a service is down.
        'service_down_time': fields.IntegerField(),
    }


@notifications.safe
def liveness_changed(context, host, binary, up, reason=None):
    """service.up or service.down, once per change."""
    event_type = UP if up else DOWN
    payload = ServiceStatusPayload(
        host=host, binary=binary,
        status=servicegroup.UP if up else servicegroup.DOWN,
        reason=reason, service_down_time=CONF.service_down_time)
    notifications.notify(context, event_type, payload)
