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
"""Races of Nova's calls on real processes, on MariaDB and PostgreSQL.

Two conductors, cyborg-api with two workers.  Counted:

* a delete racing a bind (the bind PATCH and ``DELETE
  /v2/accelerator_requests?arqs=<uuid>`` sent at the same moment, service
  token on both), 30 times: answers 5xx, attach handles leaked (in use
  with no ARQ) once everything settled;
* 24 ARQs bound at once to one FPGA of 16 functions: answers other than
  202 (bound) or 409 (refused: no free handle, nothing changed), handles
  doubly allocated, ARQs bound beyond the handles, refusals that left
  anything changed, ARQs not resolved, Nova events lost or duplicated.
"""

import threading

from oslo_utils import uuidutils
import pytest

from cyborg import states
from cyborg.tests.functional.faults import base
from cyborg.tests.functional.fixtures import services

pytestmark = pytest.mark.slow(1)

RACES = 30
OVERSUBSCRIBED = 24
HANDLES = 16


class _BindRaces:

    def _race(self, rp):
        [arq] = self.create_arqs(1)
        instance = self.arqs_instances[arq] = uuidutils.generate_uuid()
        barrier = threading.Barrier(2)
        answers = {}

        def bind():
            barrier.wait()
            answers['bind'] = self.bind(arq, instance, rp)

        def delete():
            barrier.wait()
            response = self.request('DELETE', '/accelerator_requests',
                                    params={'arqs': arq})
            answers['delete'] = (response if response == 'hung'
                                 else response.status_code)
        threads = [threading.Thread(target=f) for f in (bind, delete)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return answers

    def _settled_leaks(self):
        def no_leak():
            return self.handle_counts()['leaked'] == 0
        try:
            services.wait_for(no_leak, timeout=self.BIND_TIMEOUT + 10)
        except AssertionError:
            pass
        return self.handle_counts()['leaked']

    def test_races(self):
        rps = self.start(conductors=2, fpgas=2)
        self.arqs_instances = {}

        # A delete racing a bind.
        raced = [self._race(rps[n % 2]) for n in range(RACES)]
        answers = [a for race in raced for a in race.values()]
        stuck = self.wait_resolved(list(self.arqs_instances))
        race_counts = {
            'server_errors': sum(1 for a in answers
                                 if a == 'hung' or a >= 500),
            'stuck': stuck, 'leaked': self._settled_leaks()}

        # More binds than handles, at once, on one FPGA.
        arqs = self.create_arqs(OVERSUBSCRIBED)
        answers = self.burst([lambda a=arq, i=inst: self.bind(a, i, rps[0])
                              for arq, inst in arqs.items()])
        stuck = self.wait_resolved(arqs)
        self.wait_events(arqs)
        current = self.arq_states()
        bound = sum(1 for a in arqs if current[a] == states.BOUND)
        handles = self.handle_counts()
        outcome = dict(zip(arqs, answers))
        refused = [a for a in arqs if outcome[a] == 409]
        burst_counts = dict(
            not_202_or_409=sum(1 for a in answers if a not in (202, 409)),
            double=handles['double'], leaked=handles['leaked'],
            bound_beyond_handles=max(0, bound - HANDLES),
            refused_not_initial=sum(1 for a in refused
                                    if current[a] != states.INITIAL),
            unresolved=sum(1 for a in arqs if outcome[a] == 202 and
                           current[a] != states.BOUND),
            stuck=stuck, **self.event_counts(arqs))
        print('%s: races %s (answers %s); burst %s (bound %d)' % (
            self.BACKEND, race_counts,
            sorted({str(a) for race in raced for a in race.values()}),
            burst_counts, bound))
        self.assertEqual(dict.fromkeys(race_counts, 0), race_counts)
        self.assertEqual(dict.fromkeys(burst_counts, 0), burst_counts)


class BindRacesMySQLTestCase(_BindRaces, base.FaultTestCase):
    BACKEND = 'mysql'


class BindRacesPostgreSQLTestCase(_BindRaces, base.FaultTestCase):
    BACKEND = 'postgresql'
