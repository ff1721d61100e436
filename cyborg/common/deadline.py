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
"""Writes whose caller has given up (answered 503 after
``rpc_response_timeout``) are dropped, not done, by a conductor that finds
them late (paused meanwhile).  The deadline is wall-clock time: the hosts'
clocks must agree (NTP).  Calls without one (the agents') always run.
"""

import functools

from oslo_log import log as logging
from oslo_utils import timeutils

LOG = logging.getLogger(__name__)


def now():
    """Seconds since the epoch (timeutils', which tests override)."""
    return timeutils.utcnow(with_timezone=True).timestamp()


def expires_in(seconds):
    return now() + seconds


def drop_when_late(method):
    """A conductor RPC method that answers None, with a warning, when its
    caller's deadline has passed.
    """
    @functools.wraps(method)
    def checked(self, context, *args, **kwargs):
        deadline = getattr(context, 'deadline', None)
        late = 0 if deadline is None else now() - deadline
        if late > 0:
            LOG.warning('Dropped the %(method)s call of request '
                        '%(request)s without doing it: it arrived %(late).1f '
                        's after its caller stopped waiting (the API '
                        'answered 503; the client retries if it wants to)',
                        {'method': method.__name__,
                         'request': getattr(context, 'request_id', None),
                         'late': late})
            return None
        return method(self, context, *args, **kwargs)
    return checked
