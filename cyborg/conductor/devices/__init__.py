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
"""The operator's verbs on what the agents found: devices (enable,
disable), device health, attributes, device profiles, device classes,
device configurations and drivers; ``endpoint`` answers their RPC
methods.

May import: what every room may, and cyborg.conductor.arq (a forced
driver uninstall unbinds) and cyborg.conductor.placement.
"""
