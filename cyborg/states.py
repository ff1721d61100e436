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
"""States of accelerator requests (ARQs) and the transitions between them.

Every write of an ARQ's state is a conditional update: it names the states
the ARQ may be in for the transition (``SOURCES[target]``), and fails when
another writer got there first.

::

    Initial --bind--> BindStarted --> Bound
       ^                   |            |
       |                   v            v
    (create)           BindFailed   Unbound / UnbindFailed
    any state --delete--> Deleting --> (row gone)
"""

INITIAL = 'Initial'
BIND_STARTED = 'BindStarted'
BOUND = 'Bound'
BIND_FAILED = 'BindFailed'
UNBOUND = 'Unbound'
UNBIND_FAILED = 'UnbindFailed'
DELETING = 'Deleting'

ALL = (INITIAL, BIND_STARTED, BOUND, BIND_FAILED, UNBOUND, UNBIND_FAILED,
       DELETING)

# target state -> the states an ARQ may leave to reach it
SOURCES = {
    BIND_STARTED: (INITIAL, UNBOUND),
    BOUND: (BIND_STARTED,),
    BIND_FAILED: (BIND_STARTED, BOUND),
    UNBOUND: (INITIAL, BIND_STARTED, BOUND, BIND_FAILED, UNBIND_FAILED),
    UNBIND_FAILED: (BIND_STARTED, BOUND, BIND_FAILED, UNBOUND),
    DELETING: (INITIAL, BIND_STARTED, BOUND, BIND_FAILED, UNBOUND,
               UNBIND_FAILED),
}

# States in which binding has finished, one way or the other: what Nova's
# "bind_state=resolved" means, and the status of the event Nova is sent.
RESOLVED = (BOUND, BIND_FAILED, DELETING)
EVENT_STATUS = {BOUND: 'completed', BIND_FAILED: 'failed',
                DELETING: 'failed'}
