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
"""oslo.messaging's Notifier fed from a bounded queue by one thread: a
slow broker delays notifications, never the operation.
"""

import collections
import os
import threading

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging

from cyborg.common import loop

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

# Priorities a notification may have (oslo.messaging's Notifier methods).
PRIORITIES = ('DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL')


class Sender:
    """Sends queued notifications from one daemon thread (a Loop)."""

    def __init__(self, notifier, size):
        self.notifier = notifier
        self.size = size
        self._queue = collections.deque()
        # Whether the thread holds one taken from the queue.
        self._sending = False
        self._idle = threading.Condition()
        self.dropped = 0
        self._loop = loop.Loop(self._send_queued, 'cyborg-notifications')
        self._loop.start()

    def put(self, context, publisher_id, priority, event_type, payload):
        """Queue without blocking; False when the queue is full."""
        with self._idle:
            full = len(self._queue) >= self.size
            if not full:
                self._queue.append(
                    (context, publisher_id, priority, event_type, payload))
                self._loop.kick()
        if full:
            self.dropped += 1
            LOG.warning('Notification %(event)s dropped: %(size)d '
                        'notifications wait to be sent already (is the '
                        'notification broker reachable?)',
                        {'event': event_type, 'size': self.size})
        return not full

    def _send_queued(self):
        while True:
            with self._idle:
                self._sending = bool(self._queue)
                if not self._sending:
                    self._idle.notify_all()
                    return
                item = self._queue.popleft()
            context, publisher_id, priority, event_type, payload = item
            try:
                notifier = self.notifier.prepare(publisher_id=publisher_id)
                getattr(notifier, priority.lower())(context, event_type,
                                                    payload)
            except Exception as exc:
                # A broker that is down fails each one: no traceback.
                LOG.warning('Notification %(event)s could not be sent '
                            '(dropped): %(error)s',
                            {'event': event_type, 'error': exc})

    def flush(self, timeout=None):
        """Wait until the queue is sent; False after *timeout* seconds."""
        with self._idle:
            return self._idle.wait_for(
                lambda: not self._queue and not self._sending, timeout)


_SENDER = None
_PID = None
_LOCK = threading.Lock()


def get(conf=None):
    """This process's Sender; None when notifications are off."""
    global _SENDER, _PID
    if _PID == os.getpid():
        return _SENDER
    conf = conf or CONF
    with _LOCK:
        if _PID != os.getpid():
            transport = messaging.get_notification_transport(conf)
            # The context travels as the dict queued with the
            # notification (the default serializer changes nothing).
            notifier = messaging.Notifier(
                transport,
                topics=conf.notifications.versioned_notifications_topics)
            _SENDER = None
            # The Notifier registered the group; an empty driver list is
            # "off" as in every OpenStack service (Notifier.is_enabled()
            # only knows of noop).
            drivers = set(conf.oslo_messaging_notifications.driver)
            if drivers - {'noop'} and notifier.is_enabled():
                _SENDER = Sender(notifier, conf.notifications.queue_size)
            _PID = os.getpid()
    return _SENDER

