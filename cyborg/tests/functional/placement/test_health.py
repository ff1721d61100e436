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
"""Device health end to end: the agent's resource tracker with real
drivers on recorded sysfs trees, the conductor's report handling and the
real Placement.

A QAT PF whose fatal AER counter grows (and a GPU whose telemetry shows
uncorrectable ECC errors) is reported unhealthy at the next discovery:
its providers' inventory is reserved, allocation candidates no longer
offer it, a bound ARQ on it stays Bound with its allocation.  Once
healthy it stays out for the hold-down (the clock fixture moves time),
then comes back; ``enable`` returns it at once.  On SQLite and MariaDB.
"""

from oslo_utils import uuidutils
import pytest
import sqlalchemy as sa
import webtest

from cyborg import conf as cyborg_conf
from cyborg import objects
from cyborg import states
from cyborg.agent import resource_tracker
from cyborg.api import app
from cyborg.conductor.audit import placement as placement_audit
from cyborg.conductor.devices import device as device_ops
from cyborg.conductor.inventory import reports
from cyborg.conductor.placement import sync as placement_sync
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import host_inventory
from cyborg.db.queries import service as service_queries
from cyborg.drivers.crypto import qat
from cyborg.drivers.gpu import nvidia
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import conf as conf_fixture
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import kernel_log
from cyborg.tests.fixtures import notifications as notify_fixture
from cyborg.tests.fixtures import nvidia_smi
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.fixtures import reporting
from cyborg.tests.fixtures import sysfs

pytestmark = pytest.mark.slow(3)

CONF = cyborg_conf.CONF
HOST = 'n1'
VF0, VF1 = fakesys.C62X_VFS


class _HealthMixin(placement_fixture.PlacementMixin, sysfs.FakeHostMixin):

    MODE = sysfs.SYSFS_ROOT

    def setUp(self):
        super().setUp()
        self.use_placement([HOST])
        self.clock = self.time_fixture()
        self._agent_up()

    def _agent_up(self):
        service_queries.heartbeat(self.context, HOST, 'cyborg-agent')

    def _tracker(self, name, driver):
        return resource_tracker.ResourceTracker(
            HOST, {name: driver}, {name: name},
            reporting.InProcessConductor(self.client))

    def _rp(self, suffix):
        return placement_sync.rp_uuid('%s_%s' % (HOST, suffix))

    def _reserved(self, suffix):
        tree = self.placement.tree(HOST)
        return {rc: (inv['total'], inv['reserved']) for rc, inv in
                tree['%s_%s' % (HOST, suffix)]['inventories'].items()}

    def _device(self, driver, address):
        return device_queries.get(self.context, hardware.device_uuid(
            HOST, driver, address))

    def _bind(self, deployable_name):
        """A Bound ARQ on the deployable's first handle, with Nova's
        allocation.
        """
        snap = host_inventory.load(self.context, HOST)
        dep = snap.deployables[deployable_name]
        handle = snap.handles[dep['id']][0]
        with db_api.get_engine().begin() as conn:
            dp = conn.execute(sa.insert(models.DeviceProfile.__table__)
                              .values(uuid='dp-1', name='dp-1',
                                      profile_json='{}')
                              ).inserted_primary_key[0]
            conn.execute(sa.update(models.AttachHandle.__table__)
                         .where(models.AttachHandle.id == handle['id'])
                         .values(in_use=True))
            conn.execute(sa.insert(
                models.ExtendedAcceleratorRequest.__table__).values(
                    uuid='arq-1', state=states.BOUND,
                    device_profile_id=dp, device_profile_group_id=0,
                    attach_handle_id=handle['id'],
                    deployable_id=dep['id']))
        return self.placement.allocate(
            placement_sync.rp_uuid(deployable_name), {'CUSTOM_QAT': 1})

    def _arq_state(self):
        with db_api.get_engine().connect() as conn:
            return conn.execute(sa.select(
                models.ExtendedAcceleratorRequest.state)).scalar_one()

    def _allocations(self, consumer):
        resp = self.placement.adapter.get(
            '/allocations/%s' % consumer, microversion='1.36')
        return sorted(resp.json()['allocations'])


