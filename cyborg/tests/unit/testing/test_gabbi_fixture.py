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
"""The gabbi fixture skips a YAML file whose database is missing."""

import os
import unittest

import fixtures
from gabbi import driver

from cyborg.tests import base
from cyborg.tests.fixtures import backends
from cyborg.tests.functional.fixtures import gabbits

YAML = """
fixtures:
    - APIFixture
tests:
    - name: a request that must not run
      GET: /v2
      status: 200
"""


class _NoSuchBackend:
    """A fixture module whose database backend is not installed here."""

    APIFixture = type('APIFixture', (gabbits.APIFixture,),
                      {'BACKEND': 'nosuchdb'})


class GabbiFixtureSkipTestCase(base.TestCase):

    def test_missing_backend_skips_the_file(self):
        self.assertIsNotNone(backends.unavailable_reason('nosuchdb'))
        self.useFixture(fixtures.EnvironmentVariable(
            backends.REQUIRE_ENV, ''))
        directory = self.useFixture(fixtures.TempDir()).path
        with open(os.path.join(directory, 'skipped.yaml'), 'w') as f:
            f.write(YAML)
        suite = driver.build_tests(
            directory, unittest.TestLoader(), intercept=gabbits.setup_app,
            fixture_module=_NoSuchBackend, test_loader_name='skiptest')
        result = unittest.TestResult()
        suite.run(result)
        self.assertEqual([], [str(e[1]) for e in result.errors])
        self.assertEqual(1, len(result.skipped))
