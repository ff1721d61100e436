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
"""tools/bench/configuration_rollout_scale.py at a tiny size on MariaDB:
the rollout completes within its budget, and every wave's statements are
counted (no time is asserted).
"""

from cyborg.tests import base
from cyborg.tests import bench


class ConfigurationRolloutScaleBenchTestCase(base.TestCase):

    def test_a_tiny_fleet(self):
        [line] = bench.run_on_mysql(
            self, 'configuration_rollout_scale.py', '--hosts', '5',
            '--gpus', '4', '--max-unavailable', '3')
        # 20 GPUs, 3 at a time: never more out of service, all done.
        self.assertEqual((20, 3, 3, 20), (
            line['devices'], line['unavailable'],
            line['most_out_of_service'], line['done']))
        self.assertGreaterEqual(line['waves'], 7)
        self.assertGreater(line['wave_statements']['median'], 0)
