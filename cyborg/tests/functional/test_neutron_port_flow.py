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
"""A Neutron port with a device profile, as Nova runs it, on an Intel NIC.

A port of ``vnic_type=accelerator-direct`` names a device profile with
one group asking for a ``CUSTOM_NIC`` virtual function on a physical
network.  Nova reads the profile, schedules the port's request group with
Placement, creates one ARQ for the port, binds it, waits for the event,
reads the resolved ARQ and builds the port's binding profile from its
attach handle: ``pci_slot`` from the address and ``physical_network``,
which it reads with no default (nova/accelerator/cyborg.py).

cyborg-api, cyborg-conductor and a cyborg-agent with the intel_nic driver
(its configuration file as the existing Cyborg's: ``intel_nic_driver``,
``[nic_devices]`` and ``[x710_static]``) run as processes over RabbitMQ
and MariaDB; the agent reads a recorded sysfs tree through umockdev; the
real Placement serves on loopback; a recording stand-in for Nova's events
API takes the events.
"""

import fixtures
from oslo_utils import uuidutils
import pytest
import requests

from cyborg.tests.fixtures import backends
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import nova as nova_fixture
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.functional import base
from cyborg.tests.functional.fixtures import services

pytestmark = pytest.mark.slow(1)

PROJECT = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'
NOVA_HEADERS = {'X-User-Id': 'nova-user', 'X-Project-Id': PROJECT,
                'X-Roles': 'member,reader', 'X-Service-Roles': 'service'}


V2_4 = {'OpenStack-API-Version': 'accelerator 2.4'}


