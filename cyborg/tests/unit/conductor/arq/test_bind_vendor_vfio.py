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
"""A vendor-specific VFIO vGPU (vGPU 17+) bound and unbound end to end.

The gpu driver reads a recorded sysfs tree (an A100 with two VFs offering
vGPU types); its report goes into the database as the conductor writes
it; the bind's and the unbind's device work run through a real agent on
the in-memory transport, and the VF's ``nvidia/current_vgpu_type`` is
read back from the tree.
"""

import oslo_messaging as messaging
from oslo_utils import uuidutils

from cyborg import states
from cyborg.agent import manager as agent_manager
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import jobs as arq_jobs
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.conductor.inventory import device_diff
from cyborg.conf import gpu as gpu_conf
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attach_handle as handle_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import host_inventory
from cyborg.drivers.gpu import nvidia
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import sysfs

HOST = 'node-1'
RP_UUID = '5b0c3a9e-8f53-4c39-9a55-0a1c2d3e4f50'


class VendorVfioBindTestCase(sysfs.FakeHostMixin, base.DbTestCase):

    MODE = sysfs.SYSFS_ROOT

    def setUp(self):
        super().setUp()
        self.flags(group='gpu_devices', enabled_vgpu_types=['692'])
        gpu_conf.register_vgpu_opts(base.CONF)
        self.flags(group='agent', enabled_drivers=['gpu'])
        driver = nvidia.NvidiaGpuDriver(base.CONF, HOST,
                                        pci_host=self.pci_host)
        self._report(driver.discover())
        self.rpc_servers.start(
            messaging.Target(topic=agent_rpcapi.TOPIC, server=HOST),
            [agent_manager.AgentManager(
                HOST, drivers=({'gpu': driver}, {}))])
        self.agent_api = agent_rpcapi.AgentAPI()

    @db_api.context_manager.writer
    def _publish(self, context, records):
        device_diff.apply(context, HOST, records)
        dep = host_inventory.load(context, HOST).deployables[
            '%s_%s' % (HOST, fakesys.A100)]
        host_inventory.update(context, 'deployables', dep['id'],
                              {'rp_uuid': RP_UUID})

    def _report(self, records):
        self._publish(self.context, records)

    def _vgpu_type(self, vf):
        path = self.fs.real_path('/sys/devices/pci0000:41/%s/nvidia/'
                                 'current_vgpu_type' % vf)
        with open(path) as f:
            return f.read().strip()

    def _run_jobs(self):
        jobs = job_queries.claim_due(self.context, 'c1', set(), 10)
        for job in jobs:
            arq_jobs.run(self.context, self.agent_api, job)
        return [job['kind'] for job in jobs]

    def _bind(self):
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='dp', description=None,
            groups=[{'resources:VGPU': '1'}]))
        uuid = arq_create.create(self.context, 'dp', 'p1')[0]['uuid']
        arq_bind.bind(self.context, {uuid: {
            'hostname': HOST, 'device_rp_uuid': RP_UUID,
            'instance_uuid': 'i1', 'project_id': 'p1'}})
        return uuid

    def test_bind_sets_the_vgpu_type_and_unbind_clears_it(self):
        uuid = self._bind()
        # The VF must get its type before Nova may hand it to the guest.
        self.assertEqual(states.BIND_STARTED,
                         arq_queries.get(self.context, uuid)['state'])
        self.assertEqual([job_queries.PREPARE], self._run_jobs())
        arq = arq_queries.get(self.context, uuid)
        self.assertEqual((states.BOUND, 'PCI'),
                         (arq['state'], arq['attach_handle_type']))
        vf = '{domain}:{bus}:{device}.{function}'.format(
            **arq['attach_handle_info'])
        self.assertIn(vf, fakesys.A100_VFS)
        self.assertEqual('692', self._vgpu_type(vf))
        handle_id = arq['attach_handle_id']

        arq_release.unbind(self.context, [uuid])
        # The handle stays in use until the type is cleared.
        self.assertTrue(handle_queries.get(self.context, handle_id)['in_use'])
        self.assertEqual([job_queries.RELEASE], self._run_jobs())
        self.assertEqual('0', self._vgpu_type(vf))
        self.assertFalse(handle_queries.get(self.context,
                                            handle_id)['in_use'])
        self.assertEqual(states.UNBOUND,
                         arq_queries.get(self.context, uuid)['state'])

    def test_delete_clears_the_vgpu_type_then_deletes(self):
        uuid = self._bind()
        self._run_jobs()
        arq = arq_queries.get(self.context, uuid)
        vf = '{domain}:{bus}:{device}.{function}'.format(
            **arq['attach_handle_info'])
        arq_delete.delete(self.context, uuids=[uuid])
        self.assertEqual(states.DELETING,
                         arq_queries.get(self.context, uuid)['state'])
        self.assertEqual([job_queries.RELEASE], self._run_jobs())
        self.assertEqual('0', self._vgpu_type(vf))
        self.assertEqual([], arq_queries.get_all(self.context))
