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
"""Tests of cyborg.conf: registration, listing and the sample file."""

import io
import os
import subprocess
import sys
from unittest import mock

from keystoneauth1 import loading as ks_loading
from oslo_config import cfg
from oslo_config import generator

from cyborg import conf as cyborg_conf
from cyborg.conf import opts
from cyborg.tests import base

GENERATOR_CONF = os.path.join(
    os.path.dirname(__file__), '..', '..', '..', '..', 'tools', 'config',
    'cyborg-config-generator.conf')


class OptsTestCase(base.TestCase):

    def test_every_group_is_listed(self):
        groups = {group if isinstance(group, str) else group.name
                  for group, _ in opts.list_opts()}
        self.assertEqual({'DEFAULT', 'agent', 'api', 'clean_steps',
                          'conductor', 'cyborg_kernel_log',
                          'cyborg_sys_admin', 'cyborg_sysfs',
                          'device_health', 'fake_driver', 'fpga', 'glance',
                          'gpu_devices', 'metrics', 'nic_devices',
                          'notifications', 'nova', 'nvme', 'pci',
                          'placement', 'quota', 'telemetry',
                          'upgrade_levels'}, groups)

    def test_listed_options_are_registered(self):
        conf = cfg.ConfigOpts()
        cyborg_conf.register_opts(conf)
        # The auth plugin's own options are registered when the plugin is
        # loaded; the sample lists those of the password plugin.
        plugin_opts = {opt.dest for opt in
                       ks_loading.get_auth_plugin_conf_options('password')}
        for group, group_opts in opts.list_opts():
            name = group if isinstance(group, str) else group.name
            for opt in group_opts:
                if opt.dest in plugin_opts:
                    continue
                if name == 'DEFAULT':
                    self.assertIn(opt.dest, conf)
                else:
                    self.assertIn(opt.dest, conf[name], opt.dest)

    def test_existing_cyborg_option_names(self):
        # Configuration files of the existing Cyborg keep working.
        conf = cfg.ConfigOpts()
        cyborg_conf.register_opts(conf)
        conf([])
        self.assertEqual(60, conf.periodic_interval)
        self.assertEqual('127.0.0.1', conf.api.host_ip)
        self.assertEqual(6666, conf.api.port)
        self.assertEqual(['fake'], conf.agent.enabled_drivers)
        self.assertEqual('sqlite:///$state_path/cyborg.sqlite'.replace(
            '$state_path', conf.state_path), conf.database.connection)
        self.assertEqual('placement', conf.placement.service_type)
        self.assertEqual('compute', conf.nova.service_type)
        self.assertIsNone(conf.placement.auth_type)
        self.assertEqual([], conf.pci.device_spec)
        self.assertEqual([], conf.gpu_devices.enabled_vgpu_types)

    def test_ksa_groups_load_auth_none(self):
        conf = cfg.ConfigOpts()
        cyborg_conf.register_opts(conf)
        conf([])
        conf.set_override('auth_type', 'none', group='placement')
        conf.set_override('endpoint_override', 'http://127.0.0.1:8778',
                          group='placement')
        auth = ks_loading.load_auth_from_conf_options(conf, 'placement')
        session = ks_loading.load_session_from_conf_options(
            conf, 'placement', auth=auth)
        adapter = ks_loading.load_adapter_from_conf_options(
            conf, 'placement', session=session, auth=auth)
        self.assertEqual('http://127.0.0.1:8778',
                         adapter.get_endpoint())

    def test_sample_file_generates(self):
        # What "tox -e genconfig" runs, written to a string.
        out = io.StringIO()
        conf = cfg.ConfigOpts()
        generator.register_cli_opts(conf)
        conf(['--config-file', GENERATOR_CONF])
        conf.set_override('output_file', None)
        with mock.patch('sys.stdout', out):
            generator.generate(conf)
        sample = out.getvalue()
        for text in ('[DEFAULT]', '[agent]', '[api]', '[database]',
                     '[keystone_authtoken]', '[nova]', '[placement]',
                     '[upgrade_levels]', '#report_interval = 10',
                     '#service_down_time = 60', '#control_exchange = cyborg',
                     '#connection = sqlite:///$state_path/cyborg.sqlite',
                     '#service_type = placement', '#service_type = compute',
                     '#policy_file = policy.yaml',
                     '#enforce_new_defaults = false',
                     '#allow_methods = GET,PUT,POST,DELETE,PATCH'):
            self.assertIn(text, sample)

    def test_sample_defaults_need_no_service_code(self):
        # The library defaults of the sample come from cyborg.conf alone:
        # generating it imports neither the API nor the policy engine.
        code = ('import sys\n'
                'from cyborg.conf import opts\n'
                'opts.update_defaults()\n'
                'print(sorted(m for m in sys.modules if m.startswith(\n'
                '    ("cyborg.api", "cyborg.policy"))))')
        out = subprocess.run([sys.executable, '-c', code], check=True,
                             capture_output=True, text=True).stdout
        self.assertEqual('[]', out.strip())
