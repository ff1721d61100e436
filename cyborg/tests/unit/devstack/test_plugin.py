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
"""Tests of the devstack plugin, run by fake_devstack.sh.

The harness sources devstack/settings and devstack/plugin.sh the way
stack.sh, unstack.sh and clean.sh do, with devstack's functions replaced
by recorders.  These tests read the record: the configuration the plugin
writes (its ``iniset`` calls replayed into ini files, then loaded with
Cyborg's options), the Keystone objects it creates, the database steps and
the processes it starts and stops.  No devstack runs here.
"""

import collections
import configparser
import importlib
from importlib import metadata
import os
import shutil
import subprocess
import sys
from unittest import mock

import fixtures
from keystoneauth1 import loading as ks_loading
from oslo_config import cfg
from oslotest import base
import yaml

from cyborg import conf as cyborg_conf
from cyborg.conf import opts
from cyborg.wsgi import api as wsgi_api

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, '..', '..', '..', '..'))
HARNESS = os.path.join(HERE, 'fake_devstack.sh')
GATE_SCRIPT = os.path.join(REPO, 'tools', 'devstack-gate.sh')
GENERATOR_CONF = os.path.join(REPO, 'tools', 'config',
                              'cyborg-config-generator.conf')
PLUGIN_FILES = ('devstack/plugin.sh', 'devstack/settings',
                'devstack/lib/cyborg')
SEP = '\x1f'

ALL_PHASES = ('stack:pre-install', 'stack:install', 'stack:post-config',
              'stack:extra', 'stack:test-config', 'unstack', 'clean')
ALL_IN_ONE = ('key,mysql,rabbit,placement-api,n-api,n-cond,n-sch,n-cpu,'
              'tempest')

# The paths and values of the harness's devstack variables.
CONF_FILE = '/etc/cyborg/cyborg.conf'
UWSGI_FILE = '/etc/cyborg/cyborg-api-uwsgi.ini'
STATE_PATH = '/opt/stack/data/cyborg'
SUDOERS = '/etc/sudoers.d/cyborg-privsep'
NOVA_CONF = '/etc/nova/nova.conf'
NOVA_CPU_CONF = '/etc/nova/nova-cpu.conf'
TEMPEST_CONF = '/opt/stack/tempest/etc/tempest.conf'
API_URL = 'http://192.0.2.10/accelerator'
# devstack's URL asks for charset=utf8 (utf8mb3); the plugin asks for
# utf8mb4.
DB_URL = 'mysql+pymysql://root:secretdb@127.0.0.1/cyborg?charset=utf8mb4'


def _service_auth(user):
    return {'auth_type': 'password',
            'auth_url': 'http://192.0.2.10/identity',
            'username': user,
            'password': 'secretservice',
            'user_domain_name': 'Default',
            'project_name': 'service',
            'project_domain_name': 'Default'}


class Record:
    """What one run of the harness did, call by call."""

    def __init__(self, out_dir, text):
        self.bin_dir = os.path.join(out_dir, 'bin')
        self.calls = [tuple(line.split(SEP)) for line in text.splitlines()]

    def args(self, name, phase=None):
        """The arguments of every call of *name* (in *phase* only)."""
        calls = self.phase(phase) if phase else self.calls
        return [call[1:] for call in calls if call[0] == name]

    def phase(self, phase):
        """The calls made while plugin.sh ran for *phase*."""
        start = self.calls.index(('PHASE', phase)) + 1
        calls = []
        for call in self.calls[start:]:
            if call[0] == 'PHASE':
                break
            calls.append(call)
        return calls

    def position(self, name):
        """Where the first call of *name* is in the record."""
        return [call[0] for call in self.calls].index(name)

    def ini(self, path):
        """The file *path* as the plugin's iniset calls leave it.

        :returns: {section: {option: value}}
        """
        sections = collections.defaultdict(dict)
        for name, *args in self.calls:
            if name == 'rm' and path in args:
                sections.clear()
            if name not in ('iniset', 'inicomment'):
                continue
            if args[0] == '-sudo':
                args = args[1:]
            if args[0] != path:
                continue
            if name == 'iniset':
                value = args[3] if len(args) > 3 else ''
                sections[args[1]][args[2]] = value
            else:
                sections[args[1]].pop(args[2], None)
        return {section: options for section, options in sections.items()
                if options}


