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
"""[keystone_authtoken]: registered by cyborg-api (cyborg.api.app) whatever
the pipeline, since the API reads ``service_token_roles`` even with
``auth_strategy = noauth``.  Only the API reads it, so the other services
do not import keystonemiddleware (a fifth of their import time).  The
sample configuration lists it from keystonemiddleware's own namespace.
"""

from keystonemiddleware import auth_token


def register_opts(conf):
    for group, opts in auth_token.list_opts():
        conf.register_opts(opts, group=group)
