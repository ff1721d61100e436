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
"""JSON Schemas of the API's responses: from the WSME types that render
them (every attribute present from its microversion on, and nullable),
or written here for those rendered from dicts.
"""

import datetime

from wsme import types as wtypes

from cyborg import servicegroup
from cyborg.api import capacity
from cyborg.api import route
from cyborg.api.controllers.v2 import accelerator_request
from cyborg.api.controllers.v2 import attribute
from cyborg.api.controllers.v2 import configuration_rollout as rollout_api
from cyborg.api.controllers.v2 import deployable
from cyborg.api.controllers.v2 import device
from cyborg.api.controllers.v2 import device_class
from cyborg.api.controllers.v2 import device_config
from cyborg.api.controllers.v2 import device_profile
from cyborg.api.controllers.v2 import driver
from cyborg.api.controllers.v2 import instance
from cyborg.api.controllers.v2 import service
from cyborg.api.controllers.v2 import telemetry as telemetry_api
from cyborg.api.controllers.v2 import usage as usage_api
from cyborg.api.schemas import common
from cyborg.common import configuration_rollout
from cyborg.common import usage
from cyborg.db.queries import discovery as discovery_queries

NULL = {'type': 'null'}
STRING = {'type': 'string'}
INTEGER = {'type': 'integer'}
DATETIME = {'type': 'string', 'format': 'date-time'}
LINK = route.obj(href={'type': 'string', 'format': 'uri'}, rel=STRING)
# The schemas of WSME's plain datatypes (wtypes.text is str).
_PLAIN = {datetime.datetime: DATETIME, int: INTEGER,
          float: {'type': 'number'}, bool: {'type': 'boolean'},
          str: STRING, bytes: STRING}


def _datatype(datatype):
    """The JSON Schema of a WSME attribute's datatype (never null)."""
    if isinstance(datatype, list):
        datatype = wtypes.ArrayType(datatype[0])
    if wtypes.iscomplex(datatype):
        if datatype is not None and issubclass(datatype, wtypes.Base) \
                and datatype.__name__ == 'Link':
            return LINK
        raise TypeError('no schema for nested type %r' % datatype)
    if isinstance(datatype, wtypes.Enum):
        return {'type': 'string', 'enum': sorted(datatype.values)}
    if isinstance(datatype, wtypes.ArrayType):
        return {'type': 'array', 'items': route.nullable(
            _datatype(datatype.item_type))}
    if isinstance(datatype, wtypes.DictType):
        return {'type': 'object', 'additionalProperties': route.nullable(
            _datatype(datatype.value_type))}
    if datatype in _PLAIN:
        return _PLAIN[datatype]
    raise TypeError('no schema for WSME datatype %r' % datatype)


def wsme_object(wsme_type, version):
    """The JSON Schema of what base.to_json renders for *wsme_type* at
    *version*.
    """
    properties = {attr.name: route.nullable(_datatype(attr.datatype))
                  for attr in wtypes.list_attributes(wsme_type)}
    properties.update(getattr(wsme_type, '_json', {}))
    for name, shown in getattr(wsme_type, '_since', {}).items():
        if not shown(version):
            del properties[name]
    return route.obj(**properties)


def resource(name, version):
    """The schema of one of the RESOURCES at *version*."""
    if name in WSME_TYPES:
        return wsme_object(WSME_TYPES[name], version)
    if name == 'ListedServer':
        return _listed_server(version)
    return SCHEMAS[name]


# The resources rendered from WSME types, by the name of their schema in
# components/schemas.
WSME_TYPES = {
    'DeviceProfile': device_profile.DeviceProfile,
    'AcceleratorRequest': accelerator_request.AcceleratorRequest,
    'Device': device.Device,
    'DeviceConfiguration': device_config.Configuration,
    'DeviceCleaning': device.Cleaning,
    'DeviceCleaningUnit': device.CleaningUnit,
    'DeviceCleaningRecord': device.CleaningRecord,
    'Deployable': deployable.Deployable,
    'Attribute': attribute.Attribute,
    'Service': service.Service,
    'Driver': driver.Driver,
    'DeviceClass': device_class.DeviceClass,
    'ConfigurationRollout': rollout_api.ConfigurationRollout,
    'UsageInterval': usage_api.UsageInterval,
}

