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
"""The check of every base test case that Cyborg's log messages can be
formatted (cyborg/tests/fixtures/log_format.py).
"""

import logging

from cyborg.tests import base


class LogFormatCheckTestCase(base.TestCase):

    def test_a_debug_message_of_cyborg_that_cannot_be_formatted_fails(self):
        log = logging.getLogger('cyborg.some.module')
        self.assertRaises(TypeError, log.debug, 'two %s %s', 'one')
        self.assertRaises(KeyError, log.debug, '%(missing)s', {'k': 1})

    def test_the_libraries_debug_records_are_not_made(self):
        self.assertTrue(logging.getLogger('cyborg.x').isEnabledFor(
            logging.DEBUG))
        self.assertFalse(logging.getLogger('urllib3.x').isEnabledFor(
            logging.DEBUG))
