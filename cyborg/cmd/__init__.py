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
"""The console scripts: they put the services together (cyborg-api,
-conductor, -agent, -all-in-one, -dbsync, -manage, -status).

May import: cyborg.agent, cyborg.agent.rpcapi, cyborg.api,
cyborg.clients, cyborg.conductor, cyborg.conductor.rpcapi,
cyborg.conductor.audit (cyborg-manage's audits), cyborg.conf,
cyborg.context, cyborg.db, cyborg.drivers, cyborg.embedded,
cyborg.hostdev, cyborg.liveness, cyborg.privsep (the agent's helper),
cyborg.objects, cyborg.rpc, cyborg.service and the base.
"""
