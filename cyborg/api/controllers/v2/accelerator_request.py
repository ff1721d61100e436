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
"""/v2/accelerator_requests: accelerators asked for an instance (ARQs).

Nova creates ARQs from a device profile, binds them to the host and
resource providers the scheduler chose (PATCH), waits until they are
resolved and deletes them with the instance.  Binding, unbinding and
deleting by instance need a service token (Nova's), as in the existing
Cyborg since its fix of CVE-2026-40214.
"""

import datetime

from oslo_config import cfg
import pecan
from pecan import rest
from wsme import types as wtypes

from cyborg import exception
from cyborg import states
from cyborg.api import expose
from cyborg.api import link
from cyborg.api import microversion
from cyborg.api import validation
from cyborg.api.controllers import base
from cyborg.api.schemas import accelerator_request as schema
from cyborg.api.schemas import common as common_schema
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import nova_event as event_queries
from cyborg.i18n import _
from cyborg.objects import accelerator_request as arq_obj
from cyborg.policies import accelerator_request as policies

CONF = cfg.CONF

COLLECTION = 'accelerator_requests'


class AcceleratorRequest(base.APIBase):
    """An ARQ as the API shows it."""

    uuid = wtypes.text
    state = wtypes.text
    device_profile_name = wtypes.text
    device_profile_group_id = int
    hostname = wtypes.text
    device_rp_uuid = wtypes.text
    instance_uuid = wtypes.text
    project_id = wtypes.text
    attach_handle_type = wtypes.text
    attach_handle_uuid = wtypes.text
    attach_handle_info = wtypes.DictType(wtypes.text, wtypes.text)
    # 2.6: who made it: "create" (POST /v2/accelerator_requests: Nova,
    # from a flavor's or a port's device profile, or any client) or
    # "attach" (attach-instance; only those may be detached).
    origin = wtypes.text
    # 2.9: the health of the device behind the ARQ (healthy, unhealthy
    # or recovering, cyborg.conductor.devices.health), why it was last
    # unhealthy and since when; null while the ARQ holds no device.
    device_health = wtypes.text
    device_health_reason = wtypes.text
    device_health_since = datetime.datetime


ORIGIN_CREATE = 'create'
ORIGIN_ATTACH = 'attach'

_FIELDS = ('uuid', 'state', 'device_profile_name', 'device_profile_group_id',
           'hostname', 'device_rp_uuid', 'instance_uuid', 'project_id',
           'attach_handle_type', 'attach_handle_uuid', 'attach_handle_info',
           'created_at', 'updated_at')


def _as_dict(arq):
    if isinstance(arq, arq_obj.AcceleratorRequest):
        return arq.to_dict()
    return arq


def _device_health(health):
    """The device_health members of an ARQ from its device's columns
    (None: the ARQ holds no device).
    """
    if health is None:
        return {'device_health': None, 'device_health_reason': None,
                'device_health_since': None}
    return {'device_health': device_queries.health_of(health),
            'device_health_reason': health['health_reason'],
            'device_health_since': health['health_since']}


def serialize(arq, health=None):
    """An ARQ (a query dict or an AcceleratorRequest object).

    :param health: from 2.9, ``{arq uuid: its device's health columns}``
        (arq_queries.device_health); use serialize_all() for a list.
    """
    arq = _as_dict(arq)
    values = {field: arq.get(field) for field in _FIELDS}
    values['attach_handle_info'] = arq_obj.info_text(
        arq.get('attach_handle_info'))
    values['attach_handle_type'] = arq.get('attach_handle_type') or ''
    version = pecan.request.version
    if microversion.allow_attach_through_nova(version):
        values['origin'] = (ORIGIN_ATTACH if arq.get('attachment_uuid')
                            else ORIGIN_CREATE)
    if microversion.allow_arq_health(version):
        values.update(_device_health((health or {}).get(arq['uuid'])))
    return base.to_json(AcceleratorRequest,
                        links=link.self_links(COLLECTION, arq['uuid']),
                        **values)


