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
"""cyborg-conductor: the service that owns Cyborg's database."""

import sys

from oslo_config import cfg

from cyborg import service
from cyborg.conductor import manager
from cyborg.conductor import rpcapi

CONF = cfg.CONF


def main(argv=None):
    service.prepare_service(argv)
    mgr = manager.ConductorManager(CONF.host, rpcapi.TOPIC)
    return service.launch(service.RPCService(mgr, rpcapi.TOPIC))


if __name__ == '__main__':
    sys.exit(main())
