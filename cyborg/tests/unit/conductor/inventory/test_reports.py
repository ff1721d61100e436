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
"""Tests of the conductor's report store and agents' liveness."""

import datetime

import fixtures
from oslo_utils import fixture as utils_fixture
from oslo_utils import timeutils

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg import liveness
from cyborg.conductor.inventory import reports
from cyborg.db.queries import hardware as hardware_queries
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import service as service_queries
from cyborg.db.queries import telemetry as telemetry_queries
from cyborg.drivers import fake
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import notifications

CONF = cyborg_conf.CONF


def _records(host):
    return hardware.HardwareList(objects=fake.FakeDriver(CONF,
                                                         host).discover())


class InventoryTestCase(base.DbTestCase):

    def _agent_up(self, host):
        service_queries.heartbeat(self.context, host, 'cyborg-agent')

    def test_report_is_hash_gated(self):
        records = _records('n1')
        digest = hardware.inventory_hash(records)
        self.assertEqual('resend', reports.report(
            self.context, None, 'n1', 1, digest)['status'])
        self.assertEqual('stored', reports.report(
            self.context, None, 'n1', 1, digest, records)['status'])
        self.assertEqual('unchanged', reports.report(
            self.context, None, 'n1', 1, digest)['status'])
        answer = reports.report(self.context, None, 'n1', 1, digest,
                                  records)
        self.assertEqual(('unchanged', 1), (answer['status'],
                                            answer['generation']))
        self.assertEqual('resend', reports.report(
            self.context, None, 'n1', 2, 'other')['status'])

    def _telemetry_report(self, records, read_at):
        begun = self.transactions()
        answer = reports.report(
            self.context, None, 'n1', 1, hardware.inventory_hash(records),
            telemetry={r.uuid: {'values': {'utilization': 0.5,
                                           'busy': True},
                                'stale': None, 'read_at': read_at}
                       for r in records})
        return answer, len(begun)

    def test_a_hash_report_with_telemetry_is_one_transaction(self):
        # The fleet's second most frequent call after the hello.
        records = _records('n1')
        reports.report(self.context, None, 'n1', 1,
                       hardware.inventory_hash(records), records)
        answer, transactions = self._telemetry_report(
            records, '2026-11-29T10:00:00')
        self.assertEqual(1, transactions)
        self.assertEqual(('unchanged', [], {}), (
            answer['status'], answer['telemetry']['unknown'],
            answer['telemetry']['bindings']))
        self.assertEqual(0.5, telemetry_queries.get(
            self.context, records[0].uuid)['values']['utilization'])

    def test_a_telemetry_write_that_fails_keeps_the_heartbeat(self):
        # Its savepoint rolls back alone: the report is recorded, the
        # samples are all answered unknown (the agent sends them again).
        records = _records('n1')
        reports.report(self.context, None, 'n1', 1,
                       hardware.inventory_hash(records), records)
        uuid = records[0].uuid
        later = telemetry_queries.get(self.context, uuid)[
            'last_report_at'] + datetime.timedelta(seconds=30)
        self.useFixture(utils_fixture.TimeFixture(later))
        answer, transactions = self._telemetry_report(records, 'garbage')
        self.assertEqual(1, transactions)
        self.assertEqual(('unchanged', sorted(r.uuid for r in records),
                          None), (answer['status'],
                                  answer['telemetry']['unknown'],
                                  answer['telemetry']['bindings']))
        stored = telemetry_queries.get(self.context, uuid)
        self.assertEqual((later, {}), (stored['last_report_at'],
                                       stored['values']))

    def test_report_hash_is_recomputed(self):
        records = _records('n1')
        answer = reports.report(self.context, None, 'n1', 1, 'wrong',
                                  records)
        self.assertEqual(hardware.inventory_hash(records),
                         answer['inventory_hash'])

    def test_hardware_of_hosts_up_and_down(self):
        for host in ('n1', 'n2'):
            reports.report(self.context, None, host, 1, 'x',
                             _records(host))
        self._agent_up('n1')
        result = liveness.hardware(self.context)
        # n2 reported but never said hello: down.
        self.assertEqual([('n1', 'up'), ('n2', 'down')],
                         [(h['host'], h['agent_status']) for h in result])
        self.assertEqual('n2_FakeDevice', result[1]['hardware'][0][
            'deployables'][0]['name'])
        self.assertEqual(['n1'], [h['host'] for h in liveness.hardware(
            self.context, host='n1')])
        self.assertRaises(exception.HostNotFound, liveness.hardware,
                          self.context, host='n3')
        # The database layer says what is stored, and judges nothing.
        self.assertNotIn('agent_status',
                         hardware_queries.get_all(self.context)[0])

    def test_hardware_judges_agents_as_every_flow_does(self):
        """An agent silent past service_down_time is down in the view;
        a report heard since brings it back, as its heartbeat would (the
        same judge as discovery's, the bind jobs' and the liveness
        check's: servicegroup.agents_up).
        """
        clock = self.time_fixture()
        self._agent_up('n1')
        records = _records('n1')
        digest = hardware.inventory_hash(records)
        reports.report(self.context, None, 'n1', 1, digest, records)
        self.assertEqual(
            'up', liveness.hardware(self.context)[0]['agent_status'])
        clock.advance(CONF.service_down_time + 1)
        self.assertEqual(
            'down', liveness.hardware(self.context)[0]['agent_status'])
        self.assertEqual({'n1': False}, liveness.agents(self.context))
        self.assertEqual('unchanged', reports.report(
            self.context, None, 'n1', 1, digest)['status'])
        self.assertEqual(
            'up', liveness.hardware(self.context)[0]['agent_status'])
        self.assertEqual({'n1': True}, liveness.agents(self.context))

    def test_a_first_report_is_never_judged_down_while_stored(self):
        """A host's first row is inserted before its report is recorded
        (two transactions): a liveness check between the two must find
        the host heard of, not down.  It did (the row's last report
        unset): service.down, and with Placement its inventory reserved
        until the agent's next heartbeat (4 hosts of 1,000 in
        report_scale's first start on the Galera cluster, whose agents
        say no hello).
        """
        sent = self.useFixture(notifications.Notifications())
        record = reports._store_and_apply
        checked = []

        def check_then_record(*args, **kwargs):
            checked.append(reports.check_liveness(self.context, None))
            return record(*args, **kwargs)

        self.useFixture(fixtures.MockPatchObject(
            reports, '_store_and_apply', side_effect=check_then_record))
        # No hello recorded (report_scale's agents send none): the report
        # is what the host is heard by.
        records = _records('n1')
        self.assertEqual('stored', reports.report(
            self.context, None, 'n1', 1, hardware.inventory_hash(records),
            records)['status'])
        self.assertEqual([[]], checked)
        self.assertEqual([], sent.events('service.'))
        self.assertFalse(host_queries.is_recorded_down(self.context, 'n1'))

    def test_agent_alarm_without_placement(self):
        """Issue 30: with no Placement client, an agent silent past
        service_down_time is recorded down with one service.down, and
        back with one service.up, however often the checks run.
        """
        sent = self.useFixture(notifications.Notifications())
        clock = self.time_fixture()
        self._agent_up('n1')
        records = _records('n1')
        digest = hardware.inventory_hash(records)
        reports.report(self.context, None, 'n1', 1, digest, records)
        self.assertEqual([], reports.check_liveness(self.context, None))
        self.assertFalse(host_queries.is_recorded_down(self.context, 'n1'))
        clock.advance(CONF.service_down_time + 1)
        self.assertEqual(['n1'], reports.check_liveness(self.context, None))
        self.assertEqual([], reports.check_liveness(self.context, None))
        self.assertEqual([], reports.periodic(self.context, None))
        self.assertTrue(host_queries.is_recorded_down(self.context, 'n1'))
        # Its heartbeat (the conductor's hello) records it back once.
        self._agent_up('n1')
        self.assertTrue(reports.record_agent_back(self.context, None, 'n1'))
        self.assertFalse(reports.record_agent_back(self.context, None, 'n1'))
        self.assertEqual([], reports.check_liveness(self.context, None))
        self.assertEqual([], reports.periodic(self.context, None))
        self.assertFalse(host_queries.is_recorded_down(self.context, 'n1'))
        self.assertEqual(
            [('service.down', 'n1', 'down', 'liveness check'),
             ('service.up', 'n1', 'up', 'heartbeat')],
            [(event, data['host'], data['status'], data['reason'])
             for event, data in sent.events('service.')])

    def test_a_conductors_restart_does_not_bring_a_down_agent_back(self):
        # Recorded down, then a conductor restarts: its check recorded
        # the agent back (and restored its inventory in Placement) for
        # service_down_time, then down again.
        sent = self.useFixture(notifications.Notifications())
        clock = self.time_fixture()
        self._agent_up('n1')
        records = _records('n1')
        reports.report(self.context, None, 'n1', 1,
                       hardware.inventory_hash(records), records)
        clock.advance(CONF.service_down_time + 1)
        self.assertEqual(['n1'], reports.check_liveness(self.context, None))
        clock.advance(600)
        service_queries.heartbeat(self.context, 'c2', 'cyborg-conductor',
                                  started_at=timeutils.utcnow())
        self.assertEqual([], reports.periodic(self.context, None))
        self.assertTrue(host_queries.is_recorded_down(self.context, 'n1'))
        self.assertEqual(['service.down'],
                         [event for event, _ in sent.events('service.')])

    def test_periodic_without_placement_records_the_agent_back(self):
        """Without Placement the conductor's periodic check also records
        an agent back (its hello's kick may not have run).
        """
        sent = self.useFixture(notifications.Notifications())
        clock = self.time_fixture()
        self._agent_up('n1')
        records = _records('n1')
        digest = hardware.inventory_hash(records)
        reports.report(self.context, None, 'n1', 1, digest, records)
        clock.advance(CONF.service_down_time + 1)
        self.assertEqual([], reports.periodic(self.context, None))
        self.assertTrue(host_queries.is_recorded_down(self.context, 'n1'))
        self._agent_up('n1')
        self.assertEqual([], reports.periodic(self.context, None))
        self.assertFalse(host_queries.is_recorded_down(self.context, 'n1'))
        self.assertEqual(['service.down', 'service.up'],
                         [event for event, _ in sent.events('service.')])
