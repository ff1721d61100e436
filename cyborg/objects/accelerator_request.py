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
"""AcceleratorRequest (ARQ): one accelerator for one instance."""

from oslo_versionedobjects import fields

from cyborg import states
from cyborg.objects import base


def info_text(info):
    """An attach_handle_info as Nova reads it: text values, and null
    (never ``"None"``) for none.
    """
    return {str(k): (None if v is None else str(v))
            for k, v in (info or {}).items()}


@base.CyborgObjectRegistry.register
class AcceleratorRequest(base.CyborgObject):
    """An accelerator request, with the fields the API shows."""

    VERSION = '1.0'

    fields = {
        'uuid': fields.UUIDField(),
        'state': fields.StringField(),
        'device_profile_name': fields.StringField(),
        'device_profile_group_id': fields.IntegerField(),
        'hostname': fields.StringField(nullable=True),
        'device_rp_uuid': fields.StringField(nullable=True),
        'instance_uuid': fields.StringField(nullable=True),
        'project_id': fields.StringField(nullable=True),
        'attach_handle_type': fields.StringField(),
        'attach_handle_uuid': fields.StringField(nullable=True),
        'attach_handle_info': fields.DictOfNullableStringsField(),
        'created_at': fields.DateTimeField(nullable=True),
        'updated_at': fields.DateTimeField(nullable=True),
    }

    @classmethod
    def from_row(cls, row):
        values = {name: row.get(name) for name in cls.fields}
        values['attach_handle_info'] = info_text(
            row.get('attach_handle_info'))
        values['attach_handle_type'] = row.get('attach_handle_type') or ''
        return cls(**values)

    @property
    def resolved(self):
        """Whether binding has finished (Nova's "resolved")."""
        return self.state in states.RESOLVED


@base.CyborgObjectRegistry.register
class AcceleratorRequestList(base.CyborgObjectListBase, base.CyborgObject):
    VERSION = '1.0'

    fields = {
        'objects': fields.ListOfObjectsField('AcceleratorRequest'),
    }

    @classmethod
    def from_rows(cls, rows):
        return cls(objects=[AcceleratorRequest.from_row(row)
                            for row in rows])