class _QatTests(_HealthMixin):

    def setUp(self):
        super().setUp()
        self.fs.write_aer(fakesys.C62X)
        self.tracker = self._tracker('crypto', qat.QatDriver(
            CONF, HOST, pci_host=self.pci_host))
        self.tracker.update(self.context)
        self.all = sorted([self._rp(VF0), self._rp(VF1),
                           self._rp(fakesys.QAT_4XXX)])
        self.assertEqual(self.all, self.placement.candidates('CUSTOM_QAT:1'))

    def _fail(self):
        self.fs.write_aer(fakesys.C62X, fatal=1)
        summary = self.tracker.update(self.context)
        self.assertEqual('stored', summary['report'])

    def test_fatal_aer_growth_takes_it_out_and_the_hold_down_returns_it(
            self):
        consumer = self._bind('%s_%s' % (HOST, VF0))
        self._fail()
        device = self._device('crypto', fakesys.C62X)
        self.assertEqual(('unhealthy', 'PCI function %s: 1 new fatal AER '
                          'errors' % fakesys.C62X),
                         (device['health'], device['health_reason']))
        self.assertEqual({'CUSTOM_QAT': (1, 1)}, self._reserved(VF0))
        self.assertEqual({'CUSTOM_QAT': (1, 1)}, self._reserved(VF1))
        self.assertEqual([self._rp(fakesys.QAT_4XXX)],
                         self.placement.candidates('CUSTOM_QAT:1'))
        # Nothing is taken from the instance.
        self.assertEqual(states.BOUND, self._arq_state())
        self.assertEqual([self._rp(VF0)], self._allocations(consumer))

        # No new error at the next discovery: recovering, still out.
        self.tracker.update(self.context)
        self.assertEqual('recovering',
                         self._device('crypto', fakesys.C62X)['health'])
        self.clock.advance(CONF.device_health.hold_down - 1)
        self._agent_up()
        reports.periodic(self.context, self.client)
        self.assertEqual([self._rp(fakesys.QAT_4XXX)],
                         self.placement.candidates('CUSTOM_QAT:1'))
        # The hold-down is over: back (VF0 still has its instance).
        self.clock.advance(1)
        self._agent_up()
        reports.periodic(self.context, self.client)
        device = self._device('crypto', fakesys.C62X)
        self.assertIsNone(device['health'])
        self.assertEqual({'CUSTOM_QAT': (1, 0)}, self._reserved(VF1))
        self.assertEqual(sorted([self._rp(VF1), self._rp(fakesys.QAT_4XXX)]),
                         self.placement.candidates('CUSTOM_QAT:1'))
        self.assertEqual(states.BOUND, self._arq_state())

    def test_the_tenant_sees_its_arq_device_fail_with_the_next_report(
            self):
        """Health where the tenant looks (2.4): one report after the
        fault (one agent interval), the owner's GET of its ARQ shows it,
        and the health notification names its server.
        """
        notes = self.useFixture(notify_fixture.Notifications())
        self._bind('%s_%s' % (HOST, VF0))
        arq, project, server = (uuidutils.generate_uuid() for _ in range(3))
        with db_api.get_engine().begin() as conn:
            conn.execute(sa.update(models.ExtendedAcceleratorRequest)
                         .values(uuid=arq, project_id=project,
                                 instance_uuid=server, hostname=HOST))
        self.flags(auth_strategy='noauth')
        objects.register_all()
        conf_fixture.reset_policy()
        self.addCleanup(conf_fixture.reset_policy)
        api = webtest.TestApp(app.load_app())

        def get(version):
            return api.get('/v2/accelerator_requests/' + arq, headers={
                'X-Project-Id': project, 'X-Roles': 'member,reader',
                'OpenStack-API-Version': 'accelerator %s' % version}).json

        self.assertEqual('healthy', get('2.4')['device_health'])
        self._fail()
        shown = get('2.4')
        self.assertEqual(
            ('unhealthy', 'PCI function %s: 1 new fatal AER errors' %
             fakesys.C62X, states.BOUND),
            (shown['device_health'], shown['device_health_reason'],
             shown['state']))
        self.assertIsNotNone(shown['device_health_since'])
        self.assertNotIn('device_health', get('2.3'))
        [update] = [data for event, data in notes.events()
                    if event == 'device.update'
                    and data['health'] == 'unhealthy']
        self.assertEqual([server], update['instance_uuids'])

    def test_audit_finds_the_reservation_intended(self):
        self._fail()
        self.assertEqual({'CUSTOM_QAT': (1, 1)}, self._reserved(VF0))
        self.assertEqual([], [d.as_dict() for d in placement_audit.audit(
            self.context, self.client, host=HOST)])

    def test_enable_returns_a_recovering_device_at_once(self):
        self._fail()
        uuid = self._device('crypto', fakesys.C62X)['uuid']
        # Still failing: enable does not return it.
        device_ops.set_status(self.context, self.client, uuid,
                              device_queries.ENABLED)
        self.assertEqual({'CUSTOM_QAT': (1, 1)}, self._reserved(VF1))
        self.tracker.update(self.context)
        device_ops.set_status(self.context, self.client, uuid,
                              device_queries.ENABLED)
        self.assertEqual(self.all, self.placement.candidates('CUSTOM_QAT:1'))

    def test_without_hold_down_it_returns_with_the_next_report(self):
        self.flags(group='device_health', hold_down=0)
        self._fail()
        self.assertEqual([self._rp(fakesys.QAT_4XXX)],
                         self.placement.candidates('CUSTOM_QAT:1'))
        self.tracker.update(self.context)
        self.assertEqual(self.all, self.placement.candidates('CUSTOM_QAT:1'))

    def test_disabled_device_stays_out_when_healthy_again(self):
        self.flags(group='device_health', hold_down=0)
        self._fail()
        uuid = self._device('crypto', fakesys.C62X)['uuid']
        device_ops.set_status(self.context, self.client, uuid,
                              device_queries.MAINTAINING)
        self.tracker.update(self.context)
        self.assertIsNone(self._device('crypto', fakesys.C62X)['health'])
        self.assertEqual([self._rp(fakesys.QAT_4XXX)],
                         self.placement.candidates('CUSTOM_QAT:1'))


