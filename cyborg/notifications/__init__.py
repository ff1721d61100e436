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
"""Versioned notifications (doc/source/admin/notifications.rst), sent
after the commit of what they report; nothing here raises or blocks.

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
    *priority* None: the payload's EVENTS, else ``[notifications]
    default_level``; the publisher is ``<binary>:<host>``.
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
    """A notification helper that does nothing when notifications are off
    and logs instead of raising.
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
    """Wait for the queue to reach the broker; False after *timeout*."""
    target = sender.get()
    return True if target is None else target.flush(timeout)
