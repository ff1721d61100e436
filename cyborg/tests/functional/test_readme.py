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
"""README.rst and the all-in-one's walk-through run as written (see
cyborg/tests/functional/fixtures/readme.py): that the documents run so
and their steps agree, the README's quick start and tour of day 2, and
doc/source/install/all-in-one-walkthrough.rst (what Nova does, the
cyborg command), which need no backend.  The separate services' page
(doc/source/install/services-by-hand.rst) is test_readme_services.py's.
"""

import datetime
from http import server as http_server
import os
import re
import subprocess
import threading
import uuid

import fixtures
from oslotest import base
import pytest

from cyborg.tests.functional.fixtures import readme

pytestmark = pytest.mark.slow(1)

LATEST = {'OpenStack-API-Version': 'accelerator 2.4'}


class BlocksTestCase(base.BaseTestCase):
    """The documents and their steps agree (no process is run)."""

    def test_every_block_is_a_step_in_order(self):
        for document, steps in readme.DOCUMENTS.items():
            self.assertEqual(list(steps),
                             [step for step, _line, _text
                              in readme.read_blocks(document)], document)

    def test_every_output_follows_its_steps_commands(self):
        for document, steps in readme.DOCUMENTS.items():
            for step, _line, _text in readme.read_outputs(document):
                self.assertIn(step, steps, document)
        path = os.path.join(self.useFixture(fixtures.TempDir()).path,
                            'README.rst')
        with open(path, 'w') as f:
            f.write('.. readme-test: a\n\nRun::\n\n    true\n\n'
                    '.. readme-output: b\n\n::\n\n    out\n')
        self.assertRaises(ValueError, readme.read_outputs, path)

    def test_what_varies_between_runs_is_normalized(self):
        self.assertEqual(
            ['| UUID | TIME | N.N | 16 |', '+-+-+', 'reset (N.Ns) of 0000'],
            readme.normalized(
                '| 0b6f0f31-3b52-4a8e-9a43-5a0d5f3f1e2a | '
                '2026-11-28T18:55:14+00:00 |   0.0034 |  16 |\n\n'
                '+----+---+\nreset (12.5s) of 0000\n'))

    def test_a_block_without_a_marker_is_found(self):
        path = os.path.join(self.useFixture(fixtures.TempDir()).path,
                            'README.rst')
        with open(path, 'w') as f:
            f.write('Run::\n\n    true\n')
        self.assertRaises(ValueError, readme.read_blocks, path)
        with open(path, 'w') as f:
            f.write('.. readme-test: a\n\nRun::\n\n    true\n    false\n'
                    '\nDone.\n')
        self.assertEqual([('a', 5, 'true\nfalse')],
                         readme.read_blocks(path))

    def test_only_the_ports_step_names_a_port(self):
        # One setting moves them all: the walk-throughs run on other
        # ports, and a block naming the default would reach whatever
        # else listens there.
        for document in readme.DOCUMENTS:
            blocks = readme.read_blocks(document)
            ports = [text for step, _line, text in blocks
                     if step == readme.PORTS]
            self.assertEqual([readme.PORTS_LINE % (
                readme.API_PORT, readme.PLACEMENT_PORT, readme.NOVA_PORT)],
                ports)
            for step, line, text in blocks:
                for port in (readme.API_PORT, readme.PLACEMENT_PORT,
                             readme.NOVA_PORT):
                    if step != readme.PORTS:
                        self.assertNotIn(str(port), text, '%s, step %s '
                                         '(line %d)' % (document, step,
                                                        line))

    def test_the_services_names_come_from_their_line(self):
        # Two readers of one machine, each with names of their own in
        # that line, share no database, virtual host or user.
        shared = re.compile(r'rabbitmqctl|DATABASE|\bUSER\b|GRANT|'
                            r'rabbit://|mysql\+pymysql://')
        named = []
        for step, line, text in readme.read_blocks(readme.SERVICES_PAGE):
            for command in text.splitlines():
                if shared.search(command):
                    named.append(command)
                    self.assertRegex(command, r'\$(DB|MQ)_', step)
                    self.assertNotIn('guest', command, step)
        self.assertGreaterEqual(len(named), 8)

    def test_the_failures_expected_are_in_the_documents(self):
        blocks = {step: text for document in readme.DOCUMENTS
                  for step, _line, text in readme.read_blocks(document)}
        for step, failures in readme.EXPECTED_FAILURES.items():
            for command, _code in failures:
                self.assertIn(command, blocks[step])


