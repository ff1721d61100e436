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
from pecan import rest
from wsme import types as wtypes

from cyborg import exception
from cyborg.api import expose
from cyborg.api import link
from cyborg.api import microversion
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
    """A device profile as the API shows it."""

    uuid = wtypes.text
    name = wtypes.text
    description = wtypes.text
    groups = [wtypes.DictType(wtypes.text, wtypes.text)]


def serialize(profile):
    """A device profile (a query dict or a DeviceProfile object)."""
    if isinstance(profile, dp_obj.DeviceProfile):
        profile = profile.to_dict()
    return base.to_json(
        DeviceProfile, uuid=profile['uuid'], name=profile['name'],
        description=profile.get('description'), groups=profile['groups'],
        created_at=profile.get('created_at'),
        updated_at=profile.get('updated_at'),
        links=link.self_links(COLLECTION, profile['uuid']))


def _server_error_before_2_4(exc):
    """Answer *exc* with a 500 below microversion 2.4.

    Up to 2.3 some bad input was a server error, and the upstream tempest
    tests expect it; from 2.4 it is the 4xx it deserves.
    """
    if not microversion.allow_no_server_errors(pecan.request.version):
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


class DeviceProfilesController(rest.RestController):
    """/v2/device_profiles"""

    @expose.expose
    def get_all(self):
        context = pecan.request.context
        context.can(policies.GET_ALL)
        params = validation.query(schema.LIST_QUERY)
        names = params['name'].split(',') if 'name' in params else None
        page = common_schema.page_args(params)
        profiles = dp_queries.get_all(context, names=names, **page)
        return base.collection(COLLECTION, [serialize(p) for p in profiles],
                               page['limit'])

    @expose.expose
    def get_one(self, ident):
        context = pecan.request.context
        context.can(policies.GET_ONE)
        if validation.is_uuid(ident):
            profile = dp_queries.get_by_uuid(context, ident)
        elif microversion.allow_device_profile_by_name(
                pecan.request.version):
            profile = dp_queries.get_by_name(context, ident)
        else:
            raise exception.NotAcceptable(
                _('Showing a device profile by name needs microversion '
                  '2.2 or later; %s is not a UUID.') % ident)
        return {'device_profile': serialize(profile)}

    @expose.expose
    def post(self):
        context = pecan.request.context
        context.can(policies.CREATE)
        version = pecan.request.version
        strict = microversion.allow_no_server_errors(version)
        body = validation.extract_json(schema.CREATE)
        profile = body[0]
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
        pecan.response.status = 201
        return serialize(created)

    @expose.expose
    def delete(self, ident=None):
        context = pecan.request.context
        context.can(policies.DELETE)
        if ident is None:
            values = validation.query(schema.DELETE_QUERY).get('value', '')
        else:
            values = ident
        items = [item.strip() for item in values.split(',')]
        if not all(items):
            raise exception.Invalid(
                _('Give the uuid or the names of the device profiles to '
                  'delete, e.g. ?value=name1,name2.'))
        uuids = [item for item in items if validation.is_uuid(item)]
        names = [item for item in items if item not in uuids]
        pecan.request.conductor_api.device_profile_delete(
            context, uuids=uuids, names=names)
        pecan.response.status = 204
