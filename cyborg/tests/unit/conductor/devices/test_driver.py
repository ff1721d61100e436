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
"""Tests of drivers installed through the API (conductor.driver) with
real agents on the in-memory transport.

The conductor records a decision and tells the agents (a cast); each
agent asks for its decisions with a heartbeat, loads the drivers, says
hello again (which settles the request) and discovers: the tests wait for
the outcome and the devices of a report, as cyborg-api and a client poll.
"""

import datetime
import time

import fixtures
import oslo_messaging as messaging
from oslo_utils import timeutils
from oslo_utils import uuidutils

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.agent import manager as agent_manager
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.common import driver_config
from cyborg.conductor import manager as conductor_manager
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.conductor.devices import driver as driver_ops
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import driver as driver_queries
from cyborg.db.queries import nova_event as event_queries
from cyborg.db.queries import service as service_queries
from cyborg.db.queries import usage as usage_queries
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import agent_config
from cyborg.tests.fixtures import inventory

CONF = cyborg_conf.CONF
FAKE = {'fake_driver': {'devices': ['fpga=1', 'qat=1']}}
LONG_AGO = datetime.datetime(2000, 1, 1)


class DriverOpsTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.flags(group='agent', enabled_drivers=[], hotplug=False)
        # An agent's hello waits report_interval for its answer, then gives
        # up until the next heartbeat: a loaded machine can take longer
        # than the second of the tests' configuration.  The agents called
        # here stay up (they are judged by service_down_time).
        self.flags(report_interval=30, service_down_time=90)
        self._serve(conductor_rpcapi.TOPIC, 'c1',
                    conductor_manager.ConductorManager(
                        'c1', conductor_rpcapi.TOPIC))
        self.agents = {}
        for host in ('n1', 'n2'):
            self.agents[host] = agent_manager.AgentManager(host)
            self._serve(agent_rpcapi.TOPIC, host, self.agents[host])
        # The work threads stop first (their cleanups come after every
        # server's): a report under way when a test ends is still
        # answered, rather than waiting rpc_response_timeout for a
        # conductor that stopped (the servers stop together).
        for host in ('n1', 'n2'):
            # Registered, and the operator's decisions (none) applied on
            # this thread, as after_start() does: without wait_for_drivers
            # they would be applied, and the host discovered and
            # reported, on a thread of the agent's at any time later,
            # replacing the devices a test put in the database itself.
            self.agents[host]._heartbeat(self.context,
                                         wait_for_drivers=True)
            # What it does after answering (discovery after set_drivers)
            # runs on its work thread.
            self.agents[host].work.start()
            self.addCleanup(self.agents[host].work.stop)
        self.agent_api = agent_rpcapi.AgentAPI()

    def _serve(self, topic, host, endpoint):
        server = self.rpc_servers.start(
            messaging.Target(topic=topic, server=host), [endpoint])
        return server

    def _devices(self, host):
        return device_queries.get_all(self.context,
                                      filters={'hostname': host})

    def _wait_devices(self, host, count, timeout=60):
        """Wait until *host* has *count* devices (its agent reported)."""
        deadline = time.monotonic() + timeout
        while len(self._devices(host)) != count:
            if time.monotonic() > deadline:
                self.fail('host %s has %d devices, not %d' % (
                    host, len(self._devices(host)), count))
            time.sleep(0.05)

    def _settled(self, answer, timeout=60):
        """The outcome of a request once every agent it asked settled it
        (cyborg.db.queries.driver.outcome).
        """
        deadline = time.monotonic() + timeout
        while True:
            found = driver_queries.outcome(self.context, answer['asked'],
                                           answer['id'])
            if None not in found.values():
                return found
            if time.monotonic() > deadline:
                self.fail('not settled: %s' % found)
            time.sleep(0.05)

    def test_install_everywhere(self):
        answer = driver_ops.install(self.context, self.agent_api,
                                    'fake_driver', config=FAKE)
        # Answered at once, with the decision recorded.
        drivers = answer['drivers']
        self.assertEqual([('n1', 'fake'), ('n2', 'fake')],
                         [(d['host'], d['name']) for d in drivers])
        self.assertEqual(['n1', 'n2'], answer['asked'])
        self.assertEqual(['fpga=1', 'qat=1'],
                         drivers[0]['config']['fake_driver']['devices'])
        self.assertEqual({'n1': {}, 'n2': {}}, self._settled(answer))
        self.assertEqual(['READY', 'READY'], [
            driver_queries.get(self.context, d['uuid'])['status']
            for d in drivers])
        self._wait_devices('n1', 2)
        self._wait_devices('n2', 2)
        self.assertEqual(2, driver_queries.get(
            self.context, drivers[1]['uuid'])['devices'])
        self.assertIn('fake', self.agents['n1'].tracker.drivers)

    def test_a_refused_configuration_is_put_back(self):
        answer = driver_ops.install(
            self.context, self.agent_api, 'fake',
            config={'fake_driver': {'devices': ['fpga=x']}})
        found = self._settled(answer)
        self.assertEqual(['n1', 'n2'], sorted(found))
        for host in ('n1', 'n2'):
            self.assertIn('fpga=x', found[host]['fake'])
            self.assertTrue(self.agents[host].work.wait_idle(60))
            # It applied the decisions put back: nothing to load.
            self.assertEqual({}, self.agents[host].tracker.install_errors)
            self.assertEqual({}, self.agents[host].tracker.drivers)
        self.assertEqual([], driver_queries.get_all(self.context))

    def test_an_unreachable_agent_catches_up_at_its_heartbeat(self):
        service_queries.heartbeat(self.context, 'n3', 'cyborg-agent')
        answer = driver_ops.install(self.context, self.agent_api, 'fake',
                                    host='n3', config=FAKE)
        [row] = answer['drivers']
        self.assertEqual(('DISABLED', driver_queries.WAITING_DETAIL),
                         (row['status'], row['detail']))
        self.assertEqual({'n3': None}, driver_queries.outcome(
            self.context, ['n3'], answer['id']))
        # n3's agent starts: its first heartbeat gets the list.
        agent = agent_manager.AgentManager('n3')
        self._serve(agent_rpcapi.TOPIC, 'n3', agent)
        hello = agent.conductor_api.hello(
            self.context, host='n3', binary='cyborg-agent',
            installed_revision='')
        self.assertEqual([{'name': 'fake', 'config': FAKE}],
                         hello['installed'])
        agent._sync_installs(self.context, hello['installed'],
                            hello['removed'])
        # Its hello after loading settled the request.
        self.assertEqual({'n3': {}}, driver_queries.outcome(
            self.context, ['n3'], answer['id']))
        # Then its work thread discovers (run here).
        agent_config.run_pending(agent.work)
        self.assertEqual(2, len(self._devices('n3')))
        # Once applied, the heartbeat carries the same revision: no list.
        self.assertNotIn('installed', agent.conductor_api.hello(
            self.context, host='n3', binary='cyborg-agent',
            installed_revision=agent.tracker.installed_revision))
        self.assertEqual('READY', driver_queries.get(
            self.context, row['uuid'])['status'])

    def test_an_unreachable_agent_checks_the_configuration(self):
        # The conductor loads no driver: what the agent of a host it could
        # not reach refuses is put back when that agent catches up.
        service_queries.heartbeat(self.context, 'n3', 'cyborg-agent')
        bad = {'fake_driver': {'devices': ['fpga=x']}}
        answer = driver_ops.install(self.context, self.agent_api,
                                    'fake_driver', host='n3', config=bad)
        self.assertEqual('fake', answer['drivers'][0]['name'])
        agent = agent_manager.AgentManager('n3')
        agent._heartbeat(self.context, wait_for_drivers=True)
        self.assertEqual(['fake'], list(agent.tracker.install_errors))
        # Its next heartbeat says how it went: the install is put back,
        # and the answer has the agent drop it.
        agent._heartbeat(self.context, wait_for_drivers=True)
        [refused] = driver_queries.outcome(
            self.context, ['n3'], answer['id'])['n3'].values()
        self.assertIn('fpga=x', refused)
        self.assertEqual([], driver_queries.get_all(self.context,
                                                    host='n3'))
        self.assertEqual({}, agent.tracker.install_errors)

    def test_update_rediscovers(self):
        answer = driver_ops.install(self.context, self.agent_api, 'fake',
                                    host='n1', config=FAKE)
        self._settled(answer)
        self._wait_devices('n1', 2)
        [row] = answer['drivers']
        answer = driver_ops.update(self.context, self.agent_api,
                                   row['uuid'],
                                   {'fake_driver': {'devices': 'gpu=2'}})
        self.assertEqual({'n1': {}}, self._settled(answer))
        # The same configuration again changes nothing and waits for no
        # agent (issue 64: it answered after [api] discovery_wait).
        before = driver_queries.get(self.context, row['uuid'])
        again = driver_ops.update(self.context, self.agent_api,
                                  row['uuid'],
                                  {'fake_driver': {'devices': 'gpu=2'}})
        self.assertEqual(([], [before]), (again['asked'], again['drivers']))

        def gpus():
            return {d['type'] for d in self._devices('n1')} == {'GPU'}
        deadline = time.monotonic() + 60
        while not gpus() and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertTrue(gpus())
        # A configuration the driver refuses: the driver running keeps
        # running (none in its place, even for a moment: a report then
        # would remove its devices, their providers and allocations).
        tracker = self.agents['n1'].tracker
        running = tracker.drivers['fake']
        ids = sorted(d['id'] for d in self._devices('n1'))
        answer = driver_ops.update(self.context, self.agent_api,
                                   row['uuid'],
                                   {'fake_driver': {'devices': 'x'}})
        self.assertIn('fake', self._settled(answer)['n1'])
        self.assertEqual('gpu=2', driver_queries.get(
            self.context, row['uuid'])['config']['fake_driver']['devices'])
        self.assertTrue(self.agents['n1'].work.wait_idle(60))
        self.assertEqual({}, tracker.install_errors)
        self.assertIs(running, tracker.drivers['fake'])
        self.assertIn('fake', tracker.apply_installs(CONF, [
            {'name': 'fake', 'config': {'fake_driver': {'devices': 'x'}}}]))
        self.assertIs(running, tracker.drivers['fake'])
        self.assertEqual(ids, sorted(d['id'] for d in self._devices('n1')))

    def test_uninstall_removes_the_devices(self):
        answer = driver_ops.install(self.context, self.agent_api, 'fake',
                                    host='n1', config=FAKE)
        self._settled(answer)
        self._wait_devices('n1', 2)
        [row] = answer['drivers']
        driver_ops.uninstall(self.context, self.agent_api, None,
                             row['uuid'])
        self._wait_devices('n1', 0)
        self.assertNotIn('fake', self.agents['n1'].tracker.drivers)
        self.assertRaises(exception.DriverUUIDNotFound, driver_ops.uninstall,
                          self.context, self.agent_api, None, row['uuid'])

    def _bound_arqs(self, host, count):
        """*count* ARQs bound to a device of the fake driver on *host*."""
        device = inventory.add_device(self.context, host, handles=count)
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='dp', description=None,
            groups=[{'resources:FPGA': '1'}]))
        arqs = []
        for n in range(count):
            [arq] = arq_create.create(self.context, 'dp', 'p1')
            arq_bind.bind(self.context, {arq['uuid']: {
                'hostname': host, 'device_rp_uuid': device['rp_uuid'],
                'instance_uuid': 'instance-%d' % n, 'project_id': 'p1'}})
            arqs.append(arq['uuid'])
        return arqs

    def test_forced_uninstall_skips_what_nova_released(self):
        # Nova unbinds one ARQ and deletes another while the forced
        # uninstall runs (after it read the ARQs holding the driver's
        # devices): it unbinds the third, skips those two, and says so.
        uuids = [r['uuid'] for r in driver_queries.install(
            self.context, 'fake', ['n1'], FAKE, 'request-1')]
        unbound, deleted, held = self._bound_arqs('n1', 3)
        real = driver_ops.arq_queries.get_all_on_driver

        def nova_meanwhile(context, host, driver_name):
            holders = real(context, host, driver_name)
            arq_release.unbind(context, [unbound])
            arq_delete.delete(context, uuids=[deleted])
            return holders
        self.useFixture(fixtures.MockPatchObject(
            driver_ops.arq_queries, 'get_all_on_driver',
            side_effect=nova_meanwhile, autospec=True))
        answer = driver_ops.uninstall(self.context, self.agent_api, None,
                                      uuids[0], force=True)
        self.assertEqual({'unbound': [held]}, answer)
        self.assertEqual('Unbound', arq_queries.get(self.context,
                                                    held)['state'])
        self.assertRaises(exception.DriverUUIDNotFound, driver_queries.get,
                          self.context, uuids[0])
        # One failed event for Nova: the ARQ it did not release.
        self.assertEqual([(held, 'failed')], [
            (e['tag'], e['status']) for e in event_queries.get_all(
                self.context) if e['status'] == 'failed'])
        # Each usage interval closed once, by whoever released its ARQ.
        self.assertEqual(
            {unbound: 'unbind', deleted: 'delete', held: 'unbind'},
            {row['arq_uuid']: row['ended_by'] for row in
             usage_queries.closed_since(self.context, [unbound], LONG_AGO,
                                        'unbind') +
             usage_queries.closed_since(self.context, [deleted], LONG_AGO,
                                        'delete') +
             usage_queries.closed_since(self.context, [held], LONG_AGO,
                                        'unbind')})
        self.assertEqual([], [
            i['arq_uuid'] for i in usage_queries.page(
                self.context, LONG_AGO, timeutils.utcnow(), until_now=True)
            if i['ended_at'] is None and
            i['arq_uuid'] in (unbound, deleted, held)])

    def _start_agent(self, host):
        """An agent whose configuration file enables the fake driver,
        started as cyborg-agent starts it; returns (agent, its server).
        """
        self.flags(group='agent', enabled_drivers=['fake'])
        # The hello waits report_interval for its answer: under load one
        # second was not always enough.
        self.flags(report_interval=60)
        agent = agent_manager.AgentManager(host)
        server = self._serve(agent_rpcapi.TOPIC, host, agent)
        agent.after_start(self.context)
        self.addCleanup(agent.del_host, self.context)
        self.assertTrue(agent.work.wait_idle(60))
        return agent, server

    def _stop_agent(self, server):
        server.stop()
        server.wait()

    def test_drivers_of_the_configuration_file_are_listed(self):
        agent, _server = self._start_agent('n4')
        [row] = driver_queries.get_all(self.context, host='n4')
        self.assertEqual(('fake', 'config', 'installed', 1),
                         (row['name'], row['source'], row['state'],
                          row['devices']))
        self.assertRaises(exception.DriverAlreadyEnabled, driver_ops.install,
                          self.context, self.agent_api, 'fake', host='n4')

    def test_uninstall_a_driver_of_the_configuration_file(self):
        agent, server = self._start_agent('n4')
        [row] = driver_queries.get_all(self.context, host='n4')
        driver_ops.uninstall(self.context, self.agent_api, None,
                             row['uuid'])
        self._wait_devices('n4', 0)
        row = driver_queries.get(self.context, row['uuid'])
        self.assertEqual(('config', 'uninstalled', 'DISABLED', 0),
                         (row['source'], row['state'], row['status'],
                          row['devices']))
        self.assertNotIn('fake', agent.tracker.drivers)
        self.assertRaises(exception.DriverUninstalled, driver_ops.uninstall,
                          self.context, self.agent_api, None, row['uuid'])
        # The decision holds across a restart of the agent, whose file
        # still enables the driver: it is not loaded, nothing reported.
        self._stop_agent(server)
        agent, server = self._start_agent('n4')
        self.assertNotIn('fake', agent.tracker.drivers)
        self.assertEqual([], self._devices('n4'))
        self.assertEqual('uninstalled', driver_queries.get(
            self.context, row['uuid'])['state'])
        # The existing Cyborg's name installs it again, on that host.
        answer = driver_ops.install(self.context, self.agent_api,
                                    'fake_driver', host='n4')
        self.assertEqual({'n4': {}}, self._settled(answer))
        again = driver_queries.get(self.context, row['uuid'])
        self.assertEqual(('installed', 'READY'),
                         (again['state'], again['status']))
        self.assertIn('fake', agent.tracker.drivers)
        self._wait_devices('n4', 1)

    def test_configure_a_driver_of_the_configuration_file(self):
        agent, _server = self._start_agent('n4')
        [row] = driver_queries.get_all(self.context, host='n4')
        answer = driver_ops.update(self.context, self.agent_api,
                                   row['uuid'], FAKE)
        [updated] = answer['drivers']
        self.assertEqual('config', updated['source'])
        self.assertEqual(['fpga=1', 'qat=1'],
                         updated['config']['fake_driver']['devices'])
        self._wait_devices('n4', 2)
        # An empty configuration goes back to the file's.
        answer = driver_ops.update(self.context, self.agent_api,
                                   row['uuid'], {})
        self.assertEqual({}, answer['drivers'][0]['config'])
        self.assertEqual({'n4': {}}, self._settled(answer))
        self._wait_devices('n4', 1)
        self.assertIn('fake', agent.tracker.drivers)

    def test_unknown_driver(self):
        exc = self.assertRaises(exception.UnknownDriver, driver_ops.install,
                                self.context, self.agent_api, 'nope')
        self.assertIn('generic', exc.message)

    def test_revision(self):
        one = [{'name': 'fake', 'config': FAKE}]
        self.assertEqual(driver_config.revision(one), driver_config.revision(
            [{'name': 'fake', 'config': dict(FAKE)}]))
        self.assertNotEqual(driver_config.revision(one),
                            driver_config.revision([]))