_HOST = {
    'host': STRING,
    'agent_status': {'type': 'string',
                     'enum': [servicegroup.UP, servicegroup.DOWN]},
    'generation': route.nullable(INTEGER),
    'inventory_hash': route.nullable(STRING),
    'last_report_at': route.nullable(DATETIME),
}

# GET /v2/hosts: a host without its records (hardware.host_summary).
HOST_SUMMARY = route.obj(**_HOST, devices=INTEGER,
                         links={'type': 'array', 'items': LINK})

# One device record as its driver reported it (the seeds' /hardware).
HARDWARE_RECORD = {
    'type': 'object',
    'properties': {
        'driver': STRING,
        'address': STRING,
        'type': STRING,
        'vendor': STRING,
        'product': STRING,
        'acc_specs': {'type': 'object'},
        'acc_status': {'type': 'object'},
        'deployables': {'type': 'array', 'items': {'type': 'object'}},
        # Its device's clean state (cleaning, clean_failed) or null.
        'cleaning': route.nullable(STRING),
    },
}

# GET /v2/hardware, /v2/hosts/{host}/hardware (hardware.host_view).
HOST_HARDWARE = route.obj(**_HOST, hardware={'type': 'array',
                                             'items': HARDWARE_RECORD})

_DIFF = {'type': 'array', 'items': {'type': 'object'}}

# POST /v2/discovery: one host's outcome (discovery.state_result).
DISCOVERY_RESULT = common.closed({
    'host': STRING,
    'status': {'type': 'string', 'enum': ['ok', 'error', 'pending']},
    'state': {'type': 'string', 'enum': list(discovery_queries.STATES)},
    'discovery_id': route.nullable(STRING),
    'error': route.nullable(STRING),
    'generation': route.nullable(INTEGER),
    'report': route.nullable(STRING),
    'drivers': {'type': 'array', 'items': {'type': 'object'}},
    'added': _DIFF,
    'changed': _DIFF,
    'removed': _DIFF,
}, ['host', 'status', 'state', 'discovery_id', 'error', 'drivers', 'added',
    'changed', 'removed'])

# GET /v2/capacity: the entries of each resource class.
_COUNT = {'type': 'integer', 'minimum': 0}
_CAPACITY_ENTRIES = {'resource_classes': {'type': 'array', 'items': route.obj(
    resource_class=route.nullable(STRING),
    reserved_because=route.obj(**{r: _COUNT for r in capacity.REASONS}),
    **{name: _COUNT for name in capacity.COUNTS})}}
CAPACITY = route.obj(
    hosts={'type': 'array', 'items': route.obj(
        host=STRING, agent={'type': 'string', 'enum': ['up', 'down']},
        **_CAPACITY_ENTRIES)},
    total=route.obj(**_CAPACITY_ENTRIES))
# A page of hosts has a link to the next when it is full.
CAPACITY['properties']['next'] = {'type': 'string', 'format': 'uri'}
# With ?device_class=: the configuration rollouts that hold its devices.
CAPACITY['properties']['rollouts'] = {'type': 'array', 'items': route.obj(
    uuid=STRING, state={'type': 'string',
                        'enum': list(configuration_rollout.ACTIVE)},
    unavailable=INTEGER, out_of_service=INTEGER)}


# A server as Nova shows it to Cyborg
# (cyborg.conductor.attach.nova_server.view).
SERVER = route.obj(
    uuid=STRING,
    **dict.fromkeys(('name', 'status', 'vm_state', 'task_state', 'host',
                     'nodename', 'project_id'), route.nullable(STRING)),
    flavor=route.obj(
        original_name=route.nullable(STRING),
        extra_specs=route.nullable({'type': 'object',
                                    'additionalProperties': STRING})),
    device_profile=route.nullable(STRING))

