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
"""A conductor stopped (SIGTERM) or killed (SIGKILL) in a burst of binds.

One conductor, then two, on one topic; cyborg-api with two workers.  24
ARQs are bound by 8 threads; after the 6th answer a conductor is
stopped (SIGTERM to its master process, or to its worker process only)
or killed; with one conductor it is started again.  Counted afterwards:

* calls lost: PATCHes answered neither 202 nor 503, or not at all
  (a 503 ``cyborg.conductor.unavailable`` is an answer: the client knows
  to retry);
* ARQs answered 202 that never resolved (Bound or BindFailed), and ARQs
  still in a transitional state past ``bind_timeout``;
* Nova's events lost (an ARQ resolved without its event) or duplicated;
* attach handles leaked or doubly allocated.
"""

import os
import signal

from oslo_utils import timeutils
import pytest

from cyborg import states
from cyborg.tests.functional.faults import base

pytestmark = pytest.mark.slow(2)

ARQS = 24
AFTER = 6


class ConductorStopTestCase(base.FaultTestCase):

    def _run(self, conductors, fault, restart):
        rps = self.start(conductors=conductors, fpgas=4)
        arqs = self.create_arqs(ARQS)
        calls = [lambda a=arq, i=instance, n=n: self.bind(
                     a, i, rps[n % len(rps)])
                 for n, (arq, instance) in enumerate(arqs.items())]
        victim = self.conductors[0]
        faulted = []

        def during():
            faulted.append(timeutils.utcnow())
            fault(victim)
            if restart:
                victim.start()
        answers = self.burst(calls, during=during, after=AFTER)
        answered = dict(zip(arqs, answers))
        stuck = self.wait_resolved(arqs)
        self.wait_events(arqs, killed_at=faulted[0])
        current = self.arq_states()
        counts = dict(
            lost_calls=sum(1 for a in answers if a not in (202, 503)),
            unresolved=sum(1 for arq, a in answered.items()
                           if a == 202 and current[arq] not in (
                               states.BOUND, states.BIND_FAILED)),
            stuck=stuck, **self.event_counts(arqs))
        # Events a killed conductor was sending wait for its claim to
        # expire: not lost, not counted.
        pending = counts.pop('pending')
        handles = self.handle_counts()
        counts.update(leaked=handles['leaked'], double=handles['double'])
        print('counts: %s; pending events: %d; answers: %s; states: %s' % (
            counts, pending, {a: answers.count(a) for a in set(answers)},
            {s: list(current.values()).count(s)
             for s in set(current.values())}))
        self.assertEqual(dict.fromkeys(counts, 0), counts)
        return answers

    @staticmethod
    def _sigterm(process):
        process.stop(signal.SIGTERM)

    @staticmethod
    def _sigterm_worker(process):
        [worker] = base.children(process.process.pid)
        os.kill(worker, signal.SIGTERM)
        # The master starts another worker; stop it all.
        process.stop(signal.SIGTERM)

    @staticmethod
    def _sigkill(process):
        process.stop(signal.SIGKILL)

    def test_sigterm_one_conductor(self):
        self._run(1, self._sigterm, restart=True)

    def test_sigterm_one_of_two(self):
        answers = self._run(2, self._sigterm, restart=False)
        self.assertEqual([202] * ARQS, answers)

    def test_sigterm_worker_of_one_of_two(self):
        answers = self._run(2, self._sigterm_worker, restart=False)
        self.assertEqual([202] * ARQS, answers)

    def test_sigkill_one_of_two(self):
        self._run(2, self._sigkill, restart=False)

    def test_sigkill_one_conductor(self):
        self._run(1, self._sigkill, restart=True)
