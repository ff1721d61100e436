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
"""/v2/devices: the accelerator cards of the compute nodes."""

import datetime

from oslo_serialization import jsonutils
import pecan
from wsme import types as wtypes

from cyborg import exception
from cyborg.api import errors
from cyborg.api import link
from cyborg.api import microversion
from cyborg.api import route
from cyborg.api import validation
from cyborg.api.controllers import base
from cyborg.api.controllers.v2 import device_config
from cyborg.api.controllers.v2 import telemetry as telemetry_api
from cyborg.api.schemas import common as common_schema
from cyborg.api.schemas import device as schema
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.db.queries import hold
from cyborg.db.queries import telemetry as telemetry_queries
from cyborg.i18n import _
from cyborg.policies import device as policies

COLLECTION = 'devices'

# The filters.field values that are page arguments.
_PAGE_FIELDS = ('limit', 'marker', 'sort_key', 'sort_dir')


class Device(base.APIBase):
    """A device as the API shows it."""

    uuid = wtypes.text
    type = wtypes.text
    vendor = wtypes.text
    model = wtypes.text
    std_board_info = wtypes.text
    vendor_board_info = wtypes.text
    hostname = wtypes.text
    status = wtypes.text
    # 2.4: healthy, unhealthy, recovering or driver_error.
    health = wtypes.text
    health_reason = wtypes.text
    health_since = datetime.datetime

    _since = dict(
        status=microversion.allow_device_status,
        **dict.fromkeys(('health', 'health_reason', 'health_since',
                         'configuration', 'telemetry', 'cleaning'),
                        microversion.allow_operator_api))
    # 2.4: its configuration as desired state (device_config.view), its
    # latest telemetry sample (telemetry_api.sample_view), its clean
    # between two tenants (cleaning_view).
    _json = {'configuration': route.nullable(
        route.ref('DeviceConfiguration')),
        'telemetry': route.nullable(route.ref('TelemetrySample')),
        'cleaning': route.ref('DeviceCleaning')}


class Cleaning(base.Base):
    """A device's clean between two tenants as the API shows it."""

    state = wtypes.text
    started_at = datetime.datetime
    reason = wtypes.text
    released_by = wtypes.text
    released_at = datetime.datetime

    # null (not cleaned), [] (its driver's default steps), or the steps.
    _json = {'steps': route.nullable({'type': 'array',
                                      'items': route.STRING}),
             'state': route.nullable({'type': 'string',
                                      'enum': list(hold.CLEAN_STATES)})}


def cleaning_view(device):
    """A device's ``cleaning`` (2.4)."""
    steps = device.get('clean_steps')
    return base.to_json(
        Cleaning, state=device.get('clean_state'),
        steps=None if steps is None else jsonutils.loads(steps),
        started_at=base.utc(device.get('clean_started_at')),
        reason=device.get('clean_reason'),
        released_by=device.get('clean_released_by'),
        released_at=base.utc(device.get('clean_released_at')))


def health_fields(row):
    """The health members of a device's (or a deployable's) row."""
    return {'health': device_queries.health_of(row),
            'health_reason': row.get('health_reason'),
            'health_since': row.get('health_since')}


def configurations(context, devices):
    """``({device uuid: configuration}, {device uuid: telemetry sample})``
    of *devices*, in two queries (none below 2.4).
    """
    if not microversion.allow_operator_api(pecan.request.version):
        return {}, {}
    uuids = [d['uuid'] for d in devices]
    return (config_queries.get_many(context, uuids),
            telemetry_queries.get_many(context, uuids))


def serialize(device, extra=({}, {})):
    """A device at the request's version (extra: configurations())."""
    configs, samples = extra
    return base.to_json(Device, **dict(
        device, links=link.self_links(COLLECTION, device['uuid']),
        configuration=device_config.view(device,
                                         configs.get(device['uuid'])),
        telemetry=telemetry_api.sample_view(samples.get(device['uuid'])),
        cleaning=cleaning_view(device), **health_fields(device)))


def serialize_all(context, devices):
    """Devices at the request's version."""
    extra = configurations(context, devices)
    return [serialize(d, extra) for d in devices]


def generic_filter(params, page_schema):
    """(filters, params) of the existing API's ``filters.field`` and
    ``filters.value``: page fields go into the params (checked against
    *page_schema*), ``name`` is a filter, the others are ignored.
    """
    field = params.pop('filters.field', None)
    value = params.pop('filters.value', None)
    if field is None:
        return {}, params
    if value is None:
        raise exception.Invalid(
            _('filters.field needs filters.value.'))
    if field in _PAGE_FIELDS:
        validation.check({field: value},
                         common_schema.query_schema(page_schema, True),
                         _('filters.value'))
        params[field] = value
        return {}, params
    if field == 'name':
        return {'name': value}, params
    return {}, params


