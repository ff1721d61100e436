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
"""Versioned notifications of what Cyborg did
(doc/source/admin/notifications.rst), sent after the commit of what they
report, through notify() or the helpers of each payload's module.
Nothing here raises or blocks: a notification that cannot be built or
queued is logged and dropped.

May import: cyborg.db, cyborg.objects, cyborg.context and the base;
no service (the conductor's flows call it).
"""

import functools

from oslo_config import cfg
from oslo_log import log as logging

from cyborg import context as cyborg_context
from cyborg import servicegroup
from cyborg.notifications import sender

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


def is_enabled():
    """Whether notifications are sent (a driver is configured)."""
    try:
        return sender.get() is not None
    except Exception:
        LOG.exception('The notifier cannot be set up; no notifications')
        return False


def _context_dict(context):
    context = context or cyborg_context.get_admin_context()
    values = context.to_dict()
    # Consumers are not to get the caller's tokens (nor an RPC deadline).
    for key in ('auth_token', 'auth_token_info', 'service_token',
                'deadline'):
        values.pop(key, None)
    return values


def notify(context, event_type, payload, priority=None,
           binary=servicegroup.CONDUCTOR, host=None):
    """Queue a versioned notification; returns whether it was queued.

    :param context: the request context (None: an admin context).
    :param event_type: ``<object>.<action>[.<phase>]``, e.g.
        ``accelerator_request.bind.end``.
    :param payload: a NotificationPayload.
    :param priority: None: the payload's for *event_type* (its EVENTS),
        else ``[notifications] default_level``.
    :param binary: the sending service, with *host* (None: ``[DEFAULT]
        host``) the publisher_id ``<binary>:<host>``.
    """
    try:
        target = sender.get()
        if target is None:
            return False
        priority = (priority or payload.EVENTS.get(event_type)
                    or CONF.notifications.default_level).upper()
        if priority not in sender.PRIORITIES:
            raise ValueError('unknown priority %s' % priority)
        return target.put(_context_dict(context),
                          '%s:%s' % (binary, host or CONF.host), priority,
                          event_type, payload.obj_to_primitive())
    except Exception:
        LOG.exception('Notification %s not sent', event_type)
        return False


def safe(func):
    """Decorate a notification helper: it does nothing when notifications
    are off (nothing is read or built for nobody), and logs instead of
    raising.
    """
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        if not is_enabled():
            return None
        try:
            return func(*args, **kwargs)
        except Exception:
            LOG.exception('Notification helper %s failed', func.__name__)
            return None
    return wrapper


def flush(timeout=None):
    """Wait until the queued notifications were handed to the broker;
    False when *timeout* seconds passed first.
    """
    target = sender.get()
    return True if target is None else target.flush(timeout)