class PluginTestCase(base.BaseTestCase):

    def run_plugin(self, *phases, status=0, **env):
        """Run the harness through *phases* (all of them by default).

        :param status: the exit status the harness must end with.
        :param env: devstack or plugin variables (ENABLED_SERVICES is the
            all-in-one list unless given) and FAKE_* switches.
        :returns: the Record of the run.
        """
        out_dir = self.useFixture(fixtures.TempDir()).path
        environ = {'PATH': os.environ['PATH'],
                   'HOME': out_dir,
                   'HOSTNAME': 'devstack-1',
                   'ENABLED_SERVICES': ALL_IN_ONE}
        environ.update(env)
        result = subprocess.run(
            ['bash', HARNESS, out_dir] + list(phases or ALL_PHASES),
            env=environ, capture_output=True, text=True, timeout=60,
            check=False)
        self.assertEqual(status, result.returncode,
                         result.stdout + result.stderr)
        with open(os.path.join(out_dir, 'calls.log')) as log:
            record = Record(out_dir, log.read())
        self.assertEqual([], record.args('UNDEFINED'),
                         'the plugin calls commands devstack lacks')
        return record

    def load_conf(self, *files):
        """Cyborg's options loaded from ini files, given as the sections
        each holds, in the order of their --config-file options.
        """
        args = []
        tmp = self.useFixture(fixtures.TempDir()).path
        for i, sections in enumerate(files):
            parser = configparser.ConfigParser(interpolation=None)
            parser.optionxform = str
            parser.read_dict(sections)
            path = os.path.join(tmp, '%d.conf' % i)
            with open(path, 'w') as out:
                parser.write(out)
            args += ['--config-file', path]
        conf = cfg.ConfigOpts()
        # Groups of our own: ConfigOpts copies a registered OptGroup
        # shallowly, so loading the auth plugin's options into Cyborg's
        # module-level groups would add them to the global CONF's too.
        for group, _ in opts.list_opts():
            name = getattr(group, 'name', group)
            if name != 'DEFAULT':
                conf.register_group(cfg.OptGroup(name))
        cyborg_conf.register_opts(conf)
        conf(args, project='cyborg', default_config_files=[])
        return conf


