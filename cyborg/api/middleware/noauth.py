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
"""Identity for ``auth_strategy = noauth`` (standalone mode and tests).

Identity headers a request carries are kept, so that every persona can
be tried with curl; without any, it acts as an administrator of a fixed
project with a service token's service role.
"""

STANDALONE_PROJECT = 'cyborg-standalone'
STANDALONE_USER = 'cyborg-standalone-admin'

_IDENTITY_HEADERS = ('HTTP_X_USER_ID', 'HTTP_X_PROJECT_ID', 'HTTP_X_ROLES',
                     'HTTP_X_SERVICE_ROLES')


class NoAuthMiddleware:
    """Fills in a default identity when a request brings none."""

    def __init__(self, app):
        self.app = app

    def __call__(self, env, start_response):
        if not any(header in env for header in _IDENTITY_HEADERS):
            env['HTTP_X_USER_ID'] = STANDALONE_USER
            env['HTTP_X_PROJECT_ID'] = STANDALONE_PROJECT
            env['HTTP_X_ROLES'] = 'admin,member,reader'
            env['HTTP_X_SERVICE_ROLES'] = 'service'
        env.setdefault('HTTP_X_IDENTITY_STATUS', 'Confirmed')
        return self.app(env, start_response)

