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
"""/v2/drivers: the accelerator drivers of each host (2.5).

The seeds' driver-list, install-driver, update-driver and
uninstall-driver.  Drivers enabled in an agent's configuration file
(``[agent] enabled_drivers``, ``source`` = ``config``) and drivers
installed here (``source`` = ``api``) are listed with the operator's
decision for their host (``state``: ``installed`` or ``uninstalled``),
and may be updated and uninstalled; the agents apply the decisions (see
cyborg.conductor.devices.driver).  An install or an update answers once
the agents that are up loaded the driver, for at most ``[api]
discovery_wait`` seconds: 400 when one would not load it so (the
conductor put that decision back), the records as they are otherwise.
"""

from oslo_config import cfg
import pecan
from pecan import rest
from wsme import types as wtypes

from cyborg import exception
from cyborg.api import expose
from cyborg.api import link
from cyborg.api import validation
from cyborg.api import wait
from cyborg.api.controllers import base
from cyborg.api.controllers.v2 import gate
from cyborg.api.schemas import driver as schema
from cyborg.db.queries import driver as driver_queries
from cyborg.i18n import _
from cyborg.policies import driver as policies

CONF = cfg.CONF

COLLECTION = 'drivers'


class Driver(base.APIBase):
    """A driver of a host as the API shows it."""

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


def serialize(driver):
    body = base.to_json(
        Driver, uuid=driver['uuid'], host=driver['host'],
        name=driver['name'], status=driver['status'],
        detail=driver['detail'], version=driver['version'],
        device_types=driver['device_types'], devices=driver['devices'],
        source=driver['source'], state=driver['state'],
        created_at=driver['created_at'],
        updated_at=driver['updated_at'],
        links=link.self_links(COLLECTION, driver['uuid']))
    # Option values keep their JSON types (lists, numbers, strings).
    body['config'] = driver['config']
    return body


def settled(context, asked):
    """The records of a driver request once the agents it asked loaded
    the driver (at most ``[api] discovery_wait`` seconds).

    :param asked: what the conductor answered: ``{id, drivers, asked}``.
    :raises: DriverConfigInvalid when an agent would not load it.
    :returns: the records as they are then (as written, for one an
        uninstall removed meanwhile), in the order written.
    """
    found = wait.until(
        lambda: driver_queries.outcome(context, asked['asked'],
                                       asked['id']),
        lambda found: None not in found.values(), CONF.api.discovery_wait)
    name = asked['drivers'][0]['name']
    refused = {host: errors[name] for host, errors in found.items()
               if errors and name in errors}
    if refused:
        raise exception.DriverConfigInvalid(name=name, reason='; '.join(
            'on %s: %s' % (host, error)
            for host, error in sorted(refused.items())))
    now = driver_queries.get_many(context,
                                  [d['uuid'] for d in asked['drivers']])
    return [now.get(d['uuid'], d) for d in asked['drivers']]


class DriversController(rest.RestController):
    """/v2/drivers"""

    @expose.expose
    def get_all(self):
        gate.operator_verbs()
        context = pecan.request.context
        context.can(policies.GET_ALL)
        params = validation.query(schema.LIST_QUERY)
        drivers = driver_queries.get_all(
            context, host=params.get('host'), name=params.get('name'),
            status=params.get('status'))
        return {COLLECTION: [serialize(d) for d in drivers]}

    @expose.expose
    def get_one(self, uuid):
        gate.operator_verbs()
        context = pecan.request.context
        context.can(policies.GET_ONE)
        validation.uuid_path(uuid, _('driver'))
        return serialize(driver_queries.get(context, uuid))

    @expose.expose
    def post(self):
        """Install on one host (``host``) or on every agent's: 201."""
        gate.operator_verbs()
        context = pecan.request.context
        context.can(policies.INSTALL)
        body = validation.extract_json(schema.INSTALL)
        asked = pecan.request.conductor_api.driver_install(
            context, body['name'], host=body.get('host'),
            config=body.get('config'))
        drivers = settled(context, asked)
        pecan.response.status = 201
        return {COLLECTION: [serialize(d) for d in drivers]}

    @expose.expose
    def patch(self, uuid):
        """New configuration; the host rediscovers: 200."""
        gate.operator_verbs()
        context = pecan.request.context
        context.can(policies.UPDATE)
        validation.uuid_path(uuid, _('driver'))
        body = validation.extract_json(schema.UPDATE)
        asked = pecan.request.conductor_api.driver_update(
            context, uuid, body['config'])
        return serialize(settled(context, asked)[0])

    @expose.expose
    def delete(self, uuid):
        """Uninstall (``?force=true``: unbind its devices first): 204."""
        gate.operator_verbs()
        context = pecan.request.context
        context.can(policies.UNINSTALL)
        validation.uuid_path(uuid, _('driver'))
        params = validation.query(schema.DELETE_QUERY)
        force = params.get('force', 'false').lower() in ('true', '1', 'yes')
        pecan.request.conductor_api.driver_uninstall(context, uuid,
                                                     force=force)
        pecan.response.status = 204
