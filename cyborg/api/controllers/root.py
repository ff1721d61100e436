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
"""/: the versions document, and the v2 API."""

import pecan
from pecan import rest

from cyborg.api import expose
from cyborg.api import link
from cyborg.api.controllers import v2

NAME = 'OpenStack Cyborg API'
DESCRIPTION = ('Cyborg is the OpenStack project for lifecycle management of '
               'hardware accelerators, such as GPUs, FPGAs, AI chips, '
               'security accelerators, etc.')


class RootController(rest.RestController):
    """The API root."""

    v2 = v2.V2Controller()

    @expose.expose
    def get(self):
        """GET /: every API version (public, no microversion headers)."""
        version = v2.version_document(link.base_url(pecan.request) + '/v2')
        version['id'] = 'v2'
        return {'name': NAME, 'description': DESCRIPTION,
                'versions': [version], 'default_version': version}

    @pecan.expose()
    def _route(self, args, request=None):
        # As in the existing Cyborg, a path without a version prefix is
        # served by v2 (/device_profiles == /v2/device_profiles).
        if args and args[0] and args[0] != 'v2':
            args = ['v2'] + list(args)
        return super()._route(args, request)
