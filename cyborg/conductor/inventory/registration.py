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
"""Service registration and heartbeats (the seeds' /hello)."""

from oslo_log import log as logging

from cyborg import exception
from cyborg import servicegroup
from cyborg.common import driver_config
from cyborg.db import api as db_api
from cyborg.db.queries import driver as driver_queries
from cyborg.db.queries import service as service_queries

LOG = logging.getLogger(__name__)


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def hello(context, host, binary, version=None, topic=None, drivers=None,
          started_at=None):
    """Register a service or record its heartbeat, in one transaction.

    *drivers* (agents' hellos; None leaves them alone); *started_at* on the
    first hello after a (re)start.  Returns the service row (a dict).
    """
    if binary not in servicegroup.BINARIES:
        raise exception.InvalidServiceBinary(
            binary=binary, allowed=', '.join(servicegroup.BINARIES))
    service = service_queries.heartbeat(
        context, host, binary, topic=topic, version=version,
        started_at=started_at)
    if drivers is not None:
        changed = driver_queries.record_hello(context, host, drivers)
        if changed:
            LOG.info('Driver status of host %(host)s changed: %(drivers)s',
                     {'host': host, 'drivers': drivers})
    if started_at is not None:
        LOG.info('Service %(binary)s on host %(host)s registered '
                 '(version %(version)s)',
                 {'binary': binary, 'host': host, 'version': version})
    return service


def decisions_if_changed(context, host, revision):
    """driver.decisions() of *host* unless they match *revision*; else None."""
    installs, removed, asked = driver_queries.decisions(context, host)
    if driver_config.revision(installs, removed) == revision:
        return None
    return installs, removed, asked
