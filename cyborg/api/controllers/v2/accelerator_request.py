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

Nova creates them, binds them (PATCH) and deletes them; binding,
unbinding and deleting by instance need its service token.
"""

import datetime

from oslo_config import cfg
import pecan
from wsme import types as wtypes

from cyborg import exception
from cyborg import states
from cyborg.api import errors
from cyborg.api import link
from cyborg.api import microversion
from cyborg.api import route
from cyborg.api import validation
from cyborg.api.controllers import base
from cyborg.api.schemas import accelerator_request as schema
from cyborg.api.schemas import common as common_schema
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import nova_event as event_queries
from cyborg.i18n import _
from cyborg.policies import accelerator_request as policies

CONF = cfg.CONF

COLLECTION = 'accelerator_requests'


class AcceleratorRequest(base.APIBase):
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
    # 2.4: "create" (POST) or "attach" (attach-instance; only those may
    # be detached).
    origin = wtypes.text
    # 2.4: the health of the device behind the ARQ (null: none yet).
    device_health = wtypes.text
    device_health_reason = wtypes.text
    device_health_since = datetime.datetime
    # 2.4: its latest utilization (0 to 1), and since when it has stayed
    # under [telemetry] idle_threshold (null: busy, or not known).
    device_utilization = float
    device_idle_since = datetime.datetime

    _since = dict.fromkeys(('origin', 'device_health', 'device_health_reason',
                            'device_health_since', 'device_utilization',
                            'device_idle_since'),
                           microversion.allow_operator_api)


ORIGIN_CREATE = 'create'
ORIGIN_ATTACH = 'attach'


def _info_text(info):
    """An attach_handle_info as Nova reads it: text values, and null (never
    ``"None"``) where the handle has none, as ``physical_network`` of a NIC
    function on no physical network.
    """
    return {str(k): (None if v is None else str(v))
            for k, v in (info or {}).items()}


def _device_health(health):
    """The device_* members of an ARQ from its device's columns (none:
    serialize() leaves them null).
    """
    if health is None:
        return {}
    return {'device_health': device_queries.health_of(health),
            'device_health_reason': health['health_reason'],
            'device_health_since': health['health_since'],
            'device_utilization': health['utilization'],
            'device_idle_since': health['idle_since']}


def serialize(arq, health=None):
    """An ARQ (a dict of arq_queries).

    :param health: from 2.4, ``{arq uuid: its device's health columns}``.
    """
    values = {attr.key: arq.get(attr.key)
              for attr in wtypes.list_attributes(AcceleratorRequest)}
    values.update(
        attach_handle_info=_info_text(arq.get('attach_handle_info')),
        attach_handle_type=arq.get('attach_handle_type') or '',
        origin=ORIGIN_ATTACH if arq.get('attachment_uuid')
        else ORIGIN_CREATE,
        links=link.self_links(COLLECTION, arq['uuid']),
        **_device_health((health or {}).get(arq['uuid'])))
    return base.to_json(AcceleratorRequest, **values)


def serialize_all(context, arqs):
    """ARQs as the API shows them (from 2.4 with their devices' health,
    read in one query).
    """
    health = None
    if microversion.allow_operator_api(pecan.request.version):
        health = arq_queries.device_health(context, arqs)
    return [serialize(arq, health) for arq in arqs]


def as_nova_sees(context, arqs):
    """The ARQs with the state Nova must see.

    A BindFailed ARQ whose ``failed`` event Nova has not acted on yet
    reads as BindStarted: nova-compute counts BindFailed as resolved and
    would start the server without the device; unresolved, it waits for
    the event, which the conductor sends again until Nova acts on it.
    """
    failed = [arq['uuid'] for arq in arqs
              if arq['state'] == states.BIND_FAILED]
    if not failed:
        return arqs
    telling = event_queries.failing_tags(context, failed)
    return [dict(arq, state=states.BIND_STARTED) if arq['uuid'] in telling
            else arq for arq in arqs]


def uuid_list(text):
    """The ARQ uuids of ``?arqs=u1,u2``, each checked."""
    return [validation.uuid_path(uuid.strip(), _('accelerator request'))
            for uuid in text.split(',')]


def visible_project(context):
    """The project whose ARQs the caller sees: all for an admin."""
    return None if context.is_admin else context.project_id


def _require_service_token(context, what):
    """Refuse *what* unless the request carries a service token."""
    allowed = set(CONF.keystone_authtoken.service_token_roles)
    if not allowed.intersection(context.service_roles or []):
        raise exception.ServiceTokenRequired(reason=what)


def _patches(body, context, version):
    """{arq_uuid: {'op': 'add'|'remove', 'values': {...}}} of a checked
    bind/unbind document.

    :raises: NotAcceptable, PolicyNotAuthorized
    """
    patches = {}
    for uuid, ops in body.items():
        kind = ops[0]['op']
        paths = {op['path'] for op in ops}
        if '/project_id' in paths and \
                not microversion.allow_arq_project_id(version):
            raise exception.NotAcceptable(
                _('Setting /project_id needs microversion 2.1 or later.'))
        # A bind keeps the ARQ's project: only an explicit /project_id (an
        # admin, 2.1 on) changes it.
        if kind == 'add' and '/project_id' in paths and not context.is_admin:
            raise exception.PolicyNotAuthorized(
                action='setting the project_id of an ARQ')
        values = {op['path'][1:]: op['value'] for op in ops
                  if kind == 'add'}
        patches[uuid] = {'op': kind, 'values': values}
    return patches


def get_all(context):
    params = route.query()
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


def get_one(context, uuid):
    return serialize_all(context, as_nova_sees(context, [arq_queries.get(
        context, uuid, project_id=visible_project(context))]))[0]


def post(context):
    body = route.body()
    arqs = pecan.request.conductor_api.arq_create(
        context, body['device_profile_name'], context.project_id)
    # New ARQs hold no device yet: no health to read (null from 2.4).
    return {'arqs': [serialize(arq) for arq in arqs]}


def patch(context, uuid=None):
    """Bind or unbind.  Nova sends PATCH /accelerator_requests;
    openstacksdk sends PATCH /accelerator_requests/{uuid}.
    """
    body = route.body()
    if uuid is not None and set(body) != {uuid}:
        raise exception.Invalid(
            _('The body of PATCH /accelerator_requests/%s must patch '
              'that accelerator request only.') % uuid)
    patches = _patches(body, context, pecan.request.version)
    _require_service_token(context, _('binding and unbinding '
                                      'accelerator requests'))
    # Checked in the bind's transaction, on the rows it reads anyway.
    check = ('refuse' if microversion.allow_operator_api(
        pecan.request.version) else 'warn')
    pecan.request.conductor_api.arq_apply_patch(
        context, patches, project_id=visible_project(context),
        check_provider=check)


def delete(context, uuid=None):
    params = route.query()
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
            context, instance_uuid=params['instance'], project_id=project)
        return
    uuids = uuid_list(params['arqs'])
    arqs = arq_queries.get_all(context, project_id=project, uuids=uuids)
    found = {arq['uuid'] for arq in arqs}
    missing = [u for u in uuids if u not in found]
    if missing:
        raise exception.AcceleratorRequestNotFound(uuid=missing[0])
    if any(arq['instance_uuid'] for arq in arqs):
        _require_service_token(context, _('deleting bound '
                                          'accelerator requests'))
    pecan.request.conductor_api.arq_delete(
        context, uuids=uuids, project_id=project)


_PATH = '/v2/accelerator_requests'
_BIND_ERRORS = {
    400: [errors.INSTANCE_ALREADY_BOUND, errors.ARQ_PROVIDER_MISMATCH],
    403: [errors.SERVICE_TOKEN],
    404: [errors.ARQ_NOT_FOUND],
    406: [errors.NOT_ACCEPTABLE],
    409: [errors.ARQ_BAD_STATE, errors.ARQ_BIND_REFUSED],
}
_DELETE_ERRORS = {403: [errors.SERVICE_TOKEN], 404: [errors.ARQ_NOT_FOUND],
                  409: [errors.ARQ_BAD_STATE]}
ROUTES = [
    route.Route('GET', _PATH, get_all,
                'List accelerator requests (of an instance; resolved ones).',
                query=schema.LIST_QUERY,
                response=route.listed('arqs', 'AcceleratorRequest', True),
                errors={423: [errors.ARQ_NOT_RESOLVED]},
                policy=policies.GET_ALL),
    route.Route('POST', _PATH, post,
                'Create the accelerator requests of a device profile.',
                body=schema.CREATE, status=201,
                response=route.listed('arqs', 'AcceleratorRequest'),
                errors={404: [errors.DEVICE_PROFILE_NOT_FOUND]},
                policy=policies.CREATE),
    route.Route('GET', _PATH + '/{uuid}', get_one,
                'Show an accelerator request.',
                response=route.one('AcceleratorRequest'),
                errors={404: [errors.ARQ_NOT_FOUND]},
                policy=policies.GET_ONE),
    route.Route('PATCH', _PATH, patch,
                'Bind or unbind accelerator requests (a service token).',
                body=schema.PATCH, status=202, errors=_BIND_ERRORS,
                policy=policies.UPDATE),
    route.Route('PATCH', _PATH + '/{uuid}', patch,
                'Bind or unbind one accelerator request (a service token).',
                body=schema.PATCH, status=202, errors=_BIND_ERRORS,
                policy=policies.UPDATE),
    route.Route('DELETE', _PATH, delete,
                'Delete accelerator requests (?arqs=u1,u2 or '
                '?instance=uuid).',
                query=schema.DELETE_QUERY, status=204,
                errors=_DELETE_ERRORS,
                policy=policies.DELETE),
    route.Route('DELETE', _PATH + '/{uuid}', delete,
                'Delete an accelerator request.', query=schema.DELETE_QUERY,
                status=204, errors=_DELETE_ERRORS,
                policy=policies.DELETE),
]
