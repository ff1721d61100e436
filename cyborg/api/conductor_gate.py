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
"""The conductor client of the API's handlers: 503 rather than a hang.

Every write of the API is an RPC call to a conductor.  Called bare, such
a call waits forever for a messaging backend that cannot be reached, and
``rpc_response_timeout`` (then a 500) for conductors that are all down.
The handlers get this wrapper of cyborg.conductor.rpcapi.ConductorAPI
instead, which answers ``503`` with a stable error code:

* ``cyborg.messaging.unavailable`` when the process's heartbeat found
  the messaging backend unreachable (at once), when it has not reached it
  within ``[api] messaging_wait_timeout`` (after at most that wait), or
  when the call itself could not be delivered (its connection retries are
  bounded by the same option);
* ``cyborg.conductor.unavailable`` at once when no conductor was up in
  the services table (no heartbeat within ``service_down_time``) at the
  process's last heartbeat, at once when the conductors that count as up
  have stalled (paused or hung: the process's hellos unanswered for two
  ``report_interval`` and no conductor heartbeat since; the call is not
  sent, so a conductor that resumes finds nothing to do late), and when
  the call got no answer within ``rpc_response_timeout``.

The checks read what the heartbeat found, so that they cost a request
nothing (no SQL statement, no wait once the first heartbeat is done); a
refusal for the conductors is confirmed with one fresh read of their
heartbeats first (Heartbeat.conductors_unavailable), so that a conductor
that wrote its heartbeat since the last beat is not refused.

A 503 after the call was sent does not mean that nothing was done: a
conductor that comes back may still handle it.  Clients retry, as after
any 503, and find what is there.
"""

import functools

from oslo_config import cfg
import oslo_messaging as messaging

from cyborg import exception
from cyborg import rpc
from cyborg.api import heartbeat
from cyborg.conductor import rpcapi as conductor_rpcapi

CONF = cfg.CONF


class GatedConductorAPI:
    """ConductorAPI's methods, each checked before and mapped after.

    Methods whose name starts with ``can_send`` (and attributes that are
    not methods) are passed through unchanged.

    :param api: the ConductorAPI to wrap (default: one whose messages
        are retried for ``[api] messaging_wait_timeout`` at most).
    """

    def __init__(self, api=None):
        self._api = api or conductor_rpcapi.ConductorAPI(
            retry=rpc.retries_within(CONF, CONF.api.messaging_wait_timeout))

    def __getattr__(self, name):
        attr = getattr(self._api, name)
        if name.startswith(('_', 'can_send')) or not callable(attr):
            return attr

        @functools.wraps(attr)
        def call(context, *args, **kwargs):
            self.check()
            try:
                return attr(context, *args, **kwargs)
            except messaging.MessagingTimeout:
                raise exception.ConductorUnavailable(
                    reason='no answer within %s seconds'
                    % CONF.rpc_response_timeout)
            except messaging.MessageDeliveryFailure as exc:
                raise exception.MessagingUnavailable(reason=str(exc))
        return call

    def check(self):
        """Refuse at once what cannot be served, as this process's
        heartbeat found it (cyborg.api.heartbeat); without a heartbeat
        (the application run in process by tests), the call decides.

        :raises: MessagingUnavailable, ConductorUnavailable
        """
        beat = heartbeat.current()
        if beat is None:
            return
        reachable, reason = beat.messaging_verdict(
            wait=CONF.api.messaging_wait_timeout)
        if reachable is False:
            raise exception.MessagingUnavailable(reason=reason)
        reason = beat.conductors_unavailable()
        if reason is not None:
            raise exception.ConductorUnavailable(reason=reason)
