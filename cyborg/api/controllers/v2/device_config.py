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
"""/v2/devices/{uuid}/configuration: a device's configuration as desired
state (2.14).

What a device's driver can set and what the device is (``settable``,
``actual``, and the ``limits`` a configuration is judged with) come with
its record, in its ``std_board_info``; what an operator asked for
(``desired``) and how applying it went are the device's row of
device_configs (cyborg.common.device_config).  PUT refuses what the
device does not take (400, as the conductor, which judges it again);
the conductor stores a desired configuration and hands it to the
device's agent after answering: PUT answers 202.
"""

import datetime

import pecan
from pecan import rest
from wsme import types as wtypes

from cyborg.api import expose
from cyborg.api import validation
from cyborg.api.controllers import base
from cyborg.api.controllers.v2 import gate
from cyborg.api.schemas import device_config as schema
from cyborg.common import device_config
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.i18n import _
from cyborg.policies import device as policies

# The members of a configuration that keep their JSON types (a schema
# per field, the fields' values), beside its WSME shape.
JSON_MEMBERS = ('settable', 'actual', 'desired')


class Configuration(wtypes.Base):
    """A device's configuration as the API shows it (2.14)."""

    generation = int
    state = wtypes.text
    reason = wtypes.text
    drain = bool
    applied_at = datetime.datetime
    updated_at = datetime.datetime


def view(device, config):
    """The ``configuration`` member of a device (2.14).

    :param device: the devices row (a dict).
    :param config: its device_configs row (a dict, as
        cyborg.db.queries.device_config or the conductor gives it), or
        None when no desired state was set.
    :returns: a JSON-compatible dict, or None for a device that is not
        configurable and has no desired state.
    """
    driver = device_config.reported(device)
    if driver is None and config is None:
        return None
    driver = driver or {}
    config = config or {}
    body = base.to_json(
        Configuration, generation=config.get('generation'),
        state=config.get('state'), reason=config.get('reason'),
        drain=bool(config.get('drain', False)),
        applied_at=base.utc(config.get('applied_at')),
        updated_at=config.get('updated_at'))
    body['settable'] = driver.get('settable')
    body['actual'] = driver.get('actual')
    body['desired'] = config.get('desired')
    return body


class ConfigurationController(rest.RestController):
    """/v2/devices/{uuid}/configuration (2.14)"""

    def __init__(self, uuid):
        super().__init__()
        self.uuid = uuid

    def _check(self, rule):
        """:raises: NotFound below 2.14, PolicyNotAuthorized, Invalid"""
        gate.device_configuration()
        pecan.request.context.can(rule)
        validation.uuid_path(self.uuid, _('device'))

    @expose.expose
    def put(self):
        """Set the device's desired configuration: 202 with the device's
        configuration; its agent applies it after the answer.
        """
        self._check(policies.CONFIGURE)
        body = validation.extract_json(schema.SET)
        context = pecan.request.context
        device = device_queries.get(context, self.uuid)
        # The values as the device's driver last reported it (the
        # conductor judges them again, in the transaction that stores).
        device_config.refuse(device, body['desired'])
        config = pecan.request.conductor_api.device_configure(
            context, device_uuid=self.uuid, desired=body['desired'],
            drain=body.get('drain', False))
        pecan.response.status = 202
        return view(device, config)

    @expose.expose
    def delete(self):
        """Forget the device's desired state (the device stays as it
        is): 204.
        """
        self._check(policies.CONFIGURE)
        context = pecan.request.context
        # A configuration is forgotten whatever its device's state, gone
        # too; an unknown device without one is its own 404
        # (cyborg.device.not_found).
        if config_queries.get(context, self.uuid) is None:
            device_queries.get(context, self.uuid)
        pecan.request.conductor_api.device_config_delete(
            context, device_uuid=self.uuid)
        pecan.response.status = 204
