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
"""Conductors and agents as real processes: registration and liveness."""

import signal
import time

from cyborg import servicegroup
from cyborg.db.queries import service as service_queries
from cyborg.tests.functional import base
from cyborg.tests.functional.fixtures import services


class ServicesTestCase(base.ServiceTestCase):

    def _statuses(self):
        return {(s['host'], s['binary']): servicegroup.service_status(s)
                for s in service_queries.get_all(self.context)
                if s['host'].endswith(self.suffix)}

    def _wait_statuses(self, expected, timeout=60):
        def match():
            return self._statuses() == expected
        services.wait_for(match, timeout=timeout,
                          message='services never reached %s; now %s' % (
                              expected, self._statuses()))

    def test_agent_stopped_turns_down(self):
        cond, a1, a2 = self.host('cond'), self.host('a1'), self.host('a2')
        self.start_service('cyborg-conductor', cond)
        agent1 = self.start_service('cyborg-agent', a1)
        self.start_service('cyborg-agent', a2)
        self._wait_statuses({(cond, 'cyborg-conductor'): 'up',
                             (a1, 'cyborg-agent'): 'up',
                             (a2, 'cyborg-agent'): 'up'})

        # SIGTERM: the agent stops gracefully; after service_down_time
        # without a heartbeat it is down, the others stay up.
        self.assertEqual(0, agent1.stop(signal.SIGTERM))
        self.assertIn('Stopping cyborg-agent service', agent1.log())
        self._wait_statuses({(cond, 'cyborg-conductor'): 'up',
                             (a1, 'cyborg-agent'): 'down',
                             (a2, 'cyborg-agent'): 'up'})
        self.assertEqual(
            ['cyborg-agent'],
            [s['topic'] for s in service_queries.get_all(self.context,
                                                         host=a2)])

    def test_two_conductors_share_the_topic(self):
        c1, c2, a1 = self.host('c1'), self.host('c2'), self.host('a1')
        cond1 = self.start_service('cyborg-conductor', c1)
        cond2 = self.start_service('cyborg-conductor', c2)
        self.start_service('cyborg-agent', a1)
        self._wait_statuses({(c1, 'cyborg-conductor'): 'up',
                             (c2, 'cyborg-conductor'): 'up',
                             (a1, 'cyborg-agent'): 'up'})
        # Both conductors consume from the topic: each handles heartbeats.
        hello = 'hello from cyborg-agent on %s' % a1
        services.wait_for(lambda: hello in cond1.log() and
                          hello in cond2.log(), timeout=30,
                          message='both conductors should handle hellos')

        # With one conductor gone, the other keeps the agent up.
        self.assertEqual(0, cond1.stop(signal.SIGTERM))
        self._wait_statuses({(c1, 'cyborg-conductor'): 'down',
                             (c2, 'cyborg-conductor'): 'up',
                             (a1, 'cyborg-agent'): 'up'})
        handled = cond2.log().count(hello)
        services.wait_for(lambda: cond2.log().count(hello) > handled + 2,
                          timeout=30,
                          message='the remaining conductor handles hellos')
        self.assertEqual('up', self._statuses()[(a1, 'cyborg-agent')])

    def _stop_soon(self, agent):
        started = time.monotonic()
        status = agent.stop(signal.SIGTERM, timeout=40)
        elapsed = time.monotonic() - started
        self.assertLess(elapsed, 15, 'the agent took %.1f s to stop (its '
                        'graceful_shutdown_timeout is 5 s)' % elapsed)
        self.assertIsNotNone(status)
        self.assertIn('Stopping cyborg-agent service', agent.log())

    def test_agent_stops_while_no_conductor_answers(self):
        # Issue 31: an agent told to stop while its hello waits for a
        # conductor that never answers exits within its graceful timeout,
        # instead of waiting out the hello (report_interval) and retrying.
        agent = self.start_service(
            'cyborg-agent', self.host('lonely'),
            DEFAULT={'report_interval': 60, 'graceful_shutdown_timeout': 5})
        services.wait_for(lambda: 'start method' in agent.log(),
                          timeout=30, message='the agent never started')
        time.sleep(2)  # its first hello is waiting for an answer
        self._stop_soon(agent)

    def test_agent_stops_while_retrying_its_hello(self):
        # The same once started: its heartbeats time out and are retried.
        agent = self.start_service(
            'cyborg-agent', self.host('lonely'),
            DEFAULT={'report_interval': 2, 'graceful_shutdown_timeout': 5})
        services.wait_for(
            lambda: agent.log().count('No answer from the conductor') >= 3,
            timeout=60, message='the agent never retried its hello')
        self._stop_soon(agent)
