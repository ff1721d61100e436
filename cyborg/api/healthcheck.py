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
"""The messaging backend in cyborg-api's ``/healthcheck``.

An oslo.middleware health check backend (``cyborg_messaging``, in the
default ``[healthcheck] backends``) that answers from what the heartbeat
found, so that ``/healthcheck`` answers at once whatever RabbitMQ does.
"""

from oslo_middleware.healthcheck import pluginbase

from cyborg.api import heartbeat


class MessagingHealthcheck(pluginbase.HealthcheckBaseExtension):
    """Fails while the messaging backend cannot be reached."""

    def healthcheck(self, server_port):
        beat = heartbeat.current()
        if beat is None:
            return pluginbase.HealthcheckResult(
                available=True,
                reason='messaging: not checked (no heartbeat runs in this '
                       'process)')
        reachable, reason = beat.messaging_verdict()
        state = ('unreachable (%s)' % reason if reachable is False
                 else 'connecting' if reachable is None else 'reachable')
        return pluginbase.HealthcheckResult(
            available=reachable is not False, reason='messaging: ' + state)
