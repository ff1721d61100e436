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
"""The Placement client against the real openstack-placement."""

import os
import uuid

import fixtures
from oslo_config import cfg

from cyborg import conf as cyborg_conf
from cyborg import counters
from cyborg import exception
from cyborg import metrics
from cyborg.clients import placement as placement_client
from cyborg.tests import base
from cyborg.tests.fixtures import backends
from cyborg.tests.fixtures import placement as placement_fixture

CONF = cyborg_conf.CONF


class PlacementClientTestCase(base.TestCase):
    """In-process Placement on SQLite, through wsgi-intercept."""

    BACKEND = 'sqlite'
    HTTP = False

    def setUp(self):
        super().setUp()
        backends.check(self, self.BACKEND)
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            backend=self.BACKEND, http=self.HTTP, compute_nodes=['cn1']))
        self.flags(group='placement', **self.placement.cyborg_options())
        self.client = placement_client.from_conf(CONF)
        self.cn1 = self.placement.compute_nodes['cn1']

    def _child(self, name='cn1_dev'):
        return self.client.create_provider(str(uuid.uuid4()), name,
                                           self.cn1)

    def test_not_configured(self):
        self.flags(group='placement', auth_type=None,
                   endpoint_override=None)
        self.assertFalse(placement_client.is_configured(CONF))
        self.assertRaises(exception.PlacementNotConfigured,
                          placement_client.from_conf, CONF)

    def test_provider_lifecycle(self):
        rp = self._child()
        self.assertEqual((self.cn1, 0), (rp['parent_provider_uuid'],
                                         rp['generation']))
        self.assertEqual(rp['uuid'], self.client.find_provider(
            'cn1_dev')['uuid'])
        self.assertIsNone(self.client.find_provider('nope'))
        # Creating it again takes it over.
        self.assertEqual(rp['uuid'], self.client.create_provider(
            rp['uuid'], 'cn1_dev', self.cn1)['uuid'])
        # The name of another provider is refused.
        self.assertRaises(exception.PlacementError,
                          self.client.create_provider, str(uuid.uuid4()),
                          'cn1_dev', self.cn1)
        # ensure_provider renames and re-parents.
        cn2 = self.placement.add_compute_node('cn2')
        moved = self.client.ensure_provider(rp['uuid'], 'cn2_dev', cn2)
        self.assertEqual(('cn2_dev', cn2), (moved['name'],
                                            moved['parent_provider_uuid']))
        self.assertTrue(self.client.delete_provider(rp['uuid']))
        self.assertFalse(self.client.delete_provider(rp['uuid']))
        self.assertIsNone(self.client.get_provider(rp['uuid']))

    def test_inventory_and_traits_with_stale_generation(self):
        rp = self._child()
        self.client.ensure_resource_classes(['CUSTOM_QAT', 'FPGA'])
        gen = self.client.set_inventories(
            rp['uuid'], {'CUSTOM_QAT': {'total': 4, 'max_unit': 4}},
            generation=rp['generation'])
        # A stale generation (Nova wrote in between) is retried.
        self.client.set_traits(rp['uuid'], ['OWNER_CYBORG'], generation=gen)
        before = sum(self.client.calls.values())
        gen = self.client.set_traits(rp['uuid'],
                                     ['OWNER_CYBORG', 'CUSTOM_FOO'],
                                     generation=gen)
        # PUT /traits/CUSTOM_FOO, a 409, GET traits, PUT again.
        self.assertEqual(4, sum(self.client.calls.values()) - before)
        self.assertEqual(
            ['CUSTOM_FOO', 'OWNER_CYBORG'],
            self.placement.view(rp['uuid'])['traits'])
        inv = self.client.get_inventories(rp['uuid'])[1]
        self.assertEqual((4, 0, 4), (inv['CUSTOM_QAT']['total'],
                                     inv['CUSTOM_QAT']['reserved'],
                                     inv['CUSTOM_QAT']['max_unit']))
        # Reserved may equal total (microversion 1.26).
        self.client.set_inventories(
            rp['uuid'], {'CUSTOM_QAT': {'total': 4, 'max_unit': 4,
                                        'reserved': 4}})
        self.assertEqual(4, self.client.get_inventories(rp['uuid'])[1][
            'CUSTOM_QAT']['reserved'])

    def test_known_custom_names_are_not_sent_again(self):
        self.client.ensure_traits(['CUSTOM_A', 'OWNER_CYBORG'])
        self.client.ensure_resource_classes(['CUSTOM_R'])
        with counters.measure() as cost:
            self.client.ensure_traits(['CUSTOM_A', 'OWNER_CYBORG'])
            self.client.ensure_resource_classes(['CUSTOM_R', 'FPGA'])
        self.assertEqual(0, cost.placement_calls)
        self.assertEqual({'PUT': 2}, dict(self.client.calls))

    def test_deleted_custom_trait_is_created_again(self):
        rp = self._child()
        self.client.set_traits(rp['uuid'], ['CUSTOM_GONE'])
        self.client.set_traits(rp['uuid'], [])
        self.placement.adapter.delete('/traits/CUSTOM_GONE',
                                      microversion='1.6')
        self.client.set_traits(rp['uuid'], ['CUSTOM_GONE'])
        self.assertEqual(['CUSTOM_GONE'],
                         self.placement.view(rp['uuid'])['traits'])

    def test_in_use(self):
        rp = self._child()
        self.client.set_inventories(rp['uuid'],
                                    {'FPGA': {'total': 2, 'max_unit': 2}})
        consumer = self.placement.allocate(rp['uuid'], {'FPGA': 1})
        self.assertEqual([consumer], list(self.client.get_allocations(
            rp['uuid'])))
        self.assertRaises(exception.ResourceProviderInUse,
                          self.client.delete_provider, rp['uuid'])
        self.assertRaises(exception.InventoryInUse,
                          self.client.set_inventories, rp['uuid'],
                          {'PGPU': {'total': 1}})
        # Shrinking below the usage is allowed (over capacity).
        self.client.set_inventories(rp['uuid'], {'FPGA': {
            'total': 2, 'max_unit': 2, 'reserved': 2}})
        self.placement.deallocate(consumer)
        self.assertTrue(self.client.delete_provider(rp['uuid']))

    def test_list_by_trait(self):
        rp = self._child()
        self.client.set_traits(rp['uuid'], ['OWNER_CYBORG'])
        self.assertEqual([rp['uuid']], [p['uuid'] for p in
                                        self.client.list_providers(
                                            required_trait='OWNER_CYBORG')])

    def test_unreachable(self):
        self.flags(group='placement', endpoint_override='http://127.0.0.1:9')
        client = placement_client.from_conf(CONF)
        error = self.assertRaises(exception.PlacementError,
                                  client.find_provider, 'cn1')
        self.assertIn('GET /resource_providers', error.message)

    def test_calls_are_counted_for_prometheus(self):
        def value(name, **labels):
            return metrics.REGISTRY.get_sample_value(name, labels) or 0.0

        names = (('cyborg_placement_requests_total', {'method': 'GET'}),
                 ('cyborg_placement_request_errors_total',
                  {'method': 'GET', 'kind': '4xx'}),
                 ('cyborg_placement_request_errors_total',
                  {'method': 'GET', 'kind': 'connection'}),
                 ('cyborg_placement_request_duration_seconds_count',
                  {'method': 'GET'}))
        before = [value(name, **labels) for name, labels in names]
        self.assertEqual(self.cn1, self.client.find_provider('cn1')['uuid'])
        # 404: no such provider.
        self.assertIsNone(self.client.get_provider(str(uuid.uuid4())))
        self.flags(group='placement', endpoint_override='http://127.0.0.1:9')
        self.assertRaises(exception.PlacementError,
                          placement_client.from_conf(CONF).find_provider,
                          'cn1')
        after = [value(name, **labels) for name, labels in names]
        self.assertEqual([3, 1, 1, 3],
                         [a - b for a, b in zip(after, before)])

    def test_token_auth_plugin(self):
        # With a token (as a Keystone plugin sends one) the same calls
        # work; admin_token is keystoneauth's fixed-token plugin.
        path = os.path.join(self.useFixture(fixtures.TempDir()).path,
                            'cyborg.conf')
        with open(path, 'w') as f:
            f.write('[placement]\nauth_type = admin_token\n'
                    'endpoint = %s\ntoken = admin\n'
                    % self.placement.endpoint)
        conf = cfg.ConfigOpts()
        cyborg_conf.register_opts(conf)
        conf(['--config-file', path])
        client = placement_client.from_conf(conf)
        self.assertEqual(self.cn1, client.find_provider('cn1')['uuid'])


class PlacementClientHTTPMySQLTestCase(PlacementClientTestCase):
    """Placement on MariaDB behind a loopback HTTP server."""

    BACKEND = 'mysql'
    HTTP = True
