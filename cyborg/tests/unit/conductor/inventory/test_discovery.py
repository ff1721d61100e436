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
"""Tests of discovery asked by an operator: one way, through the
reports.
"""

from unittest import mock

import oslo_messaging as messaging

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.conductor.inventory import discovery
from cyborg.conductor.inventory import reports
from cyborg.db.queries import discovery as discovery_queries
from cyborg.db.queries import driver as driver_queries
from cyborg.db.queries import service as service_queries
from cyborg.drivers import fake
from cyborg.objects import hardware
from cyborg.tests import base

CONF = cyborg_conf.CONF


class _Agents:
    """An agent client whose casts are recorded, or cannot be sent."""

    def __init__(self, lost=()):
        self.lost = lost
        self.asked = []

    def discover_soon(self, context, host, discovery_id, driver=None):
        if host in self.lost:
            raise messaging.MessageDeliveryFailure('no route')
        self.asked.append((host, discovery_id, driver))


def _records(host):
    return hardware.HardwareList(objects=fake.FakeDriver(CONF,
                                                         host).discover())


class DiscoveryTestCase(base.DbTestCase):

    def _agent_up(self, host):
        service_queries.heartbeat(self.context, host, 'cyborg-agent')

    def _states(self, *hosts):
        return {h: (d['id'], d['state']) for h, d in
                discovery_queries.get(self.context, hosts).items()}

    def test_start_asks_the_agents_up_and_answers_at_once(self):
        clock = self.time_fixture()
        self._agent_up('n3')
        clock.advance(CONF.service_down_time + 1)
        self._agent_up('n1')
        self._agent_up('n2')
        agents = _Agents()
        started = discovery.start(self.context, agents, driver='fake')
        did = started['id']
        self.assertEqual([('n1', did, 'fake'), ('n2', did, 'fake')],
                         agents.asked)
        self.assertEqual({'n1': {'state': 'asked', 'error': None},
                          'n2': {'state': 'asked', 'error': None}},
                         {h: s for h, s in started['hosts'].items()
                          if h != 'n3'})
        # An agent that is down is shown so, not asked.
        self.assertEqual('unreachable', started['hosts']['n3']['state'])
        self.assertIn('n3', started['hosts']['n3']['error'])
        # The hosts asked have a row (n1 and n2 never reported).
        self.assertEqual({'n1': (did, 'asked'), 'n2': (did, 'asked')},
                         self._states('n1', 'n2', 'n3'))

    def test_an_agent_that_cannot_be_sent_the_request_is_unreachable(self):
        self._agent_up('n1')
        self._agent_up('n2')
        started = discovery.start(self.context, _Agents(lost=('n2',)))
        self.assertEqual('asked', started['hosts']['n1']['state'])
        self.assertEqual('unreachable', started['hosts']['n2']['state'])
        self.assertIn('no route', started['hosts']['n2']['error'])
        found = discovery_queries.get(self.context, ['n2'])['n2']
        self.assertEqual('unreachable', found['state'])
        self.assertIn('no route', found['result']['error'])

    def test_one_host_refuses_at_once(self):
        clock = self.time_fixture()
        self._agent_up('n2')
        clock.advance(CONF.service_down_time + 1)
        self._agent_up('n1')
        driver_queries.record_hello(self.context, 'n1', [
            {'name': 'fake', 'status': 'READY'}])
        agents = _Agents()
        self.assertRaises(exception.AgentNotFound, discovery.start,
                          self.context, agents, host='n4')
        self.assertRaises(exception.DriverNotEnabled, discovery.start,
                          self.context, agents, host='n1', driver='gpu')
        self.assertRaises(exception.AgentUnreachable, discovery.start,
                          self.context, agents, host='n2')
        self.assertEqual([], agents.asked)
        # The driver's name of the existing Cyborg is the same driver.
        discovery.start(self.context, agents, host='n1',
                        driver='fake_driver')
        self.assertEqual(['n1'], [h for h, _, _ in agents.asked])

    def test_no_agent(self):
        started = discovery.start(self.context, _Agents())
        self.assertEqual({}, started['hosts'])

    def test_the_report_records_what_changed(self):
        self._agent_up('n1')
        reports.report(self.context, None, 'n1', 1, 'x', _records('n1'))
        did = discovery.start(self.context, _Agents(), host='n1')['id']
        # One device gone, one changed, one new.
        self.flags(group='fake_driver', devices='fpga=1,qat=1,gpu=1')
        records = _records('n1')
        records[0].vendor = '0x9999'
        reports.report(
            self.context, None, 'n1', 2, 'y',
            hardware.HardwareList(objects=records[:2]),
            discovery={'ids': [did], 'drivers': [{'name': 'fake'}]})
        found = discovery_queries.get(self.context, ['n1'])['n1']
        self.assertEqual('done', found['state'])
        result = found['result']
        self.assertEqual([['QAT'], ['FPGA'], []],
                         [[r['type'] for r in result[k]]
                          for k in ('added', 'changed', 'removed')])
        self.assertEqual((2, 'stored', [{'name': 'fake'}]),
                         (result['generation'], result['report'],
                          result['drivers']))

    def test_a_report_of_the_hash_only_is_an_unchanged_outcome(self):
        self._agent_up('n1')
        records = _records('n1')
        digest = hardware.inventory_hash(records)
        reports.report(self.context, None, 'n1', 1, digest, records)
        did = discovery.start(self.context, _Agents())['id']
        # A resend records nothing: the full report follows.
        reports.report(self.context, None, 'n1', 1, 'other',
                         discovery={'ids': [did], 'drivers': []})
        self.assertEqual({'n1': (did, 'asked')}, self._states('n1'))
        reports.report(self.context, None, 'n1', 1, digest,
                         discovery={'ids': [did], 'drivers': []})
        found = discovery_queries.get(self.context, ['n1'])['n1']
        self.assertEqual('done', found['state'])
        self.assertEqual(('unchanged', [], [], []),
                         tuple(found['result'][k] for k in (
                             'report', 'added', 'changed', 'removed')))

    def test_a_failed_discovery_records_its_reason(self):
        self._agent_up('n1')
        did = discovery.start(self.context, _Agents())['id']
        reports.report(self.context, None, 'n1', 1, 'x', _records('n1'),
                         discovery={'ids': [did], 'error': 'broken'})
        found = discovery_queries.get(self.context, ['n1'])['n1']
        self.assertEqual(('failed', {'error': 'broken'}),
                         (found['state'], found['result']))

    def test_a_report_is_stored_when_its_outcome_cannot_be(self):
        self._agent_up('n1')
        did = discovery.start(self.context, _Agents())['id']
        with mock.patch.object(discovery, 'record_outcome', autospec=True,
                               side_effect=RuntimeError('db gone')):
            answer = reports.report(
                self.context, None, 'n1', 1, 'x', _records('n1'),
                discovery={'ids': [did], 'drivers': []})
        # The agent need not send it again; the discovery stays asked.
        self.assertEqual('stored', answer['status'])
        self.assertEqual({'n1': (did, 'asked')}, self._states('n1'))

    def test_an_older_request_does_not_answer_a_newer_one(self):
        self._agent_up('n1')
        old = discovery.start(self.context, _Agents())['id']
        new = discovery.start(self.context, _Agents())['id']
        reports.report(self.context, None, 'n1', 1, 'x', _records('n1'),
                         discovery={'ids': [old], 'drivers': []})
        self.assertEqual({'n1': (new, 'asked')}, self._states('n1'))
        # The report of a discovery that took both answers the newest.
        reports.report(self.context, None, 'n1', 1, 'x', _records('n1'),
                         discovery={'ids': [old, new], 'drivers': []})
        self.assertEqual({'n1': (new, 'done')}, self._states('n1'))

    def test_hardware_diff(self):
        before = [{'driver': 'fake', 'address': 'a', 'type': 'GPU'},
                  {'driver': 'fake', 'address': 'b', 'type': 'GPU'}]
        after = [{'driver': 'fake', 'address': 'b', 'type': 'FPGA',
                  'deployables': [{'name': 'd'}]},
                 {'driver': 'fake', 'address': 'c', 'type': 'QAT'}]
        self.assertEqual(
            {'added': [{'driver': 'fake', 'address': 'c', 'type': 'QAT',
                        'deployables': []}],
             'changed': [{'driver': 'fake', 'address': 'b',
                          'type': 'FPGA', 'deployables': ['d']}],
             'removed': [{'driver': 'fake', 'address': 'a',
                          'type': 'GPU', 'deployables': []}]},
            discovery.hardware_diff(before, after))
