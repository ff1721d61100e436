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
"""The audits (``cyborg-manage ... audit`` and ``heal``): what the
database, Placement and Nova disagree on, and healing it.

``record`` (the Finding every audit returns), ``handles`` (attach handles
against ARQs), ``instances`` (ARQs and allocations against Nova's
servers), ``placement`` (the database against Placement),
``device_configs`` (desired configurations against the agents' reports),
``usage`` (usage intervals against the ARQs they record).

May import: what every room may, and cyborg.conductor.arq,
cyborg.conductor.attach, cyborg.conductor.devices and
cyborg.conductor.placement (a heal repairs with the flows' own
operations).
"""
