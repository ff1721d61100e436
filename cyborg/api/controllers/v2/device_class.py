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
"""/v2/device_classes: operators' classes of devices (2.11).

A class is a name and a selector over what the drivers report
(cyborg.common.device_class); the conductor publishes the trait
``CUSTOM_CLASS_<NAME>`` on every device resource provider it matches, so
that a device profile requiring the trait asks for any device of the
class.
"""

import pecan
from pecan import rest
from wsme import types as wtypes

from cyborg.api import expose
from cyborg.api import link
from cyborg.api import validation
from cyborg.api.controllers import base
from cyborg.api.controllers.v2 import gate
from cyborg.api.schemas import common as common_schema
from cyborg.api.schemas import device_class as schema
from cyborg.common import device_class
from cyborg.db.queries import device_class as dc_queries
from cyborg.policies import device_class as policies

COLLECTION = 'device_classes'


class DeviceClass(base.APIBase):
    """A device class as the API shows it."""

    uuid = wtypes.text
    name = wtypes.text
    description = wtypes.text
    trait = wtypes.text


def serialize(row):
    """A device class (a query dict or the conductor's answer)."""
    body = base.to_json(
        DeviceClass, uuid=row['uuid'], name=row['name'],
        description=row.get('description'),
        trait=device_class.trait(row['name']),
        created_at=row.get('created_at'), updated_at=row.get('updated_at'),
        links=link.self_links(COLLECTION, row['name']))
    # The conditions' values keep their JSON types (numbers, lists).
    body['selector'] = row['selector']
    return body


class DeviceClassesController(rest.RestController):
    """/v2/device_classes"""

    @expose.expose
    def get_all(self):
        gate.device_classes()
        context = pecan.request.context
        context.can(policies.GET_ALL)
        params = validation.query(schema.LIST_QUERY)
        page = common_schema.page_args(params)
        rows = dc_queries.get_all(context, **page)
        return base.collection(COLLECTION, [serialize(r) for r in rows],
                               page['limit'])

    @expose.expose
    def get_one(self, name):
        gate.device_classes()
        context = pecan.request.context
        context.can(policies.GET_ONE)
        return serialize(dc_queries.get_by_name(context, name.upper()))

    @expose.expose
    def post(self):
        gate.device_classes()
        context = pecan.request.context
        context.can(policies.CREATE)
        body = validation.extract_json(schema.CREATE)
        device_class.check(body['selector'])
        created = pecan.request.conductor_api.device_class_create(
            context, name=body['name'], selector=body['selector'],
            description=body.get('description'))
        pecan.response.status = 201
        return serialize(created)

    @expose.expose
    def delete(self, name):
        gate.device_classes()
        context = pecan.request.context
        context.can(policies.DELETE)
        pecan.request.conductor_api.device_class_delete(context, name=name)
        pecan.response.status = 204
