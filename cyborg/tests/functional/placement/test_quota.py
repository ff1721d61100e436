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
"""attach-instance within Nova's unified limits (issue 37).

The usage is the real Placement's (the server's own FPGA from its flavor,
and what attaches add); the limits come from the stand-in for Keystone's
limits API (cyborg.tests.fixtures.keystone_limits) through the real
oslo.limit.  An attach past a limit is refused, with nothing created.
"""

from oslo_utils import uuidutils

from cyborg import exception
from cyborg import states
from cyborg.conductor.attach import instance as instance_ops
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attachment as att_queries
from cyborg.objects import device_profile as dp_obj
from cyborg.tests.fixtures import keystone_limits
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.functional.placement import nova_host


class QuotaTestCase(nova_host.NovaHostTestCase):

    def setUp(self):
        super().setUp()
        tree = self.placement.tree('n1')
        self.fpga = tree['n1_FakeDevice']['uuid']
        self.root = self.placement.compute_nodes['n1']
        self.placement.client.set_inventories(self.root, {
            'VCPU': {'total': 8, 'reserved': 0, 'min_unit': 1,
                     'max_unit': 8, 'step_size': 1,
                     'allocation_ratio': 1.0}})
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='fpga', description=None,
            groups=[{'resources:FPGA': '1',
                     'trait:CUSTOM_FAKE_DEVICE': 'required'}]))
        self.keystone = self.useFixture(keystone_limits.KeystoneLimits(
            registered={'class:FPGA': 2, 'class:VCPU': 20, 'servers': 10}))
        self.keystone.configure(self.conf_fixture)
        self.server = self._boot()

    def _boot(self, project='p1'):
        """A server as Nova boots it with a flavor naming the profile:
        its allocation (2 VCPU, 1 FPGA) and its flavor's ARQ, bound.
        """
        server = uuidutils.generate_uuid()
        self.client.change_consumer(server, add={
            self.root: {'resources': {'VCPU': 2}},
            self.fpga: {'resources': {'FPGA': 1}}},
            project_id=project, user_id='u1')
        nova_boot.NovaBoot(context=self.context, project=project).boot(
            'fpga', 'n1', self.fpga, instance=server)
        self.nova.servers.add(server, 'n1', project_id=project,
                              user_id='u1', device_profile='fpga')
        return server

    def _attach(self, server=None):
        return instance_ops.attach(
            self.context, self.client, self.nova_client,
            server or self.server, 'fpga')

    def _fpgas(self, server=None):
        allocations = self.client.get_consumer(
            server or self.server)['allocations']
        return allocations[self.fpga]['resources']['FPGA']

    def _nothing_more(self, arqs_before):
        self.assertEqual(arqs_before, sorted(
            a['uuid'] for a in arq_queries.get_all(self.context)))
        self.assertEqual([], att_queries.get_all(
            self.context, instance_uuid=self.server))

    def test_attach_within_the_limit_then_refused_past_it(self):
        # The flavor's FPGA and one attached: 2, the registered limit.
        result = self._attach()
        self.assertEqual([states.BOUND], list(result['arqs'].values()))
        self.assertEqual(2, self._fpgas())
        before = sorted(a['uuid'] for a in arq_queries.get_all(
            self.context))
        exc = self.assertRaises(exception.OverLimit, self._attach)
        self.assertEqual(403, exc.code)
        self.assertIn('project p1 over its limits: class:FPGA: limit 2, '
                      'in use 2, asked 1', exc.message)
        # Nothing created, nothing allocated.
        self.assertEqual(2, self._fpgas())
        self.assertEqual(before, sorted(
            a['uuid'] for a in arq_queries.get_all(self.context)))
        self.assertEqual(1, len(att_queries.get_all(
            self.context, instance_uuid=self.server)))
        self.assertEqual([], self.keystone.unexpected)

    def test_project_limit_overrides_the_registered_one(self):
        self.keystone.projects['p1'] = {'class:FPGA': 1}
        before = sorted(a['uuid'] for a in arq_queries.get_all(
            self.context))
        exc = self.assertRaises(exception.OverLimit, self._attach)
        self.assertIn('class:FPGA: limit 1, in use 1, asked 1', exc.message)
        self.assertEqual(1, self._fpgas())
        self._nothing_more(before)
        # Another project's servers do not count against p1, nor p1's
        # limit against them.
        other = self._boot(project='p2')
        self._attach(other)
        self.assertEqual(2, self._fpgas(other))

    def test_usage_is_counted_across_the_project(self):
        # A second server of p1 holds an FPGA too: 2 in use already.
        self._boot()
        exc = self.assertRaises(exception.OverLimit, self._attach)
        self.assertIn('in use 2, asked 1', exc.message)

    def test_a_class_without_a_limit_counts_as_zero(self):
        # As Nova (and oslo.limit) count it: no registered limit, none
        # allowed.
        self.keystone.registered.pop('class:FPGA')
        exc = self.assertRaises(exception.OverLimit, self._attach)
        self.assertIn('class:FPGA: limit 0', exc.message)

    def test_unlimited(self):
        self.keystone.projects['p1'] = {'class:FPGA': -1}
        for _attempt in range(3):
            self._attach()
        self.assertEqual(4, self._fpgas())

    def test_off_by_default(self):
        self.flags(group='quota', unified_limits=False)
        self.keystone.down = True
        for _attempt in range(3):
            self._attach()
        self.assertEqual(4, self._fpgas())
        self.assertEqual([], self.keystone.requests)

    def test_endpoint_found_by_service_type(self):
        self.keystone.configure(self.conf_fixture,
                                endpoint_by='service_type')
        self._attach()
        self.assertRaises(exception.OverLimit, self._attach)
        self.assertIn(('GET', '/identity/v3/services', 'type=compute'),
                      self.keystone.requests)
        self.assertEqual([], self.keystone.unexpected)

    def test_keystone_down(self):
        self.keystone.down = True
        before = sorted(a['uuid'] for a in arq_queries.get_all(
            self.context))
        exc = self.assertRaises(exception.LimitsUnavailable, self._attach)
        self.assertEqual(503, exc.code)
        self.assertEqual(1, self._fpgas())
        self._nothing_more(before)

    def test_recheck_undoes_an_attach_that_raced_past_the_limit(self):
        # Two attaches of p1 at the same time each see 2 in use and ask 1
        # within a limit of 3; the recheck after adding the resources
        # sees 4 and takes this one back.  Played here as the race ends:
        # the other attach's FPGA lands between the two checks (each
        # check's Enforcer first asks Keystone for the model).
        other = self._boot()
        self.keystone.registered['class:FPGA'] = 3

        def other_attach_lands(number):
            if number == 2:
                self.client.change_consumer(other, add={
                    self.fpga: {'resources': {'FPGA': 1}}},
                    project_id='p1', user_id='u1')

        self.keystone.on_model = other_attach_lands
        before = sorted(a['uuid'] for a in arq_queries.get_all(
            self.context))
        exc = self.assertRaises(exception.OverLimit, self._attach)
        self.assertIn('class:FPGA: limit 3, in use 4 with the 1 of this '
                      'attach', exc.message)
        self.assertEqual(2, self.keystone.models)
        self.assertEqual(1, self._fpgas())
        self._nothing_more(before)
        self.assertEqual(2, self._fpgas(other))
