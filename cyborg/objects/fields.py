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
"""Field types of Cyborg's versioned objects beyond oslo's own."""

from oslo_serialization import jsonutils
from oslo_versionedobjects import fields


class DeviceType(fields.Enum):
    """What a device is (the hardware record's ``type``)."""

    GPU = 'GPU'
    FPGA = 'FPGA'
    CRYPTO = 'CRYPTO'
    QAT = 'QAT'
    NIC = 'NIC'
    SSD = 'SSD'
    NVME = 'NVME'
    AICHIP = 'AICHIP'
    GENERIC = 'GENERIC'
    ALL = (GPU, FPGA, CRYPTO, QAT, NIC, SSD, NVME, AICHIP, GENERIC)

    def __init__(self):
        super().__init__(valid_values=DeviceType.ALL)


class DeviceTypeField(fields.BaseEnumField):
    AUTO_TYPE = DeviceType()


class AttachType(fields.Enum):
    """How an attach handle is given to an instance."""

    PCI = 'PCI'
    MDEV = 'MDEV'
    TEST_PCI = 'TEST_PCI'
    ALL = (PCI, MDEV, TEST_PCI)

    def __init__(self):
        super().__init__(valid_values=AttachType.ALL)


class AttachTypeField(fields.BaseEnumField):
    AUTO_TYPE = AttachType()


class Json(fields.FieldType):
    """Any value that survives a JSON round trip (driver-specific data)."""

    def coerce(self, obj, attr, value):
        try:
            return jsonutils.loads(jsonutils.dumps(value))
        except (TypeError, ValueError) as exc:
            raise ValueError('%s is not JSON-serialisable: %s' % (attr, exc))

    def to_primitive(self, obj, attr, value):
        return value

    def from_primitive(self, obj, attr, value):
        return value


class JsonField(fields.AutoTypedField):
    AUTO_TYPE = Json()
