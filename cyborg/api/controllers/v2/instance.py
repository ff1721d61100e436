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
"""/v2/instances/{uuid}/accelerators: attach and detach (2.5).

The seeds' attach-instance and detach-instance through the API: one call
allocates a device profile's accelerators on the instance's host in
Placement, creates its ARQs and binds them (Nova hears of each bind, after
this answer, as for its own binds); another unbinds and deletes them all
and frees their allocations.  See cyborg.conductor.instance.
"""

import pecan
from pecan import rest

from cyborg.api import expose
from cyborg.api import validation
from cyborg.api.controllers.v2 import accelerator_request as arq_api
from cyborg.api.controllers.v2 import gate
from cyborg.api.schemas import instance as schema
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.i18n import _
from cyborg.policies import instance as policies


class AcceleratorsController(rest.RestController):
    """/v2/instances/{uuid}/accelerators"""

    def __init__(self, instance_uuid):
        super().__init__()
        self.instance_uuid = instance_uuid

    def _arqs(self, context):
        return arq_queries.get_all(
            context, project_id=arq_api.visible_project(context),
            instance_uuid=self.instance_uuid)

    @expose.expose
    def get_all(self):
        gate.operator_verbs()
        context = pecan.request.context
        context.can(policies.GET_ACCELERATORS)
        validation.uuid_path(self.instance_uuid, _('instance'))
        return {'arqs': [arq_api.serialize(a) for a in self._arqs(context)]}

    @expose.expose
    def post(self):
        """Attach: 202 with the new ARQs (Bound, or BindStarted while
        device work runs).
        """
        gate.operator_verbs()
        context = pecan.request.context
        context.can(policies.ATTACH)
        validation.uuid_path(self.instance_uuid, _('instance'))
        body = validation.extract_json(schema.ATTACH)
        states = pecan.request.conductor_api.instance_attach(
            context, self.instance_uuid, body['device_profile_name'],
            body['hostname'], body.get('project_id', context.project_id),
            context.user_id)
        pecan.response.status = 202
        return {'arqs': [arq_api.serialize(a) for a in arq_queries.get_all(
            context, uuids=list(states))]}

    @expose.expose
    def delete(self):
        """Detach every accelerator: 204."""
        gate.operator_verbs()
        context = pecan.request.context
        context.can(policies.DETACH)
        validation.uuid_path(self.instance_uuid, _('instance'))
        pecan.request.conductor_api.instance_detach(
            context, self.instance_uuid,
            project_id=arq_api.visible_project(context))
        pecan.response.status = 204


class InstancesController(rest.RestController):
    """/v2/instances: only its accelerators sub-resource."""

    SUBRESOURCES = {'accelerators': AcceleratorsController}

    @pecan.expose()
    def _lookup(self, instance_uuid, *remainder):
        return expose.subresource(self, instance_uuid, remainder)
