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
"""Tests of the one loop on a thread of its own, which every long-lived
thread of Cyborg is (the agent's work, hotplug and telemetry threads,
cyborg-api's heartbeat, the notifications' sender, the all-in-one's HTTP
server).
"""

import ast
import itertools
import logging
import queue
import threading

import fixtures

from cyborg.common import loop
from cyborg.tests import base
from cyborg.tests.unit import test_vendor_names

# Generous: how long a test waits for a thread that has nothing else
# to do (a loaded machine); never a measure of anything.
WAIT = 30


class LoopTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.turns = queue.Queue()

    def _loop(self, turn=None, interval=None, name='cyborg-test-loop'):
        found = loop.Loop(turn or self._turn, name, interval=interval)
        self.addCleanup(found.stop, WAIT)
        return found

    def _turn(self):
        self.turns.put(threading.current_thread().name)

    def test_named_thread_first_turn_at_once_then_when_kicked(self):
        runner = self._loop()
        self.assertFalse(runner.running)
        runner.start()
        runner.start()  # once
        self.assertTrue(runner.running)
        self.assertEqual('cyborg-test-loop', self.turns.get(timeout=WAIT))
        # interval None: the next turn waits for a kick.
        self.assertRaises(queue.Empty, self.turns.get, timeout=0.2)
        runner.kick()
        self.assertEqual('cyborg-test-loop', self.turns.get(timeout=WAIT))

    def test_paced_by_an_interval_read_at_each_turn(self):
        intervals = itertools.chain([0, 0], itertools.repeat(3600))
        runner = self._loop(interval=lambda: next(intervals))
        runner.start()
        for _ in range(3):
            self.turns.get(timeout=WAIT)
        # An hour now, unless kicked.
        self.assertRaises(queue.Empty, self.turns.get, timeout=0.2)
        runner.kick()
        self.turns.get(timeout=WAIT)

    def test_a_failed_turn_is_logged_and_the_loop_goes_on(self):
        log = self.useFixture(fixtures.FakeLogger(level=logging.ERROR))
        failures = iter([RuntimeError('boom')])

        def turn():
            failure = next(failures, None)
            if failure is not None:
                raise failure
            self._turn()
        runner = self._loop(turn, interval=0)
        runner.start()
        self.turns.get(timeout=WAIT)
        self.assertIn('A turn of cyborg-test-loop failed', log.output)
        self.assertIn('RuntimeError: boom', log.output)
        self.assertTrue(runner.running)

    def test_stop_lets_the_turn_under_way_end_and_no_other_come(self):
        started, release = threading.Event(), threading.Event()
        self.addCleanup(release.set)

        def turn():
            started.set()
            release.wait(WAIT)
            self._turn()
        runner = self._loop(turn, interval=0)
        runner.start()
        self.assertTrue(started.wait(WAIT))
        self.assertFalse(runner.stop(timeout=0))
        self.assertTrue(runner.stopping)
        self.assertFalse(runner.running)
        release.set()
        self.assertEqual('cyborg-test-loop', self.turns.get(timeout=WAIT))
        started.clear()
        self.assertFalse(started.wait(0.2))
        # Started again: a thread of its own.
        release.clear()
        runner.start()
        self.assertTrue(started.wait(WAIT))
        release.set()
        self.assertTrue(runner.stop(WAIT))

    def test_a_waiting_loop_stops_at_once(self):
        runner = self._loop(interval=3600)
        runner.start()
        self.turns.get(timeout=WAIT)
        self.assertTrue(runner.stop(WAIT))
        self.assertTrue(runner.stop(WAIT))  # again: nothing to wait for


def thread_starts(source):
    """The lines of *source* that make a ``threading.Thread``."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == 'Thread']


class OneWayTestCase(base.TestCase):

    def test_every_thread_of_the_package_is_a_loop(self):
        found = []
        for rel, path in test_vendor_names.package_modules(('tests',)):
            with open(path, encoding='utf-8') as f:
                found += ['%s:%d' % (rel, line)
                          for line in thread_starts(f.read())]
        with open(loop.__file__, encoding='utf-8') as f:
            expected = ['common/loop.py:%d' % line
                        for line in thread_starts(f.read())]
        self.assertEqual(expected, found)
        self.assertEqual([2], thread_starts(
            'import threading\nthreading.Thread(target=print).start()\n'))