class StackTestCase(PluginTestCase):
    """An all-in-one node: every phase of stack, unstack and clean."""

    def setUp(self):
        super().setUp()
        self.record = self.run_plugin()

    def test_enables_and_installs_cyborg(self):
        self.assertEqual([('cyborg-api', 'cyborg-cond', 'cyborg-agent')],
                         self.record.args('enable_service'))
        self.assertEqual([('Installing Cyborg',)], self.record.args(
            'echo_summary', phase='stack:install'))
        self.assertEqual([(REPO,)], self.record.args('setup_develop'))
        self.assertEqual([('python-cyborgclient',)],
                         self.record.args('pip_install_gr'))
        self.assertEqual([], self.record.phase('stack:pre-install'))

    def test_cyborg_conf(self):
        helper = 'sudo %s/privsep-helper --config-file %s' % (
            self.record.bin_dir, CONF_FILE)
        self.assertEqual({
            'DEFAULT': {'debug': 'True',
                        'host': 'devstack-1',
                        'state_path': STATE_PATH,
                        'auth_strategy': 'keystone'},
            'database': {'connection': DB_URL},
            'api': {'public_endpoint': API_URL},
            'oslo_policy': {'enforce_new_defaults': 'False'},
            'placement': dict(_service_auth('cyborg'),
                              region_name='RegionOne'),
            'nova': dict(_service_auth('cyborg'), region_name='RegionOne'),
            'glance': dict(_service_auth('cyborg'),
                           region_name='RegionOne'),
            'agent': {'enabled_drivers': 'fake', 'start_jitter': '0'},
            'cyborg_sysfs': {'helper_command': helper},
            'cyborg_sys_admin': {'helper_command': helper},
            'cyborg_kernel_log': {'helper_command': helper},
        }, self.record.ini(CONF_FILE))
        self.assertEqual([('cyborg',)],
                         self.record.args('database_connection_url'))
        self.assertEqual([('cyborg', CONF_FILE)],
                         self.record.args('iniset_rpc_backend'))
        self.assertEqual(
            [(CONF_FILE, 'cyborg')],
            self.record.args('configure_keystone_authtoken_middleware'))
        self.assertEqual([(CONF_FILE,)], self.record.args('setup_logging'))
        # The agent runs as the stack user; sudo starts its privsep
        # daemons (and nothing else).
        self.assertEqual(
            [('install', '-d', '-o', 'stack', '/etc/cyborg', STATE_PATH),
             ('install', '-m', '0440', '-o', 'root', '-g', 'root',
              mock.ANY, SUDOERS)],
            self.record.args('sudo', phase='stack:post-config'))
        # The rule, written to a temporary file (the harness's rm only
        # records its removal).
        rule_file = self.record.args('sudo', phase='stack:post-config')[1][7]
        with open(rule_file) as f:
            self.assertEqual(
                'stack ALL=(root) NOPASSWD: %s/privsep-helper *\n'
                % self.record.bin_dir, f.read())
        self.assertEqual(
            [('cyborg-agent', '%s/cyborg-agent --config-file %s' % (
                self.record.bin_dir, CONF_FILE))],
            [a for a in self.record.args('run_process')
             if a[0] == 'cyborg-agent'])

    def test_cyborg_conf_holds_only_known_options(self):
        # Every option written is one that Cyborg or a library it
        # configures (the namespaces of the sample file) registers.
        known = collections.defaultdict(set)
        with open(GENERATOR_CONF) as generator_conf:
            namespaces = [line.split('=', 1)[1].strip()
                          for line in generator_conf
                          if line.startswith('namespace')]
        entry_points = metadata.entry_points(group='oslo.config.opts')
        for namespace in namespaces:
            (entry_point,) = entry_points.select(name=namespace)
            for group, group_opts in entry_point.load()():
                name = getattr(group, 'name', group) or 'DEFAULT'
                known[name].update(opt.dest for opt in group_opts)
        written = self.record.ini(CONF_FILE)
        for section, options in written.items():
            for option in options:
                self.assertIn(option, known[section],
                              '[%s] %s' % (section, option))

    def test_cyborg_conf_loads(self):
        conf = self.load_conf(self.record.ini(CONF_FILE))
        self.assertEqual('devstack-1', conf.host)
        self.assertEqual('keystone', conf.auth_strategy)
        self.assertEqual(STATE_PATH, conf.state_path)
        self.assertEqual(DB_URL, conf.database.connection)
        self.assertEqual(API_URL, conf.api.public_endpoint)
        self.assertEqual(['fake'], conf.agent.enabled_drivers)
        self.assertEqual(['fpga=1'], conf.fake_driver.devices)
        for group, service_type in (('placement', 'placement'),
                                    ('nova', 'compute'),
                                    ('glance', 'image')):
            auth = ks_loading.load_auth_from_conf_options(conf, group)
            self.assertEqual('http://192.0.2.10/identity', auth.auth_url)
            self.assertEqual('cyborg', conf[group].username)
            self.assertEqual('service', conf[group].project_name)
            self.assertEqual('RegionOne', conf[group].region_name)
            self.assertEqual(service_type, conf[group].service_type)

    def test_api_under_uwsgi(self):
        self.assertEqual(
            [(UWSGI_FILE, 'cyborg.wsgi.api:application', '/accelerator',
              '', 'cyborg-api')],
            self.record.args('write_uwsgi_config'))
        self.assertEqual(
            {'uwsgi': {'env': 'OS_CYBORG_CONFIG_FILES=' + CONF_FILE}},
            self.record.ini(UWSGI_FILE))
        # The module path and the variable do what the plugin means.
        module, attr = 'cyborg.wsgi.api:application'.split(':')
        self.assertTrue(callable(getattr(importlib.import_module(module),
                                         attr)))
        self.useFixture(fixtures.EnvironmentVariable(
            'OS_CYBORG_CONFIG_FILES', CONF_FILE))
        self.assertEqual([CONF_FILE], wsgi_api._config_files())

    def test_keystone_user_service_and_endpoint(self):
        self.assertEqual([('cyborg', 'admin')],
                         self.record.args('create_service_user'))
        self.assertEqual(
            [('service', 'cyborg', 'service', 'Default', 'Default'),
             ('service', 'nova', 'service', 'Default', 'Default')],
            self.record.args('get_or_add_user_project_role'))
        self.assertEqual(
            [('cyborg', 'accelerator',
              'Cyborg Accelerator Management Service')],
            self.record.args('get_or_create_service'))
        self.assertEqual(
            [('accelerator', 'RegionOne', API_URL + '/v2')],
            self.record.args('get_or_create_endpoint'))

    def test_database_created_before_the_services_start(self):
        self.assertEqual([('cyborg',)],
                         self.record.args('recreate_database'))
        self.assertEqual([('--config-file', CONF_FILE, 'upgrade')],
                         self.record.args('cyborg-dbsync'))
        self.assertLess(self.record.position('recreate_database'),
                        self.record.position('cyborg-dbsync'))
        self.assertLess(self.record.position('cyborg-dbsync'),
                        self.record.position('run_process'))

    def test_services_started(self):
        bin_dir = self.record.bin_dir
        self.assertEqual(
            [('cyborg-api', '/usr/local/bin/uwsgi --procname-prefix '
              'cyborg-api --ini ' + UWSGI_FILE),
             ('cyborg-cond', '%s/cyborg-conductor --config-file %s' % (
                 bin_dir, CONF_FILE)),
             ('cyborg-agent', '%s/cyborg-agent --config-file %s' % (
                 bin_dir, CONF_FILE))],
            self.record.args('run_process', phase='stack:extra'))
        self.assertEqual([('60', API_URL)],
                         self.record.args('wait_for_service'))
        # The programs run are console scripts Cyborg installs.
        scripts = {entry_point.name for entry_point in
                   metadata.distribution('openstack-cyborg').entry_points
                   if entry_point.group == 'console_scripts'}
        self.assertLessEqual(
            {'cyborg-conductor', 'cyborg-agent', 'cyborg-dbsync'}, scripts)

    def test_nova_configured_for_cyborg(self):
        expected = {
            'service_user': dict(_service_auth('nova'),
                                 send_service_user_token='True'),
            'cyborg': {'region_name': 'RegionOne'},
        }
        self.assertEqual(expected, self.record.ini(NOVA_CONF))
        self.assertEqual(expected, self.record.ini(NOVA_CPU_CONF))

    def test_tempest_configured(self):
        self.assertEqual(
            {'service_available': {'cyborg': 'True'},
             'cyborg_policy': {'enforce_new_defaults': 'False'}},
            self.record.ini(TEMPEST_CONF))
        self.assertEqual(
            [], [call for call in self.record.phase('stack:test-config')
                 if call[0] == 'iniset' and call[1] != TEMPEST_CONF])

    def test_unstack_stops_the_services(self):
        self.assertEqual(
            [('stop_process', 'cyborg-api'),
             ('stop_process', 'cyborg-cond'),
             ('stop_process', 'cyborg-agent')],
            self.record.phase('unstack'))

    def test_clean_removes_the_files(self):
        self.assertEqual(
            [('remove_uwsgi_config', UWSGI_FILE, 'cyborg-api'),
             ('sudo', 'rm', '-rf', '/etc/cyborg', STATE_PATH),
             ('sudo', 'rm', '-f', SUDOERS)],
            self.record.phase('clean'))


