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
"""The RPC methods of the agents: hello, report, discovery_start."""

from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg import servicegroup
from cyborg.conductor import rpcapi
from cyborg.conductor.inventory import discovery as discovery_ops
from cyborg.conductor.inventory import registration
from cyborg.conductor.inventory import reports

LOG = logging.getLogger(__name__)


class InventoryEndpoint:
    """hello, report, discovery_start.

    :param on_agent: called with an agent's host, on the pool, after each of
        its hellos (the jobs that waited for it run then).
    """

    def __init__(self, target, pool, placement, agent_api, on_agent):
        self.target = target
        self._pool = pool
        self._placement = placement
        self._agent_api = agent_api
        self._on_agent = on_agent

    # expose outermost: expected_exceptions does not copy attributes.
    @messaging.expose
    @messaging.expected_exceptions(exception.InvalidServiceBinary)
    def hello(self, context, host, binary, version=None, topic=None,
              drivers=None, started_at=None, installed_revision=None,
              config_revision=None):
        LOG.debug('hello from %(binary)s on %(host)s',
                  {'binary': binary, 'host': host})
        if started_at is not None:
            started_at = timeutils.normalize_time(
                timeutils.parse_isotime(started_at))
        if binary != servicegroup.AGENT:
            service = registration.hello(
                context, host, binary, version=version, topic=topic,
                drivers=drivers, started_at=started_at)
            return self._answer(service)
        service, extra, down, waited = registration.agent_hello(
            context, host, version=version, topic=topic, drivers=drivers,
            started_at=started_at, installed_revision=installed_revision,
            config_revision=config_revision,
            placement=self._placement is not None)
        if waited:
            # Jobs that waited for this agent run now.
            self._pool.kick(self._on_agent, host)
        if down:
            # Back: service.up and its inventory restored now, not at the
            # next sync.
            self._pool.kick(reports.record_agent_back,
                            cyborg_context.get_admin_context(),
                            self._placement, host)
        return dict(self._answer(service), **extra)

    @staticmethod
    def _answer(service):
        return {'uuid': service['uuid'], 'host': service['host'],
                'binary': service['binary'],
                'status': servicegroup.service_status(service)}

    @messaging.expose
    def report(self, context, host, generation, inventory_hash,
               hardware=None, rp_name=None, discovery=None, telemetry=None):
        return reports.report(context, self._placement, host, generation,
                              inventory_hash, hardware=hardware,
                              rp_name=rp_name, discovery=discovery,
                              telemetry=telemetry)

    @rpcapi.write_method(exception.DriverNotEnabled,
                         exception.AgentUnreachable, exception.AgentNotFound)
    def discovery_start(self, context, host=None, driver=None):
        return discovery_ops.start(context, self._agent_api, host=host,
                                   driver=driver)
