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
"""Tests of cyborg.service.RPCService on the fake transport."""

import gc
import subprocess
import sys
import threading

import fixtures
import oslo_messaging as messaging

from cyborg import rpc
from cyborg import service
from cyborg.tests import base


class _Manager:
    """A minimal manager: one exposed method and two periodic tasks."""

    target = messaging.Target(version='1.0')

    def __init__(self):
        self.events = []
        self.ticked = threading.Event()
        self.failed = threading.Event()

    def init_host(self, context):
        self.events.append('init_host')

    def del_host(self, context):
        self.events.append('del_host')

    def periodic_tasks(self):
        return [(0.05, self._tick), (0.05, self._fail)]

    def _tick(self, context):
        self.ticked.set()

    def _fail(self, context):
        self.failed.set()
        raise RuntimeError('periodic failure')

    @messaging.expose
    def echo(self, context, value):
        return value


class RPCServiceTestCase(base.TestCase):

    def _unfreeze(self):
        # gc.freeze() is process-wide: leave the test process as it was.
        self.addCleanup(gc.unfreeze)

    def test_freeze_startup_objects(self):
        self._unfreeze()
        gc.unfreeze()
        kept = object()
        service.freeze_startup_objects()
        self.assertGreater(gc.get_freeze_count(), 0)
        # Frozen, not gone: live objects stay as they are.
        self.assertIsNotNone(kept)

    def test_only_a_launched_service_freezes(self):
        # In-process services (tests, the embedded mode) never freeze the
        # objects of the process they run in; launch() asks for it.
        self.assertFalse(service.RPCService.freeze_on_start)
        self._unfreeze()
        gc.unfreeze()
        mgr = _Manager()
        svc = service.RPCService(mgr, 'test-frozen', host='h1',
                                 owns_transport=False)
        svc.start()
        svc.stop()
        self.assertEqual(0, gc.get_freeze_count())
        svc = service.RPCService(mgr, 'test-frozen', host='h1',
                                 owns_transport=False)
        svc.freeze_on_start = True
        svc.start()
        svc.stop()
        self.assertGreater(gc.get_freeze_count(), 0)

    def test_serves_runs_tasks_and_stops(self):
        logs = self.useFixture(fixtures.FakeLogger(name='cyborg.service'))
        mgr = _Manager()
        svc = service.RPCService(mgr, 'test-topic', host='h1')
        svc.start()
        try:
            client = rpc.get_client(messaging.Target(topic='test-topic',
                                                     server='h1'))
            self.assertEqual(42, client.call(self.context, 'echo', value=42))
            self.assertTrue(mgr.ticked.wait(5))
            self.assertTrue(mgr.failed.wait(5))
            # The failing task keeps being scheduled.
            mgr.failed.clear()
            self.assertTrue(mgr.failed.wait(5))
        finally:
            svc.stop()
        self.assertEqual(['init_host', 'del_host'], mgr.events)
        self.assertIn('Periodic task _Manager._fail failed', logs.output)
        self.assertIn('periodic failure', logs.output)
        # stop() released the transport.
        self.assertIsNone(rpc.TRANSPORT)

    def test_after_start_runs_once_the_server_answers(self):
        # An agent registered in init_host(), before its RPC server
        # declared its queue: a discovery cast in between was lost.
        mgr = _RegisteringManager()
        svc = service.RPCService(mgr, 'test-after', host='h1')
        svc.start()
        svc.stop()
        self.assertEqual(['init_host', ('after_start', 'reached'),
                          ('ticked', False), 'del_host'], mgr.events)


class _RegisteringManager(_Manager):
    """Registers after the start, as the agent does: asks itself over
    RPC, as a conductor that found it registered would.
    """

    def after_start(self, context):
        client = rpc.get_client(messaging.Target(topic='test-after',
                                                 server='h1'))
        self.events.append(('after_start', client.prepare(timeout=5).call(
            context, 'echo', value='reached')))
        self.events.append(('ticked', self.ticked.is_set()))


