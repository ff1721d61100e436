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
from cyborg.common import cleaning as common_cleaning
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.db.queries import device_state
from cyborg.db.queries import hold
from cyborg.db.queries import telemetry as telemetry_queries
from cyborg.i18n import _
from cyborg.policies import device as policies

COLLECTION = 'devices'

# The filters.field values that are page arguments.
_PAGE_FIELDS = ('limit', 'marker', 'sort_key', 'sort_dir')


class Device(base.APIBase):
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


class CleaningUnit(base.Base):
    """A unit of a device held by its own clean (what one tenant had)."""

    unit = wtypes.text
    generation = int
    step = wtypes.text
    step_started_at = datetime.datetime
    started_at = datetime.datetime
    reason = wtypes.text

    _json = {'state': {'type': 'string', 'enum': list(hold.CLEAN_STATES)},
             'reason': route.nullable(route.STRING)}


class Cleaning(base.Base):
    """A device's clean between two tenants as the API shows it: its
    policy, its own last clean (the whole device) and its units held.
    """

    only = bool
    generation = int
    step = wtypes.text
    step_started_at = datetime.datetime
    started_at = datetime.datetime
    ended_at = datetime.datetime
    reason = wtypes.text
    released_by = wtypes.text
    released_at = datetime.datetime

    # null (not cleaned), [] (its driver's default steps), or the steps
    # named (added to the defaults unless only).
    _json = {'steps': route.nullable({'type': 'array',
                                      'items': route.STRING}),
             'state': route.nullable({'type': 'string',
                                      'enum': list(hold.CLEAN_STATES)}),
             'units': {'type': 'array',
                       'items': route.ref('DeviceCleaningUnit')}}


def _clean(clean, detail):
    """The members of every view of a clean; its reason for *detail*
    (administrators) only: it may carry an operator's step's output,
    another tenant's data.
    """
    return dict(generation=clean.get('id'), step=clean.get('step'),
                step_started_at=clean.get('step_started_at'),
                started_at=clean.get('handed_at'),
                reason=clean.get('reason') if detail else None)


def cleaning_view(device, found=None, detail=False):
    """A device's ``cleaning`` (2.4).

    :param found: its device_state.views() entry.
    :param detail: whether the caller may read reasons (administrators).
    """
    found = found or {'last': None, 'units': []}
    policy = jsonutils.loads(device.get('clean_steps') or 'null')
    last = found['last'] or {}
    released = last.get('state') == common_cleaning.RELEASED
    return base.to_json(
        Cleaning, state=device.get('clean_state'),
        steps=None if policy is None else policy['steps'],
        only=bool(policy and policy.get('only')),
        ended_at=last.get('ended_at'), **_clean(last, detail),
        released_by=last.get('ended_by') if released else None,
        released_at=last.get('ended_at') if released else None,
        units=[base.to_json(
            CleaningUnit, unit=common_cleaning.unit_address(c),
            state=(hold.CLEANING if c['state'] in common_cleaning.ACTIVE
                   else hold.CLEAN_FAILED), **_clean(c, detail))
            for c in found['units']])


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


def cleanings(context, devices):
    """device_state.views() of *devices* (none below 2.4), and whether the
    caller reads the reasons.
    """
    if not microversion.allow_operator_api(pecan.request.version):
        return {}, False
    return (device_state.views(context, devices),
            context.can(policies.GET_CLEANINGS, fatal=False))


def serialize(device, extra=({}, {}), cleans=({}, False)):
    """A device at the request's version (extra: configurations(),
    cleans: cleanings()).
    """
    configs, samples = extra
    views, detail = cleans
    return base.to_json(Device, **dict(
        device, links=link.self_links(COLLECTION, device['uuid']),
        configuration=device_config.view(device,
                                         configs.get(device['uuid'])),
        telemetry=telemetry_api.sample_view(samples.get(device['uuid'])),
        cleaning=cleaning_view(device, views.get(device['uuid']), detail),
        **health_fields(device)))


def serialize_all(context, devices):
    extra = configurations(context, devices)
    cleans = cleanings(context, devices)
    return [serialize(d, extra, cleans) for d in devices]


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
    return ({'name': value} if field == 'name' else {}), params


