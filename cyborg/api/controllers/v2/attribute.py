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
"""/v2/attributes: key/values of deployables."""

import pecan
from wsme import types as wtypes

from cyborg import exception
from cyborg.api import errors
from cyborg.api import link
from cyborg.api import route
from cyborg.api.controllers import base
from cyborg.api.schemas import attribute as schema
from cyborg.api.schemas import common as common_schema
from cyborg.db.queries import attribute as attribute_queries
from cyborg.db.queries import deployable as deployable_queries
from cyborg.policies import attribute as policies

COLLECTION = 'attributes'


class Attribute(base.APIBase):
    uuid = wtypes.text
    deployable_id = int
    key = wtypes.text
    value = wtypes.text


def serialize(attribute):
    return base.to_json(
        Attribute, links=link.self_links(COLLECTION, attribute['uuid']),
        **attribute)


def _deployable_id(context, value):
    """The id of the deployable *value* names: its id (a number or a
    numeric string) or its UUID.

    :raises: DeployableNotFound
    """
    value = str(value)
    return (int(value) if value.isdigit() else
            deployable_queries.get(context, value)['id'])


def get_all(context):
    params = route.query()
    page = common_schema.page_args(params)
    attributes = []
    try:
        deployable_id = params.get('deployable_id')
        if deployable_id is not None:
            deployable_id = _deployable_id(context, deployable_id)
    except exception.DeployableNotFound:
        pass  # a UUID no deployable has: a filter that matches nothing
    else:
        attributes = attribute_queries.get_all(
            context, deployable_id=deployable_id, key=params.get('key'),
            **page)
    return base.collection(COLLECTION, [serialize(a) for a in attributes],
                           page['limit'])


def get_one(context, uuid):
    return serialize(attribute_queries.get(context, uuid))


def post(context):
    body = route.body()
    uuid = pecan.request.conductor_api.attribute_create(
        context, _deployable_id(context, body['deployable_id']),
        body['key'], body['value'])
    return serialize(attribute_queries.get(context, uuid))


def delete(context, uuid):
    pecan.request.conductor_api.attribute_delete(context, uuid)


ROUTES = [
    route.Route('GET', '/v2/attributes', get_all, 'List attributes.',
                query=schema.LIST_QUERY,
                response=route.listed(COLLECTION, 'Attribute', True),
                policy=policies.GET_ALL),
    route.Route('POST', '/v2/attributes', post,
                'Create an attribute of a deployable.', body=schema.CREATE,
                status=201, response=route.one('Attribute'),
                errors={404: [errors.DEPLOYABLE_NOT_FOUND]},
                policy=policies.CREATE),
    route.Route('GET', '/v2/attributes/{uuid}', get_one,
                'Show an attribute.', response=route.one('Attribute'),
                errors={404: [errors.ATTRIBUTE_NOT_FOUND]},
                policy=policies.GET_ONE),
    route.Route('DELETE', '/v2/attributes/{uuid}', delete,
                'Delete an attribute.', status=204,
                errors={404: [errors.ATTRIBUTE_NOT_FOUND]},
                policy=policies.DELETE),
]
