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
"""/v2/capacity: accelerators free, bound and reserved, per host and in
total, or of a page of hosts, or of a device class's accelerators.

The numbers are cyborg.api.capacity's; the database answers in one
statement (cyborg.db.queries.capacity.view()), after the four that select a
device class's deployables.
"""


from cyborg import exception
from cyborg import servicegroup
from cyborg.api import capacity
from cyborg.api import route
from cyborg.api.controllers import base
from cyborg.api.schemas import capacity as schema
from cyborg.common import device_class
from cyborg.db.queries import capacity as capacity_queries
from cyborg.db.queries import configuration_rollout as rollout_queries
from cyborg.db.queries import device_class as dc_queries
from cyborg.policies import capacity as policies


def class_deployables(context, name):
    """The ids of the deployables the class *name* selects now, from the
    facts Cyborg has (none if there is no such class).
    """
    try:
        found = dc_queries.get_by_name(context, name.upper())
    except exception.DeviceClassNotFound:
        return []
    return [deployable['id'] for _device, deployable in
            device_class.selected(found, dc_queries.deployables(context))]


def get(context):
    params = route.query()
    limit = params.get('limit')
    limit = None if limit is None else int(limit)
    name = params.get('device_class')
    hosts, totals = capacity_queries.view(
        context, servicegroup.up_since(), host=params.get('host'),
        resource_class=params.get('resource_class'),
        driver=params.get('driver'), limit=limit,
        marker=params.get('marker'),
        deployable_ids=(None if name is None else
                        class_deployables(context, name)))
    # A page keeps the database's order of host names, which its marker
    # follows; the whole list is sorted by name.
    body = capacity.render(hosts, totals, sort_hosts=limit is None)
    page = base.collection('hosts', body['hosts'], limit=limit,
                           resource='capacity', marker_key='host')
    if name is not None:
        # Why the class's devices are reserved for their configuration:
        # the rollouts that hold them, within their budgets.
        page['rollouts'] = rollout_queries.of_class(context, name.upper())
    return dict(body, **page)


ROUTES = [
    route.Route('GET', '/v2/capacity', get,
                'Accelerators free, bound and reserved (and why), per host '
                'and in total.', since='2.4', query=schema.LIST_QUERY,
                response=route.one('Capacity'),
                policy=policies.GET),
]
