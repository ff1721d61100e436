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
"""The hardware view: what each host's agent last reported, as stored
(cyborg.liveness.hardware() adds each agent's status).
"""

import datetime

from cyborg import exception
from cyborg.db import api as db_api
from cyborg.db.queries import host as host_queries


@db_api.context_manager.reader
def get_all(context, host=None):
    """``[{host, generation, agent_generation, inventory_hash,
    last_report_at, hardware}]`` of every host, or of one.

    :raises: HostNotFound when *host* never reported.
    """
    rows = host_queries.get_all(context, host=host)
    if host is not None and not rows:
        raise exception.HostNotFound(host=host)
    return [{
        'host': row['hostname'],
        'generation': row['generation'],
        'agent_generation': row['agent_generation'],
        'inventory_hash': row['inventory_hash'],
        'last_report_at': (row['last_report_at'].replace(
            tzinfo=datetime.timezone.utc).isoformat()
            if row['last_report_at'] else None),
        'hardware': row['hardware'],
    } for row in rows]
