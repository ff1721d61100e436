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
"""Tests of cyborg-api's heartbeat."""

import concurrent.futures
import os

import oslo_messaging as messaging

from cyborg.api import heartbeat
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.db.queries import service as service_queries
from cyborg.tests import base
from cyborg.tests.functional.fixtures import services


class UnroutedConductorAPI:
    """What RabbitMQ does with a mandatory hello while no queue is bound
    for the conductors' topic: it returns it (the in-memory transport of
    unit tests cannot; functional/test_api_start.py meets the real one).
    """

    def hello(self, context, **kwargs):
        raise messaging.MessageUndeliverable(
            None, 'cyborg', conductor_rpcapi.TOPIC, {})


class HeartbeatTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.rpc_servers.start_conductor()

    def test_registers_then_beats(self):
        # The conductor's answer may take more than the tests' 1 s under
        # load (starve.py, seed 2: registered after the hello timed out).
        self.flags(report_interval=60)
        beat = heartbeat.Heartbeat()
        self.assertTrue(beat.beat())
        [row] = service_queries.get_all(self.context, 'test-host',
                                       'cyborg-api')
        self.assertIsNotNone(row['started_at'])
        self.assertIsNone(row['topic'])
        self.assertTrue(beat.registered)
        self.assertTrue(beat.beat())

    def test_a_silent_conductor_is_retried(self):
        beat = heartbeat.Heartbeat(
            conductor_api=conductor_rpcapi.ConductorAPI(topic='nobody'))
        self.assertFalse(beat.beat())
        self.assertFalse(beat.registered)
        # The hello was delivered: the messaging backend works.
        self.assertEqual((True, None), beat.messaging_verdict())

    def test_an_unrouted_hello_is_a_reachable_backend(self):
        # Issue 38: a hello that RabbitMQ returned for want of a conductor
        # queue tells that the backend works, and that no conductor has
        # consumed from the topic yet; it went unanswered by no one.
        beat = heartbeat.Heartbeat(conductor_api=UnroutedConductorAPI())
        self.assertFalse(beat.beat())
        self.assertFalse(beat.registered)
        self.assertEqual((True, None), beat.messaging_verdict())
        self.assertFalse(beat.routable)
        self.assertIsNone(beat.unanswered_since)
        self.assertFalse(beat.conductors_stalled())
        # The conductor's answer may take more than the tests' 2 s on a
        # loaded machine (seen in a whole run).
        self.flags(report_interval=60)
        beat.conductor_api = conductor_rpcapi.ConductorAPI()
        self.assertTrue(beat.beat())
        self.assertTrue(beat.routable)

    def test_no_verdict_before_the_first_beat(self):
        beat = heartbeat.Heartbeat()
        self.assertEqual((None, None), beat.messaging_verdict(wait=5))
        self.assertIsNone(beat.conductors_up)

    def test_conductors_up_per_the_services_table(self):
        beat = heartbeat.Heartbeat()
        beat.beat()
        self.assertFalse(beat.conductors_up)  # none registered yet
        service_queries.heartbeat(self.context, 'c1', 'cyborg-conductor')
        beat.beat()
        self.assertTrue(beat.conductors_up)
        self.time_fixture().advance(self.conf_fixture.conf.service_down_time
                                    + 1)
        beat.beat()
        self.assertFalse(beat.conductors_up)

    def _stalled(self, first_hello_before_beat=False):
        """A heartbeat whose hellos went unanswered for STALL_FLOOR while
        c1, up in the services table (service_down_time 60), wrote no
        heartbeat of its own.

        :param first_hello_before_beat: c1 wrote its last heartbeat after
            the first unanswered hello was sent (paused just after it).
        """
        self.conf_fixture.config(service_down_time=60)
        clock = self.time_fixture()
        beat = heartbeat.Heartbeat(
            conductor_api=conductor_rpcapi.ConductorAPI(topic='nobody'))
        if first_hello_before_beat:
            self.assertFalse(beat.beat())  # c1 has no row yet
            clock.advance(0.1)
            service_queries.heartbeat(self.context, 'c1', 'cyborg-conductor')
        else:
            service_queries.heartbeat(self.context, 'c1', 'cyborg-conductor')
            clock.advance(0.5)
            self.assertFalse(beat.beat())
        self.assertFalse(beat.beat())
        self.assertTrue(beat.conductors_up)
        self.assertFalse(beat.conductors_stalled())  # silent, not for long
        clock.advance(heartbeat.STALL_FLOOR)
        self.assertFalse(beat.beat())
        return beat

    def test_stalled_conductors(self):
        # Issue 31: a conductor paused while it counts as up (its row is
        # fresh, it answers nothing) is found out after two
        # report_interval, not after service_down_time.
        beat = self._stalled()
        self.assertTrue(beat.conductors_up)  # still up in the table...
        self.assertTrue(beat.conductors_stalled())  # ...but stalled

    def test_a_conductor_paused_just_after_its_heartbeat_is_stalled(self):
        # Issue 37, seen once in CI: c1 wrote its heartbeat after the
        # first unanswered hello was sent, then answered nothing.
        beat = self._stalled(first_hello_before_beat=True)
        self.assertLess(beat.unanswered_since, beat.newest_conductor_beat)
        self.assertTrue(beat.conductors_stalled())
        self.assertIn('nor sent a heartbeat since',
                      beat.conductors_unavailable())

    def test_a_late_heartbeat_under_load_is_not_a_stall(self):
        # Issue 37 (two suites on two cores): a busy conductor whose
        # heartbeat thread ran two report_interval late was refused.
        self.conf_fixture.config(service_down_time=60)
        clock = self.time_fixture()
        service_queries.heartbeat(self.context, 'c1', 'cyborg-conductor')
        beat = heartbeat.Heartbeat(
            conductor_api=conductor_rpcapi.ConductorAPI(topic='nobody'))
        self.assertFalse(beat.beat())
        clock.advance(heartbeat.STALL_FLOOR - 0.5)
        self.assertFalse(beat.beat())
        self.assertGreater(heartbeat.STALL_FLOOR - 0.5,
                           2 * self.conf_fixture.conf.report_interval)
        self.assertFalse(beat.conductors_stalled())
        self.assertIsNone(beat.conductors_unavailable())

    def test_a_busy_conductor_is_not_stalled(self):
        # Hellos unanswered, but the conductor keeps writing its own
        # heartbeat: busy, not stalled.
        clock = self.time_fixture()
        beat = heartbeat.Heartbeat(
            conductor_api=conductor_rpcapi.ConductorAPI(topic='nobody'))
        for _ in range(3):
            clock.advance(1)
            service_queries.heartbeat(self.context, 'c1', 'cyborg-conductor')
            self.assertFalse(beat.beat())
            clock.advance(self.conf_fixture.conf.report_interval)
        self.assertIsNotNone(beat.unanswered_since)
        self.assertFalse(beat.conductors_stalled())

    def test_an_answer_ends_the_stall(self):
        beat = self._stalled()
        self.assertTrue(beat.conductors_stalled())
        beat.conductor_api = conductor_rpcapi.ConductorAPI()  # c1 answers
        self.assertTrue(beat.beat())
        self.assertIsNone(beat.unanswered_since)
        self.assertFalse(beat.conductors_stalled())

    def test_a_refusal_reads_the_conductors_again(self):
        # Issue 37 (found under load): the last beat read the services
        # table before a busy conductor wrote its heartbeat; a write must
        # not be refused on that stale read.
        beat = self._stalled()
        self.assertIn('none has answered',
                      beat.conductors_unavailable())
        service_queries.heartbeat(self.context, 'c1', 'cyborg-conductor')
        self.assertIsNone(beat.conductors_unavailable())
        self.assertFalse(beat.conductors_stalled())

    def test_a_conductor_that_started_after_the_beat_is_noticed(self):
        beat = heartbeat.Heartbeat()
        beat.beat()
        self.assertIn('none has sent a heartbeat',
                      beat.conductors_unavailable())
        service_queries.heartbeat(self.context, 'c1', 'cyborg-conductor')
        self.assertIsNone(beat.conductors_unavailable())
        self.assertTrue(beat.conductors_up)

    def test_a_write_waits_for_a_conductor_to_come_up(self):
        # Issue 38: a conductor that starts while a write waits is seen
        # as soon as its heartbeat is written, not at the next beat.
        beat = heartbeat.Heartbeat()
        beat.beat()
        self.assertFalse(beat.conductors_up)
        read_before = beat._read_at
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            waiting = pool.submit(beat.conductors_unavailable, wait=60)
            # The write has read the table and found none up.
            services.wait_for(lambda: beat._read_at != read_before,
                              timeout=30, message='the write never read')
            self.assertFalse(waiting.done())
            service_queries.heartbeat(self.context, 'c1', 'cyborg-conductor')
            self.assertIsNone(waiting.result(timeout=30))
        self.assertTrue(beat.conductors_up)

    def test_a_write_waits_for_a_conductor_a_bounded_time(self):
        beat = heartbeat.Heartbeat()
        beat.beat()
        self.assertIn('none has sent a heartbeat in the last',
                      beat.conductors_unavailable(wait=0.5))

    def test_stalled_conductors_are_refused_without_waiting(self):
        beat = self._stalled()
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            waiting = pool.submit(beat.conductors_unavailable, wait=3600)
            self.assertIn('none has answered',
                          waiting.result(timeout=30))

    def test_current_is_the_process_heartbeat(self):
        self.assertIsNone(heartbeat.current())
        first = heartbeat.ensure_started()
        self.addCleanup(heartbeat._STARTED.pop, os.getpid(), None)
        self.addCleanup(first.stop)
        self.assertIs(first, heartbeat.current())

    def test_one_thread_per_process(self):
        first = heartbeat.ensure_started()
        self.addCleanup(heartbeat._STARTED.pop, os.getpid(), None)
        self.addCleanup(first.stop)
        self.assertIs(first, heartbeat.ensure_started())
