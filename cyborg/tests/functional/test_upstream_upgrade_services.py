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
"""An OpenStack Cyborg 17.0.0 deployment upgraded to this Cyborg.

The database is the dump the real 17.0.0 wrote (cyborg/tests/data/
upstream-17.0.0/, tools/upstream/make-dumps.sh): two compute nodes,
``compute1.example.org`` (agent host compute1, the fake, NVIDIA, QAT,
Xilinx, Intel FPGA and PCI drivers on the fake sysfs tree of the driver
tests) and ``compute2`` (the fake driver), instances bound to a fake FPGA,
a vGPU and a Xilinx card, and requests never bound, unbound and failed.
Placement (the real one, on loopback) has what the existing Cyborg's
conductor published for those rows and Nova's allocations of the bound
instances.

Then, as an operator upgrades: ``cyborg-dbsync upgrade``; this Cyborg's
conductor, API and agents start with the deployment's driver settings
(compute2's agent with the default ``[agent] resource_provider_name``,
the machine's FQDN, falling back to its host); each agent's first report
adopts its devices.  After that: the bound requests are Bound with the
same attach handles and Nova's resolved poll returns them; the compute
trees have the same providers (but for those the upgrade guide says go),
inventories and allocations; a new request binds with the compute node's
name (Nova's nodename) and is deleted by instance.
"""

import os
import subprocess
import sys

import fixtures
import pytest
import requests
import sqlalchemy as sa

from cyborg.tests.fixtures import backends
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import nova as nova_fixture
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.functional import base
from cyborg.tests.functional.db import test_upstream_upgrade as dumps
from cyborg.tests.functional.fixtures import services
from cyborg.tests.unit.drivers import test_upstream_names

pytestmark = pytest.mark.slow(3)

DRIVERS_CONF = os.path.join(dumps.DATA, 'compute1-drivers.conf')
COMPUTE_NODES = {'compute1': 'compute1.example.org', 'compute2': 'compute2'}
NOVA_HEADERS = {'X-User-Id': 'nova', 'X-Project-Id':
                'a1b2c3d4e5f60718293a4b5c6d7e8f90',
                'X-Roles': 'member,reader', 'X-Service-Roles': 'service'}


def _query(url, statement):
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            return [dict(r) for r in conn.execute(sa.text(statement))
                    .mappings()]
    finally:
        engine.dispose()