def serialize_all(context, arqs):
    """ARQs as the API shows them: from 2.9 with the health of their
    devices, read in one query for the whole list.
    """
    arqs = [_as_dict(arq) for arq in arqs]
    health = None
    if microversion.allow_arq_health(pecan.request.version):
        health = arq_queries.device_health(context, arqs)
    return [serialize(arq, health) for arq in arqs]


def as_nova_sees(context, arqs):
    """The ARQs with the state Nova must see.

    A BindFailed ARQ whose ``failed`` event Nova has not acted on yet
    reads as BindStarted: nova-compute counts BindFailed as resolved and
    would start the server without the device; unresolved, it waits for
    the event, which the conductor sends again until Nova acts on it
    (cyborg.conductor.arq.nova_events, issue 38).
    """
    failed = [arq['uuid'] for arq in arqs
              if arq['state'] == states.BIND_FAILED]
    if not failed:
        return arqs
    telling = event_queries.failing_tags(context, failed)
    return [dict(arq, state=states.BIND_STARTED) if arq['uuid'] in telling
            else arq for arq in arqs]


def visible_project(context):
    """The project whose ARQs the caller sees: all for an admin."""
    return None if context.is_admin else context.project_id


def _require_service_token(context, what):
    """Refuse *what* unless the request carries a service token."""
    allowed = set(CONF.keystone_authtoken.service_token_roles)
    if not allowed.intersection(context.service_roles or []):
        raise exception.ServiceTokenRequired(reason=what)


def _parse_patch(body, context, version):
    """Check a bind/unbind document, before anything changes.

    :returns: {arq_uuid: {'op': 'add'|'remove', 'values': {...}}}.
    :raises: Invalid, NotAcceptable, PolicyNotAuthorized
    """
    allowed_paths = {'/' + field for field in schema.BIND_FIELDS}
    if microversion.allow_arq_project_id(version):
        allowed_paths.add('/project_id')
    patches = {}
    for uuid, ops in body.items():
        kinds = {op['op'] for op in ops}
        if len(kinds) != 1:
            raise exception.Invalid(
                _('Every op must be add or remove, not both (ARQ %s).') %
                uuid)
        kind = kinds.pop()
        values = {}
        for op in ops:
            if op['path'] == '/project_id' and '/project_id' not in \
                    allowed_paths:
                raise exception.NotAcceptable(
                    _('Setting /project_id needs microversion 2.1 or '
                      'later.'))
            if op['path'] not in allowed_paths:
                raise exception.Invalid(
                    _('Invalid path %(path)s in the patch of ARQ '
                      '%(uuid)s.') % {'path': op['path'], 'uuid': uuid})
            if kind == 'add':
                if 'value' not in op:
                    raise exception.Invalid(
                        _('Missing value for %s.') % op['path'])
                values[op['path'][1:]] = op['value']
        if kind == 'add':
            absent = [f for f in schema.BIND_FIELDS if f not in values]
            if absent:
                raise exception.Invalid(
                    _('Fields absent in patch of ARQ %(uuid)s: '
                      '%(fields)s') % {'uuid': uuid,
                                       'fields': ', '.join(absent)})
            validation.check(values, schema.BIND_VALUES, _('patch value'))
            # A bind keeps the ARQ's project: only an explicit /project_id
            # (an admin, 2.1 on) changes it.
            if 'project_id' in values and not context.is_admin:
                raise exception.PolicyNotAuthorized(
                    action='setting the project_id of an ARQ')
        patches[uuid] = {'op': kind, 'values': values}
    return patches


