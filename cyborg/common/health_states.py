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
"""The health states of a device: the one vocabulary of the drivers'
checks, the agent's reports, the devices table, the API and the
notifications (cyborg.tests.unit.test_vocabulary keeps it the only one).

A driver's check and an agent's report say HEALTHY or UNHEALTHY
(cyborg.drivers.health); the conductor keeps a device that turned healthy
again RECOVERING for ``[device_health] hold_down`` seconds
(cyborg.conductor.devices.health).  A device whose driver raised (in
discovery or in its health checks) is reported DRIVER_ERROR, as last
known, until the driver works again (cyborg.agent.resource_tracker).  A
devices row stores NULL for HEALTHY.
"""

HEALTHY = 'healthy'
UNHEALTHY = 'unhealthy'
RECOVERING = 'recovering'
DRIVER_ERROR = 'driver_error'
#: The states that hold a device out of scheduling (its inventory
#: reserved in Placement).
HELD = (UNHEALTHY, RECOVERING, DRIVER_ERROR)
