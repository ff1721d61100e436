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

Nova's flow: ``create`` (one ARQ per accelerator a device profile asks
for), ``bind`` (Nova's PATCH: the handle is claimed in the transaction,
the device work queued as a job), ``release`` (unbinding, letting a
handle go), ``delete`` (by uuids or by instance), ``jobs`` (running the
queued device work through the agent: a bind's, an unbind's and an
operator's program request, ``program``) and ``nova_events`` (the
outbox of events to Nova); ``endpoint`` answers their RPC methods.

May call: the database, the agents' RPC client, the notifications,
cyborg.liveness and cyborg.conductor.backoff; no other room of the
conductor (the rooms that act on ARQs call this one).
"""