class _AllInOneTestCase(readme.ReadmeTestCase):
    """A walk-through of the all-in-one process (no backend needed)."""

    def setUp(self):
        super().setUp()
        base_url = 'http://127.0.0.1:%d' % self.api_port
        self.api = base_url
        self.placement = base_url + '/placement'
        self.nova = base_url + '/nova/v2.1'
        self.host = self.shell.run('hostname').output.strip()

    def walk_and_stop(self):
        self.run_walkthrough()
        self.stop_all_in_one()
        self.assert_git_status_clean()

    def wait_sampled(self):
        """The GPU's telemetry has come."""
        def sampled():
            found = self.get(self.api + '/v2/devices', params={
                'type': 'GPU'})['devices']
            return found and self.session.get(
                self.api + '/v2/devices/%s/telemetry' % found[0]['uuid'],
                headers=LATEST, timeout=30).json().get('values')
        self.wait_for(sampled, "the GPU's telemetry never came")

    def assert_attached(self, vm):
        arqs = self.get(self.api + '/v2/accelerator_requests',
                        params={'instance': vm}, headers=LATEST)
        self.assertEqual([('Bound', 'attach')], [
            (arq['state'], arq['origin']) for arq in arqs['arqs']])


class TourTestCase(_AllInOneTestCase):
    """README.rst: the quick start and the tour of day 2."""

    STEPS = readme.TOUR

    def test_walkthrough(self):
        self.walk_and_stop()

    def before_tour_telemetry(self):
        self.wait_sampled()

    def check_tour_attach(self, result):
        self.assert_attached(self.shell.value('VM'))

    def check_tour_rollouts(self, result):
        def completed():
            found = self.get(self.api + '/v2/configuration_rollouts',
                             headers=LATEST)['configuration_rollouts']
            return [r['state'] for r in found] == ['completed']
        self.wait_for(completed, 'the rollout never completed')

    def gpu_cleanings(self):
        gpu = self.api + '/v2/devices/' + self.shell.value('GPU')
        device = self.get(gpu, headers=LATEST)
        return device['cleaning']['state'], [
            c['state'] for c in self.get(gpu + '/cleanings',
                                         headers=LATEST)['cleanings']]

    def before_tour_cleaned(self):
        # The detach's clean is done.
        self.wait_for(lambda: self.gpu_cleanings() == (None, ['clean']),
                      "the GPU's clean never ended")

    def check_tour_cleaned(self, result):
        self.wait_for(
            lambda: self.gpu_cleanings() == (None, ['clean', 'clean']),
            'the GPU never came back clean')

    def check_tour_health(self, result):
        device = self.get(self.api + '/v2/devices/' +
                          self.shell.value('FPGA'), headers=LATEST)
        self.assertEqual(('enabled', 'healthy'),
                         (device['status'], device['health']))


class WalkthroughTestCase(_AllInOneTestCase):
    """doc/source/install/all-in-one-walkthrough.rst: what Nova does, by
    hand, and the cyborg command.
    """

    DOCUMENT = readme.WALKTHROUGH_PAGE
    STEPS = readme.WALKTHROUGH

    def test_walkthrough(self):
        self.walk_and_stop()

    def before_trying_devices(self):
        # --simulate fpga=2,qat=1,gpu=1: the fake driver's providers.
        names = {self.host + suffix for suffix in (
            '_FakeDevice', '_FakeDevice_fpga1', '_FakeDevice_gpu0') +
            tuple('_FakeDevice_qat0_vf%d' % i for i in range(4))}

        def published():
            found = self.get(self.placement + '/resource_providers',
                             headers={'X-Auth-Token': 'admin'})
            return names <= {rp['name']
                             for rp in found['resource_providers']}
        self.wait_for(published, 'the simulated devices never reached '
                                 'Placement')

    def check_trying_devices(self, result):
        self.assertIn('"FPGA"', result.output)
        self.assertIn(self.host + '_FakeDevice', result.output)

    def check_trying_arq(self, result):
        arq = self.shell.value('ARQ')
        self.assertTrue(uuid.UUID(arq))
        self.assertEqual('Initial', self.arq_state(arq))

    def check_trying_bind(self, result):
        self.assertIn('202', result.output.splitlines())
        self.assertRegex(result.output, r'"state": *"Bound"')
        self.assertRegex(result.output, r'"attach_handle_type": *"TEST_PCI"')

    def before_trying_event(self):
        arq = self.shell.value('ARQ')
        self.wait_for(lambda: self.event_for(self.nova, arq),
                      'the stand-in for Nova never got the bound event')

    def check_trying_event(self, result):
        self.assertIn('accelerator-request-bound', result.output)
        self.assertIn(self.shell.value('ARQ'), result.output)
        with open(os.path.join(self.workdir, '.state',
                               'nova-events.log')) as f:
            self.assertIn(self.shell.value('ARQ'), f.read())

    def check_trying_openstack(self, result):
        self.assertIn(self.shell.value('ARQ'), result.output)
        self.assertIn('Bound', result.output)
        self.assertIn(self.host + '_FakeDevice', result.output)

    def check_trying_delete(self, result):
        self.assertEqual(['202', '204', '204'], [
            line for line in result.output.splitlines()
            if line in ('202', '204')])
        self.assertEqual(404, self.session.get(
            self.api + '/v2/accelerator_requests/' + self.shell.value('ARQ'),
            timeout=30).status_code)

    def check_cli_list(self, result):
        for word in ('cyborg-conductor', 'cyborg-agent', 'generic',
                     'FPGA', 'QAT'):
            self.assertIn(word, result.output)

    def check_cli_server(self, result):
        self.assertRegex(result.output, r'"accel:device_profile": *"fpga2"')
        self.assertRegex(result.output, r'"status": *"ACTIVE"')

    def check_cli_attach(self, result):
        vm = self.shell.value('VM')
        self.assert_attached(vm)
        self.assertIn(vm, result.output)

    def check_cli_detach(self, result):
        vm = self.shell.value('VM')
        self.assertEqual([], self.get(
            self.api + '/v2/accelerator_requests',
            params={'instance': vm})['arqs'])
        self.assertEqual('ACTIVE', self.get(
            self.nova + '/servers/' + vm)['server']['status'])

    def before_all_in_one_again(self):
        self.stop_all_in_one()

    def before_cli_drivers(self):
        # The agent of this start has registered (the API answers first).
        def agent_started():
            found = self.get(self.api + '/v2/services', params={
                'binary': 'cyborg-agent'},
                headers={'OpenStack-API-Version': 'accelerator 2.4'})
            return [s for s in found['services']
                    if s['status'] == 'up' and s['started_at'] and
                    datetime.datetime.fromisoformat(
                        s['started_at']).replace(tzinfo=None) >=
                    self.aio_started]
        self.wait_for(agent_started, 'the restarted agent never came up')

    def check_cli_drivers(self, result):
        self.assertIn(self.shell.value('VM'), result.output)
        drivers = self.get(self.api + '/v2/drivers', params={
            'host': self.host},
            headers={'OpenStack-API-Version': 'accelerator 2.4'})
        self.assertEqual(['fake'], sorted(
            d['name'] for d in drivers['drivers']))


