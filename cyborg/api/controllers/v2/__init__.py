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
"""/v2: the version document and the route table of every resource."""

import pecan
from pecan import rest

from cyborg.api import expose
from cyborg.api import link
from cyborg.api import microversion
from cyborg.api.controllers.v2 import accelerator_request
from cyborg.api.controllers.v2 import attribute
from cyborg.api.controllers.v2 import capacity as capacity_api
from cyborg.api.controllers.v2 import deployable
from cyborg.api.controllers.v2 import device
from cyborg.api.controllers.v2 import device_class
from cyborg.api.controllers.v2 import device_profile
from cyborg.api.controllers.v2 import discovery
from cyborg.api.controllers.v2 import driver
from cyborg.api.controllers.v2 import hardware as hardware_api
from cyborg.api.controllers.v2 import instance
from cyborg.api.controllers.v2 import openapi as openapi_api
from cyborg.api.controllers.v2 import service


def version_document(self_href):
    """The description of API v2 (in GET / and GET /v2)."""
    return {
        'id': 'v2.0',
        'status': 'CURRENT',
        'min_version': str(microversion.MIN_VERSION),
        'max_version': str(microversion.MAX_VERSION),
        'links': [{'href': self_href, 'rel': 'self'}],
    }


class V2Controller(rest.RestController):
    """Every resource of the v2 API, one sub-controller each."""

    # Named lists of request groups (what a flavor's accel:device_profile
    # refers to).
    device_profiles = device_profile.DeviceProfilesController()
    # Accelerators requested for instances (ARQs): Nova's entry point.
    accelerator_requests = accelerator_request.AcceleratorRequestsController()
    # Accelerator cards of the compute nodes; enable/disable.
    devices = device.DevicesController()
    # Schedulable units of devices (Placement resource providers).
    deployables = deployable.DeployablesController()
    # Key/values of deployables.
    attributes = attribute.AttributesController()
    # From 2.5, the operator verbs: Cyborg's services and their liveness,
    services = service.ServicesController()
    # what the agents found (the seeds' /hardware),
    hardware = hardware_api.HardwareController()
    hosts = hardware_api.HostsController()
    # the drivers of each host (install, update, uninstall),
    drivers = driver.DriversController()
    # discovery now (the seeds' /discovery),
    discovery = discovery.DiscoveryController()
    # and accelerators attached to instances (from 2.10 also the list of
    # the servers that hold accelerators, as Nova sees them).
    instances = instance.InstancesController()
    # From 2.8, accelerators free, bound and reserved per host and in
    # total.
    capacity = capacity_api.CapacityController()
    # From 2.11, operators' classes of devices (a trait on every device
    # provider a selector matches).
    device_classes = device_class.DeviceClassesController()
    # /v2/openapi.json, the OpenAPI description of all of the above
    # (public), is routed after the class (a path segment with a dot is
    # no Python name).

    @expose.expose
    def get(self):
        """GET /v2: this version's document (public)."""
        return version_document(link.base_url(pecan.request) + '/v2/')


pecan.route(V2Controller, 'openapi.json', openapi_api.OpenAPIController())