def get_all(context):
    # Devices have no name: the generic filter on it is ignored, as it
    # matched nothing in the existing Cyborg either.
    _name, params = generic_filter(
        route.query(), common_schema.pagination(schema.SORT_KEYS))
    filters = {key: params[key] for key in
               ('type', 'vendor', 'hostname', 'status') if key in params}
    page = common_schema.page_args(params)
    devices = device_queries.get_all(context, filters=filters, **page)
    return base.collection(COLLECTION, serialize_all(context, devices),
                           page['limit'])


def get_one(context, uuid):
    # The configuration before the device: a report stores the device's
    # actual state and moves its configuration in one transaction, so a
    # configuration read as applied is never shown with the actual state
    # from before it (the two reads are two transactions).
    extra = configurations(context, [{'uuid': uuid}])
    device = device_queries.get(context, uuid)
    return serialize(device, extra, cleanings(context, [device]))


def enable(context, uuid):
    """Enable a device (ending the hold-down of one that recovers)."""
    pecan.request.conductor_api.device_set_status(
        context, uuid, device_queries.ENABLED)


def disable(context, uuid):
    pecan.request.conductor_api.device_set_status(
        context, uuid, device_queries.MAINTAINING)


def clean(context, uuid):
    """Clean a device, abort its cleans, or release what they hold
    uncleaned (202, the device).
    """
    body = route.body() or {}
    pecan.request.conductor_api.device_clean(
        context, uuid, by=context.user_id,
        release_uncleaned=body.get('release_uncleaned', False),
        abort=body.get('abort', False), reason=body.get('reason'))
    return get_one(context, uuid)


class CleaningRecord(base.Base):
    """One clean of a device or of a unit of it (its history)."""

    generation = int
    unit = wtypes.text
    state = wtypes.text
    driver_name = wtypes.text
    step = wtypes.text
    step_started_at = datetime.datetime
    started_at = datetime.datetime
    ended_at = datetime.datetime
    reason = wtypes.text
    ended_by = wtypes.text

    # {step, scope, abortable, priority...} in the order they run; the
    # steps done with what each read back and its seconds.
    _json = {'steps': {'type': 'array', 'items': {'type': 'object'}},
             'done': {'type': 'array', 'items': {'type': 'object'}}}


def get_cleanings(context, uuid):
    """A device's cleans, newest first (administrators)."""
    device_queries.get(context, uuid)
    return {'cleanings': [base.to_json(
        CleaningRecord, unit=common_cleaning.unit_address(c),
        state=c['state'], driver_name=c['driver_name'],
        ended_at=c['ended_at'], ended_by=c['ended_by'], steps=c['steps'],
        done=c['done'], **_clean(c, True))
        for c in device_state.history(context, uuid)]}


def _set_status_by_selector(context, status):
    """``{"devices": [...], "apply": bool}``: the devices a selector names
    that would change, or with ``"apply": true`` that changed (in one
    conductor transaction).
    """
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


def enable_selected(context):
    return _set_status_by_selector(context, device_queries.ENABLED)


def disable_selected(context):
    return _set_status_by_selector(context, device_queries.MAINTAINING)


def _selected(version):
    """The answer of POST /v2/devices/disable|enable."""
    return route.obj(devices={'type': 'array', 'items': route.ref('Device')},
                     apply={'type': 'boolean'})


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
                              errors.DEVICE_CLEAN_IN_USE,
                              errors.DEVICE_NOT_CLEANING,
                              errors.DEVICE_CLEAN_NOT_ABORTABLE,
                              errors.DEVICE_CLEAN_RUNNING]},
                policy=policies.CLEAN),
    route.Route('GET', _PATH + '/{uuid}/cleanings', get_cleanings,
                'A device\'s cleans and its units\', newest first, with '
                'the steps each ran, what they read back, and who released '
                'or aborted it.', since='2.4',
                response=route.listed('cleanings', 'DeviceCleaningRecord'),
                errors={404: [errors.DEVICE_NOT_FOUND]},
                policy=policies.GET_CLEANINGS),
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
