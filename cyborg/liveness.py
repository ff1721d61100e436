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
"""Which agents are up, judged by servicegroup from the database."""

from cyborg import servicegroup
from cyborg.db.queries import hardware as hardware_queries
from cyborg.db.queries import service as service_queries


def _judged(context, host=None):
    """The agents' rows and ``{host: up}``."""
    rows = service_queries.get_agents(context, servicegroup.AGENT,
                                      host=host)
    conductors = service_queries.get_all(context,
                                         binary=servicegroup.CONDUCTOR)
    return rows, servicegroup.agents_up(rows, conductors)


def agents(context, host=None):
    """``{host: up}`` of each registered agent (or *host*'s only)."""
    rows, verdicts = _judged(context, host=host)
    return {row['host']: verdicts[row['host']] for row in rows
            if row['registered']}


def agents_down(context):
    """The hosts whose registered agent, once heard of, is down now."""
    rows, verdicts = _judged(context)
    return {row['host'] for row in rows
            if row['registered'] and not verdicts[row['host']] and
            servicegroup.agent_last_heard(row) is not None}


def hosts(context):
    """``[(host, up now, agent_up as recorded)]`` of the hosts reported."""
    rows, verdicts = _judged(context)
    return [(row['host'], verdicts[row['host']], row['agent_up'])
            for row in rows if row['reported']]


def hardware(context, host=None):
    """hardware_queries.get_all() with each host's ``agent_status``."""
    views = hardware_queries.get_all(context, host=host)
    rows, verdicts = _judged(context, host=host)
    registered = {row['host'] for row in rows if row['registered']}
    for view in views:
        up = view['host'] in registered and verdicts[view['host']]
        view['agent_status'] = servicegroup.UP if up else servicegroup.DOWN
    return views