class SettingsTestCase(PluginTestCase):
    """The plugin's variables and other kinds of nodes."""

    def test_drivers_fake_devices_and_names(self):
        record = self.run_plugin(
            'stack:post-config',
            CYBORG_ENABLED_DRIVERS='fake,generic',
            CYBORG_FAKE_DEVICES='fpga=2,gpu=1',
            CYBORG_HOST='node-7',
            CYBORG_RESOURCE_PROVIDER_NAME='node-7.example.org')
        written = record.ini(CONF_FILE)
        self.assertEqual(
            {'enabled_drivers': 'fake,generic', 'start_jitter': '0',
             'resource_provider_name': 'node-7.example.org'},
            written['agent'])
        self.assertEqual({'devices': 'fpga=2,gpu=1'},
                         written['fake_driver'])
        conf = self.load_conf(written)
        self.assertEqual(['fake', 'generic'], conf.agent.enabled_drivers)
        self.assertEqual(['fpga=2', 'gpu=1'], conf.fake_driver.devices)
        self.assertEqual('node-7', conf.host)
        self.assertEqual('node-7.example.org',
                         conf.agent.resource_provider_name)

    def test_agent_only_compute_node(self):
        record = self.run_plugin(ENABLED_SERVICES='n-cpu',
                                 CYBORG_SERVICES='cyborg-agent')
        self.assertEqual(
            [('cyborg-agent', '%s/cyborg-agent --config-file %s' % (
                record.bin_dir, CONF_FILE))],
            record.args('run_process'))
        for name in ('recreate_database', 'cyborg-dbsync',
                     'create_service_user', 'get_or_create_endpoint',
                     'write_uwsgi_config', 'wait_for_service'):
            self.assertEqual([], record.args(name), name)
        self.assertEqual({'enabled_drivers': 'fake', 'start_jitter': '0'},
                         record.ini(CONF_FILE)['agent'])
        self.assertEqual('True', record.ini(NOVA_CPU_CONF)['service_user'][
            'send_service_user_token'])
        self.assertEqual({}, record.ini(TEMPEST_CONF))

    def test_nova_credentials_written_by_devstack_are_kept(self):
        record = self.run_plugin(
            'stack:post-config',
            ENABLED_SERVICES='key,n-api',
            FAKE_INI=NOVA_CONF + '|service_user|username=nova')
        self.assertEqual(
            {'service_user': {'send_service_user_token': 'True'},
             'cyborg': {'region_name': 'RegionOne'}},
            record.ini(NOVA_CONF))
        self.assertEqual({}, record.ini(NOVA_CPU_CONF))

    def test_nova_left_alone(self):
        record = self.run_plugin('stack:post-config',
                                 CYBORG_CONFIGURE_NOVA='False')
        self.assertEqual({}, record.ini(NOVA_CONF))
        self.assertEqual({}, record.ini(NOVA_CPU_CONF))

    def test_cloud_without_nova(self):
        record = self.run_plugin('stack:post-config',
                                 ENABLED_SERVICES='key,placement-api')
        self.assertEqual({}, record.ini(NOVA_CONF))
        self.assertEqual({}, record.ini(NOVA_CPU_CONF))
        self.assertEqual(
            [('service', 'cyborg', 'service', 'Default', 'Default')],
            record.args('get_or_add_user_project_role'))

    def test_new_policy_defaults(self):
        for env in ({'ENFORCE_SCOPE': 'True'},
                    {'CYBORG_ENFORCE_NEW_DEFAULTS': 'yes'}):
            record = self.run_plugin('stack:post-config',
                                     'stack:test-config', **env)
            self.assertEqual({'enforce_new_defaults': 'True'},
                             record.ini(CONF_FILE)['oslo_policy'], env)
            self.assertEqual({'enforce_new_defaults': 'True'},
                             record.ini(TEMPEST_CONF)['cyborg_policy'], env)

    def test_tls_proxy(self):
        record = self.run_plugin(
            'stack:post-config', ENABLED_SERVICES=ALL_IN_ONE + ',tls-proxy')
        written = record.ini(CONF_FILE)
        https_url = 'https://192.0.2.10/accelerator'
        self.assertEqual(https_url, written['api']['public_endpoint'])
        self.assertEqual('/opt/stack/data/ca-bundle.pem',
                         written['placement']['cafile'])
        for group in ('nova', 'glance'):
            self.assertEqual('/opt/stack/data/ca-bundle.pem',
                             written[group]['cafile'])
        self.assertEqual([('accelerator', 'RegionOne', https_url + '/v2')],
                         record.args('get_or_create_endpoint'))

    def test_failed_schema_upgrade_stops_stack(self):
        record = self.run_plugin('stack:post-config', 'stack:extra',
                                 status=1, FAKE_DBSYNC_RC='1')
        self.assertEqual('cyborg-dbsync upgrade failed',
                         record.args('die')[0][-1])
        self.assertEqual([], record.args('run_process'))

    def test_api_that_does_not_start_stops_stack(self):
        record = self.run_plugin('stack:post-config', 'stack:extra',
                                 status=1, FAKE_WAIT_RC='1')
        self.assertEqual('cyborg-api did not start',
                         record.args('die')[0][-1])
        self.assertEqual(['cyborg-api'],
                         [args[0] for args in record.args('run_process')])


