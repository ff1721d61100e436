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
"""Options of the [notifications] group: Cyborg's versioned notifications."""

from oslo_config import cfg

from cyborg.conf import _group
from cyborg.i18n import _

notifications_opts = [
    cfg.StrOpt(
        'notification_format',
        default='versioned',
        choices=[('versioned', 'Only versioned notifications.')],
        help=_("""
The format of the notifications: versioned only; the option exists so that
a configuration written for Nova reads the same here.
""")),
    cfg.StrOpt(
        'default_level',
        default='INFO',
        choices=('DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL'),
        help=_("""
The priority of the notifications that report a success; ``*.error`` are
sent with ERROR and ``service.down`` with WARN.  A consumer reads the queue
``<topic>.<priority>`` (in lower case).
""")),
    cfg.ListOpt(
        'versioned_notifications_topics',
        default=['versioned_notifications'],
        help=_("""
The topics the versioned notifications are sent to; a consumer binds a
queue to ``<topic>.<priority>`` on the control exchange (``cyborg``).
""")),
    cfg.IntOpt(
        'queue_size',
        default=1000,
        min=1,
        help=_("""
How many notifications may wait for the background thread that sends
them, so that a slow broker never slows the operation they report; past
it a new one is dropped with a warning (with ``[oslo_messaging_notifications]
retry`` -1, it fills while the broker is down).
""")),
]


notifications_group, register_opts, list_opts = _group.define(
    notifications_opts, 'notifications', 'Notifications',
    _("""
Versioned notifications, sent only when ``[oslo_messaging_notifications]
driver`` names a driver (``messagingv2``).
"""))
