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
"""oslo.messaging plumbing: the transport (init() once per service), RPC
clients and servers carrying the request context and Cyborg's exceptions.
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
    messaging.set_transport_defaults(control_exchange)


def init(conf, url=None):
    """Create the process-wide transport (*url* overrides the option)."""
    global TRANSPORT, DRIVER
    _tune_polling()
    TRANSPORT = messaging.get_rpc_transport(
        conf, url=url, allowed_remote_exmods=ALLOWED_EXMODS)
    DRIVER = messaging.TransportURL.parse(conf, url).transport


def _tune_polling():
    """Let idle AMQP consumers sleep at least IDLE_POLL_FLOOR at a time.

    Their back-off from 1 ms cost a sixth of the API's and conductor's
    CPU per ARQ lifecycle (doc/source/admin/performance.rst); a message
    ends an idle wait at once.  oslo.messaging has no option for it
    (tests/functional/test_rpc_polling.py counts the wake-ups).
    """
    current = getattr(amqpdriver, 'ACK_REQUEUE_EVERY_SECONDS_MIN', None)
    if current is None:
        LOG.warning('oslo.messaging has no ACK_REQUEUE_EVERY_SECONDS_MIN '
                    'any more: idle consumers keep its own poll timeout')
        return
    amqpdriver.ACK_REQUEUE_EVERY_SECONDS_MIN = max(current, IDLE_POLL_FLOOR)


def returns_unroutable():
    """Whether an unroutable ``mandatory`` message comes back (RabbitMQ)."""
    return DRIVER == 'rabbit'


def cleanup():
    """Close the transport's connections."""
    global TRANSPORT
    if TRANSPORT is not None:
        TRANSPORT.cleanup()
        TRANSPORT = None


def _transport():
    if TRANSPORT is None:
        raise RuntimeError('cyborg.rpc.init() has not been called')
    return TRANSPORT


class RequestContextSerializer(objects_base.CyborgObjectSerializer):
    """The versioned-object serializer, sending the RequestContext too."""

    def serialize_context(self, context):
        return context.to_dict()

    def deserialize_context(self, context):
        return cyborg_context.RequestContext.from_dict(context)


def get_client(target, version_cap=None, retry=None, mandatory=False):
    """An oslo_messaging.RPCClient for *target*.

    :param retry: tries again when the backend cannot be reached (then
        MessageDeliveryFailure); None: forever.
    :param mandatory: a message no queue is bound for raises
        MessageUndeliverable at once instead of waiting for its timeout
        (RabbitMQ only).
    """
    options = (messaging.TransportOptions(at_least_once=True) if mandatory
               else None)
    return messaging.get_rpc_client(
        _transport(), target, version_cap=version_cap,
        serializer=RequestContextSerializer(), retry=retry,
        transport_options=options)


def retries_within(conf, seconds):
    """The connection retries (at least 1) that fit in about *seconds*,
    by the RabbitMQ driver's back-off (the in-memory transports: 1).
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


def get_server(target, endpoints):
    """An RPC server (not started) for *target*; only methods marked
    ``@messaging.expose`` are callable.
    """
    return messaging.get_rpc_server(
        _transport(), target, endpoints,
        serializer=RequestContextSerializer(),
        access_policy=messaging.ExplicitRPCAccessPolicy)


def version_cap(conf, service):
    """The configured RPC version cap of *service*, or None."""
    return getattr(conf.upgrade_levels, service)
