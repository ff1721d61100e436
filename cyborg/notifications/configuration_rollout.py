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
"""Notifications of configuration rollouts
(cyborg.conductor.devices.configuration_rollout), one per change of a
rollout's state: created (running), paused (by the operator, or by
failures: ``reason``), resumed, aborted, completed.
"""

from oslo_serialization import jsonutils

from cyborg import notifications
from cyborg.common import configuration_rollout
from cyborg.notifications import base

fields = base.fields

CREATE = 'configuration_rollout.create'
PAUSE = 'configuration_rollout.pause'
RESUME = 'configuration_rollout.resume'
ABORT = 'configuration_rollout.abort'
COMPLETE = 'configuration_rollout.complete'
#: The event of a rollout that moved to a state.
EVENTS_BY_STATE = {configuration_rollout.PAUSED: PAUSE,
                   configuration_rollout.ABORTED: ABORT,
                   configuration_rollout.COMPLETED: COMPLETE}


@base.register
class ConfigurationRolloutPayload(base.NotificationPayload):
    """A configuration rollout and its progress.

    Version history:

    * 1.0: initial version.
    """

    VERSION = '1.0'
    EVENTS = {CREATE: None, PAUSE: None, RESUME: None, ABORT: None,
              COMPLETE: None}

    fields = {
        'uuid': fields.UUIDField(),
        'device_class': fields.StringField(),
        # {field: value} (cyborg.common.device_config), as JSON text.
        'desired': fields.StringField(),
        'max_unavailable': fields.StringField(),
        'drain': fields.BooleanField(),
        'max_failures': fields.IntegerField(),
        'follow': fields.BooleanField(),
        # cyborg.common.configuration_rollout.STATES
        'state': fields.StringField(),
        'reason': fields.StringField(nullable=True),
        # {device state: count} of cyborg.common.configuration_rollout.PROGRESS
        'progress': fields.DictOfIntegersField(),
    }

    @classmethod
    def from_values(cls, values):
        return super().from_values(dict(values, desired=jsonutils.dumps(
            values.get('desired') or {}, sort_keys=True)))


@notifications.safe
def send(context, event_type, row):
    """One notification of a rollout (a dict with its ``progress``)."""
    notifications.notify(context, event_type,
                         ConfigurationRolloutPayload.from_values(row))
