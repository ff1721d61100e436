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

Called bare, an RPC call waits forever for an unreachable messaging
backend, and ``rpc_response_timeout`` (then a 500) for conductors that
are all down.  This wrapper answers 503 instead, with:

* ``cyborg.messaging.unavailable`` when the heartbeat finds the backend
  unreachable, or the call is not delivered;
* ``cyborg.conductor.unavailable`` when no conductor is up nor routes
  the call within ``[api] conductor_wait_timeout`` (services start in
  any order), at once when they stalled, after ``rpc_response_timeout``.

The checks read what the heartbeat found: free while a conductor is up.
"""

import functools
import time

from oslo_config import cfg
import oslo_messaging as messaging

from cyborg import exception
from cyborg import rpc
from cyborg.api import heartbeat
from cyborg.conductor import rpcapi as conductor_rpcapi

CONF = cfg.CONF


class GatedConductorAPI:
    """ConductorAPI's methods, each checked before and mapped after
    (``can_send*`` and attributes that are not methods pass through);
    each method is wrapped at its first use, then found as an attribute.

    :param api: the ConductorAPI to wrap (default: one whose messages
        are retried for ``[api] messaging_wait_timeout`` at most).
    """

    def __init__(self, api=None):
        self._api = api or conductor_rpcapi.ConductorAPI(
            retry=rpc.retries_within(CONF, CONF.api.messaging_wait_timeout),
            mandatory=True)

    def __getattr__(self, name):
        attr = getattr(self._api, name)
        if name.startswith(('_', 'can_send')) or not callable(attr):
            return attr

        @functools.wraps(attr)
        def call(context, *args, **kwargs):
            deadline = time.monotonic() + CONF.api.conductor_wait_timeout
            self.check(wait=CONF.api.conductor_wait_timeout)
            try:
                return _send_when_routable(
                    deadline, attr, context, *args, **kwargs)
            except messaging.MessagingTimeout:
                raise exception.ConductorUnavailable(
                    reason='no answer within %s seconds'
                    % CONF.rpc_response_timeout)
            except messaging.MessageDeliveryFailure as exc:
                raise exception.MessagingUnavailable(reason=str(exc))
        # __getattr__ runs only for what the instance lacks: from now on
        # the call finds this wrapper (a race wraps twice, harmlessly).
        setattr(self, name, call)
        return call

    def check(self, wait=0.0):
        """Refuse what this process's heartbeat says cannot be served
        (without a heartbeat, as in process in tests, the call decides).

        :param wait: seconds to wait for a conductor to come up.
        :raises: MessagingUnavailable, ConductorUnavailable
        """
        beat = heartbeat.current()
        if beat is None:
            return
        reachable, reason = beat.messaging_verdict(
            wait=CONF.api.messaging_wait_timeout)
        if reachable is False:
            raise exception.MessagingUnavailable(reason=reason)
        reason = beat.conductors_unavailable(wait=wait)
        if reason is not None:
            raise exception.ConductorUnavailable(reason=reason)


def _send_when_routable(deadline, method, context, *args, **kwargs):
    """Call *method*, again every POLL_INTERVAL until *deadline* while
    RabbitMQ returns it unroutable (no conductor queue yet); a returned
    message reached nobody, so sending it again does nothing twice.

    :raises: ConductorUnavailable when the deadline passed unrouted.
    """
    while True:
        try:
            return method(context, *args, **kwargs)
        except messaging.MessageUndeliverable:
            left = deadline - time.monotonic()
            if left <= 0:
                raise exception.ConductorUnavailable(
                    reason='the messaging backend has no queue of %s to '
                    'route it to: none has consumed from it since the '
                    'backend started' % conductor_rpcapi.TOPIC)
            time.sleep(min(heartbeat.POLL_INTERVAL, left))
