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
  the messaging backend unreachable (at once), when its probe has not
  connected to it within ``[api] messaging_wait_timeout`` (after at most
  that wait), or when the call itself could not be delivered (its
  connection retries are bounded by the same option).  Nothing else is
  taken for an unreachable backend: a hello that waits for a conductor's
  answer, or that RabbitMQ returned for want of a conductor queue, is a
  backend that works;
* ``cyborg.conductor.unavailable`` when no conductor is up in the
  services table (no heartbeat within ``service_down_time``) after
  waiting up to ``[api] conductor_wait_timeout`` for one to write its
  heartbeat; when RabbitMQ still had no queue to route the call to
  (no conductor has consumed from the topic since it started) at the
  end of that same wait: the call is sent with the ``mandatory`` flag,
  so a call that no queue takes comes back at once, was not delivered,
  and is sent again; at once when the conductors that count as up have
  stalled (paused or hung: the process's hellos unanswered for two
  ``report_interval`` and no conductor heartbeat since; the call is not
  sent, so a conductor that resumes finds nothing to do late); and when
  the call got no answer within ``rpc_response_timeout``.

The checks read what the heartbeat found, so that they cost a request
nothing while a conductor is up (no SQL statement, no wait); a refusal
for the conductors is confirmed with one fresh read of their heartbeats
first (Heartbeat.conductors_unavailable), so that a conductor that wrote
its heartbeat since the last beat is not refused, and the writes that
wait for one share their reads.  Services start and restart in any
order: a write sent in the first seconds of cyborg-api and a conductor
started together waits for the conductor rather than being refused
(issue 38).

A 503 after the call was sent does not mean that nothing was done: a
conductor that comes back may still handle it.  Clients retry, as after
any 503, and find what is there.
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
    """ConductorAPI's methods, each checked before and mapped after.

    Methods whose name starts with ``can_send`` (and attributes that are
    not methods) are passed through unchanged.

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
        return call

    def check(self, wait=0.0):
        """Refuse what cannot be served, as this process's heartbeat
        found it (cyborg.api.heartbeat); without a heartbeat (the
        application run in process by tests), the call decides.

        :param wait: seconds to wait for a conductor to come up when none
            is (Heartbeat.conductors_unavailable).
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
    RabbitMQ returns the message unroutable: no conductor queue exists
    yet (none has consumed from the topic since RabbitMQ started; a
    conductor that is starting writes its heartbeat just before).  A
    returned message reached no conductor, so sending it again does
    nothing twice.

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