class FakeComputeTestCase(PluginTestCase):
    """Nova's fake virt driver: one agent per fake nova-compute.

    lib/nova runs NUMBER_FAKE_NOVA_COMPUTE nova-compute services, n-cpu-1
    to n-cpu-N, with [DEFAULT] host ${HOSTNAME}1 to ${HOSTNAME}N; the fake
    driver names its one node after that host, and Placement the compute
    node after the node.
    """

    def agent_conf(self, i):
        return '/etc/cyborg/cyborg-agent-%d.conf' % i

    def test_one_agent_per_fake_compute(self):
        record = self.run_plugin(VIRT_DRIVER='fake',
                                 NUMBER_FAKE_NOVA_COMPUTE='3')
        agents = ('cyborg-agent-1', 'cyborg-agent-2', 'cyborg-agent-3')
        self.assertEqual([('cyborg-api', 'cyborg-cond', 'cyborg-agent'),
                          agents], record.args('enable_service'))
        bin_dir = record.bin_dir
        self.assertEqual(
            [('cyborg-api', mock.ANY),
             ('cyborg-cond', mock.ANY)] +
            [(agent, '%s/cyborg-agent --config-file %s --config-file %s' % (
                bin_dir, CONF_FILE, self.agent_conf(i)))
             for i, agent in enumerate(agents, 1)],
            record.args('run_process', phase='stack:extra'))
        self.assertEqual(
            [('install', '-d', '-o', 'stack', '/etc/cyborg', STATE_PATH,
              STATE_PATH + '/devstack-11', STATE_PATH + '/devstack-12',
              STATE_PATH + '/devstack-13'),
             ('install', '-m', '0440', '-o', 'root', '-g', 'root',
              mock.ANY, SUDOERS)],
            record.args('sudo', phase='stack:post-config'))
        base = record.ini(CONF_FILE)
        for i in (1, 2, 3):
            host = 'devstack-1%d' % i
            written = record.ini(self.agent_conf(i))
            self.assertEqual(
                {'DEFAULT': {'host': host,
                             'state_path': STATE_PATH + '/' + host},
                 'agent': {'resource_provider_name': host}}, written)
            # The agent reads cyborg.conf, then its own file.
            conf = self.load_conf(base, written)
            self.assertEqual(host, conf.host)
            self.assertEqual(host, conf.agent.resource_provider_name)
            self.assertEqual(['fake'], conf.agent.enabled_drivers)
            self.assertEqual(DB_URL, conf.database.connection)
        # cyborg-api and cyborg-conductor keep the node's name.
        self.assertEqual('devstack-1', base['DEFAULT']['host'])
        self.assertEqual(
            [('stop_process', 'cyborg-api'),
             ('stop_process', 'cyborg-cond')] +
            [('stop_process', agent) for agent in agents],
            record.phase('unstack'))
        # clean removes /etc/cyborg and the state path with the agents'.
        self.assertIn(('sudo', 'rm', '-rf', '/etc/cyborg', STATE_PATH),
                      record.phase('clean'))

    def test_one_fake_compute_by_default(self):
        # stackrc's NUMBER_FAKE_NOVA_COMPUTE is 1.
        record = self.run_plugin('stack:post-config', 'stack:extra',
                                 VIRT_DRIVER='fake')
        self.assertEqual(
            ['cyborg-api', 'cyborg-cond', 'cyborg-agent-1'],
            [args[0] for args in record.args('run_process')])
        self.assertEqual(
            {'DEFAULT': {'host': 'devstack-11',
                         'state_path': STATE_PATH + '/devstack-11'},
             'agent': {'resource_provider_name': 'devstack-11'}},
            record.ini(self.agent_conf(1)))

    def test_node_without_fake_compute_runs_one_agent(self):
        # A controller of a fake-driver cloud whose computes are
        # elsewhere: its agent is the node's.
        record = self.run_plugin(
            VIRT_DRIVER='fake', NUMBER_FAKE_NOVA_COMPUTE='2',
            ENABLED_SERVICES='key,mysql,rabbit,placement-api,n-api')
        self.assertEqual(
            [('cyborg-agent', '%s/cyborg-agent --config-file %s' % (
                record.bin_dir, CONF_FILE))],
            record.args('run_process')[2:])
        self.assertEqual({}, record.ini(self.agent_conf(1)))

    def test_agent_only_fake_compute_node(self):
        record = self.run_plugin(
            'stack:post-config', 'stack:extra',
            VIRT_DRIVER='fake', NUMBER_FAKE_NOVA_COMPUTE='2',
            HOSTNAME='compute-7', ENABLED_SERVICES='n-cpu',
            CYBORG_SERVICES='cyborg-agent')
        self.assertEqual(
            ['cyborg-agent-1', 'cyborg-agent-2'],
            [args[0] for args in record.args('run_process')])
        self.assertEqual(
            'compute-72',
            record.ini(self.agent_conf(2))['agent']['resource_provider_name'])


