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
"""Tests of the conductor's worker pool."""

import os
import threading
import time

import fixtures
from oslo_config import cfg

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.conductor import pool as worker_pool
from cyborg.tests import base


class WorkerPoolTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.pool = worker_pool.WorkerPool(2, backlog=1)
        self.addCleanup(self.pool.stop)
        self.release = threading.Event()
        self.addCleanup(self.release.set)

    def _occupy(self, started):
        started.wait(10)
        self.release.wait(10)

    def _fill(self):
        started = threading.Barrier(self.pool.size + 1)
        for _ in range(self.pool.size):
            self.pool.spawn(self._occupy, started)
        started.wait(10)

    def test_work_runs_on_a_named_worker(self):
        name = self.pool.spawn(lambda: threading.current_thread().name)
        self.assertTrue(name.result(10).startswith('cyborg-pool_'))
        self.assertEqual(2, self.pool.free())

    def test_a_full_pool_refuses_work(self):
        # Every worker busy and the queue full.
        self._fill()
        self.assertEqual(0, self.pool.free())
        queued = self.pool.spawn(lambda: 'queued')
        exc = self.assertRaises(exception.NoFreeConductorWorker,
                                self.pool.spawn, lambda: None)
        self.assertEqual({'size': 2, 'state': 'busy'}, exc.kwargs)
        self.release.set()
        self.assertEqual('queued', queued.result(10))

    def test_stop_runs_the_work_queued(self):
        # Issue 37: work accepted is never cancelled, even when no worker
        # had taken it yet when the stop began.
        self._fill()
        queued = self.pool.spawn(lambda: 'queued')
        stopping = threading.Thread(target=self.pool.stop)
        stopping.start()
        self.release.set()
        stopping.join(10)
        self.assertFalse(stopping.is_alive())
        self.assertEqual('queued', queued.result(0))
        self.assertEqual(0, self.pool.free())

    def test_a_freed_worker_takes_work_again(self):
        self._fill()
        self.release.set()
        deadline = time.monotonic() + 10
        while self.pool.free() < 2:
            self.assertLess(time.monotonic(), deadline)
            time.sleep(0.01)
        self.assertEqual(42, self.pool.spawn(lambda: 42).result(10))

    def test_an_error_reaches_the_future(self):
        def fail():
            raise ValueError('boom')
        future = self.pool.spawn(fail)
        self.assertRaises(ValueError, future.result, 10)
        self.assertIsNotNone(future.exception())

    def test_stop_waits_for_the_work_and_refuses_more(self):
        self._fill()
        stopping = threading.Thread(target=self.pool.stop)
        stopping.start()
        stopping.join(0.2)
        self.assertTrue(stopping.is_alive())
        exc = self.assertRaises(exception.NoFreeConductorWorker,
                                self.pool.spawn, lambda: None)
        self.assertEqual('stopping', exc.kwargs['state'])
        self.release.set()
        stopping.join(10)
        self.assertFalse(stopping.is_alive())

    def test_work_spawning_work_during_a_stop_is_refused(self):
        # A bind job that ends while the conductor stops kicks the send
        # of its event: refused at once, not blocked behind the stop
        # (which waits for that very job).
        outcome = []
        stop_began = threading.Event()

        def job():
            stop_began.wait(10)
            try:
                self.pool.spawn(lambda: None)
            except exception.NoFreeConductorWorker as exc:
                outcome.append(exc.kwargs['state'])

        self.pool.spawn(job)
        stopping = threading.Thread(target=self.pool.stop)
        stopping.start()
        while self.pool.free() and stopping.is_alive():
            stopping.join(0.01)
        stop_began.set()
        stopping.join(10)
        self.assertFalse(stopping.is_alive())
        self.assertEqual(['stopping'], outcome)


class PoolSizeOptionTestCase(base.TestCase):

    def _read(self, text):
        path = os.path.join(self.useFixture(fixtures.TempDir()).path,
                            'cyborg.conf')
        with open(path, 'w') as f:
            f.write(text)
        conf = cfg.ConfigOpts()
        cyborg_conf.register_opts(conf)
        conf(['--config-file', path], project='cyborg')
        return conf

    def test_the_default(self):
        self.assertEqual(12, self._read('').conductor.workers_pool_size)

    def test_the_deprecated_option_still_sizes_the_pool(self):
        # A configuration written for the bind jobs' pool of the previous
        # release keeps working.
        conf = self._read('[DEFAULT]\nthread_pool_size = 5\n')
        self.assertEqual(5, conf.conductor.workers_pool_size)

    def test_the_new_option_wins(self):
        conf = self._read('[DEFAULT]\nthread_pool_size = 5\n'
                          '[conductor]\nworkers_pool_size = 20\n')
        self.assertEqual(20, conf.conductor.workers_pool_size)
