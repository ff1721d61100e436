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
from oslo_log import log as logging
from oslo_db import exception as db_exc
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

    :param conf: the ConfigOpts holding [DEFAULT] transport_url.
    :param url: a transport URL that overrides the option (tests use
        ``fake:/``, the embedded mode its in-memory URL).
    """
    global TRANSPORT, DRIVER
    _tune_polling()
    TRANSPORT = messaging.get_rpc_transport(
        conf, url=url, allowed_remote_exmods=ALLOWED_EXMODS)
    DRIVER = messaging.TransportURL.parse(conf, url).transport


def _tune_polling():
    """Let idle AMQP consumers sleep at least IDLE_POLL_FLOOR at a time.

    oslo.messaging's RabbitMQ consumers (an RPC server's listener, an RPC
    client's reply waiter) wait on their socket for 1 ms after each
    message, then 2, 4, 8... up to 5 s, and every wake-up goes through
    kombu's connection checks: after each call and each reply, about ten
    wake-ups, a sixth of the CPU that cyborg-api and the conductor spend
    per ARQ lifecycle (doc/source/admin/performance.rst).  The timeout
    only bounds an idle wait: a message that arrives ends the wait at
    once, and RPC messages are acknowledged on arrival, so starting the
    back-off at 50 ms delays nothing.  The constant is oslo.messaging's
    own (a module attribute, read at each use); a unit test fails if an
    upgrade of oslo.messaging removes it, and
    ``tests/functional/test_rpc_polling.py`` counts the wake-ups.

    Kept although it sets an attribute of a private module of
    oslo.messaging, which offers no option for it: measured with
    ``tools/bench/arq_lifecycle.py --compare`` (issue 22, two runs of 400
    lifecycles against the same code without it), it saves 12 to 14 % of
    cyborg-api's CPU and 13 to 17 % of the conductor's per ARQ lifecycle.
    Remove it when oslo.messaging grows an option (or polls less).

    Looked at again for issue 39, in oslo.messaging 18.3.1 (the newest
    release in the package index here): none of its options sets this
    wait.  ``[oslo_messaging_rabbit]`` has 37 options (retry intervals
    and back-off of reconnections, heartbeat_timeout_threshold and
    heartbeat_rate, rabbit_qos_prefetch_count, the queue kinds...) and
    ``[DEFAULT]`` executor_thread_pool_size and rpc_response_timeout;
    the back-off is written into ``AMQPListener.poll`` and the reply
    waiter's ``poll``, both starting from this constant.  The public
    seam that would avoid the patch is a transport driver of Cyborg's
    own (the ``oslo.messaging.drivers`` entry points), which would carry
    a copy of those private poll loops: a larger dependence on the
    driver's internals than this one constant.  The constant is also
    the pause of the listeners' background task loop while they shut
    down, which the floor only slows to 50 ms.
    """
    current = getattr(amqpdriver, 'ACK_REQUEUE_EVERY_SECONDS_MIN', None)
    if current is None:
        LOG.warning('oslo.messaging has no ACK_REQUEUE_EVERY_SECONDS_MIN '
                    'any more: idle consumers keep its own poll timeout')
        return
    amqpdriver.ACK_REQUEUE_EVERY_SECONDS_MIN = max(current, IDLE_POLL_FLOOR)


def returns_unroutable():
    """Whether the transport hands back a ``mandatory`` message that no
    queue takes (RabbitMQ: see get_client); the in-memory transport keeps
    it in a queue of its own instead.
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
        None: forever (oslo.messaging's default).
    :param mandatory: a message that the backend cannot route (no queue
        is bound for its topic: no server of the topic ever consumed
        from it since the backend started) raises
        oslo_messaging.MessageUndeliverable at once, instead of being
        dropped silently (a call then waits for its timeout).  With
        RabbitMQ, it is published with the ``mandatory`` flag
        (oslo.messaging's ``TransportOptions(at_least_once=True)``); the
        in-memory transports never raise it.
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
    each next one (up to ``rabbit_interval_max``).  Transports without
    these options (the in-memory ones) never wait: one retry.

    :param conf: the ConfigOpts of the transport.
    :param seconds: the time the retries may take.
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
    """An RPC server (threading executor) for *target*.

    Only methods marked with ``@messaging.expose`` are callable, so an
    endpoint's helpers are never reachable over the wire.

    :param target: an oslo_messaging.Target with topic and server.
    :param endpoints: the objects whose exposed methods are served.
    :param serializer: serializer of arguments and results.
    :returns: an oslo_messaging RPC server (not started).
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