class NeutronPortFlowTestCase(base.ServiceTestCase):

    def setUp(self):
        super().setUp()
        backends.check(self, 'umockdev')
        self.nova = self.useFixture(nova_fixture.FakeNova())
        self.node = self.host('node1')
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            http=True, compute_nodes=[self.node]))
        self.port = services.free_port()
        self.url = 'http://127.0.0.1:%d/v2' % self.port
        self.session = requests.Session()
        self.nova_boot = nova_boot.NovaBoot(
            api=self.api, project=PROJECT, placement=self.placement,
            nova=self.nova)
        self._start()

    def _start(self):
        self.start_service(
            'cyborg-conductor', self.host('cond'),
            conductor={'work_poll_interval': 0.5},
            placement=dict(self.placement.cyborg_options(),
                           sync_interval=1),
            nova={'auth_type': 'none', 'endpoint_override': self.nova.url,
                  'events_retry_max_interval': 2})
        root = self.useFixture(fixtures.TempDir()).path
        fakesys.nic_host(root)
        self.start_service(
            'cyborg-agent', self.node, env={'UMOCKDEV_DIR': root},
            agent={'enabled_drivers': 'intel_nic_driver', 'hotplug': False},
            nic_devices={'enabled_nic_types': 'x710_static'},
            x710_static={'physical_device_mappings':
                         'physnet1:ens1f0,physnet2:ens2f0'})
        self.start_service(
            'cyborg-api', self.host('api'),
            DEFAULT={'auth_strategy': 'noauth'},
            api={'host_ip': '127.0.0.1', 'port': self.port,
                 'api_workers': 1, 'api_threads': 4})
        # The E810's 2 VFs, the X710, the N3000's 3 VFs, the XL710 and
        # the XXV710's 2 VFs.
        services.wait_for(lambda: self._tree(9), timeout=90,
                          message='the NIC providers never appeared')

    def _tree(self, count):
        tree = self.placement.tree(self.node)
        if len(tree) == count and all(
                rp['inventories'] and rp['traits'] for rp in tree.values()):
            return tree
        return None

    def api(self, method, path, expect, headers=NOVA_HEADERS, **kwargs):
        response = self.session.request(
            method, self.url + path, headers=headers, timeout=30, **kwargs)
        self.assertEqual(expect, response.status_code, response.text)
        return response.json() if response.content else None

    # Nova's side -------------------------------------------------------

    def boot_with_port(self, profile_name):
        """Nova's flow for one port; returns (ARQ, binding profile, rp)."""
        instance = uuidutils.generate_uuid()
        # nova-api: the port's device profile becomes its request group
        # (Nova accepts a profile of exactly one group for a port).
        [profile] = self.api('GET', '/device_profiles?name=' + profile_name,
                             200)['device_profiles']
        [group] = profile['groups']
        rp_uuid = self.nova_boot.schedule([group], instance)[1][0]
        # nova-conductor: one ARQ for the port, bound at once.
        [uuid], _ = self.nova_boot.boot(profile_name, self.node, rp_uuid,
                                        instance=instance)
        # nova-compute: the event, then the resolved ARQs.
        events, [arq] = self.nova_boot.resolved([uuid], instance)
        self.assertEqual('completed', events[uuid]['status'])
        self.assertEqual(('Bound', 'PCI'),
                         (arq['state'], arq['attach_handle_type']))
        info = arq['attach_handle_info']
        # What Nova puts in the port's binding:profile.
        binding = {
            'physical_network': info['physical_network'],
            'pci_slot': '%s:%s:%s.%s' % (info['domain'], info['bus'],
                                         info['device'], info['function']),
            'arq_uuid': arq['uuid']}
        return arq, binding, rp_uuid, instance

    # The test ----------------------------------------------------------

    def test_port_with_a_nic_vf_device_profile(self):
        # The NICs are not cleaned between two tenants here (cleaning has
        # tests of its own; the fake tree has no netdev for the E810's
        # clean): a VF whose port is deleted is offered again at once.
        self.api('POST', '/device_classes', 201, headers=V2_4, json={
            'name': 'nics', 'cleaning': 'off',
            'selector': [{'key': 'type', 'op': '==', 'value': 'NIC'}]})
        services.wait_for(
            lambda: all(d['cleaning']['steps'] is None for d in self.api(
                'GET', '/devices', 200, headers=V2_4)['devices']),
            timeout=120, message='the NICs are still cleaned')
        self.api('POST', '/device_profiles', 201, headers={}, json=[
            {'name': 'vf-physnet1', 'groups': [
                {'resources:CUSTOM_NIC': '1',
                 'trait:CUSTOM_PHYSNET_PHYSNET1': 'required',
                 'trait:CUSTOM_VF': 'required'}]}])
        self.api('POST', '/device_profiles', 201, headers={}, json=[
            {'name': 'nic-physnet2', 'groups': [
                {'resources:CUSTOM_NIC': '1',
                 'trait:CUSTOM_PHYSNET2': 'required'}]}])

        arq, binding, rp_uuid, vm1 = self.boot_with_port('vf-physnet1')
        self.assertEqual('physnet1', binding['physical_network'])
        self.assertIn(binding['pci_slot'], fakesys.E810_VFS)
        self.assertEqual(rp_uuid, arq['device_rp_uuid'])
        self.assertIn('CUSTOM_PHYSNET_PHYSNET1',
                      self.placement.view(rp_uuid)['traits'])

        # The X710 has no VF enabled: its PF is the port's device, on
        # physnet2 (the existing Cyborg's trait name).
        _arq, binding, _rp, vm2 = self.boot_with_port('nic-physnet2')
        self.assertEqual({'physical_network': 'physnet2',
                          'pci_slot': fakesys.X710},
                         {k: binding[k] for k in ('physical_network',
                                                  'pci_slot')})

        # Nova deletes a port's ARQs by uuid; the VF can be bound again.
        self.api('DELETE', '/accelerator_requests?arqs=' + arq['uuid'],
                 204)
        self.placement.deallocate(vm1)
        services.wait_for(
            lambda: not any(a['uuid'] == arq['uuid'] for a in self.api(
                'GET', '/accelerator_requests', 200, headers={})['arqs']),
            timeout=30, message='the ARQ never went')
        _arq, binding, _rp, _vm = self.boot_with_port('vf-physnet1')
        self.assertEqual('physnet1', binding['physical_network'])
