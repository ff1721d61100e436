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
"""pytest hooks of the real-Nova suite.

The suite is not part of the main run (tools/run-tests.sh, whose
testpaths hold this folder): it is collected only with
``CYBORG_TEST_NOVA=1``, which tools/run-nova-tests.sh sets after it
installed Nova.  One deployment serves the whole run; a failing test gets
the tails of every service's log in its report.
"""

import contextlib
import io
import os

import pytest

# Informative asserts in the shared checks too (pytest rewrites only the
# test modules and conftest by itself).
pytest.register_assert_rewrite('cyborg.tests.nova.checks')

from cyborg.tests.nova import fixtures as nova_fixtures  # noqa: E402

if os.environ.get('CYBORG_TEST_NOVA') != '1':
    collect_ignore_glob = ['test_*.py']


@pytest.fixture(scope='session')
def deployment():
    deployment = nova_fixtures.Deployment()
    # A failing set-up prints the logs and cleans up after itself.
    deployment.setUp()
    yield deployment
    deployment.cleanUp()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    deployment = getattr(item, 'funcargs', {}).get('deployment')
    if report.failed and deployment is not None:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            deployment.print_logs()
        report.sections.append(('service logs (tails)', out.getvalue()))
    return report
