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
"""Nova's external events API failing, then recovering.

One conductor; 12 ARQs bound while Nova answers every event request with
500, then while its port is closed; then Nova is back.  Counted once
Nova is back: binds answered other than 202, ARQs not resolved, and per
ARQ the events Nova took (in requests it answered 200): none (lost) or
more than one (duplicated).
"""

from cyborg import states
from cyborg.tests.functional.faults import base
from cyborg.tests.functional.fixtures import services

ARQS = 12


class NovaEventsTestCase(base.FaultTestCase):

    def _tried(self, status):
        with self.nova.lock:
            return sum(1 for r in self.nova.requests
                       if r.get('status') == status)

    def test_failing_then_recovering(self):
        rps = self.start(conductors=1, fpgas=1)
        arqs = self.create_arqs(ARQS)
        self.nova.respond(500)
        first = list(arqs.items())[:ARQS // 2]
        answers = self.burst([lambda a=arq, i=inst: self.bind(a, i, rps[0])
                              for arq, inst in first])
        services.wait_for(lambda: self._tried(500) >= 2, timeout=30,
                          message='the conductor never tried Nova')
        self.nova.down()
        answers += self.burst([lambda a=arq, i=inst: self.bind(a, i,
                                                               rps[0])
                               for arq, inst in list(arqs.items())[
                                   ARQS // 2:]])
        services.wait_for(
            lambda: 'Sending' in self.conductors[0].log() and
            'failed' in self.conductors[0].log(), timeout=30,
            message='the conductor never failed to send')
        self.nova.respond(200)
        self.nova.up()
        self.wait_events(arqs, timeout=60)
        current = self.arq_states()
        taken = self.taken(arqs)
        counts = dict(
            not_202=sum(1 for a in answers if a != 202),
            unresolved=sum(1 for a in arqs if current[a] not in (
                states.BOUND, states.BIND_FAILED)),
            lost=sum(1 for a in arqs if taken[a] == 0),
            duplicated=sum(1 for a in arqs if taken[a] > 1))
        print('counts: %s; requests answered 500: %d' % (
            counts, self._tried(500)))
        self.assertEqual(dict.fromkeys(counts, 0), counts)
