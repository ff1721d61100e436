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
"""/v2/drivers: each host's drivers, configured or installed here.

``state`` is the operator's decision for the host, which agents apply.
"""

from oslo_config import cfg
from oslo_utils import strutils
import pecan
from wsme import types as wtypes

from cyborg import exception
from cyborg.api import errors
from cyborg.api import link
from cyborg.api import route
from cyborg.api import wait
from cyborg.api.controllers import base
from cyborg.api.schemas import driver as schema
from cyborg.db.queries import discovery as discovery_queries
from cyborg.db.queries import driver as driver_queries
from cyborg.policies import driver as policies

CONF = cfg.CONF

COLLECTION = 'drivers'


class Driver(base.APIBase):
    uuid = wtypes.text
    host = wtypes.text
    name = wtypes.text
    status = wtypes.text
    detail = wtypes.text
    version = wtypes.text
    device_types = [wtypes.text]
    devices = int
    source = wtypes.text
    state = wtypes.text

    # Option values keep their JSON types (lists, numbers, strings).
    _json = {'config': {'type': 'object',
                        'additionalProperties': {'type': 'object'}}}


def serialize(driver):
    return base.to_json(
        Driver, links=link.self_links(COLLECTION, driver['uuid']), **driver)


def settled(context, asked):
    """A driver request's records once its agents reported.

    Waits ``[api] discovery_wait`` at most.

    :raises: DriverRefused when an agent would not load it.
    """
    found = wait.until(
        lambda: _outcome(context, asked['asked'], asked['id']),
        lambda found: None not in found.values(), CONF.api.discovery_wait)
    name = asked['drivers'][0]['name']
    refused = {host: refusals[name] for host, refusals in found.items()
               if refusals and name in refusals}
    if refused:
        raise exception.DriverRefused(refusals='; '.join(
            'on %s: %s' % (host, error)
            for host, error in sorted(refused.items())))
    now = driver_queries.get_many(context,
                                  [d['uuid'] for d in asked['drivers']])
    return [now.get(d['uuid'], d) for d in asked['drivers']]


def _outcome(context, hosts, request_id):
    """driver.outcome(), a host waiting (None) until its discovery reported."""
    found = driver_queries.outcome(context, hosts, request_id)
    discoveries = discovery_queries.get(context, hosts)
    for host, refusals in found.items():
        discovery = discoveries.get(host) or {}
        if refusals == {} and discovery.get('id') == request_id and \
                discovery.get('state') == discovery_queries.ASKED:
            found[host] = None
    return found


def get_all(context):
    params = route.query()
    drivers = driver_queries.get_all(
        context, host=params.get('host'), name=params.get('name'),
        status=params.get('status'))
    return {COLLECTION: [serialize(d) for d in drivers]}


def get_one(context, uuid):
    return serialize(driver_queries.get(context, uuid))


def post(context):
    """Install on one host (``host``) or on every agent's."""
    body = route.body()
    asked = pecan.request.conductor_api.driver_install(
        context, body['name'], host=body.get('host'),
        config=body.get('config'))
    return {COLLECTION: [serialize(d) for d in settled(context, asked)]}


def patch(context, uuid):
    """New configuration; the host rediscovers."""
    body = route.body()
    asked = pecan.request.conductor_api.driver_update(
        context, uuid, body['config'])
    return serialize(settled(context, asked)[0])


def delete(context, uuid):
    """Uninstall (``?force=true``: unbind its devices first)."""
    pecan.request.conductor_api.driver_uninstall(
        context, uuid,
        force=strutils.bool_from_string(route.query().get('force')))


ROUTES = [
    route.Route('GET', '/v2/drivers', get_all,
                'List the drivers of every host.', since='2.4',
                query=schema.LIST_QUERY,
                response=route.listed(COLLECTION, 'Driver'),
                policy=policies.GET_ALL),
    route.Route('POST', '/v2/drivers', post,
                'Install a driver on a host or on every host.', since='2.4',
                body=schema.INSTALL, status=201,
                response=route.listed(COLLECTION, 'Driver'),
                errors={400: [errors.DRIVER_CONFIG_INVALID,
                              errors.DRIVER_UNKNOWN],
                        404: [errors.AGENT_NOT_FOUND, errors.DRIVER_UNKNOWN],
                        409: [errors.DRIVER_ALREADY_ENABLED],
                        503: [errors.AGENT_UNREACHABLE]},
                policy=policies.INSTALL),
    route.Route('GET', '/v2/drivers/{uuid}', get_one,
                'Show a driver of a host.', since='2.4',
                response=route.one('Driver'),
                errors={404: [errors.DRIVER_NOT_FOUND]},
                policy=policies.GET_ONE),
    route.Route('PATCH', '/v2/drivers/{uuid}', patch,
                'Change the configuration of a driver.', since='2.4',
                body=schema.UPDATE, response=route.one('Driver'),
                errors={400: [errors.DRIVER_CONFIG_INVALID],
                        404: [errors.DRIVER_NOT_FOUND,
                              errors.AGENT_NOT_FOUND],
                        409: [errors.DRIVER_UNINSTALLED],
                        503: [errors.AGENT_UNREACHABLE]},
                policy=policies.UPDATE),
    route.Route('DELETE', '/v2/drivers/{uuid}', delete,
                'Uninstall a driver (?force=true unbinds its devices).',
                since='2.4', query=schema.DELETE_QUERY, status=204,
                errors={404: [errors.DRIVER_NOT_FOUND,
                              errors.AGENT_NOT_FOUND],
                        409: [errors.DRIVER_IN_USE,
                              errors.DRIVER_UNINSTALLED],
                        503: [errors.AGENT_UNREACHABLE,
                              errors.PLACEMENT_UNAVAILABLE]},
                policy=policies.UNINSTALL),
]
