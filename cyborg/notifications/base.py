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
"""The base of notification payloads: versioned objects sent as their
primitive, as Nova's are.  A change of fields bumps VERSION, the
fingerprint in tests/unit/notifications/test_payloads.py and the samples.
"""

from oslo_versionedobjects import fields

from cyborg.objects import base as objects_base

# Re-exported so that payload modules need one import.
fields = fields

# Payloads are only sent, never received: their classes get their fields
# but stay out of the registry of the objects that cross RPC.
register = objects_base.CyborgObjectRegistry.register_if(False)


class NotificationPayload(objects_base.CyborgObject):
    """Base of every payload.  EVENTS: {event type: priority, or None for
    the default level}, each with a sample in doc/notification_samples/.
    """

    VERSION = '1.0'
    EVENTS = {}

    def __init__(self, **values):
        super().__init__(**values)
        # Every field of a new object is "changed": that says nothing.
        self.obj_reset_changes()

    @classmethod
    def from_values(cls, values):
        """A payload of a dict of its fields' values (missing: None)."""
        return cls(**{name: values.get(name) for name in cls.fields})
