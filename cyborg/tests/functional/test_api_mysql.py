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
"""The gabbi API tests on mysql (see test_api.py)."""

# pytest finds the test function here; py_test_generator parametrizes it.
from gabbi.driver import test_pytest  # noqa: F401
import pytest

from cyborg.tests.functional import test_api
from cyborg.tests.functional.fixtures import gabbits

pytestmark = pytest.mark.slow(2)


def pytest_generate_tests(metafunc):
    test_api.generate(metafunc, gabbits.MYSQL, 'mysql')
