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
"""Base class, registry and RPC serializer of Cyborg's versioned objects."""

from oslo_versionedobjects import base as ovo_base


class CyborgObjectRegistry(ovo_base.VersionedObjectRegistry):
    """Registry of Cyborg's object classes."""


class CyborgObject(ovo_base.VersionedObject):
    """Base of every Cyborg object: a change of a registered one's fields
    bumps VERSION and the fingerprint in tests/unit/objects/test_objects.py.
    """

    OBJ_SERIAL_NAMESPACE = 'cyborg_object'
    OBJ_PROJECT_NAMESPACE = 'cyborg'

    def to_dict(self):
        return {name: getattr(self, name) for name in self.fields
                if self.obj_attr_is_set(name)}


class CyborgObjectListBase(ovo_base.ObjectListBase):
    """Base of list objects (a VERSION and an ``objects`` field)."""


class CyborgObjectSerializer(ovo_base.VersionedObjectSerializer):
    """Serializes Cyborg objects for oslo.messaging."""

    OBJ_BASE_CLASS = CyborgObject
