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
from cyborg.conductor.devices import configuration
from cyborg.conductor.devices import driver
from cyborg.db import api as db_api
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import driver as driver_queries
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import service as service_queries

LOG = logging.getLogger(__name__)


@db_api.retrying_writer
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


@db_api.retrying_writer
def agent_hello(context, host, version=None, topic=None, drivers=None,
                started_at=None, installed_revision=None,
                config_revision=None, placement=True):
    """An agent's hello in one transaction: hello()'s, the operator's
    decisions it took settled (with *installed_revision*), and what it is
    to apply where it differs from its revisions.

    :param placement: whether Placement is configured.
    :returns: ``(service row, what its answer adds, whether its host is
        recorded down, whether bind jobs wait for it)``.
    """
    service = hello(context, host, servicegroup.AGENT, version=version,
                    topic=topic, drivers=drivers, started_at=started_at)
    answer = {}
    if installed_revision is not None:
        # Its hello after applying the operator's decisions settles them
        # (and puts back what it would not load) first.
        driver.settle(context, host, installed_revision, drivers)
        installs, removed, asked = driver_queries.decisions(context, host)
        if driver_config.revision(installs, removed) != installed_revision:
            answer.update(installed=installs, removed=removed, asked=asked)
    if config_revision is not None:
        configs = configuration.for_agent(context, host, config_revision,
                                          placement=placement)
        if configs is not None:
            answer['configs'], answer['config_revision'] = configs
    return (service, answer, host_queries.is_recorded_down(context, host),
            job_queries.waits_for(context, host))
