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
"""Tests of the agent manager: registration, heartbeats, discovery."""

import threading
from unittest import mock

import fixtures
import oslo_messaging as messaging

from cyborg import exception
from cyborg.agent import manager
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.conductor.devices import configuration
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.db.queries import discovery as discovery_queries
from cyborg.db.queries import driver as driver_queries
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import service as service_queries
from cyborg.tests import base
from cyborg.tests.fixtures import agent_config


class _FlakyConductorAPI:
    """A conductor client whose calls fail in a given way, then work."""

    def __init__(self, real, failures):
        self.real = real
        self.failures = list(failures)
        self.calls = []

    def hello(self, context, **kwargs):
        self.calls.append(kwargs)
        if self.failures:
            raise self.failures.pop(0)
        return self.real.hello(context, **kwargs)

    def __getattr__(self, name):
        return getattr(self.real, name)


class AgentManagerTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.flags(group='agent', hotplug=False)
        self.rpc_servers.start_conductor()
        self.real_api = conductor_rpcapi.ConductorAPI()

    def test_after_start_registers_with_the_conductor(self):
        # The hello waits report_interval for its answer: one second was
        # not always enough under load.
        self.flags(report_interval=60)
        mgr = manager.AgentManager('n1', conductor_api=self.real_api)
        mgr.after_start(self.context)
        [svc] = service_queries.get_all(self.context, 'n1', 'cyborg-agent')
        self.assertEqual('cyborg-agent', svc['topic'])
        self.assertIsNotNone(svc['started_at'])
        self.addCleanup(mgr.del_host, self.context)
        # The hello carries the drivers' hellos; the first discovery runs
        # on the work thread and reports the fake device.
        self.assertEqual([('n1', 'fake', 'READY')], [
            (d['host'], d['name'], d['status'])
            for d in driver_queries.get_all(self.context)])
        self.assertTrue(mgr.work.wait_idle(30))
        [host] = host_queries.get_all(self.context)
        self.assertEqual(['n1_FakeDevice'], [
            d['name'] for r in host['hardware'] for d in r['deployables']])

    def test_discovery_summary(self):
        mgr = manager.AgentManager('n1', conductor_api=self.real_api)
        summary = mgr.tracker.update(self.context, driver='fake_driver')
        self.assertEqual(('n1', 'stored', True),
                         (summary['host'], summary['report'],
                          summary['changed']))
        self.assertEqual([{'name': 'fake', 'status': 'READY',
                           'detail': None, 'devices': 1,
                           'deployables': 1}], summary['drivers'])
        self.assertRaises(exception.DriverNotEnabled, mgr.tracker.update,
                          self.context, driver='gpu')

    def test_periodic_tasks(self):
        self.flags(periodic_interval=17)
        mgr = manager.AgentManager('n1', conductor_api=self.real_api)
        intervals = [interval for interval, _ in mgr.periodic_tasks()]
        self.assertEqual([1, 17], intervals)
        # The periodic discovery is queued on the work thread.
        mgr.periodic_tasks()[1][1](self.context)
        self.assertEqual([], host_queries.get_all(self.context))
        agent_config.run_pending(mgr.work)
        self.assertEqual(1, host_queries.get_all(self.context)[0][
            'generation'])

    def test_started_at_is_sent_until_acknowledged(self):
        # The hellos that reach the conductor wait report_interval for the
        # answer (see above): one second is not always enough under load.
        self.flags(report_interval=60)
        api = _FlakyConductorAPI(self.real_api, [
            messaging.MessagingTimeout('no answer'),
            RuntimeError('conductor broken')])
        logs = self.useFixture(fixtures.FakeLogger(
            name='cyborg.agent.manager'))
        mgr = manager.AgentManager('n1', conductor_api=api)
        mgr.after_start(self.context)          # timeout: logged, not raised
        self.addCleanup(mgr.del_host, self.context)
        self.assertTrue(mgr.work.wait_idle(30))
        interval, task = mgr.periodic_tasks()[0]
        task(self.context)                  # other error: logged too
        task(self.context)                  # works
        task(self.context)                  # plain heartbeat
        started = [call['started_at'] for call in api.calls]
        self.assertIsNotNone(started[0])
        self.assertEqual([started[0]] * 3, started[:3])
        self.assertIsNone(started[3])
        self.assertEqual(['n1'], [
            s['host'] for s in service_queries.get_all(self.context)])
        self.assertIn('No answer from the conductor', logs.output)
        self.assertIn('The conductor rejected the hello', logs.output)

    def test_discover_soon_reports_the_outcome_of_the_request(self):
        mgr = manager.AgentManager('n1', conductor_api=self.real_api)
        discovery_queries.ask(self.context, ['n1'], 'id-1')
        # A cast: the agent answers before it discovers.
        self.assertIsNone(mgr.discover_soon(self.context, 'id-1',
                                            driver='fake_driver'))
        self.assertEqual('asked', discovery_queries.get(
            self.context, ['n1'])['n1']['state'])
        agent_config.run_pending(mgr.work)
        found = discovery_queries.get(self.context, ['n1'])['n1']
        self.assertEqual(('id-1', 'done'), (found['id'], found['state']))
        result = found['result']
        self.assertEqual('stored', result['report'])
        self.assertEqual([('fake', '0000:0c:00.0', ['n1_FakeDevice'])], [
            (r['driver'], r['address'], r['deployables'])
            for r in result['added']])
        self.assertEqual(([], []), (result['changed'], result['removed']))
        self.assertEqual([('fake', 'READY', 1)], [
            (d['name'], d['status'], d['devices'])
            for d in result['drivers']])

    def test_discover_soon_again_reports_no_change(self):
        mgr = manager.AgentManager('n1', conductor_api=self.real_api)
        mgr.tracker.update(self.context)
        discovery_queries.ask(self.context, ['n1'], 'id-2')
        mgr.discover_soon(self.context, 'id-2')
        agent_config.run_pending(mgr.work)
        result = discovery_queries.get(self.context, ['n1'])['n1']['result']
        self.assertEqual(('unchanged', [], [], []),
                         (result['report'], result['added'],
                          result['changed'], result['removed']))

    def test_discover_soon_of_a_driver_not_enabled_fails(self):
        mgr = manager.AgentManager('n1', conductor_api=self.real_api)
        discovery_queries.ask(self.context, ['n1'], 'id-3')
        mgr.discover_soon(self.context, 'id-3', driver='gpu')
        agent_config.run_pending(mgr.work)
        found = discovery_queries.get(self.context, ['n1'])['n1']
        self.assertEqual('failed', found['state'])
        self.assertIn('gpu is not enabled on host n1',
                      found['result']['error'])

    def test_device_work_runs_on_the_work_thread(self):
        # The RPC thread waits for its turn: the work queued before it
        # (a discovery, a configuration) ends first, and the driver is
        # called on the one thread that touches the hardware.
        mgr = manager.AgentManager('n1', conductor_api=self.real_api)
        mgr.work.start()
        self.addCleanup(mgr.work.stop)
        go = threading.Event()
        self.addCleanup(go.set)
        order = []
        mgr.work.submit(lambda: go.wait(10) and order.append('before'))
        driver = mgr.tracker.driver('fake')
        handle = {'attach_type': 'MDEV', 'attach_info': {}}
        with mock.patch.object(
                driver, 'release_attach', autospec=True,
                side_effect=lambda *args: order.append(
                    threading.current_thread().name)):
            rpc_thread = threading.Thread(
                target=mgr.release_attach,
                args=(self.context, 'fake', handle, 'm1'))
            rpc_thread.start()
            go.set()
            rpc_thread.join(10)
        self.assertFalse(rpc_thread.is_alive())
        self.assertEqual(['before', 'cyborg-agent-work'], order)

    def test_requests_while_one_waits_make_one_discovery(self):
        mgr = manager.AgentManager('n1', conductor_api=self.real_api)
        discovery_queries.ask(self.context, ['n1'], 'id-4')
        mgr.discover_soon(self.context, 'id-4')
        mgr.periodic_tasks()[1][1](self.context)
        discovery_queries.ask(self.context, ['n1'], 'id-5')
        mgr.discover_soon(self.context, 'id-5', driver='fake')
        with mock.patch.object(mgr.tracker, 'update',
                               wraps=mgr.tracker.update) as update:
            agent_config.run_pending(mgr.work)
        # One discovery of every driver (one request named none), whose
        # report answers both requests: the newest is the host's.
        update.assert_called_once_with(
            self.context, driver=None, reason='rpc+periodic',
            discovery_ids=['id-4', 'id-5'])
        found = discovery_queries.get(self.context, ['n1'])['n1']
        self.assertEqual(('id-5', 'done'), (found['id'], found['state']))

    def test_drivers_loaded_anew_ask_for_the_configurations_first(self):
        # A driver made anew forgot what its devices were configured to
        # be: before the discovery that follows, the agent asks for the
        # host's configurations (an empty revision) and applies them.
        self.flags(report_interval=60)
        api = _FlakyConductorAPI(self.real_api, [])
        mgr = manager.AgentManager('n1', conductor_api=api)
        mgr.after_start(self.context)
        self.addCleanup(mgr.del_host, self.context)
        self.assertTrue(mgr.work.wait_idle(30))
        mgr._config_revision = 'applied-before'
        del api.calls[:]
        mgr._sync_installs(self.context, [{'name': 'fake', 'config': {
            'fake_driver': {'devices': ['fpga=1']}}}])
        self.assertEqual([''], [call['config_revision']
                                for call in api.calls])

    def test_a_restart_serves_before_it_applies_the_configurations(self):
        # A configuration applied, then the agent restarted (its fake QAT
        # back to 4 VFs): its start returns, and its heartbeats run, while
        # the driver applies it again on the work thread; its first report
        # holds the QAT (applying) meanwhile.
        self.flags(report_interval=60)
        self.flags(group='fake_driver', devices=['qat=1', 'gpu=1'])
        mgr = manager.AgentManager('n1', conductor_api=self.real_api)
        mgr.after_start(self.context)
        self.assertTrue(mgr.work.wait_idle(30))
        [uuid] = [d['uuid'] for d in device_queries.get_all(self.context)
                  if d['type'] == 'QAT']
        configuration.configure(self.context, uuid, {'num_vfs': 2})
        mgr.periodic_tasks()[0][1](self.context)
        self.assertTrue(mgr.work.wait_idle(30))
        self.assertEqual('applied', self._config_state(uuid))
        mgr.del_host(self.context)

        mgr = manager.AgentManager('n1', conductor_api=self.real_api)
        self.addCleanup(mgr.del_host, self.context)
        driver = mgr.tracker.drivers['fake']
        real = driver.configure
        entered, release = threading.Event(), threading.Event()

        def configure(address, desired):
            entered.set()
            release.wait(30)
            return real(address, desired)

        with mock.patch.object(driver, 'configure', autospec=True,
                               side_effect=configure) as patched:
            mgr.after_start(self.context)
            self.assertTrue(entered.wait(30))
            # Reported held before the driver was called.
            self.assertEqual('applying', self._config_state(uuid))
            mgr.periodic_tasks()[0][1](self.context)
            release.set()
            self.assertTrue(mgr.work.wait_idle(30))
        self.assertEqual('applied', self._config_state(uuid))
        self.assertEqual(1, patched.call_count)

    def _config_state(self, uuid):
        return config_queries.get(self.context, uuid)['state']

    def test_the_discovery_after_decisions_answers_their_requests(self):
        # Its report carries the ids of the requests that asked, which
        # answer with what it found (they answered with the status of
        # before).
        mgr = manager.AgentManager('n1', conductor_api=self.real_api)
        with mock.patch.object(mgr.work, 'discover_soon',
                               autospec=True) as discover_soon:
            mgr._take_installs(self.context, {
                'installed': [{'name': 'fake', 'config': {}}],
                'removed': [], 'asked': ['req-1', 'req-2']}, True)
        self.assertEqual(
            [mock.call(self.context, 'drivers', discovery_id='req-1'),
             mock.call(self.context, 'drivers', discovery_id='req-2')],
            discover_soon.call_args_list)
