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

import functools
import glob
import os
import pickle
import unittest
import uuid

from gabbi import handlers
from gabbi import reporter
from gabbi import suitemaker
from gabbi.driver import test_pytest  # noqa: F401
import pytest
import yaml

from cyborg.tests.functional.fixtures import gabbits

pytestmark = pytest.mark.slow(2)

TESTS_DIR = os.path.join(os.path.dirname(__file__), 'gabbits')


@functools.cache
def _documents():
    """{file name without .yaml: its parsed document, pickled}."""
    found = {}
    for path in sorted(glob.glob(os.path.join(TESTS_DIR, '*.yaml'))):
        with open(path, encoding='utf-8') as f:
            # libyaml's loader where PyYAML has it (its wheels do).
            document = (yaml.load(f, Loader=yaml.CSafeLoader)
                        if yaml.__with_libyaml__ else yaml.safe_load(f))
        found[os.path.basename(path)[:-len('.yaml')]] = pickle.dumps(
            document)
    return found


def generate(metafunc, fixture_module, name):
    """What gabbi.driver.py_test_generator does, but parsing once.

    gabbi parses each file with PyYAML's pure-Python SafeLoader, once per
    backend: 3 parses of every file in every worker, most of collecting
    these tests (performance.rst).  Here each file is parsed once, with
    libyaml, and each backend's suite is made from a copy of its own
    (gabbi's tests keep parts of the dictionaries they are given).
    """
    metafunc.config.pluginmanager.import_plugin('gabbi.pytester')
    handler_objects = [handler() for handler in
                       [gabbits.JSONHandler] + handlers.RESPONSE_HANDLERS]
    loader = unittest.TestLoader()
    result = reporter.PyTestResult()
    ids, args = [], []
    for base_name, document in _documents().items():
        # (Bytes this module pickled: no untrusted data.)
        suite = suitemaker.test_suite_from_dict(
            loader, base_name, pickle.loads(document),  # noqa: S301
            TESTS_DIR, str(uuid.uuid4()), 8001, fixture_module,
            gabbits.setup_app, test_loader_name=name,
            handlers=handler_objects)
        tests = list(suite)
        first = '%s:%s' % (name, tests[0].__class__.__name__)
        ids.append('start_' + first)
        args.append((suite.start, result))
        for test in tests:
            ids.append('%s:%s' % (name, test.__class__.__name__))
            args.append((test, result))
        ids.append('stop_' + first)
        args.append((suite.stop, None))
    metafunc.parametrize('test, result', argvalues=args, ids=ids)


def pytest_generate_tests(metafunc):
    generate(metafunc, gabbits.SQLITE, 'sqlite')
