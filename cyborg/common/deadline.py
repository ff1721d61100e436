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

cyborg-api waits ``rpc_response_timeout`` (or the call's own timeout) for
the answer to a write, then answers 503: the client retries.  A conductor
that was paused meanwhile (SIGSTOP, a frozen VM, a long GC) still finds
the message in its queue when it resumes; doing it then would create the
ARQ the client was told was not created, and the retry a second one.

So cyborg-api sends each write with a deadline (``RequestContext.deadline``,
the wall-clock time it stops waiting, set by ConductorAPI), and the
conductor's write methods, decorated with :func:`drop_when_late`, do
nothing for a call that arrives after it, and log a warning saying so.
Calls without a deadline (the agents') always run.

The check is made when the call starts: a write that started in time and
ends after the deadline still commits (its caller may have answered 503).
The deadline is wall-clock time, so the clocks of the API and conductor
hosts must agree (NTP): a conductor whose clock runs ahead drops calls the
API still waits for (it then answers 503, consistent with nothing done);
one whose clock lags does late writes for as long as it lags.
"""

import functools

from oslo_log import log as logging
from oslo_utils import timeutils

LOG = logging.getLogger(__name__)


def now():
    """The wall-clock time, seconds since the epoch (tests override it
    through oslo_utils.timeutils).
    """
    return timeutils.utcnow(with_timezone=True).timestamp()


def expires_in(seconds):
    """The deadline of a call whose caller waits *seconds* from now."""
    return now() + seconds


def late_by(context):
    """Seconds since the deadline of the call *context* came with; None
    when it has none or when it has not passed.
    """
    deadline = getattr(context, 'deadline', None)
    if deadline is None:
        return None
    late = now() - deadline
    return late if late > 0 else None


def drop_when_late(method):
    """Decorate a conductor RPC method ``method(self, context, ...)``: when
    its caller's deadline has passed, do nothing, log a warning and answer
    None (nobody reads the answer).
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
