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
"""/v2/instances: servers holding accelerators; attach and detach via Nova.

Detach takes only the ARQs attach made, never Nova's own.
"""

import datetime

from oslo_config import cfg
from oslo_utils import strutils
from oslo_utils import timeutils
import pecan

from cyborg.api import errors
from cyborg.api import route
from cyborg.api.controllers import base
from cyborg.api.controllers.v2 import accelerator_request as arq_api
from cyborg.api.schemas import common as common_schema
from cyborg.api.schemas import instance as schema
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attachment as att_queries
from cyborg.db.queries import instance as instance_queries
from cyborg.policies import instance as policies

CONF = cfg.CONF


def _serialize_attachment(attachment, arqs):
    return {'uuid': attachment['uuid'], 'state': attachment['state'],
            'reboot': attachment['reboot'],
            'allocations': attachment['allocations'],
            'arqs': [a['uuid'] for a in arqs
                     if a['attachment_uuid'] == attachment['uuid']]}


# What a project's readers do not see of a server: Nova shows its host
# and node to administrators only (os-extended-server-attributes).
_ADMIN_ONLY = ('host', 'nodename')


# What a listed server's ARQ leaves out of the ARQ the API shows: what
# its server says already, and what a list of servers need not hold.
# Its uuid is "arq".
NOT_LISTED = ('uuid', 'state', 'instance_uuid', 'project_id',
              'attach_handle_info', 'created_at', 'updated_at', 'links')


def _serialize_accelerator(arq):
    """One Bound ARQ of a listed server, with its driver and device."""
    shown = arq_api.serialize(arq, {arq['uuid']: arq})
    return dict({'arq': arq['uuid']},
                **{key: value for key, value in shown.items()
                   if key not in NOT_LISTED},
                driver=arq['driver'], device=arq['device_uuid'])


def _serialize_listed(context, entry, nova):
    """One server of the list: its ARQs, and what Nova says of it."""
    said = nova.get(entry['uuid']) or {'server': None, 'audit': None}
    server = said['server']
    if server is not None and not context.is_admin:
        server = dict(server, **{key: None for key in _ADMIN_ONLY})
    return {'uuid': entry['uuid'], 'project_id': entry['project_id'],
            'server': server, 'audit': said['audit'],
            'accelerators': [_serialize_accelerator(arq)
                             for arq in entry['arqs']]}


def _arqs(context, instance_uuid):
    return arq_queries.get_all(
        context, project_id=arq_api.visible_project(context),
        instance_uuid=instance_uuid)


def get_accelerators(context, instance_uuid):
    return {'arqs': arq_api.serialize_all(context,
                                          _arqs(context, instance_uuid))}


def attach(context, instance_uuid):
    """The new ARQs, the server as Nova shows it and the reboot asked."""
    body = route.body()
    result = pecan.request.conductor_api.instance_attach(
        context, instance_uuid, body['device_profile_name'],
        hostname=body.get('hostname'), project_id=body.get('project_id'),
        reboot=body.get('reboot', False))
    arqs = arq_api.serialize_all(context, arq_queries.get_all(
        context, uuids=list(result['arqs'])))
    return {'arqs': arqs, 'server': result['server'],
            'attachment': result['attachment'], 'reboot': result['reboot']}


def detach(context, instance_uuid):
    """Detach what attach gave (``?arqs=``: only these; ``?reboot=``)."""
    params = route.query()
    pecan.request.conductor_api.instance_detach(
        context, instance_uuid,
        arq_uuids=(arq_api.uuid_list(params['arqs']) if 'arqs' in params
                   else None),
        reboot=strutils.bool_from_string(params.get('reboot')))


def get_all(context):
    """A page of servers with Bound ARQs, Nova's view and audit mark."""
    params = route.query()
    # A page at a time, at most the largest page, so that one request
    # asks Nova about a bounded number of servers.
    limit = int(params.get('limit', common_schema.MAX_LIMIT))
    idle_before = None
    if strutils.bool_from_string(params.get('idle')):
        idle_before = timeutils.utcnow() - datetime.timedelta(
            seconds=CONF.telemetry.idle_window)
    entries = instance_queries.get_page(
        context, project_id=arq_api.visible_project(context),
        host=params.get('host'), driver=params.get('driver'),
        device_profile=params.get('device_profile'), limit=limit,
        marker=params.get('marker'), idle_before=idle_before)
    nova = {}
    if entries:
        nova = pecan.request.conductor_api.instance_list(
            context, servers={
                e['uuid']: sorted({a['hostname'] for a in e['arqs']})
                for e in entries})
    return base.collection(
        'instances', [_serialize_listed(context, e, nova)
                      for e in entries], limit, resource='instances')


