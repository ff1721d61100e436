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
"""The agent's RPC endpoint and periodic tasks.

Only methods marked ``@messaging.expose`` are reachable over RPC.
"""

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils

from cyborg import version
from cyborg.conductor import rpcapi as conductor_rpcapi

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

BINARY = 'cyborg-agent'
TOPIC = 'cyborg-agent'


class AgentManager:
    """Endpoint of topic ``cyborg-agent`` (server = ``[DEFAULT] host``)."""

    RPC_API_VERSION = '1.0'

    target = messaging.Target(version=RPC_API_VERSION)

    def __init__(self, host, conductor_api=None):
        self.host = host
        self.conductor_api = conductor_api or conductor_rpcapi.ConductorAPI()
        # Set until the conductor has acknowledged a hello since this start.
        self._started_at = timeutils.utcnow()
        self._registered = False

    def init_host(self, context):
        """Register with the conductor (retried by the heartbeat if the
        conductor is not reachable yet).
        """
        self._heartbeat(context)

    def del_host(self, context):
        """Nothing to release: the conductor sees the heartbeats stop."""

    def periodic_tasks(self):
        return [(CONF.report_interval, self._heartbeat)]

    def _heartbeat(self, context):
        """Send hello to the conductor: registration, then heartbeats.

        A heartbeat must not block longer than the interval, so it times out
        after ``report_interval`` seconds; the next one retries.
        """
        started_at = None
        if not self._registered:
            started_at = self._started_at.isoformat()
        try:
            self.conductor_api.hello(
                context, host=self.host, binary=BINARY, topic=TOPIC,
                version=version.version_string(), started_at=started_at,
                timeout=CONF.report_interval)
        except messaging.MessagingTimeout:
            LOG.warning('No answer from the conductor to the hello of '
                        'host %s; retrying in %s seconds',
                        self.host, CONF.report_interval)
            return
        except Exception:
            # The agent keeps running (and retrying) whatever the conductor
            # answered; a crash loop would help nobody.
            LOG.exception('The conductor rejected the hello of host %s; '
                          'retrying in %s seconds', self.host,
                          CONF.report_interval)
            return
        if not self._registered:
            LOG.info('Registered with the conductor as %(binary)s on '
                     '%(host)s', {'binary': BINARY, 'host': self.host})
            self._registered = True
