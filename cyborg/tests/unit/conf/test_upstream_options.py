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
"""The configuration file of an OpenStack Cyborg 17.0.0 deployment, read
by this Cyborg unchanged.

The file (``cyborg/tests/data/upstream-17.0.0/cyborg.conf``) is the sample
upstream's own oslo-config-generator writes, with a deployment's settings
filled in (``tools/upstream/make-config.sh``).
"""

import os

from oslo_config import cfg
from oslo_db import options as db_options
from oslo_log import log as oslo_logging

from cyborg import conf as cyborg_conf
from cyborg.conf import agent as agent_conf
from cyborg.conf import gpu as gpu_conf
from cyborg.conf import keystone_authtoken
from cyborg.drivers import registry
from cyborg.tests import base

UPSTREAM_CONF = os.path.join(
    os.path.dirname(__file__), '..', '..', 'data', 'upstream-17.0.0',
    'cyborg.conf')


class UpstreamConfigTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.conf = cfg.ConfigOpts()
        cyborg_conf.register_opts(self.conf)
        keystone_authtoken.register_opts(self.conf)
        oslo_logging.register_options(self.conf)
        db_options.set_defaults(self.conf)
        self.conf(['--config-file', UPSTREAM_CONF], project='cyborg')

    def test_shared_options_keep_their_values(self):
        conf = self.conf
        self.assertEqual('compute1', conf.host)
        self.assertEqual('compute1.example.org',
                         conf.agent.resource_provider_name)
        self.assertEqual(['nvidia_gpu_driver', 'intel_fpga_driver',
                          'xilinx_fpga_driver', 'intel_qat_driver',
                          'pci_driver', 'fake_driver'],
                         conf.agent.enabled_drivers)
        self.assertEqual((60, 'keystone', '0.0.0.0', 6666),
                         (conf.periodic_interval, conf.auth_strategy,
                          conf.api.host_ip, conf.api.port))
        self.assertEqual('mysql+pymysql://cyborg:secret@controller/cyborg'
                         '?charset=utf8', conf.database.connection)
        self.assertEqual(['nvidia-222', 'nvidia-223'],
                         conf.gpu_devices.enabled_vgpu_types)
        # (The password plugin's own options, such as username, are
        # registered when the plugin loads.)
        self.assertEqual(('password', 'RegionOne'),
                         (conf.placement.auth_type,
                          conf.placement.region_name))
        self.assertEqual(('password', 'RegionOne'),
                         (conf.nova.auth_type, conf.nova.region_name))
        self.assertEqual('http://controller:5000',
                         conf.keystone_authtoken.www_authenticate_uri)

    def test_passthrough_whitelist_is_device_spec(self):
        # (oslo.config logs the deprecation once per process: the process
        # test of test_upstream_config in functional/placement sees it.)
        self.assertEqual(['{"vendor_id": "10de", "product_id": "1eb8"}',
                          '{"address": "0000:3b:00.*", "vendor_id": "8086"}'],
                         self.conf.pci.device_spec)

    def test_ignored_options_are_read(self):
        self.assertEqual(5, self.conf.agent.resource_provider_startup_retries)
        self.assertTrue(self.conf.gpu_devices.filter_sriov_vfs)
        for opts, name in ((agent_conf.agent_opts,
                            'resource_provider_startup_retries'),
                           (gpu_conf.gpu_opts, 'filter_sriov_vfs')):
            [opt] = [o for o in opts if o.name == name]
            self.assertTrue(opt.deprecated_for_removal)

    def test_the_agent_loads_its_drivers(self):
        # Every driver it names, with its settings ([pci], [gpu_devices]
        # and the dynamic [vgpu_<type>] groups).
        drivers, aliases = registry.load(self.conf, 'compute1')
        self.assertEqual({'nvidia_gpu_driver': 'gpu',
                          'intel_fpga_driver': 'intel_fpga',
                          'xilinx_fpga_driver': 'xilinx_fpga',
                          'intel_qat_driver': 'crypto',
                          'pci_driver': 'generic', 'fake_driver': 'fake'},
                         aliases)
        self.assertEqual(['0000:84:00.0', '0000:85:00.0'],
                         self.conf['vgpu_nvidia-222'].device_addresses)
        self.assertEqual(2, len(drivers['generic'].selectors))

    def test_the_nic_settings_are_read(self):
        # [nic_devices] enabled_nic_types names [x710_static], whose
        # mappings the intel_nic driver reads.
        driver = registry.driver_class('intel_nic_driver')(
            conf=self.conf, host='compute1')
        self.assertEqual({'eth2': 'physnet1', 'eth3': 'physnet1'},
                         driver.physnets)
        self.assertEqual({'eth2': 'GTPv1', 'eth3': 'GTPv1'},
                         driver.functions)
