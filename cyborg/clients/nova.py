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
"""The Nova client (``[nova]``): external events, server reads (their
host is shown to administrators only) and the hard reboot.
"""

from keystoneauth1 import exceptions as ks_exc

from cyborg import exception
from cyborg import metrics
from cyborg.clients import keystone

# The microversion of the external events call (Nova's
# accelerator-request-bound event).
MICROVERSION = '2.82'
# Server show with the flavor embedded, extra specs included.
SERVER_MICROVERSION = '2.47'


class NovaClient(keystone.ServiceClient):
    GROUP = 'nova'
    SERVICE_TYPE = 'compute'

    def external_events(self, events):
        """The response to *events*, whatever its status."""
        return self._request('POST', '/os-server-external-events',
                             MICROVERSION, json={'events': events})

    def _request(self, method, path, microversion, **kwargs):
        started = metrics.call_started()
        try:
            response = self._adapter.request(
                path, method, microversion=microversion, raise_exc=False,
                **kwargs)
        except ks_exc.ClientException:
            metrics.call_done(metrics.NOVA_CALLS, method, started)
            raise
        metrics.call_done(metrics.NOVA_CALLS, method, started,
                          response.status_code)
        return response

    def _call(self, method, path, **kwargs):
        try:
            response = self._request(method, path, SERVER_MICROVERSION,
                                     **kwargs)
        except ks_exc.ClientException as exc:
            raise exception.NovaUnavailable(reason=exc)
        if response.status_code >= 500 or response.status_code in (401,
                                                                   403):
            raise _unavailable('%s %s' % (method, path), response)
        return response

    def get_server(self, uuid):
        response = self._call('GET', '/servers/%s' % uuid)
        if response.status_code == 404:
            raise exception.ServerNotFound(uuid=uuid)
        if response.status_code != 200:
            raise _unavailable('GET /servers/%s' % uuid, response)
        return response.json()['server']

    def list_servers(self, host):
        """(servers, requests made) of *host*, every page."""
        servers, calls, marker = [], 0, None
        while True:
            params = {'all_tenants': 'True', 'host': host}
            if marker is not None:
                params['marker'] = marker
            response = self._call('GET', '/servers/detail', params=params)
            calls += 1
            if response.status_code != 200:
                raise _unavailable('GET /servers/detail?host=%s' % host,
                                   response)
            body = response.json()
            page = body.get('servers') or []
            for server in page:
                if server.get('OS-EXT-SRV-ATTR:host', host) != host:
                    # A user who may not filter by host gets every server
                    # it sees instead: refuse rather than misread them.
                    raise exception.NovaUnavailable(
                        reason="Nova ignored the host filter: Cyborg's "
                               "[nova] user needs Nova's administrator "
                               "role")
            servers.extend(page)
            if not page or not any(link.get('rel') == 'next' for link in
                                   body.get('servers_links') or ()):
                return servers, calls
            marker = page[-1]['id']

    def reboot(self, uuid):
        """Ask Nova for a hard reboot (ServerRebootRefused: 409)."""
        response = self._call('POST', '/servers/%s/action' % uuid,
                              json={'reboot': {'type': 'HARD'}})
        if response.status_code == 404:
            raise exception.ServerNotFound(uuid=uuid)
        if response.status_code == 409:
            raise exception.ServerRebootRefused(
                uuid=uuid, reason=_nova_message(response))
        if response.status_code != 202:
            raise _unavailable('the reboot of %s' % uuid, response)


def _unavailable(what, response):
    return exception.NovaUnavailable(reason='%s answered %d: %s' % (
        what, response.status_code, response.text[:300]))


def _nova_message(response):
    """The message of a Nova error answer (``{kind: {message}}``)."""
    try:
        return next(iter(response.json().values()))['message']
    except (ValueError, StopIteration, KeyError, TypeError,
            AttributeError):
        return response.text[:300]


is_configured = NovaClient.is_configured
from_conf = NovaClient.from_conf
