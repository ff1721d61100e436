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
"""Tests of the vendor tool runner, with real processes.

The tools are scripts named as the tools drivers run, first on ``PATH``;
the privileged helper runs in this process (tests.base).
"""

import os

import fixtures

from cyborg import exception
from cyborg.drivers import command
from cyborg.tests import base


class CommandTestCase(base.TestCase):

    def _tool(self, script, name='xbutil'):
        bindir = self.useFixture(fixtures.TempDir()).path
        path = os.path.join(bindir, name)
        with open(path, 'w') as f:
            f.write('#!/bin/sh\n' + script + '\n')
        os.chmod(path, 0o700)
        self.useFixture(fixtures.EnvironmentVariable(
            'PATH', bindir + os.pathsep + os.environ['PATH']))

    def test_output(self):
        self._tool('echo "$@"')
        self.assertEqual('a b\n', command.run(['xbutil', 'a', 'b']))

    def test_no_shell(self):
        self._tool('echo "$@"', name='fpgaconf')
        self.assertEqual('$HOME;true\n',
                         command.run(['fpgaconf', '$HOME;true']))

    def test_failure(self):
        self._tool('echo broken >&2; exit 3')
        exc = self.assertRaises(exception.CommandFailed, command.run,
                                ['xbutil', 'program'])
        self.assertEqual(3, exc.kwargs['exit_code'])
        self.assertIn('broken', exc.message)

    def test_not_found(self):
        self.useFixture(fixtures.EnvironmentVariable('PATH', '/nonexistent'))
        exc = self.assertRaises(exception.CommandNotFound, command.run,
                                ['xbmgmt'])
        self.assertIn('xbmgmt', exc.message)

    def test_only_the_vendor_tools_run(self):
        # Not a tool the privileged helper runs, nor one given by path.
        for argv in (['sh', '-c', 'true'], ['/usr/bin/xbutil'], []):
            self.assertRaises(exception.CommandNotFound, command.run, argv)

    def test_timeout(self):
        self._tool('exec sleep 5')
        self.assertRaises(exception.CommandTimeout, command.run,
                          ['xbutil'], timeout=0.2)
