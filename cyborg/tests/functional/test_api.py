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
"""The gabbi API tests (cyborg/tests/functional/gabbits) on SQLite.

Each YAML file is one suite, run in order in one worker.  The same files
run on MariaDB and PostgreSQL in test_api_mysql.py and
test_api_postgresql.py.
"""

import os

from gabbi import driver

# pytest finds the test function here; py_test_generator parametrizes it.
from gabbi.driver import test_pytest  # noqa: F401
import pytest

from cyborg.tests.functional.fixtures import gabbits

pytestmark = pytest.mark.slow(2)

TESTS_DIR = os.path.join(os.path.dirname(__file__), 'gabbits')


def generate(metafunc, fixture_module, name):
    driver.py_test_generator(
        TESTS_DIR, intercept=gabbits.setup_app,
        fixture_module=fixture_module, test_loader_name=name,
        metafunc=metafunc, safe_yaml=True,
        content_handlers=[gabbits.JSONHandler])


def pytest_generate_tests(metafunc):
    generate(metafunc, gabbits.SQLITE, 'sqlite')
