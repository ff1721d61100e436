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
"""Every operation of the API: its handler, the schemas it validates
with (cyborg.api.schemas), what it answers and its error codes.

The schemas are the ones the handlers use, by reference; the responses
are cyborg.api.openapi.shapes.  ``test_openapi.py`` checks this table
against the route table (cyborg.tests.fixtures.routes) and the microversion
gates, and every response of the functional tests against it.
"""

import collections

from cyborg.api import errors
from cyborg.api.schemas import accelerator_request as arq_schema
from cyborg.api.schemas import attribute as attribute_schema
from cyborg.api.schemas import capacity as capacity_schema
from cyborg.api.schemas import common
from cyborg.api.schemas import deployable as deployable_schema
from cyborg.api.schemas import device as device_schema
from cyborg.api.schemas import device_class as device_class_schema
from cyborg.api.schemas import device_config as device_config_schema
from cyborg.api.schemas import device_profile as dp_schema
from cyborg.api.schemas import discovery as discovery_schema
from cyborg.api.schemas import driver as driver_schema
from cyborg.api.schemas import hardware as hardware_schema
from cyborg.api.schemas import instance as instance_schema
from cyborg.api.schemas import service as service_schema

Operation = collections.namedtuple('Operation', [
    # HTTP method, path (OpenAPI template), handler (Controller.method)
    'method', 'path', 'handler',
    # one line, and the microversion it exists from
    'summary', 'since',
    # {name: JSON Schema} of the path parameters
    'path_params',
    # a query-string schema or a common.Versioned of them, or None
    'query',
    # a body schema or a common.Versioned of them, or None; body_required
    'body', 'body_required',
    # the success status, and its body: None (empty) or a function of
    # the version returning a schema (with $refs to components)
    'status', 'response',
    # {status: [error codes]} besides the errors every operation has
    'errors',
    # {status: [error codes]} only below 2.4, kept for the clients of the
    # existing Cyborg (the device-profile 500s its tempest tests expect)
    'legacy',
])


def op(method, path, handler, summary, since='2.0', path_params=None,
       query=None, body=None, body_required=True, status=200,
       response=None, errors=None, legacy=None):
    return Operation(method, path, handler, summary, since,
                     path_params or {}, query, body, body_required, status,
                     response, errors or {}, legacy or {})


def _selected_devices(version):
    """The answer of POST /v2/devices/disable|enable (2.9)."""
    return {'type': 'object',
            'properties': {'devices': {'type': 'array',
                                       'items': ref('Device')},
                           'apply': {'type': 'boolean'}},
            'required': ['devices', 'apply'], 'additionalProperties': False}


def ref(name):
    return {'$ref': '#/components/schemas/%s' % name}


def one(name):
    """The response: the resource itself."""
    return lambda version: ref(name)


def wrapped(key, name):
    """The response: {key: resource}."""
    return lambda version: {
        'type': 'object', 'properties': {key: ref(name)},
        'required': [key], 'additionalProperties': False}


def listed(key, name, paginated=False):
    """The response: {key: [resources]} (and a next link from 2.4)."""
    def schema(version):
        properties = {key: {'type': 'array', 'items': ref(name)}}
        if paginated and tuple(version) >= (2, 4):
            properties['next'] = {'type': 'string', 'format': 'uri'}
        return {'type': 'object', 'properties': properties,
                'required': [key], 'additionalProperties': False}
    return schema


UUID = common.UUID
STRING = {'type': 'string', 'minLength': 1}


def _object(**properties):
    return {'type': 'object', 'properties': properties,
            'required': sorted(properties), 'additionalProperties': False}


def _attach_response(version):
    """2.5: the new ARQs; 2.6: also the server, the attachment and the
    reboot asked of Nova.
    """
    arqs = {'type': 'array', 'items': ref('AcceleratorRequest')}
    if tuple(version) < (2, 6):
        return _object(arqs=arqs)
    return _object(arqs=arqs, server=ref('Server'),
                   attachment={'type': 'string'},
                   reboot={'anyOf': [
                       {'type': 'string',
                        'enum': ['pending', 'requested', 'refused']},
                       {'type': 'null'}]})

DP = '/v2/device_profiles'
ARQ = '/v2/accelerator_requests'
DEV = '/v2/devices'
DEPL = '/v2/deployables'
ATTR = '/v2/attributes'
DC = '/v2/device_classes'

