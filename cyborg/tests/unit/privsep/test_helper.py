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
"""Which privsep-helper the agent's daemons start with
(cyborg.privsep.use_installed_helper), and the sudoers rules of
etc/sudoers.d/cyborg-privsep against the commands oslo.privsep builds.
"""

import os
import re
import shlex
import sys
import tempfile
from unittest import mock

import cyborg
from cyborg import privsep
from cyborg.tests import base

HELPER = os.path.join(os.path.dirname(sys.executable), 'privsep-helper')
SUDOERS = os.path.join(os.path.dirname(os.path.dirname(cyborg.__file__)),
                       'etc', 'sudoers.d', 'cyborg-privsep')


class InstalledHelperTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        # The suite runs from the environment it installed, which has one.
        self.assertTrue(os.access(HELPER, os.X_OK), HELPER)
        self.conf_fixture.conf.set_override(
            'config_file', ['/c/cyborg.conf', '/c/my host.conf'])

    def _commands(self):
        return [shlex.split(self.conf_fixture.conf[c.cfg_section]
                            .helper_command) for c in privsep.CONTEXTS]

    def test_the_helper_of_this_environment_with_the_files(self):
        # Before: oslo.privsep's "sudo privsep-helper", which a fresh
        # virtual environment's agent could not start.
        self.assertEqual([None] * 3, [
            self.conf_fixture.conf[c.cfg_section].helper_command
            for c in privsep.CONTEXTS])
        privsep.use_installed_helper(self.conf_fixture.conf)
        prefix = [] if os.geteuid() == 0 else ['sudo']
        self.assertEqual(
            [prefix + [HELPER, '--config-file', '/c/cyborg.conf',
                       '--config-file', '/c/my host.conf']] * 3,
            self._commands())

    def test_sudo_unless_root(self):
        with mock.patch.object(os, 'geteuid', autospec=True,
                               return_value=1000):
            privsep.use_installed_helper(self.conf_fixture.conf)
        self.assertEqual([['sudo', HELPER]] * 3,
                         [c[:2] for c in self._commands()])

    def test_a_configured_command_wins(self):
        self.flags(group=privsep.SYSFS_SECTION,
                   helper_command='sudo /opt/x/privsep-helper')
        privsep.use_installed_helper(self.conf_fixture.conf)
        self.assertEqual(['sudo', '/opt/x/privsep-helper'],
                         self._commands()[0])
        self.assertEqual(HELPER, self._commands()[1][-5])


def _rules():
    """``[(program, arguments' regular expression)]`` of SUDOERS."""
    rules = []
    with open(SUDOERS) as f:
        for line in f:
            if line.strip() and not line.startswith('#'):
                command = line.split('NOPASSWD:', 1)[1].strip()
                program, args = command.split(' ', 1)
                rules.append((program, args))
    return rules


class SudoersTestCase(base.TestCase):
    """sudo matches a rule's ``^...$`` against the arguments joined by
    spaces (sudoers(5), "Regular expressions"); the expressions use only
    what POSIX extended and Python's agree on.
    """

    def _argv(self, context, sockpath=None):
        self.flags(group=context.cfg_section, helper_command=(
            'sudo /usr/local/bin/privsep-helper --config-file '
            '/etc/cyborg/cyborg.conf'))
        if sockpath is None:
            # A socket where oslo.privsep puts it, in a new directory of
            # Python's tempfile under /tmp.
            sockpath = os.path.join('/tmp', os.path.basename(
                tempfile.mkdtemp()), 'privsep.sock')
        return context.helper_command(sockpath)[1:]

    def _allowed(self, argv):
        """The rules of SUDOERS that let the agent's user run *argv*."""
        return [args for program, args in _rules()
                if program == argv[0] and re.fullmatch(args[1:-1], ' '.join(
                    argv[1:])) and args[0] == '^' and args[-1] == '$']

    def test_each_context_with_the_fixed_file_only(self):
        self.assertEqual(3, len(_rules()))
        for context in privsep.CONTEXTS:
            argv = self._argv(context)
            self.assertEqual(1, len(self._allowed(argv)), argv)
            self.assertIn(context.pypath.replace('.', '[.]'),
                          self._allowed(argv)[0])
            # Its own file, options, context, or a socket path that is
            # more than one argument: no rule.
            for refused in (
                    argv + ['--config-file', '/tmp/mine.conf'],
                    argv[:2] + ['/tmp/mine.conf'] + argv[3:],
                    argv[:1] + ['--config-dir', '/tmp/d'] + argv[1:],
                    argv[:4] + ['os.system'] + argv[5:],
                    argv[:-1] + ['/tmp/tmpabcdefgh/x --config-file /tmp/'
                                 'privsep.sock'],
                    self._argv(context, '/tmp/tmpab --log-f/privsep.sock'),
                    argv + ['--log-config-append', '/tmp/log.conf']):
                self.assertEqual([], self._allowed(refused), refused)
