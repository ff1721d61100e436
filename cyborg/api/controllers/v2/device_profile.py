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
"""/v2/device_profiles: named lists of accelerator request groups."""

from oslo_utils import uuidutils
import pecan
from wsme import types as wtypes

from cyborg import exception
from cyborg.api import errors
from cyborg.api import link
from cyborg.api import microversion
from cyborg.api import route
from cyborg.api import validation
from cyborg.api.controllers import base
from cyborg.api.schemas import common as common_schema
from cyborg.api.schemas import device_profile as schema
from cyborg.db.queries import device_profile as dp_queries
from cyborg.i18n import _
from cyborg.objects import device_profile as dp_obj
from cyborg.policies import device_profile as policies

COLLECTION = 'device_profiles'


class DeviceProfile(base.APIBase):
    uuid = wtypes.text
    name = wtypes.text
    description = wtypes.text
    groups = [wtypes.DictType(wtypes.text, wtypes.text)]


def serialize(profile):
    """A device profile (a query dict or a DeviceProfile object)."""
    if isinstance(profile, dp_obj.DeviceProfile):
        profile = profile.to_dict()
    return base.to_json(DeviceProfile, **dict(
        profile, links=link.self_links(COLLECTION, profile['uuid'])))


def _server_error_before_2_4(exc):
    """Answer *exc* with a 500 below microversion 2.4.

    Up to 2.3 some bad input was a server error, and the upstream tempest
    tests expect it; from 2.4 it is the 4xx it deserves.
    """
    if not microversion.allow_operator_api(pecan.request.version):
        exc.api_status = 500
    return exc


def _check_legacy_name(profile):
    """Names the 2.0 schema lets through for the sake of old statuses."""
    name = profile.get('name', '')
    if not name:
        raise _server_error_before_2_4(exception.Invalid(
            _('Device profile name is required.')))
    if len(name) > 255:
        raise _server_error_before_2_4(exception.Invalid(
            _('Device profile name is longer than 255 characters.')))


def get_all(context):
    params = route.query()
    names = params['name'].split(',') if 'name' in params else None
    page = common_schema.page_args(params)
    profiles = dp_queries.get_all(context, names=names, **page)
    return base.collection(COLLECTION, [serialize(p) for p in profiles],
                           page['limit'])


def get_one(context, uuid_or_name):
    if validation.is_uuid(uuid_or_name):
        profile = dp_queries.get_by_uuid(context, uuid_or_name)
    elif microversion.allow_device_profile_by_name(pecan.request.version):
        profile = dp_queries.get_by_name(context, uuid_or_name)
    else:
        raise exception.NotAcceptable(
            _('Showing a device profile by name needs microversion '
              '2.2 or later; %s is not a UUID.') % uuid_or_name)
    return {'device_profile': serialize(profile)}


def post(context):
    strict = microversion.allow_operator_api(pecan.request.version)
    profile = route.body()[0]
    if not strict:
        _check_legacy_name(profile)
    groups = schema.normalize_groups(profile['groups'],
                                     require_resources=strict)
    dp_obj.arq_counts(groups)
    profile_obj = dp_obj.DeviceProfile(
        uuid=profile.get('uuid') or uuidutils.generate_uuid(),
        name=profile['name'],
        description=profile.get('description'), groups=groups)
    try:
        created = pecan.request.conductor_api.device_profile_create(
            context, profile_obj)
    except exception.DeviceProfileUUIDConflict as exc:
        raise _server_error_before_2_4(exc)
    return serialize(created)


def delete(context, uuid_or_name=None):
    """By ?value=n1,n2, or by the uuid or the names (n1,n2) of the path."""
    if uuid_or_name is None:
        uuid_or_name = route.query().get('value', '')
    items = [item.strip() for item in uuid_or_name.split(',')]
    if not all(items):
        raise exception.Invalid(
            _('Give the uuid or the names of the device profiles to '
              'delete, e.g. ?value=name1,name2.'))
    uuids = [item for item in items if validation.is_uuid(item)]
    names = [item for item in items if item not in uuids]
    pecan.request.conductor_api.device_profile_delete(
        context, uuids=uuids, names=names)


_DELETE_ERRORS = {404: [errors.DEVICE_PROFILE_NOT_FOUND],
                  409: [errors.DEVICE_PROFILE_IN_USE]}
ROUTES = [
    route.Route('GET', '/v2/device_profiles', get_all,
                'List device profiles.', query=schema.LIST_QUERY,
                response=route.listed(COLLECTION, 'DeviceProfile', True),
                policy=policies.GET_ALL),
    route.Route('POST', '/v2/device_profiles', post,
                'Create a device profile.', body=schema.CREATE, status=201,
                response=route.one('DeviceProfile'),
                errors={409: [errors.DEVICE_PROFILE_NAME_CONFLICT,
                              errors.DEVICE_PROFILE_UUID_CONFLICT]},
                legacy={500: [errors.INVALID_INPUT,
                              errors.DEVICE_PROFILE_UUID_CONFLICT]},
                policy=policies.CREATE),
    route.Route('GET', '/v2/device_profiles/{uuid_or_name}', get_one,
                'Show a device profile (by name from 2.2).',
                response=route.wrapped('device_profile', 'DeviceProfile'),
                errors={404: [errors.DEVICE_PROFILE_NOT_FOUND],
                        406: [errors.NOT_ACCEPTABLE]},
                policy=policies.GET_ONE),
    route.Route('DELETE', '/v2/device_profiles', delete,
                'Delete device profiles by name (?value=n1,n2).',
                query=schema.DELETE_QUERY, status=204,
                errors=_DELETE_ERRORS,
                policy=policies.DELETE),
    route.Route('DELETE', '/v2/device_profiles/{uuid_or_name}', delete,
                'Delete device profiles by uuid or by names (n1,n2).',
                status=204, errors=_DELETE_ERRORS,
                policy=policies.DELETE),
]
