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
"""Programming Intel and Xilinx FPGAs through binds: the function traits
the conductor records are the ones the next report of the driver shows.

A real agent (the ``fpga`` driver over a recorded sysfs tree, the vendor
tools replaced by scripts that change the tree as the real tools change
the device) and a conductor serve RPC on the in-memory transport.
"""

import os

import fixtures
import oslo_messaging as messaging
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import states
from cyborg.agent import manager as agent_manager
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.conductor import manager as conductor_manager
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.arq import jobs
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.drivers.fpga import card
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import sysfs

NEW_AFU = 'ffeeddccbbaa99887766554433221100'
NEW_XCLBIN = '11111111-2222-3333-4444-555555555555'
HOST = 'node-1'


class FpgaProgramTestCase(sysfs.FakeHostMixin, base.DbTestCase):
    MODE = sysfs.SYSFS_ROOT

    def setUp(self):
        super().setUp()
        cache = self.useFixture(fixtures.TempDir()).path
        self.flags(group='agent', image_cache_dir=cache, hotplug=False)
        self.image = uuidutils.generate_uuid()
        with open(os.path.join(cache, self.image), 'wb') as f:
            f.write(b'bitstream')
        driver = card.FpgaDriver(base.CONF, HOST, pci_host=self.pci_host)
        self.agent = agent_manager.AgentManager(
            HOST, drivers=({'fpga': driver}, {}),
            conductor_api=conductor_rpcapi.ConductorAPI())
        self._serve(agent_rpcapi.TOPIC, HOST, self.agent)
        self._serve(conductor_rpcapi.TOPIC, 'c1',
                    conductor_manager.ConductorManager(
                        'c1', conductor_rpcapi.TOPIC))
        self.agent_api = agent_rpcapi.AgentAPI()
        self.agent.tracker.update(self.context)

    def _serve(self, topic, host, endpoint):
        self.rpc_servers.start(
            messaging.Target(topic=topic, server=host), [endpoint])

    def _fake_tool(self, name, sysfs_path, value):
        """The vendor tool: writes *value* where the device shows its
        loaded function, as programming the real device does.
        """
        bindir = self.useFixture(fixtures.TempDir()).path
        tool = os.path.join(bindir, name)
        with open(tool, 'w') as f:
            f.write('#!/bin/sh\necho %s > %s\n' % (
                value, self.fs.real_path(sysfs_path)))
        os.chmod(tool, 0o700)
        self.useFixture(fixtures.EnvironmentVariable(
            'PATH', bindir + os.pathsep + os.environ['PATH']))

    def _deployable(self, address):
        name = '%s_%s' % (HOST, address)
        with self.db.engine.connect() as conn:
            dep = conn.execute(sa.select(models.Deployable.__table__).where(
                models.Deployable.name == name)).mappings().one()
            traits = set(conn.execute(
                sa.select(models.Attribute.value).where(
                    models.Attribute.deployable_id == dep['id'],
                    models.Attribute.key.startswith('trait'))).scalars())
        return dep, traits

    def _bind_programming(self, address):
        dep, _ = self._deployable(address)
        # Without Placement, no provider: give the deployable one.
        rp = uuidutils.generate_uuid()
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.Deployable).where(
                models.Deployable.id == dep['id']).values(rp_uuid=rp))
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='dp', description=None,
            groups=[{'resources:FPGA': '1',
                     'accel:bitstream_id': self.image}]))
        uuid = arq_create.create(self.context, 'dp', 'p1')[0]['uuid']
        self.assertEqual({uuid: states.BIND_STARTED}, arq_bind.bind(
            self.context, {uuid: {'hostname': HOST,
                                  'device_rp_uuid': rp,
                                  'instance_uuid': 'i1',
                                  'project_id': 'p1'}})[0])
        [job] = job_queries.claim_due(self.context, 'c1', set(), 10)
        jobs.run(self.context, self.agent_api, job)
        self.assertEqual(states.BOUND,
                         arq_queries.get(self.context, uuid)['state'])

    def _check(self, address, trait, old_trait):
        """The trait and the image, after the bind and after the next
        report of the agent.
        """
        for when in ('after the bind', 'after the next report'):
            dep, traits = self._deployable(address)
            self.assertIn(trait, traits, when)
            self.assertNotIn(old_trait, traits, when)
            self.assertEqual(self.image, dep['bitstream_id'], when)
            self.agent.tracker.update(self.context)

    def test_intel(self):
        self._fake_tool('fpgaconf', '/sys/bus/pci/devices/%s/fpga_region/'
                        'region0/dfl-port.0/afu_id' % fakesys.N3000,
                        NEW_AFU)
        self._bind_programming(fakesys.N3000)
        self._check(fakesys.N3000,
                    'CUSTOM_FPGA_FUNCTION_ID_INTEL_' + NEW_AFU.upper(),
                    'CUSTOM_FPGA_FUNCTION_ID_INTEL_' +
                    fakesys.N3000_AFU.upper())

    def test_xilinx(self):
        self._fake_tool('xbutil', '/sys/bus/pci/devices/%s/xclbinuuid' %
                        fakesys.U250_USER, NEW_XCLBIN)
        self._bind_programming(fakesys.U250_MGMT)
        self._check(fakesys.U250_MGMT,
                    'CUSTOM_FPGA_FUNCTION_ID_XILINX_' +
                    NEW_XCLBIN.replace('-', '').upper(),
                    'CUSTOM_FPGA_FUNCTION_ID_XILINX_' +
                    fakesys.U250_XCLBIN.replace('-', '').upper())
