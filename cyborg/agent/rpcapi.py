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
"""Client side of the agent RPC API (topic ``cyborg-agent``, one server
per host, named after the agent's ``[DEFAULT] host``).

API version history:

* 1.0 - Initial version (no methods).
* 1.1 - discovery, hardware.
"""

from oslo_config import cfg
import oslo_messaging as messaging

from cyborg import rpc

CONF = cfg.CONF

TOPIC = 'cyborg-agent'


class AgentAPI:
    """Calls to the cyborg-agent of one host.  Keyword arguments only."""

    # The newest version this client knows.  Bump it (and the manager's)
    # with every new method or argument, and add a line to the history.
    RPC_API_VERSION = '1.1'

    def __init__(self, topic=TOPIC):
        target = messaging.Target(topic=topic, version='1.0')
        self.client = rpc.get_client(
            target, version_cap=rpc.version_cap(CONF, 'agent'))

    def can_send_discovery(self):
        """Whether the agents may be sent discovery and hardware (1.1)."""
        return self.client.can_send_version('1.1')

    def discovery(self, context, host, driver=None, timeout=None):
        """Run discovery on *host* now and report to the conductor.

        :param context: request context.
        :param host: the agent's host.
        :param driver: an enabled driver's name (or alias); None: all.
        :param timeout: seconds to wait (default: rpc_response_timeout).
        :raises: DriverNotEnabled, MessagingTimeout.
        :returns: a summary: ``{host, generation, inventory_hash, changed,
            report, drivers: [{name, status, detail, devices,
            deployables}]}``.
        """
        cctxt = self.client.prepare(server=host, version='1.1',
                                    timeout=timeout)
        return cctxt.call(context, 'discovery', driver=driver)

    def hardware(self, context, host, timeout=None):
        """The hardware *host*'s agent discovered last.

        :param context: request context.
        :param host: the agent's host.
        :param timeout: seconds to wait (default: rpc_response_timeout).
        :raises: MessagingTimeout.
        :returns: ``{host, generation, inventory_hash, discovered_at,
            drivers: [hello...], hardware: [record...]}``, each record in
            the shape of Hardware.to_dict().
        """
        cctxt = self.client.prepare(server=host, version='1.1',
                                    timeout=timeout)
        return cctxt.call(context, 'hardware')
