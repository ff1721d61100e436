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
"""Writes whose caller has given up are dropped, not done.

cyborg-api waits ``rpc_response_timeout`` for the answer to a write, then
answers 503 and the client retries.  A conductor paused meanwhile (SIGSTOP,
a frozen VM) would still find the message when it resumes, and create the
ARQ the client was told was not created.  So each write carries a deadline
(``RequestContext.deadline``, set by ConductorAPI), and the conductor's
write methods (drop_when_late) do nothing for a call that arrives after
it.  Calls without a deadline (the agents') always run.

The check is made when the call starts; the deadline is wall-clock time,
so the API and conductor hosts' clocks must agree (NTP).
"""

import functools

from oslo_log import log as logging
from oslo_utils import timeutils

LOG = logging.getLogger(__name__)


def now():
    """The wall-clock time, seconds since the epoch (timeutils', which
    tests override).
    """
    return timeutils.utcnow(with_timezone=True).timestamp()


def expires_in(seconds):
    """The deadline of a call whose caller waits *seconds* from now."""
    return now() + seconds


def late_by(context):
    """Seconds since the deadline of *context*'s call; None when it has
    none or it has not passed.
    """
    deadline = getattr(context, 'deadline', None)
    if deadline is None:
        return None
    late = now() - deadline
    return late if late > 0 else None


def drop_when_late(method):
    """Decorate a conductor RPC method ``method(self, context, ...)``: when
    its caller's deadline has passed, log a warning and answer None.
    """
    @functools.wraps(method)
    def checked(self, context, *args, **kwargs):
        late = late_by(context)
        if late is not None:
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
