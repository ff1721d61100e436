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
"""Policies of /v2/usage, as Nova's os-simple-tenant-usage: a project's
readers see their project's, administrators every project's.
"""

from cyborg.policies import base

RULES = base.Rules('cyborg:usage:')
GET = RULES.add(
    'get', base.PROJECT_READER_OR_ADMIN,
    "Show a project's accelerator usage (device-hours) in a "
    'window of time.  The rule is checked against the caller\'s '
    'project, and again against the project asked for '
    '(``project_id=``) when it is another: a reader of a '
    'project sees that project\'s only, an administrator any '
    "project's, and every project's without ``project_id``.")
