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
"""oslo.messaging plumbing: the transport, RPC clients and RPC servers.

Every service calls init() once at start.  Clients and servers made here
carry the request context across the wire and let Cyborg's own exceptions
through (they are re-raised in the caller with the same class).
"""

from oslo_config import cfg
from oslo_db import exception as db_exc
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_messaging._drivers import amqpdriver

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg.objects import base as objects_base

LOG = logging.getLogger(__name__)

TRANSPORT = None
# The driver of TRANSPORT ('rabbit', 'fake', ...).
DRIVER = None

# Shortest time (seconds) an idle AMQP consumer of this process waits on
# its socket before it wakes up to look around (see _tune_polling).
IDLE_POLL_FLOOR = 0.05

# Modules whose exceptions are rebuilt on the calling side instead of
# becoming a RemoteError: Cyborg's own, and oslo.db's, so that cyborg-api
# answers a conductor's lost database as its own (503, not 500).
ALLOWED_EXMODS = [exception.__name__, db_exc.__name__]


def set_defaults(control_exchange='cyborg'):
    """Default exchange of Cyborg's topics, unless configured otherwise."""
    messaging.set_transport_defaults(control_exchange)


def init(conf, url=None):
    """Create the process-wide transport from ``transport_url``.

    :param url: a transport URL that overrides the option (tests and the
        embedded mode use ``fake:/``).
    """
    global TRANSPORT, DRIVER
    _tune_polling()
    TRANSPORT = messaging.get_rpc_transport(
        conf, url=url, allowed_remote_exmods=ALLOWED_EXMODS)
    DRIVER = messaging.TransportURL.parse(conf, url).transport


def _tune_polling():
    """Let idle AMQP consumers sleep at least IDLE_POLL_FLOOR at a time.

    oslo.messaging's RabbitMQ consumers wait on their socket for 1 ms after
    each message, then 2, 4, 8... up to 5 s, and every wake-up goes through
    kombu's connection checks: about a sixth of the API's and conductor's
    CPU per ARQ lifecycle (doc/source/admin/performance.rst).  A message
    ends an idle wait at once, so starting the back-off at 50 ms delays
    nothing.  oslo.messaging has no option for it; this module constant
    is read at each use (a unit test fails if it disappears, and
    tests/functional/test_rpc_polling.py counts the wake-ups).  Remove it
    when oslo.messaging grows an option.
    """
    current = getattr(amqpdriver, 'ACK_REQUEUE_EVERY_SECONDS_MIN', None)
    if current is None:
        LOG.warning('oslo.messaging has no ACK_REQUEUE_EVERY_SECONDS_MIN '
                    'any more: idle consumers keep its own poll timeout')
        return
    amqpdriver.ACK_REQUEUE_EVERY_SECONDS_MIN = max(current, IDLE_POLL_FLOOR)


def returns_unroutable():
    """Whether the transport hands back a ``mandatory`` message that no
    queue takes (RabbitMQ, see get_client).
    """
    return DRIVER == 'rabbit'


def cleanup():
    """Close the transport's connections (service stop, test cleanup)."""
    global TRANSPORT
    if TRANSPORT is not None:
        TRANSPORT.cleanup()
        TRANSPORT = None


def _transport():
    if TRANSPORT is None:
        raise RuntimeError('cyborg.rpc.init() has not been called')
    return TRANSPORT


class RequestContextSerializer(messaging.Serializer):
    """Sends the RequestContext with each message, wrapping *base* (by
    default the versioned-object serializer) for the arguments and results.
    """

    def __init__(self, base=None):
        self._base = base or objects_base.CyborgObjectSerializer()

    def serialize_entity(self, context, entity):
        return self._base.serialize_entity(context, entity)

    def deserialize_entity(self, context, entity):
        return self._base.deserialize_entity(context, entity)

    def serialize_context(self, context):
        return context.to_dict()

    def deserialize_context(self, context):
        return cyborg_context.RequestContext.from_dict(context)


def get_client(target, version_cap=None, serializer=None, retry=None,
               mandatory=False):
    """An RPC client for *target*.

    :param target: an oslo_messaging.Target (topic, optionally server).
    :param version_cap: the highest version the client may send.
    :param serializer: serializer of arguments and results.
    :param retry: how many times a message is tried again when the
        messaging backend cannot be reached (then MessageDeliveryFailure);
        None: forever.
    :param mandatory: a message no queue is bound for (no server of the
        topic ever consumed from it) raises MessageUndeliverable at once
        instead of being dropped, so that a call does not wait for its
        timeout (RabbitMQ only: ``TransportOptions(at_least_once=True)``).
    :returns: an oslo_messaging.RPCClient.
    """
    options = None
    if mandatory:
        options = messaging.TransportOptions(at_least_once=True)
    return messaging.get_rpc_client(
        _transport(), target, version_cap=version_cap,
        serializer=RequestContextSerializer(serializer), retry=retry,
        transport_options=options)


def retries_within(conf, seconds):
    """The connection retries that fit in about *seconds*.

    oslo.messaging's RabbitMQ driver waits ``rabbit_retry_interval``
    before its first retry, then ``rabbit_retry_backoff`` longer before
    each next one (up to ``rabbit_interval_max``); the in-memory
    transports never wait: one retry.

    :returns: a number of retries, at least 1.
    """
    try:
        rabbit = conf.oslo_messaging_rabbit
        interval = rabbit.rabbit_retry_interval
        step = rabbit.rabbit_retry_backoff
        most = rabbit.rabbit_interval_max
    except cfg.NoSuchOptError:
        return 1
    retries, spent = 0, 0.0
    while True:
        pause = min(interval + step * retries, most)
        if spent + pause > seconds:
            return max(retries, 1)
        spent += pause
        retries += 1


def get_server(target, endpoints, serializer=None):
    """An RPC server (threading executor, not started) for *target*.

    Only methods marked with ``@messaging.expose`` are callable, so an
    endpoint's helpers are never reachable over the wire.
    """
    return messaging.get_rpc_server(
        _transport(), target, endpoints,
        serializer=RequestContextSerializer(serializer),
        access_policy=messaging.ExplicitRPCAccessPolicy)


def version_cap(conf, service):
    """The configured RPC version cap for *service* ('conductor', 'agent').

    :returns: a version string, or None (no cap).
    """
    return getattr(conf.upgrade_levels, service)