class _OneThreadManager(_Manager):
    """Asks for one RPC thread; its exposed method waits for *release*
    and counts the calls inside at once.
    """

    def __init__(self):
        super().__init__()
        self.release = threading.Event()
        self.entered = threading.Semaphore(0)
        self.inside = self.most_inside = 0
        self._lock = threading.Lock()

    def periodic_tasks(self):
        return []

    def rpc_threads(self):
        return 1

    @messaging.expose
    def hold(self, context):
        with self._lock:
            self.inside += 1
            self.most_inside = max(self.most_inside, self.inside)
        self.entered.release()
        self.release.wait(30)
        with self._lock:
            self.inside -= 1


class RPCThreadsTestCase(base.TestCase):

    def test_the_server_has_the_threads_the_manager_asks_for(self):
        # The conductor's RPC threads are sized by its database
        # connections (cyborg.conductor.call_threads); the service starts
        # its server with them, whatever executor_thread_pool_size says.
        mgr = _OneThreadManager()
        svc = service.RPCService(mgr, 'test-threads', host='h1',
                                 owns_transport=False)
        svc.start()
        self.addCleanup(svc.stop)
        self.addCleanup(mgr.release.set)
        client = rpc.get_client(messaging.Target(topic='test-threads',
                                                 server='h1'))
        for _ in range(3):
            client.cast(self.context, 'hold')
        self.assertTrue(mgr.entered.acquire(timeout=30))
        # With more threads, the other two would be inside at once now;
        # give them a second to get there, then let all go.
        early = mgr.entered.acquire(timeout=1)
        mgr.release.set()
        for _ in range(2 - early):
            self.assertTrue(mgr.entered.acquire(timeout=30))
        self.assertEqual(1, mgr.most_inside)


    def test_an_in_memory_stop_runs_what_was_handed_over(self):
        # The server's wait() runs the calls handed to its executor, on a
        # thread of its own: the stop does not wait for the executor's
        # idle threads (a second each), and no call is lost.
        mgr = _OneThreadManager()
        svc = service.RPCService(mgr, 'test-handed-over', host='h1',
                                 owns_transport=False)
        svc.start()
        self.addCleanup(mgr.release.set)
        waited_on = []
        wait = svc.rpcserver.wait

        def recorded_wait():
            waited_on.append(threading.current_thread())
            wait()
        self.useFixture(fixtures.MockPatchObject(
            svc.rpcserver, 'wait', autospec=True,
            side_effect=recorded_wait))
        client = rpc.get_client(messaging.Target(topic='test-handed-over',
                                                 server='h1'))
        for _ in range(3):
            client.cast(self.context, 'hold')
        self.assertTrue(mgr.entered.acquire(timeout=30))
        stopping = threading.Thread(target=svc.stop)
        stopping.start()
        mgr.release.set()
        stopping.join(30)
        self.assertFalse(stopping.is_alive())
        for _ in range(2):
            self.assertTrue(mgr.entered.acquire(timeout=30))
        self.assertEqual(1, len(waited_on))
        self.assertNotIn(waited_on[0], (stopping, threading.current_thread()))


