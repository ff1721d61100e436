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
"""DeviceProfile: a named list of request groups, as it crosses RPC."""

from oslo_versionedobjects import fields

from cyborg.objects import base


@base.CyborgObjectRegistry.register
class DeviceProfile(base.CyborgObject):
    """A device profile.

    Version history:

    * 1.0: initial version.
    """

    VERSION = '1.0'

    fields = {
        'uuid': fields.UUIDField(),
        'name': fields.StringField(),
        'description': fields.StringField(nullable=True),
        # Each group maps "resources:RC", "trait:NAME" and "accel:KEY" keys
        # to string values; the order is significant (group index).
        'groups': fields.ListOfDictOfNullableStringsField(),
        'created_at': fields.DateTimeField(nullable=True),
        'updated_at': fields.DateTimeField(nullable=True),
    }

    @classmethod
    def from_row(cls, row):
        """An object from a query dict (cyborg.db.queries)."""
        return cls(**{name: row.get(name) for name in cls.fields})

    def to_dict(self):
        """The set fields as a plain dict."""
        return {name: getattr(self, name) for name in self.fields
                if self.obj_attr_is_set(name)}
