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
"""Tests of /v2/discovery's wait for the agents' reports."""

from cyborg.api.controllers.v2 import discovery
from cyborg.db.queries import discovery as discovery_queries
from cyborg.tests import base


class WaitForOutcomeTestCase(base.DbTestCase):

    def _started(self, did, **states):
        return {'id': did, 'hosts': {
            host: {'state': state,
                   'error': 'down' if state == 'unreachable' else None}
            for host, state in states.items()}}

    def test_each_host_as_recorded(self):
        discovery_queries.ask(self.context, ['n1', 'n2'], 'd1')
        discovery_queries.finish(self.context, 'n1', ['d1'], 'done', {
            'generation': 2, 'report': 'stored', 'drivers': [],
            'added': [{'address': 'a'}], 'changed': [], 'removed': []})
        started = self._started('d1', n1='asked', n2='asked',
                                n3='unreachable')
        # n2's report did not come: shown asked once the wait is over.
        results = discovery.wait_for_outcome(self.context, started, 0)
        self.assertEqual(
            [('n1', 'ok', 'done', 'd1', None, 'stored', [{'address': 'a'}]),
             ('n2', 'pending', 'asked', 'd1', None, None, []),
             ('n3', 'error', 'unreachable', 'd1', 'down', None, [])],
            [(r['host'], r['status'], r['state'], r['discovery_id'],
              r['error'], r['report'], r['added']) for r in results])

    def test_no_wait_once_every_host_answered(self):
        discovery_queries.ask(self.context, ['n1'], 'd1')
        discovery_queries.finish(self.context, 'n1', ['d1'], 'failed',
                                 {'error': 'broken'})
        # A long wait returns at the first read.
        [result] = discovery.wait_for_outcome(
            self.context, self._started('d1', n1='asked'), 60)
        self.assertEqual(('error', 'failed', 'broken'),
                         (result['status'], result['state'],
                          result['error']))

    def test_a_newer_request_is_shown(self):
        discovery_queries.ask(self.context, ['n1'], 'd1')
        discovery_queries.ask(self.context, ['n1'], 'd2')
        discovery_queries.finish(self.context, 'n1', ['d2'], 'done',
                                 {'report': 'unchanged'})
        [result] = discovery.wait_for_outcome(
            self.context, self._started('d1', n1='asked'), 60)
        self.assertEqual(('done', 'd2'),
                         (result['state'], result['discovery_id']))