class _UpgradedDeploymentMixin:

    def setUp(self):
        super().setUp()
        backends.check(self, 'umockdev')
        self.url = dumps.new_database(self, self.DUMP)
        dumps.load_dump(self.DUMP, self.url)
        self.nova = self.useFixture(nova_fixture.FakeNova())
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            http=True, compute_nodes=list(COMPUTE_NODES.values())))
        self.deployables = _query(
            self.url, 'SELECT d.id, d.name, d.rp_uuid, d.num_accelerators, '
            'v.hostname FROM deployables d JOIN devices v '
            'ON d.device_id = v.id')
        self.attributes = _query(self.url, 'SELECT * FROM attributes')
        self.arqs = {a['uuid']: a for a in _query(
            self.url, 'SELECT a.*, h.uuid AS handle_uuid FROM '
            'extended_accelerator_requests a LEFT JOIN attach_handles h '
            'ON a.attach_handle_id = h.id')}
        self._publish_as_the_existing_cyborg()
        self.before = self._placement()

    def _rc(self, deployable_id):
        return [a['value'] for a in self.attributes
                if a['deployable_id'] == deployable_id and a['key'] == 'rc']

    def _publish_as_the_existing_cyborg(self):
        """The providers its conductor made (report_data) and Nova's
        allocations of the bound instances.
        """
        client = self.placement.client
        for dep in self.deployables:
            [rc] = self._rc(dep['id'])
            traits = sorted(a['value'] for a in self.attributes
                            if a['deployable_id'] == dep['id'] and
                            a['key'].startswith('trait'))
            client.ensure_resource_classes([rc])
            client.create_provider(dep['rp_uuid'], dep['name'],
                                   self.placement.compute_nodes[
                                       dep['hostname']])
            client.set_inventories(dep['rp_uuid'], {rc: {
                'total': dep['num_accelerators'],
                'max_unit': dep['num_accelerators']}})
            client.set_traits(dep['rp_uuid'], traits)
        for arq in self.arqs.values():
            if arq['state'] == 'Bound':
                [rc] = self._rc(arq['deployable_id'])
                self.placement.allocate(arq['device_rp_uuid'], {rc: 1},
                                        consumer=arq['instance_uuid'],
                                        project_id=arq['project_id'])

    def _placement(self):
        """{provider name: (uuid, parent, {rc: total}, traits,
        allocations)} of both compute nodes.
        """
        result = {}
        for node in COMPUTE_NODES.values():
            for name, rp in self.placement.tree(node).items():
                result[name] = (
                    rp['uuid'], rp['parent_provider_uuid'],
                    {rc: inv['total'] for rc, inv in
                     rp['inventories'].items()},
                    set(rp['traits']),
                    self.placement.client.get_allocations(rp['uuid']))
        return result

    # The upgrade ---------------------------------------------------------

    def _upgrade(self):
        conf = os.path.join(self.useFixture(fixtures.TempDir()).path,
                            'cyborg.conf')
        with open(conf, 'w') as f:
            f.write('[database]\nconnection = %s\n' % self.url)
        result = subprocess.run(
            [sys.executable, '-m', 'cyborg.cmd.dbsync', '--config-file',
             conf, 'upgrade'], capture_output=True, text=True, timeout=300)
        self.assertEqual(0, result.returncode, result.stdout + result.stderr)
        self.assertIn('Converted.', result.stdout)

    def _start(self):
        database = {'connection': self.url}
        self.port = services.free_port()
        self.api_url = 'http://127.0.0.1:%d/v2' % self.port
        self.start_service(
            'cyborg-conductor', 'controller', database=database,
            conductor={'work_poll_interval': 0.5},
            placement=dict(self.placement.cyborg_options(), sync_interval=1),
            nova={'auth_type': 'none', 'endpoint_override': self.nova.url})
        self.start_service(
            'cyborg-api', 'controller', database=database,
            DEFAULT={'auth_strategy': 'noauth'},
            api={'host_ip': '127.0.0.1', 'port': self.port,
                 'api_workers': 1, 'api_threads': 4})
        tree = self.useFixture(fixtures.TempDir()).path
        fakesys.accelerator_host(tree)
        self.start_service(
            'cyborg-agent', 'compute1', env={'UMOCKDEV_DIR': tree},
            config_files=[DRIVERS_CONF], database=database,
            agent={'enabled_drivers': 'fake_driver,nvidia_gpu_driver,'
                   'intel_qat_driver,xilinx_fpga_driver,intel_fpga_driver,'
                   'pci_driver', 'hotplug': False,
                   'resource_provider_name': 'compute1.example.org'})
        self.start_service('cyborg-agent', 'compute2', database=database,
                           agent={'enabled_drivers': 'fake_driver',
                                  'hotplug': False})
        services.wait_for(self._adopted, timeout=120,
                          message='the agents never adopted their devices')

    def _adopted(self):
        # Each host's report stored and pushed: neither marked nor under
        # way (a push clears needs_sync when it claims the host, and
        # records the compute node's provider only later).
        hosts = _query(self.url, 'SELECT hostname, needs_sync, sync_claim, '
                       'hardware IS NOT NULL AS reported, compute_rp_name '
                       'FROM hosts')
        legacy = _query(self.url, 'SELECT id FROM devices WHERE '
                        'driver_name IS NULL')
        return (not legacy and len(hosts) == 2 and
                all(h['reported'] and not h['needs_sync'] and
                    h['sync_claim'] is None for h in hosts) and hosts)

    def api(self, method, path, expect, **kwargs):
        response = requests.request(method, self.api_url + path,
                                    headers=NOVA_HEADERS, timeout=30,
                                    **kwargs)
        self.assertEqual(expect, response.status_code, response.text)
        return response.json() if response.content else None

    # The test ------------------------------------------------------------

    def test_upgrade_keeps_instances_and_providers(self):
        self._upgrade()
        self._start()
        hosts = {h['hostname']: h['compute_rp_name'] for h in
                 self._adopted()}
        self.assertEqual(COMPUTE_NODES, hosts)

        # Bound requests: still Bound, same handle, Nova's poll sees them.
        bound = [a for a in self.arqs.values() if a['state'] == 'Bound']
        self.assertEqual(4, len(bound))
        for old in bound:
            [arq] = self.api('GET', '/accelerator_requests?instance=%s'
                             '&bind_state=resolved' % old['instance_uuid'],
                             200)['arqs']
            self.assertEqual(
                ('Bound', old['handle_uuid'], old['device_rp_uuid'],
                 old['hostname']),
                (arq['state'], arq['attach_handle_uuid'],
                 arq['device_rp_uuid'], arq['hostname']))
        others = {a['uuid']: a['state'] for a in self.api(
            'GET', '/accelerator_requests', 200)['arqs']}
        self.assertEqual({u: a['state'] for u, a in self.arqs.items()},
                         others)

        # Placement: the same providers, inventories and allocations (the
        # A100's whole-GPU providers go, as the upgrade guide says).
        after = self._placement()
        gone = set(self.before) - set(after)
        self.assertEqual({n for n in test_upstream_names.UPSTREAM_ONLY},
                         gone)
        for name in set(self.before) - gone:
            uuid, parent, inventory, traits, allocations = self.before[name]
            new = after[name]
            self.assertEqual((uuid, parent, inventory, allocations),
                             (new[0], new[1], new[2], new[4]), name)
            self.assertLessEqual(traits, new[3], name)

        # A new instance: bound with the compute node's name (Nova's
        # nodename), then deleted by instance.
        nova = nova_boot.NovaBoot(api=self.api, nova=self.nova)
        [arq], instance = nova.boot('fpga', 'compute1.example.org',
                                    after['compute1_FakeDevice'][0])
        events, [bound] = nova.resolved([arq], instance)
        self.assertEqual('completed', events[arq]['status'])
        self.assertEqual('Bound', bound['state'])
        held = {a['handle_uuid'] for a in self.arqs.values()}
        self.assertNotIn(bound['attach_handle_uuid'], held)
        self.api('DELETE', '/accelerator_requests?instance=' + instance, 204)
        self.assertEqual([], self.api(
            'GET', '/accelerator_requests?instance=' + instance,
            200)['arqs'])


class UpgradedDeploymentMySQLTestCase(_UpgradedDeploymentMixin,
                                      base.ServiceTestCase):
    DUMP = 'mysql'


class UpgradedDeploymentPostgreSQLTestCase(_UpgradedDeploymentMixin,
                                           base.ServiceTestCase):
    DUMP = 'postgresql'
