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
"""Notifications of drivers: install and uninstall, one per host."""

from cyborg import notifications
from cyborg.notifications import base

fields = base.fields

INSTALL = 'driver.install'
UNINSTALL = 'driver.uninstall'


@base.register
class DriverPayload(base.NotificationPayload):
    """A driver on one host."""

    VERSION = '1.0'
    EVENTS = {INSTALL: None, UNINSTALL: None}

    fields = {
        'uuid': fields.UUIDField(),
        'name': fields.StringField(),
        'host': fields.StringField(),
        # api (installed through the API) or config (the agent's file).
        'source': fields.StringField(),
        'config': fields.DictOfStringsField(),
    }


@notifications.safe
def send(context, event_type, rows):
    for row in rows:
        values = dict(row, config={str(k): str(v) for k, v in
                                   (row.get('config') or {}).items()})
        notifications.notify(context, event_type,
                             DriverPayload.from_values(values))
