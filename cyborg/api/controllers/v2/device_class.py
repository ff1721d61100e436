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
"""/v2/device_classes: operators' classes of devices.

A class is a name and a selector over what the drivers report; the
conductor publishes its trait ``CUSTOM_CLASS_<NAME>`` on every device
resource provider the selector matches.
"""

import pecan
from wsme import types as wtypes

from cyborg.api import errors
from cyborg.api import link
from cyborg.api import route
from cyborg.api.controllers import base
from cyborg.api.schemas import common as common_schema
from cyborg.api.schemas import device_class as schema
from cyborg.common import device_class
from cyborg.db.queries import device_class as dc_queries
from cyborg.policies import device_class as policies

COLLECTION = 'device_classes'


class DeviceClass(base.APIBase):
    uuid = wtypes.text
    name = wtypes.text
    description = wtypes.text
    trait = wtypes.text
    # null (each driver's default), off, on or step names.
    cleaning = wtypes.text

    # The conditions' values keep their JSON types (numbers, lists).
    _json = {'selector': schema.SELECTOR}


def serialize(row):
    """A device class (a query dict or the conductor's answer)."""
    return base.to_json(DeviceClass, **dict(
        row, trait=device_class.trait(row['name']),
        links=link.self_links(COLLECTION, row['name'])))


def get_all(context):
    page = common_schema.page_args(route.query())
    rows = dc_queries.get_all(context, **page)
    return base.collection(COLLECTION, [serialize(r) for r in rows],
                           page['limit'])


def get_one(context, name):
    return serialize(dc_queries.get_by_name(context, name.upper()))


def post(context):
    body = route.body()
    device_class.check(body['selector'])
    return serialize(pecan.request.conductor_api.device_class_create(
        context, name=body['name'], selector=body['selector'],
        description=body.get('description'), cleaning=body.get('cleaning')))


def patch(context, name):
    return serialize(pecan.request.conductor_api.device_class_update(
        context, name=name, values=route.body()))


def delete(context, name):
    pecan.request.conductor_api.device_class_delete(context, name=name)


ROUTES = [
    route.Route('GET', '/v2/device_classes', get_all,
                'List device classes.', since='2.4',
                query=schema.LIST_QUERY,
                response=route.listed(COLLECTION, 'DeviceClass', True),
                policy=policies.GET_ALL),
    route.Route('POST', '/v2/device_classes', post,
                'Create a device class; its trait goes on every device '
                'provider its selector matches.', since='2.4',
                body=schema.CREATE, status=201,
                response=route.one('DeviceClass'),
                errors={400: [errors.DEVICE_CLASS_INVALID],
                        409: [errors.DEVICE_CLASS_EXISTS]},
                policy=policies.CREATE),
    route.Route('GET', '/v2/device_classes/{name}', get_one,
                'Show a device class.', since='2.4',
                response=route.one('DeviceClass'),
                errors={404: [errors.DEVICE_CLASS_NOT_FOUND]},
                policy=policies.GET_ONE),
    route.Route('PATCH', '/v2/device_classes/{name}', patch,
                'Change a device class\'s description or cleaning.',
                since='2.4', body=schema.UPDATE,
                response=route.one('DeviceClass'),
                errors={400: [errors.DEVICE_CLASS_INVALID],
                        404: [errors.DEVICE_CLASS_NOT_FOUND]},
                policy=policies.UPDATE),
    route.Route('DELETE', '/v2/device_classes/{name}', delete,
                'Delete a device class; its trait leaves every provider.',
                since='2.4', status=204,
                errors={404: [errors.DEVICE_CLASS_NOT_FOUND],
                        409: [errors.DEVICE_CLASS_IN_ROLLOUT]},
                policy=policies.DELETE),
]
