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
"""keystonemiddleware's auth_token, except for the public routes."""

import re

from keystonemiddleware import auth_token
from oslo_config import cfg

# The version documents and the API's OpenAPI description are public:
# clients discover versions before they have a token.  /healthcheck is
# answered before this middleware (cyborg.api.app.deploy).
PUBLIC_ROUTES = (r'^/?$', r'^/v2/?$', r'^/v2/openapi\.json$')


class AuthTokenMiddleware(auth_token.AuthProtocol):
    """Validates tokens on every route but the public ones."""

    def __init__(self, app, conf, public_routes=PUBLIC_ROUTES):
        super().__init__(app, conf)
        self._public = [re.compile(route) for route in public_routes]
        self._app_without_auth = app

    def __call__(self, env, start_response):
        path = env.get('PATH_INFO', '/')
        if any(route.match(path) for route in self._public):
            return self._app_without_auth(env, start_response)
        return super().__call__(env, start_response)


def filter_factory(global_conf, **local_conf):
    """The middleware's factory (in paste.deploy's shape), reading
    [keystone_authtoken] from Cyborg's CONF (the files it was given).
    """
    conf = dict(global_conf, **local_conf)
    conf.setdefault('oslo_config_config', cfg.CONF)

    def _factory(app):
        return AuthTokenMiddleware(app, conf)
    return _factory
