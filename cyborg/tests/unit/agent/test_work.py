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
"""Tests of the agent's work thread and its coalescing discoveries."""

import threading

from cyborg.agent import work
from cyborg.tests import base
from cyborg.tests.fixtures import agent_config


class WorkerTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.done = []
        self.worker = work.Worker(self._discover)

    def _discover(self, discovery):
        self.done.append((list(discovery.reasons), discovery.driver,
                          list(discovery.ids)))

    def test_requests_while_one_waits_join_it(self):
        self.assertTrue(self.worker.discover_soon('ctx', 'rpc',
                                                  driver='fake',
                                                  discovery_id='a'))
        self.assertFalse(self.worker.discover_soon('ctx', 'periodic'))
        self.assertFalse(self.worker.discover_soon('ctx', 'rpc',
                                                   driver='fake',
                                                   discovery_id='b'))
        agent_config.run_pending(self.worker)
        # Two requests for a driver and one for all: all.
        self.assertEqual([(['rpc', 'periodic'], None, ['a', 'b'])],
                         self.done)

    def test_same_driver_stays(self):
        self.worker.discover_soon('ctx', 'rpc', driver='fake',
                                  discovery_id='a')
        self.worker.discover_soon('ctx', 'rpc', driver='fake',
                                  discovery_id='a')
        agent_config.run_pending(self.worker)
        self.assertEqual([(['rpc'], 'fake', ['a'])], self.done)

    def test_a_request_once_the_discovery_started_is_another(self):
        def discover(discovery):
            self.done.append(list(discovery.ids))
            if len(self.done) == 1:
                # The hardware may have been read before this request.
                self.assertTrue(self.worker.discover_soon(
                    'ctx', 'rpc', discovery_id='late'))
        self.worker = work.Worker(discover)
        self.worker.discover_soon('ctx', 'rpc', discovery_id='early')
        agent_config.run_pending(self.worker)
        self.assertEqual([['early'], ['late']], self.done)

    def test_work_runs_in_order_on_one_thread(self):
        threads = []

        def job(name):
            threads.append(threading.current_thread().name)
            self.done.append(name)
        self.worker.submit(job, 'first')
        self.worker.discover_soon('ctx', 'start')
        self.worker.submit(job, 'last')
        self.worker.start()
        self.addCleanup(self.worker.stop)
        self.assertTrue(self.worker.wait_idle(30))
        self.assertEqual(['first', (['start'], None, []), 'last'],
                         self.done)
        self.assertEqual({'cyborg-agent-work'}, set(threads))

    def test_a_failure_does_not_end_the_thread(self):
        def broken():
            raise RuntimeError('boom')
        self.worker.submit(broken)
        self.worker.discover_soon('ctx', 'periodic')
        self.worker.start()
        self.addCleanup(self.worker.stop)
        self.assertTrue(self.worker.wait_idle(30))
        self.assertEqual([(['periodic'], None, [])], self.done)

    def test_stop_drops_what_waits_and_takes_no_more(self):
        started = threading.Event()
        release = threading.Event()

        def slow():
            started.set()
            release.wait(30)
            self.done.append('slow')
        self.worker.submit(slow)
        self.worker.discover_soon('ctx', 'periodic')
        self.worker.start()
        self.assertTrue(started.wait(30))
        # The work under way is not cut short.
        self.assertFalse(self.worker.stop(timeout=0))
        release.set()
        self.assertTrue(self.worker.wait_idle(30))
        # It ended; the queued discovery was dropped.
        self.assertEqual(['slow'], self.done)
        self.assertFalse(self.worker.discover_soon('ctx', 'rpc'))
        self.worker.submit(slow)
        agent_config.run_pending(self.worker)
        self.assertEqual(['slow'], self.done)

    def test_a_call_runs_on_the_thread_after_the_work_queued(self):
        # Device work asked over RPC waits for its turn on the one thread
        # that touches the hardware: never beside a discovery.
        started, go = threading.Event(), threading.Event()
        self.addCleanup(go.set)

        def discover(discovery):
            started.set()
            go.wait(10)
            self.done.append(('discovery', threading.current_thread().name))

        worker = work.Worker(discover)
        worker.start()
        self.addCleanup(worker.stop)
        worker.discover_soon('ctx', 'rpc')
        self.assertTrue(started.wait(10))
        future = worker.call(lambda value: self.done.append(
            ('call', threading.current_thread().name)) or value, 42)
        self.assertFalse(future.done())
        go.set()
        self.assertEqual(42, future.result(10))
        self.assertEqual([('discovery', 'cyborg-agent-work'),
                          ('call', 'cyborg-agent-work')], self.done)

    def test_a_call_raises_its_error_to_the_caller(self):
        self.worker.start()
        self.addCleanup(self.worker.stop)
        future = self.worker.call(int, 'not a number')
        self.assertRaises(ValueError, future.result, 10)
        # The thread goes on.
        self.assertEqual(3, self.worker.call(int, '3').result(10))

    def test_without_a_thread_the_caller_runs_it(self):
        self.assertEqual(threading.current_thread().name, self.worker.call(
            lambda: threading.current_thread().name).result(0))
