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

TRANSITIONS is the one table of what may happen to an ARQ, each
transition with the states it leaves and the one it enters
(doc/source/admin/binding.rst shows it as it is here; a test compares).
cyborg.conductor.arq.lifecycle.change() is the only code that moves an
ARQ (cyborg/tests/unit/conductor/arq/test_lifecycle.py holds every other
module to it), each move a conditional update that fails when another
writer got there first.
"""

import collections

INITIAL = 'Initial'
BIND_STARTED = 'BindStarted'
BOUND = 'Bound'
BIND_FAILED = 'BindFailed'
UNBOUND = 'Unbound'
UNBIND_FAILED = 'UnbindFailed'
DELETING = 'Deleting'
#: Not a state: the ARQ's row is deleted.
GONE = None

ALL = (INITIAL, BIND_STARTED, BOUND, BIND_FAILED, UNBOUND, UNBIND_FAILED,
       DELETING)

Transition = collections.namedtuple('Transition', 'sources target when')

BIND = 'bind'
START_BIND = 'start_bind'
BIND_DONE = 'bind_done'
BIND_FAIL = 'bind_fail'
UNBIND = 'unbind'
UNBIND_FAIL = 'unbind_fail'
DELETE = 'delete'
DELETE_NOW = 'delete_now'
FORGET = 'forget'

_ALIVE = tuple(state for state in ALL if state != DELETING)
#: {name: Transition}; ``when`` is the documentation's words.
TRANSITIONS = {
    BIND: Transition((INITIAL, UNBOUND), BOUND,
                     "Nova's bind, no device work"),
    START_BIND: Transition((INITIAL, UNBOUND), BIND_STARTED,
                           "Nova's bind, device work first"),
    BIND_DONE: Transition((BIND_STARTED,), BOUND, 'its bind job done'),
    BIND_FAIL: Transition((BIND_STARTED,), BIND_FAILED,
                          'its bind job failed or late'),
    UNBIND: Transition((INITIAL, BIND_STARTED, BOUND, BIND_FAILED,
                        UNBIND_FAILED), UNBOUND,
                       'PATCH remove, forced uninstall'),
    UNBIND_FAIL: Transition((UNBOUND,), UNBIND_FAILED,
                            'its release job gave up'),
    DELETE: Transition(_ALIVE, DELETING, 'deleted, a release job first'),
    DELETE_NOW: Transition(_ALIVE, GONE, 'deleted, nothing to release'),
    FORGET: Transition((DELETING,), GONE, 'its release job ended'),
}

# States in which binding has finished, one way or the other: what Nova's
# "bind_state=resolved" means, and the status of the event Nova is sent.
RESOLVED = (BOUND, BIND_FAILED, DELETING)
EVENT_STATUS = {BOUND: 'completed', BIND_FAILED: 'failed',
                DELETING: 'failed'}