class AcceleratorRequestsController(rest.RestController):
    """/v2/accelerator_requests"""

    @expose.expose
    def get_all(self):
        context = pecan.request.context
        context.can(policies.GET_ALL)
        params = validation.query(schema.LIST_QUERY)
        page = common_schema.page_args(params)
        instance = params.get('instance')
        resolved = params.get('bind_state') == 'resolved'
        arqs = arq_queries.get_all(
            context, project_id=visible_project(context),
            instance_uuid=instance,
            states_in=states.RESOLVED if resolved and not instance else None,
            **page)
        arqs = as_nova_sees(context, arqs)
        if resolved and not instance:
            arqs = [arq for arq in arqs if arq['state'] in states.RESOLVED]
        if instance and resolved and any(
                arq['state'] not in states.RESOLVED for arq in arqs):
            # Nova polls until every ARQ of the instance is resolved.
            raise exception.Locked(
                reason=_('Accelerator requests of instance %s are not '
                         'resolved yet.') % instance)
        return base.collection('arqs', serialize_all(context, arqs),
                               page['limit'], resource=COLLECTION)

    @expose.expose
    def get_one(self, uuid):
        context = pecan.request.context
        context.can(policies.GET_ONE)
        validation.uuid_path(uuid, _('accelerator request'))
        [arq] = as_nova_sees(context, [arq_queries.get(
            context, uuid, project_id=visible_project(context))])
        [shown] = serialize_all(context, [arq])
        return shown

    @expose.expose
    def post(self):
        context = pecan.request.context
        context.can(policies.CREATE)
        body = validation.extract_json(schema.CREATE)
        arqs = pecan.request.conductor_api.arq_create(
            context, body['device_profile_name'], context.project_id)
        pecan.response.status = 201
        return {'arqs': serialize_all(context, arqs)}

    @expose.expose
    def patch(self, uuid=None):
        """Bind or unbind.  Nova sends PATCH /accelerator_requests;
        openstacksdk sends PATCH /accelerator_requests/{uuid}.
        """
        context = pecan.request.context
        context.can(policies.UPDATE)
        body = validation.extract_json(schema.PATCH)
        if uuid is not None and set(body) != {uuid}:
            raise exception.Invalid(
                _('The body of PATCH /accelerator_requests/%s must patch '
                  'that accelerator request only.') % uuid)
        patches = _parse_patch(body, context, pecan.request.version)
        _require_service_token(context, _('binding and unbinding '
                                          'accelerator requests'))
        # Checked in the bind's transaction, on the rows it reads anyway.
        check = ('refuse' if microversion.allow_bind_provider_check(
            pecan.request.version) else 'warn')
        pecan.request.conductor_api.arq_apply_patch(
            context, patches, project_id=visible_project(context),
            check_provider=check)
        pecan.response.status = 202

    @expose.expose
    def delete(self, uuid=None):
        context = pecan.request.context
        context.can(policies.DELETE)
        params = validation.query(schema.DELETE_QUERY)
        if uuid is not None:
            params['arqs'] = uuid
        if ('arqs' in params) == ('instance' in params):
            raise exception.Invalid(
                _('Delete accelerator requests either by ?arqs=uuid1,uuid2 '
                  'or by ?instance=uuid, not both and not neither.'))
        project = visible_project(context)
        if 'instance' in params:
            _require_service_token(context, _('deleting the accelerator '
                                              'requests of an instance'))
            pecan.request.conductor_api.arq_delete(
                context, instance_uuid=params['instance'],
                project_id=project)
        else:
            uuids = [u.strip() for u in params['arqs'].split(',')]
            for arq_uuid in uuids:
                validation.uuid_path(arq_uuid, _('accelerator request'))
            arqs = arq_queries.get_all(context, project_id=project,
                                       uuids=uuids)
            found = {arq['uuid'] for arq in arqs}
            missing = [u for u in uuids if u not in found]
            if missing:
                raise exception.AcceleratorRequestNotFound(uuid=missing[0])
            if any(arq['instance_uuid'] for arq in arqs):
                _require_service_token(context, _('deleting bound '
                                                  'accelerator requests'))
            pecan.request.conductor_api.arq_delete(
                context, uuids=uuids, project_id=project)
        pecan.response.status = 204
