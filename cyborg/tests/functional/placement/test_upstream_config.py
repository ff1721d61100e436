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
"""cyborg-conductor and cyborg-agent start with the configuration file of
an OpenStack Cyborg 17.0.0 deployment (cyborg/tests/data/upstream-17.0.0/
cyborg.conf, made by tools/upstream/make-config.sh) and publish the
agent's devices under the compute node its ``[agent]
resource_provider_name`` names.

Only what points at this test's servers is set on top of that file: the
transport, the database, the Placement endpoint (noauth) and host names
unique to the test.
"""

import os

from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.functional import base
from cyborg.tests.functional.fixtures import services

UPSTREAM_CONF = os.path.join(
    os.path.dirname(__file__), '..', '..', 'data', 'upstream-17.0.0',
    'cyborg.conf')


class UpstreamConfigServicesTestCase(base.ServiceTestCase):

    def test_services_start_with_the_upstream_file(self):
        node = self.host('compute1')
        nodename = node + '.example.org'
        placement = self.useFixture(placement_fixture.PlacementFixture(
            http=True, compute_nodes=[nodename]))
        options = dict(placement.cyborg_options(), sync_interval=1)
        self.start_service('cyborg-conductor', self.host('cond'),
                           config_files=[UPSTREAM_CONF], placement=options)
        agent = self.start_service(
            'cyborg-agent', node, config_files=[UPSTREAM_CONF],
            agent={'resource_provider_name': nodename, 'hotplug': False})
        tree = services.wait_for(
            lambda: placement.tree(nodename), timeout=90,
            message='the fake device was never published')
        self.assertEqual([node + '_FakeDevice'], sorted(tree))
        self.assertIsNone(agent.process.poll())
        log = agent.log()
        for warning in ('Option "passthrough_whitelist" from group "pci" '
                        'is deprecated. Use option "device_spec" from '
                        'group "pci"',
                        'Option "filter_sriov_vfs" from group '
                        '"gpu_devices" is deprecated for removal',
                        'Loaded accelerator driver gpu (as '
                        'nvidia_gpu_driver)',
                        'Loaded accelerator driver generic (as pci_driver)'):
            self.assertIn(warning, log)