def _listed_server(version):
    """GET /v2/instances: one server that holds accelerators, what Nova
    says of it (null: Nova has no such server; host and nodename null for
    a project's readers) and what the instance audit would heal
    (cyborg.conductor.attach.nova_server.judge), and its Bound ARQs as
    the API shows them (but instance.NOT_LISTED), each with its driver
    and device.
    """
    arq = wsme_object(accelerator_request.AcceleratorRequest, version)
    listed = {name: schema for name, schema in arq['properties'].items()
              if name not in instance.NOT_LISTED}
    return route.obj(
        uuid=STRING,
        project_id=route.nullable(STRING),
        server=route.nullable(SERVER),
        audit=route.nullable({'type': 'string',
                              'enum': ['server gone', 'other host']}),
        accelerators={'type': 'array', 'items': route.obj(
            arq=STRING, driver=route.nullable(STRING), device=STRING,
            **listed)})


# What one attach-instance gave a server (cyborg.db.models
# .InstanceAttachment), where it stands.
ATTACHMENT = route.obj(
    uuid=STRING,
    state={'type': 'string',
           'enum': ['allocating', 'attached', 'releasing', 'freeing']},
    reboot=route.nullable({'type': 'string', 'enum': [
        'pending', 'requested', 'refused', 'skipped']}),
    allocations={'type': 'object', 'additionalProperties': {
        'type': 'object', 'additionalProperties': INTEGER}},
    arqs={'type': 'array', 'items': STRING})

# GET /v2/usage (cyborg.api.controllers.v2.usage): device-hours per
# project and resource class in a window (and per group_by), and the
# intervals themselves (UsageInterval).
_HOURS = dict(usage_api.HOURS, intervals=_COUNT)
_STRINGS = {'type': 'array', 'items': STRING}
USAGE = common.closed({
    'start': DATETIME, 'end': DATETIME,
    'group_by': route.nullable({'type': 'string',
                                'enum': sorted(usage.GROUPS)}),
    'project_usages': {'type': 'array', 'items': route.obj(
        project_id=route.nullable(STRING),
        usages={'type': 'array', 'items': common.closed(dict(
            _HOURS, resource_class=route.nullable(STRING),
            **{group: _STRINGS if field in usage.LISTS
               else route.nullable(STRING)
               for group, field in usage.GROUPS.items()}),
            ['resource_class', *_HOURS])},
        **_HOURS)},
    'usage_intervals': {'type': 'array',
                        'items': route.ref('UsageInterval')},
    'next': {'type': 'string', 'format': 'uri'},
}, ['start', 'end', 'group_by', 'project_usages'])

# The version document (GET /v2; an entry of GET /).
VERSION = route.obj(
    id=STRING, status={'type': 'string', 'enum': ['CURRENT']},
    min_version=STRING, max_version=STRING,
    links={'type': 'array', 'items': LINK})

# The resources rendered from dicts, by the name of their schema.
SCHEMAS = {
    'HostSummary': HOST_SUMMARY,
    'HostHardware': HOST_HARDWARE,
    'DiscoveryResult': DISCOVERY_RESULT,
    'Server': SERVER,
    'Attachment': ATTACHMENT,
    'Version': VERSION,
    'Capacity': CAPACITY,
    'DeviceTelemetry': telemetry_api.TELEMETRY,
    'TelemetrySample': telemetry_api.SAMPLE,
    'Usage': USAGE,
}
RESOURCES = list(WSME_TYPES) + list(SCHEMAS) + ['ListedServer']

# The body of every error (cyborg.api.errors.body): error_message is the
# JSON text of the fault.
FAULT = route.obj(
    faultcode={'type': 'string', 'enum': ['Client', 'Server']},
    faultstring=STRING, debuginfo=NULL,
    error_code={'type': 'string', 'pattern': r'^cyborg\.'})
ERROR = route.obj(error_message={
    'type': 'string', 'contentMediaType': 'application/json',
    'contentSchema': {'$ref': '#/components/schemas/Fault'}})
