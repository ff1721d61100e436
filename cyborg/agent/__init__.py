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
"""cyborg-agent: finds the accelerators of its compute node through the
drivers, reports them to the conductor, and does the device work the
conductor asks for.

``manager`` (the RPC endpoint and periodic tasks), ``rpcapi`` (the
client other services import), ``resource_tracker`` (discovery,
hash-gated reports), ``work`` (the one thread that touches the
hardware), ``health`` and ``telemetry`` (the devices' checks and
samples), ``monitor`` (hotplug), ``reboots``, ``last_known``,
``images``, ``device_work``, ``state_file``.

May import: cyborg.drivers, cyborg.objects, cyborg.clients,
cyborg.conductor.rpcapi and the base; never the database.
"""
