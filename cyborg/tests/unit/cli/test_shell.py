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
"""The cyborg command without an API: help and configuration errors."""

import importlib.metadata
import inspect
import io
import logging
import os
import re
import socket

import fixtures
from oslotest import base

from cyborg.cli import shell


class ShellTestCase(base.BaseTestCase):

    def setUp(self):
        super().setUp()
        root = logging.getLogger()
        self.addCleanup(setattr, root, 'handlers', list(root.handlers))
        for name in ('OS_CLOUD', 'OS_AUTH_URL', 'OS_AUTH_TYPE',
                     'OS_ENDPOINT', 'OS_CLIENT_CONFIG_FILE'):
            self.useFixture(fixtures.EnvironmentVariable(name))
        # No clouds.yaml of this machine.
        self.useFixture(fixtures.EnvironmentVariable(
            'OS_CLIENT_CONFIG_FILE', '/nonexistent/clouds.yaml'))

    def cyborg(self, *argv):
        out, err = io.StringIO(), io.StringIO()
        status = shell.CyborgShell(list(argv), stdout=out,
                                   stderr=err).run(list(argv))
        return status, out.getvalue(), err.getvalue()

    def test_every_command_has_one_complete_help_line(self):
        commands = importlib.metadata.entry_points(group=shell.NAMESPACE)
        status, out, _err = self.cyborg('help')
        self.assertEqual(0, status)
        lines = {line.split()[0]: line for line in out.splitlines()
                 if line.startswith('  ') and line.split()}
        for command in commands:
            doc = inspect.getdoc(command.load())
            first = doc.split('\n\n')[0]
            # The list shows the first line only: it is the whole summary.
            self.assertNotIn('\n', first, command.name)
            self.assertTrue(first.endswith('.'), command.name)
            self.assertLessEqual(len(first), 60, command.name)
            self.assertIn(first.rstrip('.'), lines[command.name])

    def help_text(self, *argv):
        out = io.StringIO()
        shell_app = shell.CyborgShell(list(argv), stdout=out,
                                      stderr=io.StringIO())
        try:
            status = shell_app.run(list(argv))
        except SystemExit as exc:
            status = exc.code
        self.assertIn(status, (0, None))
        return out.getvalue()

    def test_help_leads_with_the_commands(self):
        # It was 185 lines, 120 of them keystoneauth's options before the
        # first command.
        for argv in (('--help',), ('help',), ('-h',)):
            with self.subTest(argv=argv):
                lines = self.help_text(*argv).splitlines()
                self.assertEqual('usage: cyborg [OPTIONS] COMMAND [ARGS]',
                                 lines[0])
                self.assertLess(lines.index('Commands:'), 6)
                # The commands (one line each) and the common options.
                self.assertLess(len(lines),
                                len(list(importlib.metadata.entry_points(
                                    group=shell.NAMESPACE))) + 30)
                text = '\n'.join(lines)
                self.assertIn('  service-list ', text)
                self.assertNotIn('--os-auth-url', text)
                self.assertNotIn('--os-password', text)
                self.assertIn('"cyborg help auth"', text)

    def test_common_options_are_the_parsers(self):
        # Each option the short help names is accepted as it is written.
        path = os.path.join(self.useFixture(fixtures.TempDir()).path,
                            'clouds.yaml')
        with open(path, 'w') as f:
            f.write('clouds:\n  local:\n    auth_type: none\n')
        self.useFixture(fixtures.EnvironmentVariable(
            'OS_CLIENT_CONFIG_FILE', path))
        values = {'NAME': 'local', 'none': 'none',
                  'URL': 'http://127.0.0.1:9', 'VERSION': '2.4',
                  'SECONDS': '5'}
        for option, _text in shell._COMMON_OPTIONS:
            flag, *metavar = option.split()
            argv = [flag] + [values[m] for m in metavar]
            with self.subTest(option=option):
                shell_app = shell.CyborgShell(argv, stdout=io.StringIO(),
                                              stderr=io.StringIO())
                _options, remainder = shell_app.parser.parse_known_args(
                    argv)
                self.assertEqual([], remainder)

    def test_help_auth_lists_keystoneauth_options(self):
        text = self.help_text('help', 'auth')
        for option in ('--os-auth-url', '--os-password', '--os-username',
                       '--os-project-name', '--os-cacert', '--os-interface',
                       '--os-region-name',
                       '--os-accelerator-endpoint-override',
                       '--os-endpoint'):
            self.assertRegex(text, r'(?m)^  %s(?![-\w])' % option)
        # Three look-alikes were listed: --os-endpoint-override is gone
        # from the help (and still accepted).
        self.assertNotIn('--os-endpoint-override', text)
        shell_app = shell.CyborgShell([], stdout=io.StringIO(),
                                      stderr=io.StringIO())
        options, remainder = shell_app.parser.parse_known_args(
            ['--os-endpoint-override', 'http://x.test'])
        self.assertEqual(([], 'http://x.test'),
                         (remainder, options.os_endpoint_override))

    def test_environment_variables(self):
        for name, dest, value in (
                ('OS_ENDPOINT', 'os_endpoint', 'http://127.0.0.1:9'),
                ('OS_ACCELERATOR_API_VERSION', 'os_accelerator_api_version',
                 '2.4'),
                ('OS_ACCELERATOR_ENDPOINT_OVERRIDE',
                 'os_accelerator_endpoint_override', 'http://a.test'),
                ('OS_ENDPOINT_OVERRIDE', 'os_endpoint_override',
                 'http://b.test'),
                ('OS_AUTH_URL', 'os_auth_url', 'http://k.test/v3')):
            with self.subTest(name=name):
                self.useFixture(fixtures.EnvironmentVariable(name, value))
                shell_app = shell.CyborgShell([], stdout=io.StringIO(),
                                              stderr=io.StringIO())
                options, _remainder = shell_app.parser.parse_known_args([])
                self.assertEqual(value, getattr(options, dest))

    def test_no_authentication_needs_an_endpoint(self):
        status, out, err = self.cyborg('--os-auth-type', 'none',
                                       'service-list')
        self.assertEqual(1, status)
        self.assertIn('--os-endpoint URL or OS_ENDPOINT=URL', err)
        self.assertNotIn('Service Catalog', err)

    def test_help_names_the_endpoint_option(self):
        # Without --os-auth-type none on the command line the auth
        # plugin's --os-endpoint was not registered, so --help never
        # named the option the all-in-one needs.
        for argv in (('--help',), ('--os-auth-type', 'none', '--help')):
            with self.subTest(argv=argv):
                out = io.StringIO()
                exc = self.assertRaises(
                    SystemExit, shell.CyborgShell(list(argv), stdout=out,
                                                  stderr=io.StringIO()).run,
                    list(argv))
                self.assertIn(exc.code, (0, None))
                self.assertEqual(1, len(re.findall(
                    r'^  --os-endpoint(?![-\w])', out.getvalue(), re.M)),
                    out.getvalue())

    def test_endpoint_with_auth_type_none_from_the_environment(self):
        # OS_AUTH_TYPE=none, then --os-endpoint on the command line: the
        # option is Cyborg's own (no plugin on the command line) and is
        # used.
        self.useFixture(fixtures.EnvironmentVariable('OS_AUTH_TYPE', 'none'))
        status, out, err = self.cyborg('--os-endpoint', 'http://127.0.0.1:9',
                                       'service-list')
        self.assertEqual(1, status)
        self.assertNotIn('OS_ENDPOINT=URL', err)
        self.assertIn('127.0.0.1:9', err)