def get_all():
    context = pecan.request.context
    # Devices have no name: the generic filter on it is ignored, as it
    # matched nothing in the existing Cyborg either.
    _name, params = generic_filter(
        route.query(), common_schema.pagination(['id', 'uuid', 'hostname',
                                                 'created_at']))
    filters = {key: params[key] for key in
               ('type', 'vendor', 'hostname', 'status') if key in params}
    page = common_schema.page_args(params)
    devices = device_queries.get_all(context, filters=filters, **page)
    return base.collection(COLLECTION, serialize_all(context, devices),
                           page['limit'])


def get_one(uuid):
    context = pecan.request.context
    validation.uuid_path(uuid, _('device'))
    # The configuration before the device: a report stores the device's
    # actual state and moves its configuration in one transaction, so a
    # configuration read as applied is never shown with the actual state
    # from before it (the two reads are two transactions).
    extra = configurations(context, [{'uuid': uuid}])
    device = device_queries.get(context, uuid)
    return serialize(device, extra)


def _set_status(uuid, status):
    context = pecan.request.context
    validation.uuid_path(uuid, _('device'))
    pecan.request.conductor_api.device_set_status(context, uuid, status)


def enable(uuid):
    """Enable a device (ending the hold-down of one that recovers)."""
    _set_status(uuid, device_queries.ENABLED)


def disable(uuid):
    _set_status(uuid, device_queries.MAINTAINING)


def clean(uuid):
    """Clean a device, or release a held one uncleaned (202, the device)."""
    context = pecan.request.context
    validation.uuid_path(uuid, _('device'))
    body = route.body() or {}
    pecan.request.conductor_api.device_clean(
        context, uuid, by=context.user_id,
        release_uncleaned=body.get('release_uncleaned', False),
        reason=body.get('reason'))
    return get_one(uuid)


def _set_status_by_selector(status):
    """``{"devices": [...], "apply": bool}``: the devices a selector names
    that would change, or with ``"apply": true`` that changed (in one
    conductor transaction).
    """
    context = pecan.request.context
    body = route.body()
    apply = body.pop('apply', False)
    device_queries.check_selector(body)
    if apply:
        uuids = pecan.request.conductor_api.device_set_status_by_selector(
            context, body, status)
        devices = device_queries.get_all(
            context, filters={'uuid': uuids}) if uuids else []
    else:
        devices = [d for d in device_queries.get_selected(context, body)
                   if device_queries.status_changes(d, status)]
    return {COLLECTION: serialize_all(context, devices), 'apply': apply}


def enable_selected():
    return _set_status_by_selector(device_queries.ENABLED)


def disable_selected():
    return _set_status_by_selector(device_queries.MAINTAINING)


def _selected(version):
    """The answer of POST /v2/devices/disable|enable."""
    return {'type': 'object',
            'properties': {'devices': {'type': 'array',
                                       'items': route.ref('Device')},
                           'apply': {'type': 'boolean'}},
            'required': ['devices', 'apply'], 'additionalProperties': False}


_PATH = '/v2/devices'
_SELECTOR_ERRORS = {400: [errors.DEVICE_SELECTOR_EMPTY]}
ROUTES = [
    route.Route('GET', _PATH, get_all, 'List devices.',
                query=schema.LIST_QUERY,
                response=route.listed(COLLECTION, 'Device', True),
                policy=policies.GET_ALL),
    route.Route('GET', _PATH + '/{uuid}', get_one, 'Show a device.',
                response=route.one('Device'),
                errors={404: [errors.DEVICE_NOT_FOUND]},
                policy=policies.GET_ONE),
    route.Route('POST', _PATH + '/{uuid}/enable', enable,
                'Enable a device (empty 200).',
                errors={404: [errors.DEVICE_NOT_FOUND]},
                policy=policies.ENABLE),
    route.Route('POST', _PATH + '/{uuid}/disable', disable,
                'Put a device in maintenance (empty 200).',
                errors={404: [errors.DEVICE_NOT_FOUND]},
                policy=policies.DISABLE),
    route.Route('POST', _PATH + '/{uuid}/clean', clean,
                'Clean a device (a failed clean retried, or one no request '
                'holds), or release a held one uncleaned.', since='2.4',
                body=schema.CLEAN, body_required=False, status=202,
                response=route.one('Device'),
                errors={404: [errors.DEVICE_NOT_FOUND],
                        409: [errors.DEVICE_CLEANING, errors.DEVICE_NOT_HELD,
                              errors.DEVICE_CLEAN_IN_USE]},
                policy=policies.CLEAN),
    route.Route('POST', _PATH + '/enable', enable_selected,
                'Enable every device a selector names (a dry run unless '
                'apply is true).', since='2.4', body=schema.SELECTOR,
                response=_selected, errors=_SELECTOR_ERRORS,
                policy=policies.ENABLE),
    route.Route('POST', _PATH + '/disable', disable_selected,
                'Put in maintenance every device a selector names (a dry '
                'run unless apply is true).', since='2.4',
                body=schema.SELECTOR, response=_selected,
                errors=_SELECTOR_ERRORS,
                policy=policies.DISABLE),
]