class _GpuTests(_HealthMixin):

    BUILDER = staticmethod(fakesys.mig_host)

    def test_uncorrectable_ecc_errors_take_the_gpu_out(self):
        smi = self.useFixture(nvidia_smi.FakeNvidiaSmi())
        tracker = self._tracker('gpu', nvidia.NvidiaGpuDriver(
            CONF, HOST, pci_host=self.pci_host))
        tracker.update(self.context)
        self.assertEqual([self._rp(fakesys.MIG_L40)],
                         self.placement.candidates('PGPU:1'))
        with open('%s/query-telemetry.csv' % smi.data) as f:
            lines = f.read().splitlines()
        with open('%s/query-telemetry.csv' % smi.data, 'w') as f:
            # The L40's volatile uncorrectable ECC count: 1.
            fields = lines[-1].split(', ')
            fields[10] = '1'
            f.write('\n'.join(lines[:-1] + [', '.join(fields)]) + '\n')
        # The telemetry's verdict joins the next discovery's health.
        self.assertTrue(tracker.read_telemetry())
        tracker.update(self.context)
        self.assertEqual([], self.placement.candidates('PGPU:1'))
        device = self._device('gpu', fakesys.MIG_L40)
        self.assertEqual(('unhealthy', '1 uncorrectable ECC errors'),
                         (device['health'], device['health_reason']))

    def test_a_critical_xid_takes_the_gpu_out_until_the_hold_down_ends(
            self):
        self.useFixture(nvidia_smi.FakeNvidiaSmi())
        kmsg = self.useFixture(kernel_log.RecordedKernelLog())
        tracker = self._tracker('gpu', nvidia.NvidiaGpuDriver(
            CONF, HOST, pci_host=self.pci_host, kernel_log=kmsg.read))
        # The XIDs already in the log are the baseline.
        tracker.update(self.context)
        self.assertEqual([self._rp(fakesys.MIG_L40)],
                         self.placement.candidates('PGPU:1'))
        # An application's error says nothing of the GPU.
        kmsg.xid('0000:d8:00', 13, 'Graphics SM Warp Exception')
        tracker.update(self.context)
        self.assertEqual([self._rp(fakesys.MIG_L40)],
                         self.placement.candidates('PGPU:1'))
        kmsg.xid('0000:d8:00', 79, 'GPU has fallen off the bus.')
        tracker.update(self.context)
        self.assertEqual([], self.placement.candidates('PGPU:1'))
        device = self._device('gpu', fakesys.MIG_L40)
        self.assertEqual(
            ('unhealthy', 'GPU XID 79 (GPU has fallen off the bus.)'),
            (device['health'], device['health_reason']))
        # No new XID: recovering, out until the hold-down is over.
        tracker.update(self.context)
        self.assertEqual('recovering',
                         self._device('gpu', fakesys.MIG_L40)['health'])
        self.clock.advance(CONF.device_health.hold_down)
        self._agent_up()
        reports.periodic(self.context, self.client)
        self.assertIsNone(self._device('gpu', fakesys.MIG_L40)['health'])
        self.assertEqual([self._rp(fakesys.MIG_L40)],
                         self.placement.candidates('PGPU:1'))


class TestQatHealthSQLite(_QatTests, base.DbTestCase):
    BACKEND = 'sqlite'


class TestQatHealthMySQL(_QatTests, base.DbTestCase):
    BACKEND = 'mysql'
    PLACEMENT_BACKEND = 'mysql'


class TestQatHealthPostgreSQL(_QatTests, base.DbTestCase):
    BACKEND = 'postgresql'


class TestGpuHealthSQLite(_GpuTests, base.DbTestCase):
    BACKEND = 'sqlite'
