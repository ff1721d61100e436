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
"""Waiting for an outcome a conductor or an agent records in the database:
the conductor answers once the request is recorded, and cyborg-api, which
holds no one else's thread, reads the rows (soon at first, then a few
times a second).
"""

import time

# The pause after the first read, doubled after each one up to the last.
FIRST_PAUSE = 0.05
LONGEST_PAUSE = 0.5


def until(read, done, seconds):
    """What read() last answered, once done() of it holds or *seconds*
    have passed (0 or less: one read).
    """
    deadline = time.monotonic() + seconds
    pause = FIRST_PAUSE
    while True:
        found = read()
        left = deadline - time.monotonic()
        if done(found) or left <= 0:
            return found
        time.sleep(min(pause, left))
        pause = min(2 * pause, LONGEST_PAUSE)
