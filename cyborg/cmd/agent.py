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
"""cyborg-agent: the per-node service that discovers accelerators."""

import sys

from oslo_config import cfg
from oslo_log import log as logging

from cyborg import exception
from cyborg import privsep
from cyborg import service
from cyborg.agent import manager
from cyborg.drivers import registry

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


def main(argv=None):
    service.prepare_service(argv, database=False)
    privsep.use_installed_helper(CONF)
    # Drivers load here, in the parent process: a bad driver name or
    # setting ends the agent now with a message, instead of a worker that
    # the launcher would restart forever.
    try:
        drivers = registry.load(CONF, CONF.host)
    except exception.CyborgException as exc:
        LOG.error('cyborg-agent cannot start: %s', exc.message)
        print('cyborg-agent: %s' % exc.message, file=sys.stderr)
        return 1
    mgr = manager.AgentManager(CONF.host, drivers=drivers)
    # A rack of agents started together spreads its registrations and
    # first reports over [agent] start_jitter seconds.
    return service.launch(service.RPCService(
        mgr, manager.TOPIC, start_jitter=CONF.agent.start_jitter))


if __name__ == '__main__':
    sys.exit(main())
