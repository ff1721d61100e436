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
"""A MIG GPU instance bound and unbound end to end.

The gpu driver reads a recorded sysfs tree and recorded nvidia-smi
outputs (fakesys.mig_host: an H100 whose 1g.10gb instances are offered
through vendor-specific VFIO VFs, an A100 whose 2g.20gb instances are
offered through classic mdev on VFs); its report goes into the database
as the conductor writes it; a device profile asks for the instance's
resource class; the bind's and the unbind's device work run through a
real agent on the in-memory transport, and the VF's vGPU is read back
from the tree.
"""

import oslo_messaging as messaging
from oslo_utils import uuidutils

from cyborg import states
from cyborg.agent import manager as agent_manager
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.arq import jobs as arq_jobs
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.conductor.inventory import device_diff
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import host_inventory
from cyborg.drivers.gpu import nvidia
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import nvidia_smi
from cyborg.tests.fixtures import sysfs

HOST = 'node-1'
H100_GI = '%s_%s_gi8' % (HOST, fakesys.MIG_H100)
A100_GI = '%s_%s_gi3' % (HOST, fakesys.MIG_A100)
RPS = {H100_GI: '5b0c3a9e-8f53-4c39-9a55-0a1c2d3e4f51',
       A100_GI: '5b0c3a9e-8f53-4c39-9a55-0a1c2d3e4f52'}


class MigBindTestCase(sysfs.FakeHostMixin, base.DbTestCase):

    MODE = sysfs.SYSFS_ROOT
    BUILDER = staticmethod(fakesys.mig_host)

    def setUp(self):
        super().setUp()
        self.useFixture(nvidia_smi.FakeNvidiaSmi())
        self.flags(group='agent', enabled_drivers=['gpu'])
        driver = nvidia.NvidiaGpuDriver(base.CONF, HOST,
                                        pci_host=self.pci_host)
        self._publish(self.context, driver.discover())
        self.rpc_servers.start(
            messaging.Target(topic=agent_rpcapi.TOPIC, server=HOST),
            [agent_manager.AgentManager(
                HOST, drivers=({'gpu': driver}, {}))])
        self.agent_api = agent_rpcapi.AgentAPI()

    @db_api.context_manager.writer
    def _publish(self, context, records):
        device_diff.apply(context, HOST, records)
        deployables = host_inventory.load(context, HOST).deployables
        for name, rp_uuid in RPS.items():
            host_inventory.update(context, 'deployables',
                                  deployables[name]['id'],
                                  {'rp_uuid': rp_uuid})

    def _run_jobs(self):
        jobs = job_queries.claim_due(self.context, 'c1', set(), 10)
        for job in jobs:
            arq_jobs.run(self.context, self.agent_api, job)
        return [job['kind'] for job in jobs]

    def _bind(self, resource_class, deployable):
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='dp-' + resource_class,
            description=None,
            groups=[{'resources:%s' % resource_class: '1',
                     'trait:CUSTOM_NVIDIA_MIG_%s' % resource_class[
                         len('CUSTOM_MIG_'):]: 'required'}]))
        uuid = arq_create.create(self.context, 'dp-' + resource_class,
                              'p1')[0]['uuid']
        arq_bind.bind(self.context, {uuid: {
            'hostname': HOST, 'device_rp_uuid': RPS[deployable],
            'instance_uuid': 'i1', 'project_id': 'p1'}})
        self.assertEqual([job_queries.PREPARE], self._run_jobs())
        arq = arq_queries.get(self.context, uuid)
        self.assertEqual(states.BOUND, arq['state'])
        return uuid, arq

    def _read(self, path):
        with open(self.fs.real_path(path)) as f:
            return f.read().strip()

    def test_vendor_vfio_instance(self):
        uuid, arq = self._bind('CUSTOM_MIG_1G_10GB', H100_GI)
        # gi8 is the second 1g.10gb instance: the third VF.
        vf = fakesys.MIG_H100_VFS[2]
        self.assertEqual(('PCI', vf), (
            arq['attach_handle_type'],
            '{domain}:{bus}:{device}.{function}'.format(
                **arq['attach_handle_info'])))
        path = '/sys/devices/pci0000:8a/%s/nvidia/current_vgpu_type' % vf
        self.assertEqual('1061', self._read(path))
        arq_release.unbind(self.context, [uuid])
        self.assertEqual([job_queries.RELEASE], self._run_jobs())
        self.assertEqual('0', self._read(path))
        self.assertEqual(states.UNBOUND,
                         arq_queries.get(self.context, uuid)['state'])

    def test_classic_mdev_instance(self):
        uuid, arq = self._bind('CUSTOM_MIG_2G_20GB', A100_GI)
        vf = fakesys.MIG_A100_VFS[1]
        self.assertEqual(('MDEV', vf, 'nvidia-700'), (
            arq['attach_handle_type'],
            '{domain}:{bus}:{device}.{function}'.format(
                **arq['attach_handle_info']),
            arq['attach_handle_info']['asked_type']))
        create = ('/sys/devices/pci0000:4b/%s/mdev_supported_types/'
                  'nvidia-700/create' % vf)
        mdev_uuid = self._read(create)
        self.assertTrue(uuidutils.is_uuid_like(mdev_uuid))
        # The kernel would create the mdev's directory.
        self.fs.write('/sys/devices/pci0000:4b/%s/%s/remove' % (
            vf, mdev_uuid), '')
        arq_release.unbind(self.context, [uuid])
        self.assertEqual([job_queries.RELEASE], self._run_jobs())
        self.assertEqual('1', self._read('/sys/devices/pci0000:4b/%s/%s/'
                                         'remove' % (vf, mdev_uuid)))
