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
"""/v2: the version document and the route table of every resource.

One module per resource, each with its ``ROUTES``.

May import: what cyborg.api may (its layer).
"""

import pecan

from cyborg.api import link
from cyborg.api import microversion
from cyborg.api import route
from cyborg.api.controllers.v2 import accelerator_request
from cyborg.api.controllers.v2 import attribute
from cyborg.api.controllers.v2 import capacity
from cyborg.api.controllers.v2 import configuration_rollout
from cyborg.api.controllers.v2 import deployable
from cyborg.api.controllers.v2 import device
from cyborg.api.controllers.v2 import device_class
from cyborg.api.controllers.v2 import device_config
from cyborg.api.controllers.v2 import device_profile
from cyborg.api.controllers.v2 import discovery
from cyborg.api.controllers.v2 import driver
from cyborg.api.controllers.v2 import hardware
from cyborg.api.controllers.v2 import instance
from cyborg.api.controllers.v2 import service
from cyborg.api.controllers.v2 import telemetry as telemetry_api
from cyborg.api.controllers.v2 import usage


def version_document(self_href):
    """The description of API v2 (in GET / and GET /v2)."""
    return {
        'id': 'v2.0',
        'status': 'CURRENT',
        'min_version': str(microversion.MIN_VERSION),
        'max_version': str(microversion.MAX_VERSION),
        'links': [{'href': self_href, 'rel': 'self'}],
    }


def get(context):
    """GET /v2: this version's document (public)."""
    return version_document(link.base_url(pecan.request) + '/v2/')


ROUTES = (
    [route.Route('GET', '/v2', get, 'The version document of v2 (public).',
                 response=route.one('Version'),
                 policy=route.PUBLIC)] +
    device_profile.ROUTES +  # what a flavor's accel:device_profile names
    accelerator_request.ROUTES +  # Nova's entry point
    device.ROUTES + device_config.ROUTES + telemetry_api.ROUTES +
    configuration_rollout.ROUTES +  # device_config over a device class
    deployable.ROUTES +  # one Placement resource provider each
    attribute.ROUTES +
    # From 2.4, the operator's resources.
    service.ROUTES + capacity.ROUTES + hardware.ROUTES + driver.ROUTES +
    discovery.ROUTES + device_class.ROUTES + instance.ROUTES +
    usage.ROUTES  # device-hours per project (2.4)
)
