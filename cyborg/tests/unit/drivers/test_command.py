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
"""Tests of the vendor tool runner, with real processes."""

from cyborg import exception
from cyborg.drivers import command
from cyborg.tests import base


class CommandTestCase(base.TestCase):

    def test_output(self):
        self.assertEqual('a b\n', command.run(['echo', 'a', 'b']))

    def test_no_shell(self):
        self.assertEqual('$HOME;true\n', command.run(['echo', '$HOME;true']))

    def test_failure(self):
        exc = self.assertRaises(exception.CommandFailed, command.run,
                                ['sh', '-c', 'echo broken >&2; exit 3'])
        self.assertEqual(3, exc.kwargs['exit_code'])
        self.assertIn('broken', exc.message)

    def test_not_found(self):
        exc = self.assertRaises(exception.CommandNotFound, command.run,
                                ['cyborg-no-such-tool'])
        self.assertIn('cyborg-no-such-tool', exc.message)

    def test_timeout(self):
        self.assertRaises(exception.CommandTimeout, command.run,
                          ['sleep', '5'], timeout=0.2)
