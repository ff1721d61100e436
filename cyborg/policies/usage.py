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
"""Policies of /v2/usage (2.4), as Nova's os-simple-tenant-usage: a
project's readers see their project's, administrators every project's.
"""

from cyborg.policies import base

PREFIX = 'cyborg:usage:%s'
GET = PREFIX % 'get'
GET_ALL = PREFIX % 'get_all'

_rules = [
    base.rule(GET, base.PROJECT_READER_OR_ADMIN,
              "Show one project's accelerator usage (device-hours) in a "
              'window of time: the target is the project asked for '
              '(``project_id=``, default the caller\'s).',
              ('GET', '/v2/usage?project_id={project_id}')),
    base.rule(GET_ALL, base.ADMIN,
              "Show every project's accelerator usage (``GET /v2/usage`` "
              'without ``project_id``); a caller who may not sees their '
              "own project's.", ('GET', '/v2/usage')),
]


def list_rules():
    return _rules
