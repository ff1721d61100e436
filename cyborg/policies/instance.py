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
"""Policies of /v2/instances, /v2/instances/{uuid} and its
accelerators."""

from cyborg.policies import base

RULES = base.Rules('cyborg:instance:')
GET_ALL = RULES.add(
    'get_all', base.PROJECT_READER_OR_ADMIN,
    'List the servers that hold accelerators, as Nova sees them.  '
    "A project's readers see their project's servers, without "
    'the host and node Nova hides from them.')
GET = RULES.add(
    'get', base.ADMIN,
    "Show a server as Nova shows it to Cyborg's service user "
    '(host, node, state, flavor), with its accelerator requests '
    'and attachments: Cyborg asks Nova with its own credentials.')
GET_ACCELERATORS = RULES.add(
    'get_accelerators', base.PROJECT_READER_OR_ADMIN,
    "List an instance's accelerator requests.")
ATTACH = RULES.add(
    'attach', base.ADMIN,
    "Attach a device profile's accelerators to a server whose "
    'flavor names a device profile (and, when asked, have Nova '
    'hard reboot it).')
DETACH = RULES.add(
    'detach', base.ADMIN,
    'Detach the accelerators attach gave a server (and, when '
    'asked, have Nova hard reboot it).')
