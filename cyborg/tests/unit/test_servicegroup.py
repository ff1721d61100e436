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
"""Tests of cyborg.servicegroup (service liveness)."""

import datetime

from cyborg import servicegroup
from cyborg.tests import base

NOW = datetime.datetime(2026, 11, 21, 12, 0, 0)


class ServiceIsUpTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(service_down_time=60)

    def _service(self, seconds_ago):
        return {'last_seen_up': NOW - datetime.timedelta(seconds=seconds_ago)}

    def test_recent_heartbeat_is_up(self):
        self.assertTrue(servicegroup.service_is_up(self._service(10), NOW))
        self.assertEqual('up', servicegroup.service_status(
            self._service(60), NOW))

    def test_old_heartbeat_is_down(self):
        self.assertFalse(servicegroup.service_is_up(self._service(61), NOW))
        self.assertEqual('down', servicegroup.service_status(
            self._service(3600), NOW))

    def test_never_seen_is_down(self):
        self.assertFalse(servicegroup.service_is_up({'last_seen_up': None}))

    def test_follows_service_down_time(self):
        self.flags(service_down_time=5)
        self.assertFalse(servicegroup.service_is_up(self._service(10), NOW))

    def test_default_now(self):
        fixture = self.time_fixture(NOW)
        service = {'last_seen_up': NOW}
        self.assertTrue(servicegroup.service_is_up(service))
        fixture.advance(61)
        self.assertFalse(servicegroup.service_is_up(service))


class AgentIsUpTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(service_down_time=60)

    def _ago(self, seconds):
        return NOW - datetime.timedelta(seconds=seconds)

    def test_conductors_since(self):
        services = [
            {'started_at': self._ago(300), 'last_seen_up': self._ago(10)},
            {'started_at': self._ago(3600), 'last_seen_up': self._ago(61)},
            {'started_at': None, 'last_seen_up': self._ago(1)}]
        # The second one is down: only the first counts.
        self.assertEqual(self._ago(300),
                         servicegroup.conductors_since(services, NOW))
        self.assertIsNone(servicegroup.conductors_since(services[1:], NOW))

    def test_judged_from_the_later_of_heard_and_conductors_up(self):
        self.assertFalse(servicegroup.agent_is_up(self._ago(120), None, NOW))
        self.assertFalse(servicegroup.agent_is_up(self._ago(120),
                                                  self._ago(61), NOW))
        self.assertTrue(servicegroup.agent_is_up(self._ago(120),
                                                 self._ago(5), NOW))
        self.assertTrue(servicegroup.agent_is_up(self._ago(5),
                                                 self._ago(3600), NOW))
        self.assertFalse(servicegroup.agent_is_up(None, self._ago(5), NOW))



class AgentsUpTestCase(base.TestCase):
    """agents_up(): the one judge of the agents' liveness."""

    def setUp(self):
        super().setUp()
        self.flags(service_down_time=60)

    def _ago(self, seconds):
        return NOW - datetime.timedelta(seconds=seconds)

    def test_heard_of_by_heartbeat_or_report(self):
        agents = [
            {'host': 'beat', 'last_seen_up': self._ago(10),
             'last_report_at': None},
            {'host': 'report', 'last_seen_up': self._ago(600),
             'last_report_at': self._ago(10)},
            {'host': 'silent', 'last_seen_up': self._ago(600),
             'last_report_at': self._ago(300)},
            {'host': 'never', 'last_seen_up': None,
             'last_report_at': None},
        ]
        self.assertEqual(
            {'beat': True, 'report': True, 'silent': False,
             'never': False},
            servicegroup.agents_up(agents, [], now=NOW))
        self.assertEqual(self._ago(10),
                         servicegroup.agent_last_heard(agents[1]))
        self.assertIsNone(servicegroup.agent_last_heard(agents[3]))

    def test_a_conductor_that_just_started_gives_them_time(self):
        agents = [{'host': 'n1', 'last_seen_up': self._ago(600)}]
        conductors = [{'started_at': self._ago(30),
                       'last_seen_up': self._ago(1)}]
        self.assertEqual({'n1': True}, servicegroup.agents_up(
            agents, conductors, now=NOW))
        conductors[0]['started_at'] = self._ago(90)
        self.assertEqual({'n1': False}, servicegroup.agents_up(
            agents, conductors, now=NOW))

    def test_but_not_to_an_agent_recorded_down(self):
        # A conductor heard it stop: Placement holds its inventory
        # reserved, and it is up only once heard of again.
        conductors = [{'started_at': self._ago(30),
                       'last_seen_up': self._ago(1)}]
        agents = [{'host': 'down', 'last_seen_up': self._ago(600),
                   'agent_up': False},
                  {'host': 'unknown', 'last_seen_up': self._ago(600),
                   'agent_up': None},
                  {'host': 'back', 'last_seen_up': self._ago(5),
                   'agent_up': False}]
        self.assertEqual({'down': False, 'unknown': True, 'back': True},
                         servicegroup.agents_up(agents, conductors,
                                                now=NOW))
