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
"""Notifications of usage: an interval closed, with all a rating engine
needs to price it.
"""

from cyborg import notifications
from cyborg.common import usage
from cyborg.notifications import base

fields = base.fields

CLOSE = 'accelerator_usage.close'


@base.register
class UsagePayload(base.NotificationPayload):
    """One closed usage interval."""

    VERSION = '1.0'
    EVENTS = {CLOSE: None}

    fields = dict(
        # The interval's own uuid: a consumer that sees it twice counts
        # it once.  What it recorded (the device classes: those the
        # device matched when it was bound).
        {name: fields.ListOfStringsField() if name in usage.LISTS
         else fields.StringField(nullable=True) for name in usage.FIELDS},
        uuid=fields.UUIDField(), arq_uuid=fields.UUIDField(),
        # UTC, to the second.
        started_at=fields.DateTimeField(), ended_at=fields.DateTimeField(),
        # cyborg.common.usage.ENDED_BY.
        ended_by=fields.StringField(),
        # ended_at - started_at, in whole seconds.
        seconds=fields.IntegerField())


def send(context, rows):
    for row in rows:
        notifications.notify(context, CLOSE, UsagePayload.from_values(dict(
            row, seconds=int((row['ended_at'] -
                              row['started_at']).total_seconds()))))


@notifications.safe
def audited(context, rows):
    send(context, rows)