class UnreachableTestCase(ShellTestCase):
    """An API (or Keystone) that cannot be reached: a clear message that
    names the URL tried, and exit status 1.
    """

    def setUp(self):
        super().setUp()
        # A port bound but not listening: connections are refused.
        self.sock = socket.socket()
        self.addCleanup(self.sock.close)
        self.sock.bind(('127.0.0.1', 0))
        self.url = 'http://127.0.0.1:%d' % self.sock.getsockname()[1]

    def test_api_down(self):
        for endpoint in (self.url, self.url + '/', self.url + '/v2'):
            with self.subTest(endpoint=endpoint):
                status, out, err = self.cyborg(
                    '--os-auth-type', 'none', '--os-endpoint', endpoint,
                    'service-list')
                self.assertEqual(1, status)
                self.assertIn('Cannot reach the Cyborg API at %s/v2/services '
                              '(Connection refused).' % self.url, err)
                self.assertIn('Check that cyborg-api', err)
                self.assertNotIn('HTTPConnectionPool', err)
                self.assertNotIn('Max retries', err)

    def test_keystone_down(self):
        self.useFixture(fixtures.EnvironmentVariable(
            'OS_AUTH_URL', self.url + '/v3'))
        status, out, err = self.cyborg(
            '--os-auth-type', 'password', '--os-username', 'admin',
            '--os-password', 'secret', '--os-project-name', 'admin',
            '--os-user-domain-id', 'default',
            '--os-project-domain-id', 'default', 'service-list')
        self.assertEqual(1, status)
        self.assertIn('Cannot reach the identity service at %s/v3 to '
                      'authenticate (Connection refused).' % self.url, err)
        self.assertNotIn('HTTPConnectionPool', err)
