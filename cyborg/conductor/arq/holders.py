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
"""Telling the agents who holds their devices when it changes.

After a bind, unbind or delete commits, the ARQs' hosts get their
devices' holders (the telemetry labels) in a cast from the pool, one per
host per burst.  A lost cast is healed by the next report's answer.
"""

import threading
import time

from oslo_log import log as logging
import oslo_messaging as messaging

from cyborg.db.queries import telemetry as telemetry_queries
from cyborg.db.queries import usage as usage_queries

LOG = logging.getLogger(__name__)
# Changes within this many seconds go in one cast per host: a cast after
# every bind and delete cost the conductor a third more CPU per lifecycle.
PACE = 0.25


class Holders:
    """Casts the holders of changed ARQs' devices to their agents."""

    def __init__(self, pool, agent_api):
        self._pool = pool
        self._agent_api = agent_api
        self._lock = threading.Lock()
        self._arqs = set()

    def changed(self, context, arq_uuids):
        """The holders of the devices of *arq_uuids* changed (committed)."""
        with self._lock:
            self._arqs.update(arq_uuids)
        self._pool.kick_due(self.send, context)

    def send(self, context):
        """Cast each host's holders, for the ARQs changed until now."""
        time.sleep(PACE)
        with self._lock:
            arqs, self._arqs = self._arqs, set()
        cast(self._agent_api, context, arqs)


def cast(agent_api, context, arq_uuids):
    """Cast the holders of the devices of *arq_uuids* to their agents,
    now (cyborg-manage's heal, which lends no pool, calls it directly).
    """
    for host in usage_queries.hosts_of(context, sorted(arq_uuids)):
        try:
            agent_api.holders_changed(
                context, host, telemetry_queries.bindings(context, host))
        except messaging.MessagingException as exc:
            LOG.warning('The agent of host %(host)s was not told who '
                        'holds its devices (%(error)s); its next '
                        'report tells it', {'host': host, 'error': exc})
