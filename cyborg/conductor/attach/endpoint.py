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
"""The RPC methods of attach and detach through Nova."""

import oslo_messaging as messaging

from cyborg import exception
from cyborg.conductor import rpcapi
from cyborg.conductor.attach import instance
from cyborg.conductor.attach import nova_server


class AttachEndpoint:
    """instance_attach, instance_detach, instance_show, instance_list.

    *nova* answers a NovaClient or None; *kick_work(context)* does what is
    due soon.  What a bind or an unbind owes after its commit (events,
    notifications, the holders' cast) is cyborg.conductor.arq.lifecycle's.
    """

    def __init__(self, target, placement, nova, kick_work):
        self.target = target
        self._placement = placement
        self._nova = nova
        self._kick_work = kick_work

    @rpcapi.write_method(exception.DeviceProfileNotFound,
                         exception.AgentNotFound,
                         exception.ComputeResourceProviderNotFound,
                         exception.NoAcceleratorCandidate,
                         exception.PlacementNotConfigured,
                         exception.PlacementError,
                         exception.BindTargetInvalid,
                         exception.BindTargetGone,
                         exception.AcceleratorRequestBadState,
                         exception.NovaNotConfigured,
                         exception.NovaUnavailable, exception.ServerNotFound,
                         exception.ServerNotAttachable, exception.OverLimit,
                         exception.LimitsUnavailable, exception.Conflict,
                         exception.Invalid)
    def instance_attach(self, context, instance_uuid, device_profile_name,
                        hostname=None, project_id=None, reboot=False):
        return instance.attach(
            context, self._placement, self._nova(), instance_uuid,
            device_profile_name, hostname=hostname, project_id=project_id,
            reboot=reboot)

    @rpcapi.write_method(exception.AcceleratorRequestNotFound,
                         exception.AcceleratorRequestsNotAttached,
                         exception.ServerNotDetachable,
                         exception.NovaNotConfigured,
                         exception.NovaUnavailable, exception.PlacementError,
                         exception.Conflict)
    def instance_detach(self, context, instance_uuid, arq_uuids=None,
                        reboot=False):
        result = instance.detach(context, self._placement, self._nova(),
                                 instance_uuid, arq_uuids=arq_uuids,
                                 reboot=reboot)
        self._kick_work(context)
        return result

    @messaging.expose
    @messaging.expected_exceptions(exception.NovaNotConfigured,
                                   exception.NovaUnavailable,
                                   exception.ServerNotFound)
    def instance_show(self, context, instance_uuid):
        return nova_server.view(nova_server.get(self._nova(), instance_uuid))

    @messaging.expose
    @messaging.expected_exceptions(exception.NovaNotConfigured,
                                   exception.NovaUnavailable)
    def instance_list(self, context, servers):
        return instance.list_servers(self._nova(), servers)