def get_one(context, instance_uuid):
    """The server as Nova shows it, its ARQs and attach's attachments."""
    server = pecan.request.conductor_api.instance_show(
        context, instance_uuid)
    arqs = arq_queries.get_all(context, instance_uuid=instance_uuid)
    attachments = att_queries.get_all(context, instance_uuid=instance_uuid)
    attached = arq_queries.get_all(
        context, attachment_uuids=[a['uuid'] for a in attachments]
    ) if attachments else []
    return {'server': server,
            'arqs': arq_api.serialize_all(context, arqs),
            'attachments': [_serialize_attachment(a, attached)
                            for a in attachments]}


def _attach_response(version):
    """The new ARQs, the server, the attachment and the reboot."""
    return route.obj(
        arqs={'type': 'array', 'items': route.ref('AcceleratorRequest')},
        attachment={'type': 'string'},
        reboot=route.nullable({'type': 'string',
                               'enum': ['pending', 'requested', 'refused']}),
        server=route.ref('Server'))


_NOVA_ERRORS = {400: [errors.NOVA_NOT_CONFIGURED],
                503: [errors.NOVA_UNAVAILABLE, errors.CONDUCTOR_UNAVAILABLE,
                      errors.MESSAGING_UNAVAILABLE]}
_ACCELERATORS = '/v2/instances/{instance_uuid}/accelerators'
ROUTES = [
    route.Route('GET', '/v2/instances', get_all,
                'The servers that hold accelerators, as Nova sees them.',
                since='2.4', query=schema.LIST_QUERY,
                response=route.listed('instances', 'ListedServer', True),
                errors=_NOVA_ERRORS,
                policy=policies.GET_ALL),
    route.Route('GET', '/v2/instances/{instance_uuid}', get_one,
                'A server as Nova shows it, with its accelerator requests '
                'and attachments.', since='2.4',
                response=lambda version: route.obj(
                    arqs={'type': 'array',
                          'items': route.ref('AcceleratorRequest')},
                    attachments={'type': 'array',
                                 'items': route.ref('Attachment')},
                    server=route.ref('Server')),
                errors={404: [errors.SERVER_NOT_FOUND], **_NOVA_ERRORS},
                policy=policies.GET),
    route.Route('GET', _ACCELERATORS, get_accelerators,
                'The accelerator requests of an instance.', since='2.4',
                response=route.listed('arqs', 'AcceleratorRequest'),
                policy=policies.GET_ACCELERATORS),
    route.Route('POST', _ACCELERATORS, attach,
                'Attach the accelerators of a device profile to a server '
                'whose flavor names a device profile.', since='2.4',
                body=schema.ATTACH, status=202, response=_attach_response,
                errors={400: [errors.INSTANCE_ALREADY_BOUND,
                              errors.NOVA_NOT_CONFIGURED,
                              errors.PLACEMENT_NOT_CONFIGURED],
                        404: [errors.DEVICE_PROFILE_NOT_FOUND,
                              errors.HOST_NOT_FOUND, errors.AGENT_NOT_FOUND,
                              errors.SERVER_NOT_FOUND],
                        403: [errors.OVER_LIMIT],
                        409: [errors.NO_ACCELERATOR_CANDIDATE,
                              errors.SERVER_NOT_ATTACHABLE,
                              errors.ARQ_BIND_REFUSED, errors.CONFLICT],
                        503: [errors.NOVA_UNAVAILABLE,
                              errors.LIMITS_UNAVAILABLE,
                              errors.PLACEMENT_UNAVAILABLE]},
                policy=policies.ATTACH),
    route.Route('DELETE', _ACCELERATORS, detach,
                'Detach the accelerators attach gave a server.',
                since='2.4', query=schema.DETACH_QUERY, status=204,
                errors={400: [errors.NOVA_NOT_CONFIGURED],
                        404: [errors.ARQ_NOT_FOUND],
                        409: [errors.ARQ_BAD_STATE, errors.ARQS_NOT_ATTACHED,
                              errors.SERVER_NOT_DETACHABLE, errors.CONFLICT],
                        503: [errors.NOVA_UNAVAILABLE,
                              errors.PLACEMENT_UNAVAILABLE]},
                policy=policies.DETACH),
]
