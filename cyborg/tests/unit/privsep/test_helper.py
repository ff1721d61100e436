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
(cyborg.privsep.use_installed_helper).
"""

import os
import shlex
import sys
from unittest import mock

from cyborg import privsep
from cyborg.tests import base

HELPER = os.path.join(os.path.dirname(sys.executable), 'privsep-helper')


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
