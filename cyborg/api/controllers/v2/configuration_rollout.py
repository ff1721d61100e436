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
"""/v2/configuration_rollouts: a configuration rolled out over a class."""

import pecan
from wsme import types as wtypes

from cyborg.api import errors
from cyborg.api import link
from cyborg.api import route
from cyborg.api.controllers import base
from cyborg.api.schemas import common as common_schema
from cyborg.api.schemas import configuration_rollout as schema
from cyborg.common import configuration_rollout
from cyborg.db.queries import configuration_rollout as rollout_queries
from cyborg.policies import configuration_rollout as policies

COLLECTION = 'configuration_rollouts'

_COUNT = {'type': 'integer', 'minimum': 0}
_DEVICES = {'type': 'array', 'items': route.obj(
    device_uuid={'type': 'string'}, hostname={'type': 'string'},
    reason=route.nullable({'type': 'string'}))}


class ConfigurationRollout(base.APIBase):
    uuid = wtypes.text
    device_class = wtypes.text
    max_unavailable = wtypes.text
    unavailable = int
    drain = bool
    max_failures = int
    follow = bool
    reason = wtypes.text

    _json = {'desired': {'type': 'object'},
             'state': {'type': 'string',
                       'enum': list(configuration_rollout.STATES)},
             'progress': route.obj(**dict.fromkeys(
                 configuration_rollout.PROGRESS, _COUNT)),
             'failed_devices': _DEVICES,
             'skipped_devices': _DEVICES}


def _devices(members, state):
    return [{'device_uuid': m['device_uuid'], 'hostname': m['hostname'],
             'reason': m['reason']} for m in members if m['state'] == state]


def serialize_all(context, rows):
    """Rollouts with progress and failed/skipped devices, in two statements.

    At most rollout_queries.LISTED of each; progress counts them all.
    """
    ids = [row['id'] for row in rows]
    progress = rollout_queries.progress(context, ids)
    members = rollout_queries.failed_and_skipped(context, ids)
    return [base.to_json(ConfigurationRollout, **dict(
        row, progress=row.get('progress') or progress[row['id']],
        failed_devices=_devices(members[row['id']],
                                configuration_rollout.FAILED),
        skipped_devices=_devices(members[row['id']],
                                 configuration_rollout.SKIPPED),
        links=link.self_links(COLLECTION, row['uuid']))) for row in rows]


def serialize(context, row):
    return serialize_all(context, [row])[0]


def get_all(context):
    params = route.query()
    rows = rollout_queries.get_all(context, state=params.get('state'),
                                   **common_schema.page_args(params))
    return base.collection(COLLECTION, serialize_all(context, rows),
                           common_schema.page_args(params)['limit'])


def get_one(context, uuid):
    return serialize(context, rollout_queries.get(context, uuid))


def post(context):
    """The conductor judges the configuration for every device as it stores."""
    body = route.body()
    conductor_api = pecan.request.conductor_api
    return serialize(context, conductor_api.configuration_rollout_create(
        context, device_class=body['device_class'], desired=body['desired'],
        max_unavailable=configuration_rollout.as_text(
            body['max_unavailable']),
        drain=body.get('drain', False),
        max_failures=body.get('max_failures', 0),
        follow=body.get('follow', False)))


def pause(context, uuid):
    return serialize(context, pecan.request.conductor_api.
                     configuration_rollout_pause(context, uuid=uuid))


def resume(context, uuid):
    return serialize(context, pecan.request.conductor_api.
                     configuration_rollout_resume(context, uuid=uuid))


def abort(context, uuid):
    row = pecan.request.conductor_api.configuration_rollout_abort(
        context, uuid=uuid)
    return {'configuration_rollout': serialize(context, row),
            'changed': row['changed']}


def forget(context, uuid, device_uuid):
    pecan.request.conductor_api.configuration_rollout_forget(
        context, uuid=uuid, device_uuid=device_uuid)


_PATH = '/v2/configuration_rollouts'
_ONE = _PATH + '/{uuid}'
_STATE_ERRORS = {404: [errors.ROLLOUT_NOT_FOUND],
                 409: [errors.ROLLOUT_BAD_STATE]}
ROUTES = [
    route.Route('GET', _PATH, get_all,
                'List configuration rollouts and their progress.',
                since='2.4', query=schema.LIST_QUERY,
                response=route.listed(COLLECTION, 'ConfigurationRollout',
                                      True),
                policy=policies.GET_ALL),
    route.Route('POST', _PATH, post,
                'Roll a desired configuration out to every device of a '
                'device class, judged for each before the answer.',
                since='2.4', body=schema.CREATE, status=202,
                response=route.one('ConfigurationRollout'),
                errors={400: [errors.ROLLOUT_INVALID,
                              errors.DEVICE_NOT_CONFIGURABLE,
                              errors.DEVICE_CONFIG_INVALID],
                        404: [errors.DEVICE_CLASS_NOT_FOUND],
                        409: [errors.DEVICE_IN_ROLLOUT,
                              errors.DEVICE_DRIVER_ERROR]},
                policy=policies.CREATE),
    route.Route('GET', _ONE, get_one,
                'Show a configuration rollout, its progress and the '
                'devices that failed or were skipped.', since='2.4',
                response=route.one('ConfigurationRollout'),
                errors={404: [errors.ROLLOUT_NOT_FOUND]},
                policy=policies.GET_ONE),
    route.Route('POST', _ONE + '/pause', pause,
                'Start no more devices (those started go on).',
                since='2.4', response=route.one('ConfigurationRollout'),
                errors=_STATE_ERRORS, policy=policies.UPDATE),
    route.Route('POST', _ONE + '/resume', resume,
                'Run a paused rollout again.', since='2.4',
                response=route.one('ConfigurationRollout'),
                errors=_STATE_ERRORS, policy=policies.UPDATE),
    route.Route('POST', _ONE + '/abort', abort,
                'Stop a rollout for good; the devices it changed keep '
                'their configuration.', since='2.4',
                response=lambda version: route.obj(
                    configuration_rollout=route.ref('ConfigurationRollout'),
                    changed={'type': 'array',
                             'items': {'type': 'string'}}),
                errors=_STATE_ERRORS, policy=policies.UPDATE),
    route.Route('DELETE', _ONE + '/devices/{device_uuid}', forget,
                'Forget a device of a rollout: the rollout no longer holds '
                'it, nor counts its failure.', since='2.4', status=204,
                errors={404: [errors.ROLLOUT_NOT_FOUND,
                              errors.ROLLOUT_DEVICE_NOT_FOUND]},
                policy=policies.UPDATE),
]
