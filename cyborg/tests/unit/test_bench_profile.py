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
"""tools/bench/cpu_profile.py on made-up py-spy stacks (no profiler)."""

import os
import sys

import fixtures

from cyborg.tests import base

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..', '..',
                                'tools', 'bench'))
import cpu_profile  # noqa: E402

SITE = '/venv/lib/python3.11/site-packages/'
STACKS = (
    # A socket's send is the RPC stack's, whose caller is the handler.
    ('run (threading.py:1);patch (cyborg/api/controllers/v2/'
     'accelerator_request.py:9);call (%soslo_messaging/rpc/client.py:3);'
     'send (socket.py:5) 6' % SITE),
    ('run (threading.py:1);handle (%sgunicorn/workers/gthread.py:2) 3'
     % SITE),
    ('run (threading.py:1);patch (cyborg/api/controllers/v2/'
     'accelerator_request.py:9) 1'),
)


class ProfileTestCase(base.TestCase):

    def test_each_sample_goes_to_its_innermost_library(self):
        path = os.path.join(self.useFixture(fixtures.TempDir()).path,
                            'api.txt')
        with open(path, 'w') as f:
            f.write('\n'.join(STACKS) + '\n')
        self.assertEqual({'RPC': 0.6, 'gunicorn': 0.3, 'Cyborg': 0.1},
                         cpu_profile.libraries(cpu_profile.read_raw(path)))
        record = cpu_profile.report({'api': path}, 100, {'lifecycles': 10},
                                    {'api': 0.5})
        api = record['processes']['api']
        self.assertEqual(50.0, api['cpu_ms_per_lifecycle'])
        self.assertEqual(0.6, api['libraries']['RPC'])
        # The bind's samples (7 of 10) are its class's.
        self.assertEqual(35.0, api['bind']['cpu_ms_per_request'])
        self.assertIn('by library: RPC 60.0 %, gunicorn 30.0 %, '
                      'Cyborg 10.0 %', cpu_profile.text(record))
