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
"""Accelerator requests (ARQs) and the device work they need.

One module per step of an ARQ's life: ``create``, ``bind``, ``release``
(unbinding), ``delete``, each moving its ARQs through ``lifecycle`` (the
one writer of their state, and what each change implies and owes after
its commit); ``jobs`` runs the device work through the agent (binds',
unbinds' and ``program`` requests'), ``nova_events`` sends the outbox of
events to Nova, ``holders`` tells the agents who holds their devices;
``endpoint`` answers their RPC methods.

May import: what every room may; no other room.
"""