class FirstDelayTestCase(base.TestCase):

    def test_periodic_tasks_start_at_a_random_point_of_their_interval(self):
        # Services started together get their tasks' phases spread over
        # the interval, never a first run later than one interval.
        delays = [service.first_delay(60) for _ in range(200)]
        self.assertTrue(all(0 <= d <= 60 for d in delays), delays)
        # Spread: some in each third of the interval (the chance that a
        # uniform draw leaves a third empty in 200 is about 3e-35).
        self.assertEqual({0, 1, 2}, {min(int(d // 20), 2) for d in delays})

    def test_the_service_starts_its_timers_with_it(self):
        mgr = _Manager()
        svc = service.RPCService(mgr, 'test-topic', host='h1')
        timers = []
        self.useFixture(fixtures.MockPatchObject(
            svc.tg, 'add_timer_args',
            side_effect=lambda *a, **kw: timers.append((a, kw))))
        self.useFixture(fixtures.MockPatchObject(
            service, 'first_delay', side_effect=lambda i: i / 2))
        svc.start()
        try:
            self.assertEqual([0.025, 0.025], [kw['initial_delay']
                                              for _, kw in timers])
        finally:
            svc.stop()


class StartJitterTestCase(base.TestCase):
    """A rack of agents powered on together spreads its start over
    ``[agent] start_jitter`` seconds (issue 42).
    """

    def test_the_delay_is_a_random_part_of_the_jitter(self):
        delays = [service.start_delay(30) for _ in range(200)]
        self.assertTrue(all(0 <= d <= 30 for d in delays), delays)
        # Spread: some in each third (a third left empty by 200 uniform
        # draws: about 3e-35).
        self.assertEqual({0, 1, 2}, {min(int(d // 10), 2) for d in delays})
        self.assertEqual(0, service.start_delay(0))

    def _service(self, delay):
        mgr = _Manager()
        self.useFixture(fixtures.MockPatchObject(
            service, 'start_delay', autospec=True, return_value=delay))
        return mgr, service.RPCService(mgr, 'test-jitter', host='h1',
                                       owns_transport=False,
                                       start_jitter=60)

    def test_nothing_starts_before_the_delay(self):
        mgr, svc = self._service(3600)
        starting = threading.Thread(target=svc.start)
        starting.start()
        # A stop while it waits ends the wait; nothing was started, sent
        # or served.
        svc.stop()
        starting.join(30)
        self.assertFalse(starting.is_alive())
        self.assertIsNone(svc.rpcserver)
        self.assertEqual(['del_host'], mgr.events)
        service.start_delay.assert_called_once_with(60)
        self.assertFalse(mgr.ticked.is_set())

    def test_it_starts_after_the_delay(self):
        logs = self.useFixture(fixtures.FakeLogger(name='cyborg.service'))
        mgr, svc = self._service(0.01)
        svc.start()
        try:
            client = rpc.get_client(messaging.Target(topic='test-jitter',
                                                     server='h1'))
            self.assertEqual(7, client.call(self.context, 'echo', value=7))
        finally:
            svc.stop()
        self.assertEqual(['init_host', 'del_host'], mgr.events)
        self.assertIn('test-jitter service on host h1 starts in 0.0 s (a '
                      'random part of its start jitter, 60 s)', logs.output)


class BackendTestCase(base.TestCase):
    """oslo.service's backend: threading in the daemons, never loaded by
    the command line client.
    """

    def test_the_daemons_run_on_threads(self):
        from oslo_service import backend
        self.assertEqual(backend.BackendType.THREADING,
                         backend.get_backend_type())

    def test_the_client_loads_no_backend(self):
        # A fresh interpreter: this one has loaded it (above, and the
        # services of other tests).
        code = ('import sys\n'
                'import cyborg.cli.shell\n'
                'from oslo_service import backend\n'
                'print(backend.get_backend_type(),'
                ' "futurist" in sys.modules, "eventlet" in sys.modules)\n')
        out = subprocess.run([sys.executable, '-c', code], check=True,
                             capture_output=True, text=True).stdout
        self.assertEqual('None False False', out.strip())

    def test_a_backend_asked_for_is_the_threading_one(self):
        # A module that asks oslo.service for its backend before
        # cyborg.service loaded it gets the threading one (the hook).
        code = ('import cyborg\n'
                'from oslo_service import backend\n'
                'backend.get_backend()\n'
                'print(backend.get_backend_type().value)\n')
        out = subprocess.run([sys.executable, '-c', code], check=True,
                             capture_output=True, text=True).stdout
        self.assertEqual('threading', out.strip())


class CountingEndpointTestCase(base.TestCase):

    def test_a_method_is_wrapped_once_and_counts_its_calls(self):
        seen = []

        class Endpoint:
            @messaging.expose
            def ping(self, context):
                seen.append(counter.running)
                return 'pong'

            def helper(self):
                return 'helper'

        counter = service.CallCounter()
        endpoint = Endpoint()
        counting = service.CountingEndpoint(endpoint, counter)
        # oslo.messaging's dispatcher looks a method up several times per
        # call: the same wrapper each time.
        self.assertIs(counting.ping, counting.ping)
        self.assertEqual('pong', counting.ping(None))
        self.assertEqual([1], seen)
        self.assertEqual(0, counter.running)
        self.assertEqual(endpoint.helper, counting.helper)
