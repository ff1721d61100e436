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
"""The latest telemetry sample of a device (admin) or an ARQ's (2.4).

The database keeps the latest sample; the series are Prometheus'.
"""


from cyborg.api import errors
from cyborg.api import route
from cyborg.api.controllers import base
from cyborg.api.controllers.v2 import accelerator_request as arq_api
from cyborg.common import telemetry
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import telemetry as telemetry_queries
from cyborg.policies import accelerator_request as arq_policies
from cyborg.policies import device as device_policies

_DATETIME = {'type': 'string', 'format': 'date-time'}
_NUMBER = {'type': 'number', 'minimum': 0}

#: A sample's values (cyborg.common.telemetry.FIELDS).
VALUES = {'type': 'object', 'additionalProperties': False, 'properties': {
    field: {'type': 'boolean'} if kind == telemetry.KIND_FLAG else _NUMBER
    for field, (kind, _what) in telemetry.FIELDS.items()}}
#: The ``telemetry`` member of a device: its latest sample.
SAMPLE = route.obj(read_at=_DATETIME,
                   stale_reason=route.nullable({'type': 'string'}),
                   idle_since=route.nullable(_DATETIME), values=VALUES)
#: The answer of both routes: the sample (null members before the first)
#: with its device and when the device's host last reported.
TELEMETRY = route.obj(
    device_uuid={'type': 'string'},
    hostname=route.nullable({'type': 'string'}),
    driver=route.nullable({'type': 'string'}),
    reported_at=route.nullable(_DATETIME),
    **dict(SAMPLE['properties'], read_at=route.nullable(_DATETIME)))


def sample_view(sample):
    """A device's ``telemetry`` member (None before the first sample)."""
    if not sample:
        return None
    return {'read_at': base.iso(sample['read_at']),
            'stale_reason': sample['stale_reason'],
            'idle_since': base.iso(sample['idle_since']),
            'values': sample['values']}


def view(row):
    """The answer of both routes (a telemetry_queries.get row)."""
    return dict({'device_uuid': row['device_uuid'],
                 'hostname': row['hostname'], 'driver': row['driver_name'],
                 'reported_at': base.iso(row['last_report_at'])},
                **sample_view(row))


def get_device(context, uuid):
    return view(telemetry_queries.get(context, uuid))


def get_arq(context, uuid):
    """The telemetry behind an ARQ of the caller's project (else 404),
    idle never since before the ARQ's bind.
    """
    arq = arq_queries.device_of(
        context, uuid, project_id=arq_api.visible_project(context))
    row = telemetry_queries.get(context, arq['device_uuid'])
    return view(dict(row, idle_since=arq_queries.idle_since(
        row['idle_since'], arq)))


ROUTES = [
    route.Route('GET', '/v2/devices/{uuid}/telemetry', get_device,
                "A device's latest telemetry sample.", since='2.4',
                policy=device_policies.GET_TELEMETRY,
                response=route.one('DeviceTelemetry'),
                errors={404: [errors.DEVICE_NOT_FOUND]}),
    route.Route('GET', '/v2/accelerator_requests/{uuid}/telemetry', get_arq,
                'The latest telemetry sample of the device behind an '
                'accelerator request.', since='2.4',
                policy=arq_policies.GET_TELEMETRY,
                response=route.one('DeviceTelemetry'),
                errors={404: [errors.ARQ_NOT_FOUND,
                              errors.ARQ_WITHOUT_DEVICE]}),
]
