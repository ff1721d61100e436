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
"""Agents and a conductor as real processes over RabbitMQ: discovery,
hash-gated reports, the stored hardware and start-up failures.
"""

import os
import subprocess
import sys

import pytest

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg import liveness
from cyborg import objects
from cyborg import rpc
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.db.queries import discovery as discovery_queries
from cyborg.db.queries import driver as driver_queries
from cyborg.db.queries import hardware as hardware_queries
from cyborg.tests.fixtures import backends
from cyborg.tests.functional import base
from cyborg.tests.functional.fixtures import services

pytestmark = pytest.mark.slow(1)

CONF = cyborg_conf.CONF


class AgentTestCase(base.ServiceTestCase):

    def setUp(self):
        super().setUp()
        # This process talks to the services over RabbitMQ too.
        # (The fake transport of the base class registered the option.)
        self.flags(control_exchange='cyborg')
        rpc.init(CONF, url=backends.rabbit_url())
        objects.register_all()
        self.conductor = conductor_rpcapi.ConductorAPI()

    def _start_agent(self, host, drivers='fake', **groups):
        groups.setdefault('agent', {}).update(enabled_drivers=drivers,
                                              hotplug=False)
        return self.start_service('cyborg-agent', host, **groups)

    def _hardware(self, host):
        def reported():
            # What the API and cyborg-manage read: the stored reports.
            try:
                stored = hardware_queries.get_all(self.context,
                                                  host=host)[0]
            except exception.HostNotFound:
                return None
            # The agent's hello records the host before its first report
            # stores the hardware: wait for the report.
            return stored if stored['hardware'] else None
        return services.wait_for(reported, timeout=60,
                                 message='no report from %s' % host)

    def test_discovery_and_hardware(self):
        cond, agent = self.host('cond'), self.host('agent')
        self.start_service('cyborg-conductor', cond)
        agent_process = self._start_agent(
            agent, drivers='fake,generic,nvmf_spdk_driver',
            fake_driver={'devices': 'fpga=1,qat=1'},
            pci={'device_spec': '{"vendor_id": "1af4"}'})
        stored = self._hardware(agent)
        by_type = {r['type']: r for r in stored['hardware']}
        self.assertEqual(agent + '_FakeDevice',
                         by_type['FPGA']['deployables'][0]['name'])
        self.assertEqual(4, len(by_type['QAT']['deployables']))
        # A driver name of OpenStack Cyborg's that this one lacks: skipped,
        # and said so.
        self.assertIn('Skipping accelerator driver nvmf_spdk_driver',
                      agent_process.log())

        # discovery through the conductor, one way: it answers at once,
        # the agent's report brings the outcome.  Nothing changed, so the
        # agent sent its hash only.  The report can be stored before the
        # agent's hello is answered (a hello sent before the conductor's
        # queue existed is retried a second later): wait for the
        # registration.
        def started():
            try:
                return self.conductor.discovery_start(self.context,
                                                      host=agent)
            except exception.AgentNotFound:
                return None
        asked = services.wait_for(started, timeout=60,
                                  message='%s never registered' % agent)
        self.assertEqual({agent: {'state': 'asked', 'error': None}},
                         asked['hosts'])

        def outcome():
            found = discovery_queries.get(self.context, [agent])[agent]
            return found if found['state'] != 'asked' else None
        found = services.wait_for(outcome, timeout=60,
                                  message='no outcome from %s' % agent)
        self.assertEqual((asked['id'], 'done', 'unchanged', []),
                         (found['id'], found['state'],
                          found['result']['report'],
                          found['result']['added']))
        self.assertEqual({'fake': 'READY', 'generic': 'READY'},
                         {d['name']: d['status']
                          for d in found['result']['drivers']})

        self.assertEqual(
            [('fake', 'READY'), ('generic', 'READY')],
            [(d['name'], d['status']) for d in
             driver_queries.get_all(self.context, host=agent)])
        self.assertRaises(exception.DriverNotEnabled,
                          self.conductor.discovery_start, self.context,
                          host=agent, driver='gpu')

        # An operator's view.
        output = self._manage('hardware', 'list', '--host', agent)
        self.assertIn(agent + '_FakeDevice', output)
        output = self._manage('discovery', 'run', '--host', agent)
        self.assertIn('| %s | fake    | READY  |' % agent, output)
        # What the agent's report said.
        self.assertRegex(output, r'\| (stored|unchanged) +\|')

        # With the agent gone, its last report is still there.
        agent_process.stop()
        # Down as the API and cyborg-manage judge it (service_down_time).
        def view():
            return liveness.hardware(self.context, host=agent)[0]
        services.wait_for(lambda: view()['agent_status'] == 'down',
                          timeout=60, message='agent never turned down')
        self.assertEqual(stored['hardware'], view()['hardware'])
        # Shown unreachable, not asked, once the conductor judges it down
        # too (by its own service_down_time).
        services.wait_for(
            lambda: self.conductor.discovery_start(
                self.context)['hosts'][agent]['state'] == 'unreachable',
            timeout=60, message='the conductor still asks the agent')

    def test_an_agent_spreads_its_start(self):
        # [agent] start_jitter (issue 42): cyborg-agent waits a random
        # part of it, then registers and reports as before.
        cond, agent = self.host('cond'), self.host('agent')
        self.start_service('cyborg-conductor', cond)
        agent_process = self._start_agent(agent, agent={'start_jitter': 2})
        self.assertEqual(
            agent + '_FakeDevice',
            self._hardware(agent)['hardware'][0]['deployables'][0]['name'])
        # The first hello may time out on a loaded machine (the report
        # still goes); the next one, a report_interval later, registers.
        services.wait_for(
            lambda: 'Registered with the conductor' in agent_process.log(),
            timeout=60, message='the agent never registered')
        log = agent_process.log()
        waited = log.index('cyborg-agent service on host %s starts in '
                           % agent)
        self.assertIn('(a random part of its start jitter, 2 s)',
                      log[waited:])
        self.assertLess(waited, log.index('Registered with the conductor'))

    def _manage(self, *args):
        conf = self.processes[0].conf_path
        result = subprocess.run(
            [sys.executable, '-m', 'cyborg.cmd.manage', '--config-file',
             conf] + list(args), capture_output=True, text=True,
            timeout=120, check=False)
        self.assertEqual(0, result.returncode, result.stderr)
        return result.stdout

    def test_bad_configuration_stops_the_agent_at_start(self):
        for drivers, groups, message in (
                ('fake,tpu', {}, 'Accelerator driver tpu is not available'),
                ('generic', {'pci': {'device_spec': '{"vendr_id": "1"}'}},
                 'unknown key(s) vendr_id')):
            process = self._start_agent(self.host('bad'), drivers=drivers,
                                        **groups)
            self.assertEqual(1, process.process.wait(timeout=60))
            self.assertIn(message, process.log())
            self.assertTrue(os.path.exists(process.log_path))
