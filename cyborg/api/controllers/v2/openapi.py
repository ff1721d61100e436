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
"""/v2/openapi.json: the OpenAPI document of the request's microversion
(public, as the version documents)."""

import pecan

from cyborg.api import openapi
from cyborg.api import route


def get():
    """The JSON text of the document, built once per microversion."""
    return openapi.text(pecan.request.version)


ROUTES = [
    route.Route('GET', '/v2/openapi.json', get,
                'This description, for the microversion asked (public).',
                response=lambda version: {'type': 'object'},
                policy=route.PUBLIC),
]