_ARQ_BIND_ERRORS = {
    400: [errors.INSTANCE_ALREADY_BOUND, errors.ARQ_PROVIDER_MISMATCH],
    403: [errors.SERVICE_TOKEN],
    404: [errors.ARQ_NOT_FOUND],
    406: [errors.NOT_ACCEPTABLE],
    409: [errors.ARQ_BAD_STATE, errors.ARQ_BIND_REFUSED],
}

OPERATIONS = [
    op('GET', '/', 'RootController.get',
       'The API versions (public, no microversion headers).',
       response=lambda version: {
           'type': 'object',
           'properties': {'name': {'type': 'string'},
                          'description': {'type': 'string'},
                          'versions': {'type': 'array',
                                       'items': ref('Version')},
                          'default_version': ref('Version')},
           'required': ['name', 'description', 'versions',
                        'default_version'],
           'additionalProperties': False}),
    op('GET', '/v2', 'V2Controller.get',
       'The version document of v2 (public).', response=one('Version')),
    op('GET', '/v2/openapi.json', 'OpenAPIController.get_all',
       'This description, for the microversion asked (public).',
       response=lambda version: {'type': 'object'}),

    op('GET', DP, 'DeviceProfilesController.get_all',
       'List device profiles.', query=dp_schema.LIST_QUERY,
       response=listed('device_profiles', 'DeviceProfile', True)),
    op('POST', DP, 'DeviceProfilesController.post',
       'Create a device profile.', body=dp_schema.CREATE, status=201,
       response=one('DeviceProfile'),
       errors={409: [errors.DEVICE_PROFILE_NAME_CONFLICT,
                     errors.DEVICE_PROFILE_UUID_CONFLICT]},
       legacy={500: [errors.INVALID_INPUT,
                     errors.DEVICE_PROFILE_UUID_CONFLICT]}),
    op('GET', DP + '/{uuid_or_name}', 'DeviceProfilesController.get_one',
       'Show a device profile (by name from 2.2).',
       path_params={'uuid_or_name': STRING},
       response=wrapped('device_profile', 'DeviceProfile'),
       errors={404: [errors.DEVICE_PROFILE_NOT_FOUND],
               406: [errors.NOT_ACCEPTABLE]}),
    op('DELETE', DP, 'DeviceProfilesController.delete',
       'Delete device profiles by name (?value=n1,n2).',
       query=dp_schema.DELETE_QUERY, status=204,
       errors={404: [errors.DEVICE_PROFILE_NOT_FOUND],
               409: [errors.DEVICE_PROFILE_IN_USE]}),
    op('DELETE', DP + '/{uuid_or_name}', 'DeviceProfilesController.delete',
       'Delete device profiles by uuid or by names (n1,n2).',
       path_params={'uuid_or_name': STRING}, status=204,
       errors={404: [errors.DEVICE_PROFILE_NOT_FOUND],
               409: [errors.DEVICE_PROFILE_IN_USE]}),

    op('GET', ARQ, 'AcceleratorRequestsController.get_all',
       'List accelerator requests (of an instance; resolved ones).',
       query=arq_schema.LIST_QUERY,
       response=listed('arqs', 'AcceleratorRequest', True),
       errors={423: [errors.ARQ_NOT_RESOLVED]}),
    op('POST', ARQ, 'AcceleratorRequestsController.post',
       'Create the accelerator requests of a device profile.',
       body=arq_schema.CREATE, status=201,
       response=listed('arqs', 'AcceleratorRequest'),
       errors={404: [errors.DEVICE_PROFILE_NOT_FOUND]}),
    op('GET', ARQ + '/{uuid}', 'AcceleratorRequestsController.get_one',
       'Show an accelerator request.', path_params={'uuid': UUID},
       response=one('AcceleratorRequest'),
       errors={404: [errors.ARQ_NOT_FOUND]}),
    op('PATCH', ARQ, 'AcceleratorRequestsController.patch',
       'Bind or unbind accelerator requests (a service token).',
       body=arq_schema.PATCH, status=202, errors=_ARQ_BIND_ERRORS),
    op('PATCH', ARQ + '/{uuid}', 'AcceleratorRequestsController.patch',
       'Bind or unbind one accelerator request (a service token).',
       path_params={'uuid': UUID}, body=arq_schema.PATCH, status=202,
       errors=_ARQ_BIND_ERRORS),
    op('DELETE', ARQ, 'AcceleratorRequestsController.delete',
       'Delete accelerator requests (?arqs=u1,u2 or ?instance=uuid).',
       query=arq_schema.DELETE_QUERY, status=204,
       errors={403: [errors.SERVICE_TOKEN],
               404: [errors.ARQ_NOT_FOUND],
               409: [errors.ARQ_BAD_STATE]}),
    op('DELETE', ARQ + '/{uuid}', 'AcceleratorRequestsController.delete',
       'Delete an accelerator request.', path_params={'uuid': UUID},
       query=arq_schema.DELETE_QUERY, status=204,
       errors={403: [errors.SERVICE_TOKEN],
               404: [errors.ARQ_NOT_FOUND],
               409: [errors.ARQ_BAD_STATE]}),

    op('GET', DEV, 'DevicesController.get_all', 'List devices.',
       query=device_schema.LIST_QUERY,
       response=listed('devices', 'Device', True)),
    op('GET', DEV + '/{uuid}', 'DevicesController.get_one',
       'Show a device.', path_params={'uuid': UUID},
       response=one('Device'), errors={404: [errors.DEVICE_NOT_FOUND]}),
    op('POST', DEV + '/{uuid}/enable', 'DevicesController.enable',
       'Enable a device (empty 200).', path_params={'uuid': UUID},
       errors={404: [errors.DEVICE_NOT_FOUND]}),
    op('POST', DEV + '/{uuid}/disable', 'DevicesController.disable',
       'Put a device in maintenance (empty 200).',
       path_params={'uuid': UUID},
       errors={404: [errors.DEVICE_NOT_FOUND]}),

    op('PUT', DEV + '/{uuid}/configuration', 'ConfigurationController.put',
       "Set a device's desired configuration; its agent applies it.",
       since='2.14', path_params={'uuid': UUID},
       body=device_config_schema.SET, status=202,
       response=one('DeviceConfiguration'),
       errors={400: [errors.DEVICE_NOT_CONFIGURABLE,
                     errors.DEVICE_CONFIG_INVALID],
               404: [errors.DEVICE_NOT_FOUND],
               409: [errors.DEVICE_CONFIG_IN_USE]}),
    op('DELETE', DEV + '/{uuid}/configuration',
       'ConfigurationController.delete',
       "Forget a device's desired configuration (the device stays as "
       'it is).', since='2.14', path_params={'uuid': UUID}, status=204,
       errors={404: [errors.DEVICE_NOT_FOUND,
                     errors.DEVICE_CONFIG_NOT_FOUND]}),

    op('POST', DEV + '/enable', 'DevicesController.enable',
       'Enable every device a selector names (a dry run unless '
       'apply is true).', since='2.9', body=device_schema.SELECTOR,
       response=_selected_devices,
       errors={400: [errors.DEVICE_SELECTOR_EMPTY]}),
    op('POST', DEV + '/disable', 'DevicesController.disable',
       'Put in maintenance every device a selector names (a dry run '
       'unless apply is true).', since='2.9', body=device_schema.SELECTOR,
       response=_selected_devices,
       errors={400: [errors.DEVICE_SELECTOR_EMPTY]}),

    op('GET', DEPL, 'DeployablesController.get_all', 'List deployables.',
       query=deployable_schema.LIST_QUERY,
       response=listed('deployables', 'Deployable', True)),
    op('GET', DEPL + '/{uuid}', 'DeployablesController.get_one',
       'Show a deployable.', path_params={'uuid': UUID},
       response=one('Deployable'),
       errors={404: [errors.DEPLOYABLE_NOT_FOUND]}),
    op('PATCH', DEPL + '/{uuid}/program', 'ProgramController.patch',
       'Program a deployable (FPGA) with a bitstream now.',
       path_params={'uuid': UUID}, body=deployable_schema.PROGRAM,
       response=one('Deployable'),
       # The agent's errors come from the program job's outcome.
       errors={404: [errors.DEPLOYABLE_NOT_FOUND,
                     errors.DRIVER_NOT_ENABLED],
               406: [errors.NOT_ACCEPTABLE],
               409: [errors.DEPLOYABLE_IN_USE,
                     errors.IMAGE_SERVICE_NOT_CONFIGURED],
               503: [errors.AGENT_UNREACHABLE]}),

    op('GET', ATTR, 'AttributesController.get_all', 'List attributes.',
       query=attribute_schema.LIST_QUERY,
       response=listed('attributes', 'Attribute', True)),
    op('POST', ATTR, 'AttributesController.post',
       'Create an attribute of a deployable.',
       body=attribute_schema.CREATE, status=201, response=one('Attribute'),
       errors={404: [errors.DEPLOYABLE_NOT_FOUND]}),
    op('GET', ATTR + '/{uuid}', 'AttributesController.get_one',
       'Show an attribute.', path_params={'uuid': UUID},
       response=one('Attribute'),
       errors={404: [errors.ATTRIBUTE_NOT_FOUND]}),
    op('DELETE', ATTR + '/{uuid}', 'AttributesController.delete',
       'Delete an attribute.', path_params={'uuid': UUID}, status=204,
       errors={404: [errors.ATTRIBUTE_NOT_FOUND]}),

    op('GET', '/v2/services', 'ServicesController.get_all',
       'List the Cyborg services and their liveness.', since='2.5',
       query=service_schema.LIST_QUERY,
       response=listed('services', 'Service')),
    op('GET', '/v2/capacity', 'CapacityController.get_all',
       'Accelerators free, bound and reserved (and why), per host and '
       'in total.', since='2.8', query=capacity_schema.LIST_QUERY,
       response=one('Capacity')),
    op('GET', '/v2/hardware', 'HardwareController.get_all',
       'What the agents found, per host.', since='2.5',
       query=hardware_schema.LIST_QUERY,
       response=listed('hosts', 'HostHardware'),
       errors={404: [errors.HOST_NOT_FOUND]}),
    op('GET', '/v2/hosts', 'HostsController.get_all',
       'The hosts with an agent.', since='2.5',
       query=hardware_schema.EMPTY_QUERY,
       response=listed('hosts', 'HostSummary')),
    op('GET', '/v2/hosts/{host}/hardware', 'HostHardwareController.get_all',
       'What the agent of one host found.', since='2.5',
       path_params={'host': STRING}, query=hardware_schema.EMPTY_QUERY,
       response=one('HostHardware'), errors={404: [errors.HOST_NOT_FOUND]}),
    op('GET', '/v2/drivers', 'DriversController.get_all',
       'List the drivers of every host.', since='2.5',
       query=driver_schema.LIST_QUERY, response=listed('drivers', 'Driver')),
    op('POST', '/v2/drivers', 'DriversController.post',
       'Install a driver on a host or on every host.', since='2.5',
       body=driver_schema.INSTALL, status=201,
       response=listed('drivers', 'Driver'),
       errors={400: [errors.DRIVER_CONFIG_INVALID, errors.DRIVER_UNKNOWN],
               404: [errors.AGENT_NOT_FOUND, errors.DRIVER_UNKNOWN],
               409: [errors.DRIVER_ALREADY_ENABLED],
               503: [errors.AGENT_UNREACHABLE]}),
    op('GET', '/v2/drivers/{uuid}', 'DriversController.get_one',
       'Show a driver of a host.', since='2.5', path_params={'uuid': UUID},
       response=one('Driver'), errors={404: [errors.DRIVER_NOT_FOUND]}),
    op('PATCH', '/v2/drivers/{uuid}', 'DriversController.patch',
       'Change the configuration of a driver.', since='2.5',
       path_params={'uuid': UUID}, body=driver_schema.UPDATE,
       response=one('Driver'),
       errors={400: [errors.DRIVER_CONFIG_INVALID],
               404: [errors.DRIVER_NOT_FOUND, errors.AGENT_NOT_FOUND],
               409: [errors.DRIVER_UNINSTALLED],
               503: [errors.AGENT_UNREACHABLE]}),
    op('DELETE', '/v2/drivers/{uuid}', 'DriversController.delete',
       'Uninstall a driver (?force=true unbinds its devices).',
       since='2.5', path_params={'uuid': UUID},
       query=driver_schema.DELETE_QUERY, status=204,
       errors={404: [errors.DRIVER_NOT_FOUND, errors.AGENT_NOT_FOUND],
               409: [errors.DRIVER_IN_USE, errors.DRIVER_UNINSTALLED],
               503: [errors.AGENT_UNREACHABLE]}),
    op('POST', '/v2/discovery', 'DiscoveryController.post',
       'Discover now, on one host or on every host.', since='2.5',
       body=discovery_schema.RUN, body_required=False,
       response=listed('hosts', 'DiscoveryResult'),
       errors={404: [errors.AGENT_NOT_FOUND, errors.DRIVER_NOT_ENABLED],
               503: [errors.AGENT_UNREACHABLE]}),
    op('GET', DC, 'DeviceClassesController.get_all',
       'List device classes.', since='2.11',
       query=device_class_schema.LIST_QUERY,
       response=listed('device_classes', 'DeviceClass', True)),
    op('POST', DC, 'DeviceClassesController.post',
       'Create a device class; its trait goes on every device provider '
       'its selector matches.', since='2.11',
       body=device_class_schema.CREATE, status=201,
       response=one('DeviceClass'),
       errors={400: [errors.DEVICE_CLASS_INVALID],
               409: [errors.DEVICE_CLASS_EXISTS]}),
    op('GET', DC + '/{name}', 'DeviceClassesController.get_one',
       'Show a device class.', since='2.11', path_params={'name': STRING},
       response=one('DeviceClass'),
       errors={404: [errors.DEVICE_CLASS_NOT_FOUND]}),
    op('DELETE', DC + '/{name}', 'DeviceClassesController.delete',
       'Delete a device class; its trait leaves every provider.',
       since='2.11', path_params={'name': STRING}, status=204,
       errors={404: [errors.DEVICE_CLASS_NOT_FOUND]}),
    op('GET', '/v2/instances', 'InstancesController.get_all',
       'The servers that hold accelerators, as Nova sees them.',
       since='2.10', query=instance_schema.LIST_QUERY,
       response=listed('instances', 'ListedServer', True),
       errors={400: [errors.NOVA_NOT_CONFIGURED],
               503: [errors.NOVA_UNAVAILABLE, errors.CONDUCTOR_UNAVAILABLE,
                     errors.MESSAGING_UNAVAILABLE]}),
    op('GET', '/v2/instances/{instance_uuid}', 'InstancesController.get_one',
       'A server as Nova shows it, with its accelerator requests and '
       'attachments.', since='2.6', path_params={'instance_uuid': UUID},
       response=lambda version: _object(
           server=ref('Server'),
           arqs={'type': 'array', 'items': ref('AcceleratorRequest')},
           attachments={'type': 'array', 'items': ref('Attachment')}),
       errors={400: [errors.NOVA_NOT_CONFIGURED],
               404: [errors.SERVER_NOT_FOUND],
               503: [errors.NOVA_UNAVAILABLE, errors.CONDUCTOR_UNAVAILABLE,
                     errors.MESSAGING_UNAVAILABLE]}),
    op('GET', '/v2/instances/{instance_uuid}/accelerators',
       'AcceleratorsController.get_all',
       'The accelerator requests of an instance.', since='2.5',
       path_params={'instance_uuid': UUID},
       response=listed('arqs', 'AcceleratorRequest')),
    op('POST', '/v2/instances/{instance_uuid}/accelerators',
       'AcceleratorsController.post',
       'Attach the accelerators of a device profile to a server whose '
       'flavor names a device profile.',
       since='2.5', path_params={'instance_uuid': UUID},
       body=instance_schema.ATTACH, status=202,
       response=_attach_response,
       errors={400: [errors.INSTANCE_ALREADY_BOUND,
                     errors.NOVA_NOT_CONFIGURED],
               404: [errors.DEVICE_PROFILE_NOT_FOUND, errors.HOST_NOT_FOUND,
                     errors.AGENT_NOT_FOUND, errors.SERVER_NOT_FOUND],
               403: [errors.OVER_LIMIT],
               409: [errors.NO_ACCELERATOR_CANDIDATE,
                     errors.SERVER_NOT_ATTACHABLE, errors.ARQ_BIND_REFUSED],
               503: [errors.NOVA_UNAVAILABLE, errors.LIMITS_UNAVAILABLE]}),
    op('DELETE', '/v2/instances/{instance_uuid}/accelerators',
       'AcceleratorsController.delete',
       'Detach the accelerators attach gave a server.', since='2.5',
       path_params={'instance_uuid': UUID},
       query=instance_schema.DETACH_QUERY, status=204,
       errors={400: [errors.NOVA_NOT_CONFIGURED],
               404: [errors.ARQ_NOT_FOUND],
               409: [errors.ARQ_BAD_STATE, errors.ARQS_NOT_ATTACHED,
                     errors.SERVER_NOT_DETACHABLE],
               503: [errors.NOVA_UNAVAILABLE]}),
]
