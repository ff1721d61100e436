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
"""Tests of Cyborg's own flake8 checks."""

from cyborg.hacking import checks
from cyborg.tests import base


class ChecksTestCase(base.TestCase):

    def _codes(self, check, line, filename='cyborg/conductor/x.py'):
        if check is checks.no_eventlet:
            results = check(line)
        else:
            results = check(line, filename)
        return [text.split(':')[0] for _, text in results]

    def test_datetime_now(self):
        for line in ('x = datetime.datetime.utcnow()',
                     'x = datetime.now()', 'x = datetime.utcnow()'):
            self.assertEqual(['C301'], self._codes(checks.no_datetime_now,
                                                   line))
        self.assertEqual([], self._codes(checks.no_datetime_now,
                                         'x = timeutils.utcnow()'))
        self.assertEqual([], self._codes(
            checks.no_datetime_now, 'x = datetime.datetime.utcnow()',
            'cyborg/tests/unit/test_x.py'))

    def test_eventlet(self):
        self.assertEqual(['C302'], self._codes(checks.no_eventlet,
                                               'import eventlet'))
        self.assertEqual(['C302'], self._codes(
            checks.no_eventlet, 'from eventlet import greenthread'))
        self.assertEqual([], self._codes(checks.no_eventlet,
                                         'import eventlets_are_fine'))

    def test_subclasses(self):
        self.assertEqual(['C303'], self._codes(
            checks.no_subclasses_lookup, 'for c in Base.__subclasses__():'))
        self.assertEqual([], self._codes(checks.no_subclasses_lookup,
                                         'mgr = stevedore.NamedExtension()'))
