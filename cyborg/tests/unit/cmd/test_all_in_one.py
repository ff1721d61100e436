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
"""Tests of cyborg-all-in-one's settings and output."""

import os
import re
import sys
import threading

import fixtures
from oslo_config import cfg
from oslo_log import log as logging
from oslotest import base

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg import service
from cyborg.agent import resource_tracker
from cyborg.cmd import all_in_one
from cyborg.drivers import fake
from cyborg.drivers import registry
from cyborg.tests.functional.fixtures import services as services_fixture


class AdjustTest(base.BaseTestCase):

    def setUp(self):
        super().setUp()
        self.tmp = self.useFixture(fixtures.TempDir()).path
        self.state = os.path.join(self.tmp, 'state')

    def conf(self, *args, config=None):
        conf = cfg.ConfigOpts()
        # The option groups are module-level objects that hold the
        # overrides of every ConfigOpts they are registered with: clear
        # them, or they leak into the next test.
        self.addCleanup(conf.reset)
        cyborg_conf.register_opts(conf)
        logging.register_options(conf)
        conf.register_cli_opts(all_in_one.cli_opts)
        argv = ['--state-dir', self.state] + list(args)
        if config:
            path = os.path.join(self.tmp, 'extra.conf')
            with open(path, 'w') as f:
                f.write(config)
            argv += ['--config-file', path]
        conf(argv, default_config_files=[])
        all_in_one.adjust(conf)
        return conf

    def test_defaults(self):
        conf = self.conf()
        self.assertTrue(os.path.isdir(self.state))
        self.assertEqual(self.state, conf.state_path)
        self.assertEqual('sqlite:///%s/cyborg.sqlite' % self.state,
                         conf.database.connection)
        self.assertEqual(os.path.join(self.state, 'cyborg.log'),
                         conf.log_file)
        self.assertEqual('noauth', conf.auth_strategy)
        self.assertEqual(['generic'], conf.agent.enabled_drivers)
        self.assertEqual('none', conf.placement.auth_type)
        self.assertEqual('http://127.0.0.1:6666/placement',
                         conf.placement.endpoint_override)
        self.assertTrue(conf.placement.create_compute_rp)
        self.assertEqual('http://127.0.0.1:6666/nova/v2.1',
                         conf.nova.endpoint_override)

    def test_port_and_simulate(self):
        conf = self.conf('--port', '7000', '--simulate', 'fpga=2, qat=1')
        self.assertEqual(7000, conf.api.port)
        self.assertEqual(['generic', 'fake'], conf.agent.enabled_drivers)
        self.assertEqual(['fpga=2', 'qat=1'], conf.fake_driver.devices)
        self.assertEqual('http://127.0.0.1:7000/placement',
                         conf.placement.endpoint_override)

    def test_simulate_nic_ssd_npu(self):
        conf = self.conf('--simulate', 'nic=1,ssd=2,npu=1')
        self.assertEqual(['nic=1', 'ssd=2', 'npu=1'],
                         conf.fake_driver.devices)

    def test_config_file_keeps_its_choices(self):
        conf = self.conf('--simulate', 'gpu=1', config=(
            '[DEFAULT]\nauth_strategy = keystone\n'
            '[agent]\nenabled_drivers = fake_driver,gpu\n'
            '[api]\nhost_ip = 0.0.0.0\n'))
        self.assertEqual('keystone', conf.auth_strategy)
        self.assertEqual(['fake_driver', 'gpu'], conf.agent.enabled_drivers)
        # This process reaches itself on loopback.
        self.assertEqual('http://127.0.0.1:6666/placement',
                         conf.placement.endpoint_override)

    def test_bad_simulate(self):
        for value in ('fpga', 'tpu=1', 'fpga=x', ','):
            self.assertRaises(exception.ConfigInvalid, self.conf,
                              '--simulate', value)

    def test_banner(self):
        conf = self.conf('--port', '7000', '--simulate', 'fpga=1')
        text = all_in_one.banner(conf, self._tracker(conf))
        for expected in ('http://127.0.0.1:7000/v2',
                         'http://127.0.0.1:7000/placement',
                         'http://127.0.0.1:7000/nova/v2.1',
                         os.path.join(self.state, 'nova-events.log'),
                         'fpga=1', 'Ctrl-C'):
            self.assertIn(expected, text)

    def _tracker(self, conf):
        drivers, aliases = registry.load(conf, 'aio-host')
        return resource_tracker.ResourceTracker('aio-host', drivers,
                                                aliases, None)

    def test_banner_shows_what_runs(self):
        conf = self.conf('--simulate', 'fpga=2')
        tracker = self._tracker(conf)
        text = all_in_one.banner(conf, tracker)
        self.assertIn('Drivers      fake, generic; simulated devices: '
                      'fpga=2\n', text)
        # update-driver, kept in the database, which the agent applies at
        # its start: the fake driver runs the operator's devices, whatever
        # --simulate says (the banner printed those).
        self.assertEqual({}, tracker.apply_installs(conf, [{
            'name': 'fake',
            'config': {'fake_driver': {'devices': ['qat=1', 'gpu=1']}}}]))
        text = all_in_one.banner(conf, tracker)
        self.assertIn('simulated devices: qat=1,gpu=1 (the fake driver\'s '
                      'configuration from install-driver or update-driver; '
                      '--simulate is not used)', text)
        self.assertNotIn('fpga=2', text)
        # uninstall-driver of the configuration file's generic driver.
        tracker.apply_installs(conf, [], removed=['generic'])
        text = all_in_one.banner(conf, tracker)
        self.assertIn('Drivers      fake; simulated devices: fpga=2\n',
                      text)

    def test_banner_commands_and_the_readme_in_either_order(self):
        conf = self.conf('--simulate', 'fpga=1')
        text = all_in_one.banner(conf, self._tracker(conf))
        bindir = os.path.dirname(sys.executable)
        # The clients of the virtual environment, by their paths.
        self.assertIn(os.path.join(bindir, 'openstack') +
                      ' --os-auth-type none', text)
        self.assertIn(os.path.join(bindir, 'cyborg') + ' service-list', text)
        self.assertNotRegex(text, r'(?m)^\s+openstack ')
        created = set(re.findall(r'"name": "([^"]+)"', text))
        self.assertEqual({all_in_one.BANNER_PROFILE}, created)
        root = os.path.join(os.path.dirname(__file__), '..', '..', '..',
                            '..')
        text = ''
        for name in ('README.rst', 'doc/source/install/'
                     'all-in-one-walkthrough.rst'):
            with open(os.path.join(root, name)) as f:
                text += f.read()
        in_readme = set(re.findall(r'"name": "([^"]+)"', text)) | set(
            re.findall(r'(?:profile create|device-profile-create) (\S+)',
                       text))
        self.assertLessEqual({'fpga1', 'fpga2', 'gpu1'}, in_readme)
        self.assertNotIn(all_in_one.BANNER_PROFILE, in_readme)


