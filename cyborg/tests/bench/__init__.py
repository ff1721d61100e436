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
"""The benchmarks of tools/bench/ at a tiny size: each runs against real
processes and its counts add up (no time is asserted).

Not part of the main suite (cyborg/tests/conftest.py leaves this folder
out unless it is named): ``tools/run-tests.sh cyborg/tests/bench``, a
step of its own in CI (.ci/run).  They test the measuring tools, and
each starts deployments of its own, which made them the main suite's
longest tests.
"""

import json
import os
import subprocess
import sys

from oslo_db.sqlalchemy import provision

from cyborg.tests.fixtures import backends

BENCH = os.path.join(os.path.dirname(__file__), '..', '..', '..', 'tools',
                     'bench')


def run_on_mysql(test, script, *args):
    """Run tools/bench/*script* with ``--connection`` to a MariaDB
    database of its own (dropped after *test*); returns its JSON lines.
    """
    backends.check(test, 'mysql')
    backend = provision.Backend.backend_for_database_type('mysql')
    name = 'cyborg_bench_%d' % os.getpid()
    backend.create_named_database(name)
    test.addCleanup(backend.drop_named_database, name, True)
    url = backend.provisioned_database_url(name).render_as_string(
        hide_password=False)
    result = subprocess.run(
        [sys.executable, os.path.join(BENCH, script), '--connection', url] +
        list(args), capture_output=True, text=True, timeout=600, check=False)
    test.assertEqual(0, result.returncode, result.stderr[-3000:])
    return [json.loads(line) for line in result.stdout.splitlines()]
