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
"""Policies of /v2/drivers."""

from cyborg.policies import base

PREFIX = 'cyborg:driver:%s'
GET_ALL = PREFIX % 'get_all'
GET_ONE = PREFIX % 'get_one'
INSTALL = PREFIX % 'install'
UPDATE = PREFIX % 'update'
UNINSTALL = PREFIX % 'uninstall'

_rules = [
    base.rule(GET_ALL, base.ADMIN,
              "List the accelerator drivers of the agents' hosts."),
    base.rule(GET_ONE, base.ADMIN, 'Show an accelerator driver of a host.'),
    base.rule(INSTALL, base.ADMIN,
              'Install (enable) an accelerator driver on one host or on '
              'all, with its configuration.'),
    base.rule(UPDATE, base.ADMIN,
              'Change the configuration of an installed driver.'),
    base.rule(UNINSTALL, base.ADMIN,
              'Uninstall a driver (force: unbind its devices first).'),
]


def list_rules():
    return _rules