class SimulatedTypesDocumentedTest(base.BaseTestCase):
    """Every type of the fake driver is named wherever ``--simulate`` or
    ``CYBORG_FAKE_DEVICES`` is described (a new type was missing from the
    devstack page and the README).
    """

    ROOT = os.path.join(os.path.dirname(__file__), '..', '..', '..', '..')
    PLACES = ('README.rst', 'tools/run-cyborg.sh', 'devstack/settings',
              'doc/source/install/devstack.rst',
              'doc/source/install/all-in-one.rst',
              'doc/source/cli/cyborg-all-in-one.rst')

    def test_documented(self):
        missing = {}
        for place in self.PLACES:
            with open(os.path.join(self.ROOT, place)) as f:
                text = f.read()
            absent = [t for t in fake.TYPES
                      if not re.search(r'\b%s\b' % t, text)]
            if absent:
                missing[place] = absent
        self.assertEqual({}, missing)

    def test_help(self):
        [opt] = [o for o in all_in_one.cli_opts if o.name == 'simulate']
        for device_type in fake.TYPES:
            self.assertIn(device_type, opt.help)


class _Part:
    """A part of the process that records its stops in *events*."""

    def __init__(self, topic, events, release=None):
        self.topic = topic
        self.events = events
        self.release = release
        self.calls = None

    def stop_periodic_tasks(self):
        self.events.append(('periodic tasks', self.topic))

    def stop(self):
        if self.release is not None:
            self.release.wait(30)
        self.events.append(('stop', self.topic))


class StopTest(base.BaseTestCase):
    """Ctrl-C: every part's periodic tasks first, then the parts; a part
    that takes long says what it waits for.
    """

    def setUp(self):
        super().setUp()
        self.out = self.useFixture(fixtures.StringStream('stdout')).stream
        self.useFixture(fixtures.MonkeyPatch('sys.stdout', self.out))
        self.events = []
        conf = cfg.ConfigOpts()
        cyborg_conf.register_opts(conf)
        self.addCleanup(conf.reset)
        self.aio = all_in_one.AllInOne(conf)

    def _printed(self):
        self.out.seek(0)
        return self.out.read()

    def test_the_periodic_tasks_of_all_stop_first(self):
        self.aio.server = _Part('api', self.events)
        self.aio.services = [
            _Part(topic, self.events)
            for topic in ('cyborg-conductor', 'cyborg-agent')]
        self.aio.stop()
        self.assertEqual(
            [('periodic tasks', 'cyborg-conductor'),
             ('periodic tasks', 'cyborg-agent'),
             ('stop', 'api'), ('stop', 'cyborg-agent'),
             ('stop', 'cyborg-conductor')], self.events)
        self.assertEqual('', self._printed())

    def test_a_long_stop_says_what_it_waits_for(self):
        release = threading.Event()
        self.useFixture(fixtures.MonkeyPatch(
            'cyborg.cmd.all_in_one.SAID_AFTER', 0.01))
        agent = _Part('cyborg-agent', self.events, release)
        agent.calls = service.CallCounter()
        agent.calls.running = 2
        self.aio.services = [agent]
        stopping = threading.Thread(target=self.aio.stop)
        stopping.start()
        self.addCleanup(stopping.join, 30)
        self.addCleanup(release.set)
        services_fixture.wait_for(self._printed, timeout=30)
        self.assertEqual('  waiting for the agent: 2 RPC call(s), then the '
                         'report or discovery under way...\n',
                         self._printed())
        self.assertEqual([], self.events[1:])
        release.set()
        stopping.join(30)
        self.assertEqual(('stop', 'cyborg-agent'), self.events[-1])