class GateJobTestCase(base.BaseTestCase):
    """The doc's all-in-one local.conf, the gate job of .zuul.yaml and
    tools/devstack-gate.sh (the job by hand) describe one cloud.
    """

    def doc_local_conf(self):
        """The lines of the doc's all-in-one local.conf, less comments."""
        with open(os.path.join(REPO, 'doc', 'source', 'install',
                               'devstack.rst')) as doc:
            text = doc.read()
        section = text.split('An all-in-one cloud\n')[1]
        block = section.split('.. code-block:: ini\n\n')[1]
        lines = []
        for line in block.splitlines():
            if line and not line.startswith('   '):
                break
            line = line.strip()
            if line and not line.startswith('#'):
                lines.append(line)
        return lines

    def script_local_conf(self):
        env = {'PATH': os.environ['PATH'], 'GIT_BASE': 'file:///git',
               'CYBORG_REPO': 'file:///src/cyborg', 'CYBORG_BRANCH': 'main',
               'DEST': '/opt/stack'}
        result = subprocess.run(['bash', GATE_SCRIPT, 'local.conf'],
                                env=env, capture_output=True, text=True,
                                timeout=60, check=True)
        return [line for line in result.stdout.splitlines() if line]

    def test_script_writes_the_docs_local_conf(self):
        doc = [line.replace('CYBORG_GIT_URL', 'file:///src/cyborg')
               for line in self.doc_local_conf()]
        self.assertIn('VIRT_DRIVER=fake', doc)
        # The doc's lines, then what Zuul adds.
        self.assertEqual(
            doc + ['GIT_BASE=file:///git',
                   'TEMPEST_PLUGINS=/opt/stack/cyborg-tempest-plugin',
                   'LOGFILE=/opt/stack/logs/stack.sh.log'],
            self.script_local_conf())

    def test_zuul_job_is_the_same_cloud(self):
        with open(os.path.join(REPO, '.zuul.yaml')) as f:
            config = yaml.safe_load(f)
        (job,) = [item['job'] for item in config
                  if item.get('job', {}).get('name') == 'cyborg-tempest']
        self.assertEqual('devstack-tempest', job['parent'])
        self.assertIn('openstack/cyborg-tempest-plugin',
                      job['required-projects'])
        job_vars = job['vars']
        self.assertEqual({'VIRT_DRIVER': 'fake'}, job_vars['devstack_localrc'])
        self.assertEqual(['cyborg'], list(job_vars['devstack_plugins']))
        self.assertEqual(['cyborg-tempest-plugin'],
                         job_vars['tempest_plugins'])
        self.assertEqual(('all', 'cyborg_tempest_plugin'),
                         (job_vars['tox_envlist'],
                          job_vars['tempest_test_regex']))
        (disabled,) = [line.split()[1:] for line in self.doc_local_conf()
                       if line.startswith('disable_service')]
        services = job_vars['devstack_services']
        for service in disabled:
            self.assertIs(False, services.get(service), service)
        self.assertIs(True, services['tempest'])
        # The script runs the job's tests.
        with open(GATE_SCRIPT) as script:
            self.assertIn('tox -e all -- cyborg_tempest_plugin',
                          script.read())
        (project,) = [item['project'] for item in config
                      if 'project' in item]
        for pipeline in ('check', 'gate'):
            self.assertIn('cyborg-tempest', project[pipeline]['jobs'])


