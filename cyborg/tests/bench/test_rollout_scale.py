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
"""tools/bench/rollout_scale.py at a tiny size on MariaDB: the rollout
completes within its budget, and every wave's statements are counted (no
time is asserted).
"""

import json
import os
import subprocess
import sys

from oslo_db.sqlalchemy import provision

from cyborg.tests import base
from cyborg.tests.fixtures import backends

BENCH = os.path.join(os.path.dirname(__file__), '..', '..', '..', 'tools',
                     'bench')


class RolloutScaleBenchTestCase(base.TestCase):

    def test_a_tiny_fleet(self):
        backends.check(self, 'mysql')
        backend = provision.Backend.backend_for_database_type('mysql')
        name = 'cyborg_rolloutbench_%d' % os.getpid()
        backend.create_named_database(name)
        self.addCleanup(backend.drop_named_database, name, True)
        url = backend.provisioned_database_url(name).render_as_string(
            hide_password=False)
        result = subprocess.run(
            [sys.executable, os.path.join(BENCH, 'rollout_scale.py'),
             '--connection', url, '--hosts', '5', '--gpus', '4',
             '--max-unavailable', '3'],
            capture_output=True, text=True, timeout=600, check=False)
        self.assertEqual(0, result.returncode, result.stderr[-3000:])
        [line] = [json.loads(line) for line in result.stdout.splitlines()]
        # 20 GPUs, 3 at a time: never more out of service, all done.
        self.assertEqual((20, 3, 3, 20), (
            line['devices'], line['unavailable'],
            line['most_out_of_service'], line['done']))
        self.assertGreaterEqual(line['waves'], 7)
        self.assertGreater(line['wave_statements']['median'], 0)
