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

#: What the xilinx driver runs to load an xclbin.
PROGRAM = ['xbutil', 'program', '--device', '0000:3b:00.1', '--user',
           '/x.xclbin']


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
        self.assertEqual('program --device 0000:3b:00.1 --user /x.xclbin\n',
                         command.run(PROGRAM))

    def test_refused_arguments_never_run(self):
        # The FPGA tools take the shapes their drivers give, no other.
        log = os.path.join(self.useFixture(fixtures.TempDir()).path, 'log')
        self._tool('echo "$@" >> %s' % log, name='fpgaconf')
        for argv in (['fpgaconf', '$HOME;true'],
                     ['fpgaconf', '-B', '0x5e', '-D', '0x00', '-F', '0x0',
                      '-v', '/x.gbs']):
            self.assertRaises(exception.CommandNotFound, command.run, argv)
        self.assertFalse(os.path.exists(log))

    def test_failure(self):
        self._tool('echo broken >&2; exit 3')
        exc = self.assertRaises(exception.CommandFailed, command.run,
                                PROGRAM)
        self.assertEqual(3, exc.kwargs['exit_code'])
        self.assertIn('broken', exc.message)

    def test_not_found(self):
        self.useFixture(fixtures.EnvironmentVariable('PATH', '/nonexistent'))
        exc = self.assertRaises(exception.CommandNotFound, command.run,
                                ['xbmgmt', 'program', '--device',
                                 '0000:3b:00.0', '--base', '--image',
                                 '/x.xsabin'])
        self.assertIn('xbmgmt', exc.message)

    def test_only_the_vendor_tools_run(self):
        # Not a tool the privileged helper runs, nor one given by path.
        for argv in (['sh', '-c', 'true'], ['/usr/bin/xbutil'], []):
            self.assertRaises(exception.CommandNotFound, command.run, argv)

    def test_timeout(self):
        self._tool('exec sleep 5')
        self.assertRaises(exception.CommandTimeout, command.run,
                          PROGRAM, timeout=0.2)

    def test_image_argument(self):
        for path in ('/var/lib/cyborg/images/function-5e6c',
                     '/srv/fpga/clean_v1.2+b@x,y:z=1.gbs'):
            self.assertEqual(path, command.image_argument(path))
        for path in ('image.gbs', '-image.gbs', '--force', '/a/../etc/x',
                     '/a/./x', '/a//x', '/a/', '/a b', '/a\n', '/a;b',
                     '/\u00e9', ''):
            self.assertRaises(exception.ImageNotFound,
                              command.image_argument, path)
