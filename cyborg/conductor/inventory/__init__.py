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
"""What the agents are and have: ``registration`` (hello and
heartbeats, the seeds' ``/hello``), ``reports`` (a host's hardware
report, hash-gated, and the agents' liveness check), ``device_diff``
(applying a report to the tables) and ``discovery`` (an operator's
discovery, the seeds' ``/discovery``: recorded, cast, answered by the
report); ``endpoint`` answers their RPC methods (``hello``, ``report``,
``discovery_start``).

May call: cyborg.conductor.devices (a report carries device health) and
cyborg.conductor.placement (a changed host is pushed); the database,
the agents' RPC client, the notifications, cyborg.liveness.
"""
