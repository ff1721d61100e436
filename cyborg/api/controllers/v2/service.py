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
"""/v2/services: the Cyborg services and their liveness.

A service whose last heartbeat is older than ``[DEFAULT]
service_down_time`` is down.
"""

import datetime

from wsme import types as wtypes

from cyborg import servicegroup
from cyborg.api import route
from cyborg.api.controllers import base
from cyborg.api.schemas import service as schema
from cyborg.db.queries import service as service_queries
from cyborg.policies import service as policies

COLLECTION = 'services'


class Service(base.Base):
    """A service as the API shows it (no links)."""

    uuid = wtypes.text
    host = wtypes.text
    binary = wtypes.text
    topic = wtypes.text
    version = wtypes.text
    status = wtypes.text
    last_seen_up = datetime.datetime
    started_at = datetime.datetime
    created_at = datetime.datetime
    updated_at = datetime.datetime


def serialize(service, now):
    return base.to_json(
        Service, status=servicegroup.service_status(service, now), **service)


def get_all(context):
    params = route.query()
    services = service_queries.get_all(
        context, host=params.get('host'), binary=params.get('binary'))
    now = servicegroup.now()
    items = [serialize(s, now) for s in services]
    if 'status' in params:
        items = [s for s in items if s['status'] == params['status']]
    return {COLLECTION: items}


ROUTES = [
    route.Route('GET', '/v2/services', get_all,
                'List the Cyborg services and their liveness.', since='2.4',
                query=schema.LIST_QUERY,
                response=route.listed(COLLECTION, 'Service'),
                policy=policies.GET_ALL),
]
