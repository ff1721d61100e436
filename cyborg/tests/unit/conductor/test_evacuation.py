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
"""Evacuating an instance whose mediated device is on a dead host.

Nova deletes the instance's ARQs, then creates and binds new ones on the
host it evacuates to.  The release of the old mediated device cannot run
while its host is down: it must not keep the instance's new ARQs from
being bound.  Two agents (fake driver) serve RPC on the in-memory
transport; the first one stops, as its host dies.
"""

import oslo_messaging as messaging
from oslo_utils import uuidutils

from cyborg import rpc
from cyborg import states
from cyborg.agent import manager as agent_manager
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.conductor import arq_bind
from cyborg.conductor import arq_create
from cyborg.conductor import arq_delete
from cyborg.conductor import bind_jobs
from cyborg.conductor import device_profile as dp_ops
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.drivers import registry
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import inventory


class EvacuationTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.flags(group='agent', enabled_drivers=['fake'])
        self.flags(group='fake_driver', devices=['vgpu=1'])
        self.drivers, self.servers, self.rps = {}, {}, {}
        self.managers = {}
        for host in ('node-1', 'node-2'):
            self.rps[host] = inventory.add_device(
                self.context, host, dev_type='GPU', address='0000:0c:00.0',
                handles=2, rc='VGPU', traits=(), driver='fake',
                handle_type='MDEV')['rp_uuid']
            drivers, aliases = registry.load(base.CONF, host)
            self.drivers[host] = drivers['fake']
            self.managers[host] = agent_manager.AgentManager(
                host, drivers=(drivers, aliases))
            self._start(host)
        self.agent_api = agent_rpcapi.AgentAPI()
        # A call to the dead agent gives up quickly (the option exists once
        # the transport does).
        self.flags(rpc_response_timeout=1)
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='dp', description=None,
            groups=[{'resources:VGPU': '1'}]))

    def _start(self, host):
        server = rpc.get_server(
            messaging.Target(topic=agent_rpcapi.TOPIC, server=host),
            [self.managers[host]])
        server.start()
        self.addCleanup(self._stop, server)
        self.servers[host] = server

    def _stop(self, server):
        if server not in self.servers.values():
            return
        server.stop()
        server.wait()
        self.servers = {h: s for h, s in self.servers.items()
                        if s is not server}

    def _bind(self, host, instance='i1'):
        uuid = arq_create.create(self.context, 'dp', 'p1').objects[0].uuid
        arq_bind.bind(self.context, {uuid: {
            'hostname': host, 'device_rp_uuid': self.rps[host],
            'instance_uuid': instance, 'project_id': 'p1'}})
        return uuid

    def _run_due(self):
        jobs = job_queries.claim_due(self.context, 'c1', set(), 10)
        for job in jobs:
            bind_jobs.run(self.context, self.agent_api, job)
        return [(job['kind'], job['payload']['host']) for job in jobs]

    def test_rebind_elsewhere_while_the_dead_host_holds_the_mdev(self):
        old = self._bind('node-1')
        self._run_due()
        self.assertEqual(states.BOUND,
                         arq_queries.get(self.context, old)['state'])
        self.assertEqual(1, len(self.drivers['node-1'].mdevs))

        # node-1 dies; Nova evacuates the instance: it deletes its ARQs...
        self._stop(self.servers['node-1'])
        self.assertEqual(1, arq_delete.delete(self.context,
                                            instance_uuid='i1'))
        # ... whose release cannot reach the host (retried later).
        self.assertEqual([(job_queries.RELEASE, 'node-1')], self._run_due())
        self.assertEqual(states.DELETING,
                         arq_queries.get(self.context, old)['state'])
        [waiting] = job_queries.get_all(self.context)
        self.assertEqual(1, waiting['attempts'])

        # ... and binds the instance's new ARQs on node-2 (before, they
        # failed with InstanceAlreadyBound until the release gave up).
        new = self._bind('node-2')
        self.assertEqual([(job_queries.PREPARE, 'node-2')], self._run_due())
        arq = arq_queries.get(self.context, new)
        self.assertEqual((states.BOUND, 'i1'),
                         (arq['state'], arq['instance_uuid']))
        self.assertEqual([arq['attach_handle_uuid']],
                         list(self.drivers['node-2'].mdevs))
        self.assertEqual([new], [a['uuid'] for a in arq_queries.get_all(
            self.context, instance_uuid='i1')])

        # node-1 is back: the retried release removes the old mdev, the
        # old ARQ goes, the new binding keeps the instance.
        self._start('node-1')
        self.time_fixture().advance(waiting['attempts'] * 2 + 1)
        self.assertEqual([(job_queries.RELEASE, 'node-1')], self._run_due())
        self.assertEqual({}, self.drivers['node-1'].mdevs)
        self.assertEqual([new], [a['uuid'] for a in arq_queries.get_all(
            self.context)])
        self.assertEqual(states.BOUND,
                         arq_queries.get(self.context, new)['state'])