class BashateTestCase(base.BaseTestCase):

    def test_plugin_is_bashate_clean(self):
        bashate = (shutil.which('bashate',
                                path=os.path.dirname(sys.executable))
                   or shutil.which('bashate'))
        self.assertIsNotNone(bashate, 'bashate (test-requirements.txt)')
        files = [os.path.join(REPO, name) for name in PLUGIN_FILES]
        files += [HARNESS, GATE_SCRIPT]
        # Every rule, as errors: stricter than tox -e pep8.
        result = subprocess.run([bashate, '-e', 'E*'] + files,
                                capture_output=True, text=True,
                                timeout=60, check=False)
        self.assertEqual(0, result.returncode, result.stdout)

    def test_pep8_env_checks_the_plugin(self):
        parser = configparser.ConfigParser(interpolation=None)
        parser.read(os.path.join(REPO, 'tox.ini'))
        # tox joins the lines a backslash continues.
        commands = parser['testenv:pep8']['commands'].replace('\\\n', ' ')
        (command,) = [line for line in commands.splitlines()
                      if line.strip().startswith('bashate')]
        for name in PLUGIN_FILES + (
                'cyborg/tests/unit/devstack/fake_devstack.sh',
                'tools/devstack-gate.sh'):
            self.assertIn(name, command.split())
