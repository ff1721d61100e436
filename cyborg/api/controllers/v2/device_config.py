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
"""/v2/devices/{uuid}/configuration: a device's configuration.

``settable`` and ``actual`` from its driver, ``desired`` as asked, which
its agent applies after the answer.
"""

import datetime

import pecan
from wsme import types as wtypes

from cyborg.api import errors
from cyborg.api import route
from cyborg.api.controllers import base
from cyborg.api.schemas import device_config as schema
from cyborg.common import device_config
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.policies import device as policies

_JSON_OBJECT = {'type': 'object'}


class Configuration(base.Base):
    generation = int
    state = wtypes.text
    reason = wtypes.text
    drain = bool
    applied_at = datetime.datetime
    updated_at = datetime.datetime

    # A JSON schema per settable field, the fields' values, the states.
    _json = {'settable': route.nullable({
                 'type': 'object', 'additionalProperties': _JSON_OBJECT}),
             'actual': route.nullable(_JSON_OBJECT),
             'desired': route.nullable(_JSON_OBJECT),
             'state': route.nullable({'type': 'string',
                                      'enum': list(device_config.STATES)})}


def view(device, config):
    """A device's ``configuration`` member, or None if nothing to show."""
    driver = device_config.reported(device)
    if driver is None and config is None:
        return None
    driver = driver or {}
    config = config or {}
    return base.to_json(
        Configuration, generation=config.get('generation'),
        state=config.get('state'), reason=config.get('reason'),
        drain=bool(config.get('drain', False)),
        applied_at=base.utc(config.get('applied_at')),
        updated_at=config.get('updated_at'), settable=driver.get('settable'),
        actual=driver.get('actual'), desired=config.get('desired'))


def put(context, uuid):
    """Set the device's desired configuration; its agent applies it."""
    body = route.body()
    device = device_queries.get(context, uuid)
    # Merged into what was asked before, as the conductor judges it again
    # in the transaction that stores it.
    device_config.refuse(device, body['desired'],
                         config_queries.get(context, uuid))
    config = pecan.request.conductor_api.device_configure(
        context, device_uuid=uuid, desired=body['desired'],
        drain=body.get('drain', False))
    return view(device, config)


def delete(context, uuid):
    """Forget the device's desired state (the device stays as it is)."""
    # A configuration is forgotten even when its device is gone; an
    # unknown device without one is a device 404.
    if config_queries.get(context, uuid) is None:
        device_queries.get(context, uuid)
    pecan.request.conductor_api.device_config_delete(
        context, device_uuid=uuid)


_PATH = '/v2/devices/{uuid}/configuration'
ROUTES = [
    route.Route('PUT', _PATH, put,
                "Set a device's desired configuration; its agent applies "
                'it.', since='2.4', body=schema.SET, status=202,
                response=route.one('DeviceConfiguration'),
                errors={400: [errors.DEVICE_NOT_CONFIGURABLE,
                              errors.DEVICE_CONFIG_INVALID],
                        404: [errors.DEVICE_NOT_FOUND],
                        409: [errors.DEVICE_CONFIG_IN_USE,
                              errors.DEVICE_DRIVER_ERROR,
                              errors.DEVICE_IN_ROLLOUT]},
                policy=policies.CONFIGURE),
    route.Route('DELETE', _PATH, delete,
                "Forget a device's desired configuration (the device stays "
                'as it is).', since='2.4', status=204,
                errors={404: [errors.DEVICE_NOT_FOUND,
                              errors.DEVICE_CONFIG_NOT_FOUND],
                        409: [errors.DEVICE_IN_ROLLOUT]},
                policy=policies.CONFIGURE),
]
