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
"""The Nova client of the conductor: external events.

Built from the ``[nova]`` options (see cyborg.clients.keystone).  Only
``POST /os-server-external-events`` is called; what the answer means for
the outbox is the conductor's business (cyborg.conductor.nova_notifier).
"""

from cyborg.clients import keystone

GROUP = 'nova'
SERVICE_TYPE = 'compute'
# The microversion of the external events call (Nova's
# accelerator-request-bound event).
MICROVERSION = '2.82'


def is_configured(conf):
    """Whether ``[nova]`` says how to reach Nova at all.

    :param conf: the ConfigOpts.
    :returns: True when auth_type or endpoint_override is set.
    """
    return keystone.is_configured(conf, GROUP)


def from_conf(conf):
    """A NovaClient from the ``[nova]`` options.

    :param conf: the ConfigOpts.
    :returns: a NovaClient.
    """
    return NovaClient(keystone.adapter(conf, GROUP, SERVICE_TYPE))


class NovaClient:
    """Calls to Nova.

    :param adapter: a keystoneauth1 Adapter for the compute service.
    """

    def __init__(self, adapter):
        self._adapter = adapter

    def external_events(self, events):
        """``POST /os-server-external-events`` of *events*.

        :param events: a list of event dicts (name, server_uuid, tag,
            status).
        :raises: keystoneauth1.exceptions.ClientException when Nova cannot
            be reached.
        :returns: the response, whatever its status.
        """
        return self._adapter.post(
            '/os-server-external-events', json={'events': events},
            microversion=MICROVERSION, raise_exc=False)
