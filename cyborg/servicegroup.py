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
"""Service names and liveness, the one judge of whether a service is up
from when the database says it was last heard of.
"""

import datetime

from oslo_config import cfg
from oslo_utils import timeutils

CONF = cfg.CONF

UP = 'up'
DOWN = 'down'

# The names of Cyborg's services: the binaries that register in the
# services table, and the RPC topics of the conductor and the agents.
# The one place they are written (cyborg.tests.unit.test_vocabulary).
API = 'cyborg-api'
CONDUCTOR = 'cyborg-conductor'
AGENT = 'cyborg-agent'
BINARIES = (API, CONDUCTOR, AGENT)


def now():
    return timeutils.utcnow()


def service_is_up(service, now=None):
    """Whether *service* (a row with ``last_seen_up``) sent a heartbeat
    within ``service_down_time`` of *now* (UTC, naive).
    """
    last_seen = service.get('last_seen_up')
    return last_seen is not None and last_seen >= up_since(now)


def up_since(now=None):
    """``service_down_time`` before *now*: the oldest heartbeat of a
    service up (for queries judging in SQL).
    """
    now = now or timeutils.utcnow()
    return now - datetime.timedelta(seconds=CONF.service_down_time)


def service_status(service, now=None):
    return UP if service_is_up(service, now) else DOWN


def conductors_since(services, now=None):
    """The earliest start of the conductors (service rows) up now, or None."""
    starts = [s['started_at'] for s in services
              if s.get('started_at') is not None and
              service_is_up(s, now)]
    return min(starts) if starts else None


def agent_is_up(agent_seen, since, now=None):
    """Whether an agent last heard of at *agent_seen* (None: never) is
    up, judged from the later of it and *since* (conductors_since()): a
    conductor stopped for long finds no agent down as it restarts.
    """
    if agent_seen is None:
        return False
    if since is not None and since > agent_seen:
        agent_seen = since
    return service_is_up({'last_seen_up': agent_seen}, now)


def agent_last_heard(agent):
    """The later of its ``last_seen_up`` and ``last_report_at``, or None."""
    seen = [agent.get(key) for key in ('last_seen_up', 'last_report_at')
            if agent.get(key) is not None]
    return max(seen) if seen else None


def agents_up(agents, conductors, now=None):
    """``{host: up}`` of the agents' rows (agent_is_up()).  Those
    recorded down (``agent_up`` false, their inventory reserved) get no
    grace from a conductor's start: they are up only once heard of, as
    Placement says.
    """
    now = now or timeutils.utcnow()
    since = conductors_since(conductors, now)
    return {agent['host']: agent_is_up(
        agent_last_heard(agent),
        None if agent.get('agent_up') is False else since, now)
        for agent in agents}