class _OtherServer(fixtures.Fixture):
    """Another service holding a port: an HTTP server that records the
    requests it gets.
    """

    def _setUp(self):
        self.requests = []
        recorded = self.requests

        class Handler(http_server.BaseHTTPRequestHandler):
            def do_GET(self):
                recorded.append(self.path)
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http_server.HTTPServer(('127.0.0.1', 0), Handler)
        self.port = self.server.server_address[1]
        thread = threading.Thread(target=self.server.serve_forever,
                                  kwargs={'poll_interval': 0.05},
                                  daemon=True)
        thread.start()
        self.addCleanup(self.server.server_close)
        self.addCleanup(self.server.shutdown)


class TakenPortTestCase(readme.ReadmeTestCase):
    """A port of the export line that another service holds is said in
    the terminal, and what follows does not reach that service.
    """

    DOCUMENT = readme.SERVICES_PAGE

    def setUp(self):
        super().setUp()
        self.other = self.useFixture(_OtherServer())

    def _substitutions(self):
        # The checks that wait for a service on the taken port fail for
        # wait_for's whole deadline: 3 s, not a minute.
        return super()._substitutions() + [
            (readme.WAIT_FOR_LINE % readme.WAIT_FOR_SECONDS,
             readme.WAIT_FOR_LINE % 3)]

    def test_the_quick_start_stops_before_installing(self):
        venv = os.path.join(self.tmp, 'venv')
        result = subprocess.run(
            [os.path.join(readme.ROOT, readme.AIO_SCRIPT), '--simulate',
             'fpga=1', '--port', str(self.other.port)],
            env=dict(os.environ, CYBORG_VENV=venv), capture_output=True,
            text=True, timeout=60)
        self.assertEqual(1, result.returncode, result.stderr)
        self.assertIn('port %d is taken' % self.other.port, result.stderr)
        self.assertFalse(os.path.exists(venv))

    def test_a_taken_placement_port_stops_the_next_commands(self):
        self.placement_port = self.other.port
        blocks = {step: text for step, _line, text
                  in readme.read_blocks(self.DOCUMENT)}
        substitutions = self._substitutions()
        with open(self.DOCUMENT) as f:
            text = f.read()
        self.assertEqual([], [old for old, _new in substitutions
                              if old not in text])
        self.shell.run('mkdir -p .services')
        failures = {}
        for step in (readme.PORTS, 'services-nova', 'placement-start',
                     'placement-providers'):
            text = blocks[step]
            for old, new in substitutions:
                text = text.replace(old, new)
            result = self.run_block(step, text)
            failures[step] = [command.split()[0]
                              for _status, command in result.failures]
            if step == 'placement-start':
                self.assertIn('Placement could not listen on port %d: '
                              'see' % self.other.port, result.output)
        # up's return 1 (bash reports the command that failed).
        self.assertEqual({readme.PORTS: [], 'services-nova': [],
                          'placement-start': ['return']},
                         {k: v for k, v in failures.items()
                          if k != 'placement-providers'})
        # Every command that would have reached Placement failed.
        self.assertIn('.venv/bin/openstack', failures['placement-providers'])
        self.assertEqual([], self.other.requests)
