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
"""cyborg-conductor and cyborg-agent as real processes publish the agent's
devices to a real Placement (served over loopback HTTP), over RabbitMQ
and MariaDB.
"""

import signal

import fixtures
from oslo_utils import uuidutils
from prometheus_client import parser
import pytest
import requests

from cyborg import servicegroup
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.db.queries import service as service_queries
from cyborg.objects import device_profile as dp_obj
from cyborg.tests.fixtures import backends
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.functional import base
from cyborg.tests.functional.fixtures import services

pytestmark = pytest.mark.slow(1)


class PlacementServicesTestCase(base.ServiceTestCase):

    def setUp(self):
        super().setUp()
        self.node = self.host('node')
        self.rp_name = self.node + '.example.org'
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            http=True, compute_nodes=[self.rp_name]))

    def _tree(self, expected):
        """The compute node's children once *expected* are all published.

        A new provider is made, given its traits, recorded, and only then
        given its inventories (``push._publish_new``), so a name alone is
        not a published provider: each must hold its inventories, the
        last write of its push (every device here has one class).
        """
        def published():
            tree = self.placement.tree(self.rp_name)
            if sorted(tree) != expected:
                return None
            if not all(rp['inventories'] for rp in tree.values()):
                return None
            return tree
        return services.wait_for(published, timeout=90,
                                 message='providers never appeared')

    def _reserved(self, tree):
        return {name: {rc: inv['reserved']
                       for rc, inv in rp['inventories'].items()}
                for name, rp in tree.items()}

    def test_a_conductor_process_serves_its_own_counters(self):
        """cyborg-conductor with ``[metrics] conductor_port``: a scrape of
        the port shows the Placement requests its worker made to publish
        an agent's devices (the counters live in the process that counts
        them, not in the launcher's).
        """
        port = services.free_port()
        self.start_service(
            'cyborg-conductor', self.host('cond'),
            placement=dict(self.placement.cyborg_options(),
                           sync_interval=3600),
            metrics={'conductor_port': port,
                     'conductor_host': '127.0.0.1'})
        self.start_service('cyborg-agent', self.node, agent={
            'enabled_drivers': 'fake', 'hotplug': False,
            'resource_provider_name': self.rp_name})
        self._tree([self.node + '_FakeDevice'])

        def placement_requests():
            try:
                text = requests.get('http://127.0.0.1:%d/metrics' % port,
                                    timeout=10).text
            except requests.ConnectionError:
                return None
            return sum(sample.value
                       for family in parser.text_string_to_metric_families(
                           text)
                       for sample in family.samples
                       if sample.name == 'cyborg_placement_requests_total')
        # The providers were made by this conductor's requests.
        self.assertGreater(services.wait_for(
            placement_requests, timeout=30,
            message='the conductor never served its counters'), 0)

    def test_agent_devices_become_nested_providers(self):
        placement = dict(self.placement.cyborg_options(), sync_interval=1)
        self.start_service('cyborg-conductor', self.host('cond'),
                           placement=placement)
        agent_groups = {
            'agent': {'enabled_drivers': 'fake', 'hotplug': False,
                      'resource_provider_name': self.rp_name},
            'fake_driver': {'devices': 'fpga=1,qat=1'},
        }
        agent = self.start_service('cyborg-agent', self.node,
                                   **agent_groups)
        names = [self.node + '_FakeDevice'] + [
            '%s_FakeDevice_qat0_vf%d' % (self.node, i) for i in range(4)]
        tree = self._tree(sorted(names))
        fpga = tree[self.node + '_FakeDevice']
        self.assertEqual(self.placement.compute_nodes[self.rp_name],
                         fpga['parent_provider_uuid'])
        self.assertEqual((16, 0, 16), (
            fpga['inventories']['FPGA']['total'],
            fpga['inventories']['FPGA']['reserved'],
            fpga['inventories']['FPGA']['max_unit']))
        self.assertEqual(['CUSTOM_FAKE_DEVICE', 'OWNER_CYBORG'],
                         fpga['traits'])
        vf = tree[self.node + '_FakeDevice_qat0_vf3']
        self.assertEqual({'CUSTOM_QAT': 1}, {
            rc: inv['total'] for rc, inv in vf['inventories'].items()})
        self.assertIn('CUSTOM_QAT_SYM', vf['traits'])

        # The agent stops: once it is down, its inventory is reserved.
        agent.stop()
        services.wait_for(
            lambda: all(v == {'FPGA': 16} or v == {'CUSTOM_QAT': 1}
                        for v in self._reserved(
                            self.placement.tree(self.rp_name)).values()),
            timeout=90, message='inventory never reserved')
        # Back: restored, the providers unchanged.
        self.start_service('cyborg-agent', self.node, **agent_groups)
        services.wait_for(
            lambda: all(set(v.values()) == {0} for v in self._reserved(
                self.placement.tree(self.rp_name)).values()),
            timeout=90, message='inventory never restored')
        self.assertEqual(sorted(tree), sorted(self.placement.tree(
            self.rp_name)))

    def _agent_last_seen(self):
        """The agent's last heartbeat, or None before its first hello."""
        rows = service_queries.get_all(self.context, self.node,
                                       servicegroup.AGENT)
        return rows[0]['last_seen_up'] if rows else None

    def test_agent_killed_and_restarted(self):
        """kill -9 of the agent: down within service_down_time, its
        inventory reserved while down (a bind that needs nothing of the agent
        still goes ahead),
        restored at its first heartbeat once back.

        The conductor's Placement sync never runs again after its start
        (sync_interval 3600): only the liveness check (every
        report_interval) and the heartbeat do this.
        """
        placement = dict(self.placement.cyborg_options(),
                         sync_interval=3600)
        conductor = self.start_service('cyborg-conductor',
                                       self.host('cond'),
                                       placement=placement)
        agent_groups = {
            'agent': {'enabled_drivers': 'fake', 'hotplug': False,
                      'resource_provider_name': self.rp_name},
        }
        agent = self.start_service('cyborg-agent', self.node,
                                   **agent_groups)
        name = self.node + '_FakeDevice'
        tree = self._tree([name])
        self.assertEqual({name: {'FPGA': 0}}, self._reserved(tree))
        # Its report may be stored before its hello is answered (a hello
        # sent while the conductor was starting is retried): the agent
        # has its services row only once the hello is.
        services.wait_for(self._agent_last_seen, timeout=90,
                          message='the agent\'s hello was never answered')

        # On a loaded machine the agent may have been late before, and
        # declared down and back: what counts is what the kill does.
        down = 'The agent of host %s is down' % self.node
        back = 'The agent of host %s is back (heartbeat)' % self.node
        log = conductor.log()
        before = (log.count(down), log.count(back))
        agent.stop(signal.SIGKILL)
        services.wait_for(
            lambda: self._reserved(self.placement.tree(self.rp_name)) ==
            {name: {'FPGA': 16}}, timeout=90,
            message='inventory never reserved')
        # Reported down once service_down_time passed.  (A heartbeat sent
        # just before the kill may still be recorded after it: the row is
        # compared from here on, not from the kill.)
        [svc] = service_queries.get_all(self.context, self.node,
                                        'cyborg-agent')
        self.assertEqual('down', servicegroup.service_status(svc))
        # A bind Nova sends meanwhile (it scheduled the server before)
        # goes ahead: the fake FPGA's TEST_PCI handle needs nothing of the
        # agent (issue 27; it was refused with 409 agent_down, which put
        # the server in ERROR).
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='dp-' + self.suffix,
            description=None, groups=[{'resources:FPGA': '1'}]))
        nova = nova_boot.NovaBoot(context=self.context)
        [arq] = nova.create('dp-' + self.suffix)
        self.assertEqual({arq: 'Bound'}, nova.bind(
            [arq], self.rp_name, tree[name]['uuid'],
            uuidutils.generate_uuid()))

        # No heartbeat while it was down.
        self.assertEqual(svc['last_seen_up'], self._agent_last_seen())

        self.start_service('cyborg-agent', self.node, **agent_groups)
        services.wait_for(
            lambda: self._reserved(self.placement.tree(self.rp_name)) ==
            {name: {'FPGA': 0}}, timeout=90,
            message='inventory never restored')
        log = conductor.log()
        self.assertEqual((before[0] + 1, before[1] + 1),
                         (log.count(down), log.count(back)))
        self.assertEqual([name], sorted(self.placement.tree(self.rp_name)))

    def test_a_failing_device_leaves_the_candidates_and_comes_back(self):
        """The agent (its own process, on a recorded sysfs tree) finds the
        fatal AER count of a QAT grow: within an agent interval the
        conductor reserves its inventory in Placement, which no longer
        offers it, and the instance that uses it keeps its allocation;
        healthy again, it comes back after the hold-down.
        """
        backends.check(self, 'umockdev')
        root = self.useFixture(fixtures.TempDir()).path
        fs = fakesys.accelerator_host(root)
        fs.write_aer(fakesys.C62X)
        conductor = self.start_service(
            'cyborg-conductor', self.host('cond'),
            placement=dict(self.placement.cyborg_options(), sync_interval=1),
            device_health={'hold_down': 3})
        self.start_service(
            'cyborg-agent', self.node, env={'UMOCKDEV_DIR': root},
            DEFAULT={'periodic_interval': 1},
            agent={'enabled_drivers': 'intel_qat_driver', 'hotplug': False,
                   'resource_provider_name': self.rp_name})
        vfs = ['%s_%s' % (self.node, vf) for vf in fakesys.C62X_VFS]
        other = '%s_%s' % (self.node, fakesys.QAT_4XXX)
        tree = self._tree(sorted(vfs + [other]))
        rps = {name: rp['uuid'] for name, rp in tree.items()}
        self.assertEqual(sorted(rps.values()), self._candidates())
        # Nova's instance on the first VF.
        consumer = self.placement.allocate(rps[vfs[0]], {'CUSTOM_QAT': 1})

        fs.write_aer(fakesys.C62X, fatal=1)
        services.wait_for(
            lambda: self._candidates() == [rps[other]], timeout=30,
            message='the failing QAT was still offered')
        self.assertEqual({vfs[0]: {'CUSTOM_QAT': 1},
                          vfs[1]: {'CUSTOM_QAT': 1},
                          other: {'CUSTOM_QAT': 0}},
                         self._reserved(self.placement.tree(self.rp_name)))
        self.assertIn('1 new fatal AER errors', conductor.log())
        # Nothing is taken from the instance.
        self.assertEqual({rps[vfs[0]]}, self._allocated(consumer))

        # No new error: back once the hold-down (3 s) is over.
        services.wait_for(
            lambda: self._candidates() == sorted([rps[vfs[1]], rps[other]]),
            timeout=30, message='the QAT never came back')
        self.assertEqual({rps[vfs[0]]}, self._allocated(consumer))
        log = conductor.log()
        self.assertIn('is healthy again: it stays reserved', log)
        self.assertIn('its inventory is offered again', log)

    def _candidates(self):
        """The providers Placement offers one CUSTOM_QAT from (the VF
        with an instance has none left).
        """
        response = self.placement.adapter.get(
            '/allocation_candidates', params={'resources': 'CUSTOM_QAT:1'},
            microversion='1.29')
        return sorted(rp for request in response.json()[
            'allocation_requests'] for rp in request['allocations'])

    def _allocated(self, consumer):
        response = self.placement.adapter.get(
            '/allocations/' + consumer, microversion='1.28')
        return set(response.json()['allocations'])
