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
from pecan import rest
from wsme import types as wtypes

from cyborg.api import expose
from cyborg.api import link
from cyborg.api import validation
from cyborg.api.controllers import base
from cyborg.api.schemas import attribute as schema
from cyborg.api.schemas import common as common_schema
from cyborg.db.queries import attribute as attribute_queries
from cyborg.i18n import _
from cyborg.policies import attribute as policies

COLLECTION = 'attributes'


class Attribute(base.APIBase):
    """An attribute as the API shows it."""

    uuid = wtypes.text
    deployable_id = int
    key = wtypes.text
    value = wtypes.text


def serialize(attribute):
    return base.to_json(
        Attribute, uuid=attribute['uuid'],
        deployable_id=attribute['deployable_id'], key=attribute['key'],
        value=attribute['value'], created_at=attribute['created_at'],
        updated_at=attribute['updated_at'],
        links=link.self_links(COLLECTION, attribute['uuid']))


class AttributesController(rest.RestController):
    """/v2/attributes"""

    @expose.expose
    def get_all(self):
        context = pecan.request.context
        context.can(policies.GET_ALL)
        params = validation.query(schema.LIST_QUERY)
        deployable_id = params.get('deployable_id')
        page = common_schema.page_args(params)
        attributes = attribute_queries.get_all(
            context,
            deployable_id=int(deployable_id) if deployable_id else None,
            key=params.get('key'), **page)
        return base.collection(COLLECTION,
                               [serialize(a) for a in attributes],
                               page['limit'])

    @expose.expose
    def get_one(self, uuid):
        context = pecan.request.context
        context.can(policies.GET_ONE)
        validation.uuid_path(uuid, _('attribute'))
        return serialize(attribute_queries.get(context, uuid))

    @expose.expose
    def post(self):
        context = pecan.request.context
        context.can(policies.CREATE)
        body = validation.extract_json(schema.CREATE)
        uuid = pecan.request.conductor_api.attribute_create(
            context, int(body['deployable_id']), body['key'], body['value'])
        pecan.response.status = 201
        return serialize(attribute_queries.get(context, uuid))

    @expose.expose
    def delete(self, uuid):
        context = pecan.request.context
        context.can(policies.DELETE)
        validation.uuid_path(uuid, _('attribute'))
        pecan.request.conductor_api.attribute_delete(context, uuid)
        pecan.response.status = 204
