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
"""Device configuration end to end on recorded sysfs trees (issue 40):
the agent's resource tracker with the real crypto and gpu drivers, the
fake kernel (cyborg/tests/fixtures/fake_kernel.py: VFs made and bound as
Linux does on the writes of the privileged sysfs writer) and a stateful
nvidia-smi, the conductor's configuration and report handling, and the
real Placement.

* A QAT 4xxx from no VF to 8 on vfio-pci: reserved while it changes, 8
  allocatable VF providers afterwards, the PF's gone; an instance binds
  one.
* A change while it is bound: refused naming the instance; with drain,
  reserved at once, applied once the ARQ is deleted.
* A GPU offered whole to a MIG layout: the layout's profiles are its
  inventories, the whole GPU's provider is gone, an instance's allocation
  elsewhere is intact.
* A reboot (every VF gone, the agent started again): its first report
  holds the QAT (``applying``, nothing of it offered, never drifted)
  until the VFs are back.
* A write the kernel refuses: ``failed`` with the reason, the device
  reserved.
"""

from oslo_utils import uuidutils
import pytest

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.agent import resource_tracker
from cyborg.clients import placement as placement_client
from cyborg.common import cleaning as common_cleaning
from cyborg.common import device_config
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.devices import configuration
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.conductor.placement import push
from cyborg.conductor.placement import sync as placement_sync
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.db.queries import device_state
from cyborg.db.queries import service as service_queries
from cyborg.drivers import pci
from cyborg.drivers.crypto import qat
from cyborg.drivers.gpu import nvidia
from cyborg.objects import device_profile as dp_obj
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import agent_config
from cyborg.tests.fixtures import cleaning
from cyborg.tests.fixtures import fake_kernel
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.fixtures import nvidia_smi
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.fixtures import reporting
from cyborg.tests.fixtures import sysfs

pytestmark = pytest.mark.slow(3)

CONF = cyborg_conf.CONF
HOST = 'n1'
QAT = fakesys.SRIOV_QAT
GPU = fakesys.MIG_A100
LAYOUT = '3g.40gb,2g.20gb,1g.10gb'


class _ConfigMixin(sysfs.FakeHostMixin):

    BUILDER = staticmethod(fakesys.configurable_host)

    def setUp(self):
        super().setUp()
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            compute_nodes=[HOST]))
        self.flags(group='placement', **self.placement.cyborg_options())
        self.client = placement_client.from_conf(CONF)
        self.kernel = self.useFixture(fake_kernel.FakeKernel(
            self.fs, vf_drivers=dict(fake_kernel.VF_DRIVERS,
                                     **fakesys.NVIDIA_VF_DRIVERS),
            on_vf=fakesys.nvidia_vf))
        self.smi = self.useFixture(nvidia_smi.StatefulNvidiaSmi())
        self.smi.set_gpu(0, mig='Disabled', instances=[])
        # The agent's liveness is not what these tests are about: its one
        # heartbeat must not run out between reports on a loaded machine.
        self.flags(service_down_time=86400)
        service_queries.heartbeat(self.context, HOST, 'cyborg-agent')
        self.tracker = self._agent()
        self.tracker.update(self.context)
        self.revision = None
        self.qat = self._device('crypto', QAT)
        self.gpu = self._device('gpu', GPU)

    def _agent(self):
        """A starting agent's tracker, with the real drivers."""
        drivers = {'crypto': qat.QatDriver(CONF, HOST,
                                           pci_host=self.pci_host),
                   'gpu': nvidia.NvidiaGpuDriver(CONF, HOST,
                                                 pci_host=self.pci_host)}
        return resource_tracker.ResourceTracker(
            HOST, drivers, {name: name for name in drivers},
            reporting.InProcessConductor(self.client))

    def _device(self, driver, address):
        return device_queries.get(self.context, hardware.device_uuid(
            HOST, driver, address))

    def _configure(self, device, desired, drain=False):
        """The operator's PUT, and the conductor's push of the host that
        reserves the device.
        """
        config = configuration.configure(self.context, device['uuid'],
                                         desired, drain=drain)
        push.push(self.context, self.client, HOST)
        return config

    def _agent_applies(self):
        """The agent's heartbeat (the conductor hands the host's
        configurations), the work thread's configure() and discovery,
        whose report the conductor handles and pushes.
        """
        tracker = self.tracker
        answer = configuration.for_agent(self.context, HOST, self.revision)
        self.assertIsNotNone(answer, 'nothing handed to the agent')
        configs, self.revision = answer
        done = agent_config.configure(tracker, configs)
        tracker.update(self.context)
        return done

    def _config(self, device):
        return config_queries.get(self.context, device['uuid'])

    def _tree(self):
        """{provider name suffix: {rc: (total, reserved)}} of the host's
        device providers.
        """
        prefix = HOST + '_'
        return {name[len(prefix):]: {
            rc: (inv['total'], inv['reserved'])
            for rc, inv in rp['inventories'].items()}
            for name, rp in self.placement.tree(HOST).items()}

    def _rp(self, suffix):
        return placement_sync.rp_uuid('%s_%s' % (HOST, suffix))

    def _qat_vfs(self):
        return [fake_kernel.vf_address(QAT, 1 + i) for i in range(8)]

    def _bind(self, suffix, rc):
        """Nova's boot: an allocation from the provider, ARQs made and
        bound to it.  :returns: (arq uuid, instance uuid).
        """
        name = 'dp-' + uuidutils.generate_uuid()[:8]
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name=name, description=None,
            groups=[{'resources:%s' % rc: '1'}]))
        [arq], instance = nova_boot.NovaBoot(
            context=self.context, placement=self.placement).boot(
                name, HOST, self._rp(suffix), claim={rc: 1})
        return arq, instance

    def _allocations(self, consumer):
        resp = self.placement.adapter.get(
            '/allocations/%s' % consumer, microversion='1.36')
        return resp.json()['allocations']

    def _eight_vfs(self):
        self._configure(self.qat, {'num_vfs': 8, 'vf_driver': 'vfio-pci'})
        self.assertEqual({
            'generation': 1, 'state': 'applied', 'reason': None},
            self._agent_applies()[self.qat['uuid']])

    # The tests -------------------------------------------------------------

    def test_a_qat_to_eight_vfs_on_vfio_pci_bound_by_an_instance(self):
        self.assertEqual({'CUSTOM_QAT': (1, 0)}, self._tree()[QAT])
        self.assertIn(self._rp(QAT), self.placement.candidates('CUSTOM_QAT:1'))
        self._configure(self.qat, {'num_vfs': 8, 'vf_driver': 'vfio-pci'})
        # Reserved while it changes: never offered half-configured.
        self.assertEqual('pending', self._config(self.qat)['state'])
        self.assertEqual({'CUSTOM_QAT': (1, 1)}, self._tree()[QAT])
        self.assertNotIn(self._rp(QAT),
                         self.placement.candidates('CUSTOM_QAT:1'))
        self._agent_applies()
        self.assertEqual(['8'], self.kernel.writes('sriov_numvfs', QAT))
        self.assertEqual((device_config.APPLIED, None),
                         (self._config(self.qat)['state'],
                          self._config(self.qat)['reason']))
        tree = self._tree()
        self.assertNotIn(QAT, tree)
        vfs = self._qat_vfs()
        self.assertEqual({vf: {'CUSTOM_QAT': (1, 0)} for vf in vfs},
                         {vf: tree[vf] for vf in vfs})
        candidates = self.placement.candidates('CUSTOM_QAT:1')
        self.assertEqual([], [vf for vf in vfs
                              if self._rp(vf) not in candidates])
        # Each on vfio-pci, what a guest is given.
        devices = pci.by_address(self.pci_host)
        self.assertEqual({'vfio-pci'}, {devices[vf].driver for vf in vfs})
        arq, instance = self._bind(vfs[0], 'CUSTOM_QAT')
        self.assertEqual({self._rp(vfs[0])}, set(self._allocations(
            instance)))

    def test_a_change_while_bound_is_refused_then_drained(self):
        self._eight_vfs()
        vfs = self._qat_vfs()
        arq, instance = self._bind(vfs[0], 'CUSTOM_QAT')
        exc = self.assertRaises(
            exception.DeviceConfigInUse, configuration.configure,
            self.context, self.qat['uuid'], {'num_vfs': 4})
        self.assertIn(instance, str(exc))
        self.assertEqual(1, self._config(self.qat)['generation'])
        # Drain: reserved at once, waiting for the instance.
        self._configure(self.qat, {'num_vfs': 4}, drain=True)
        self.assertEqual('draining', self._config(self.qat)['state'])
        tree = self._tree()
        self.assertEqual({(1, 1)}, {tree[vf]['CUSTOM_QAT'] for vf in vfs})
        # Nothing is handed to the agent meanwhile.
        answer = configuration.for_agent(self.context, HOST, self.revision)
        if answer is not None:
            self.assertEqual([], answer[0])
            self.revision = answer[1]
        self.assertEqual({self._rp(vfs[0])}, set(self._allocations(
            instance)))
        # Nova deletes the instance: its ARQ, then its allocation.
        arq_delete.delete(self.context, uuids=[arq])
        self.placement.deallocate(instance)
        self.assertEqual([HOST], configuration.release_drained(
            self.context))
        push.push(self.context, self.client, HOST)
        # Cleaned between two tenants first: the QAT of this tree offers
        # no function reset, no step, so it is held (issue 77: a clean
        # with no step is no clean) until an administrator releases it;
        # then configured.
        self.assertIsNone(configuration.for_agent(self.context, HOST,
                                                  self.revision))
        self.assertEqual({}, cleaning.clean_now(self.context, self.tracker))
        [clean] = device_state.history(self.context, self.qat['uuid'])
        self.assertEqual((common_cleaning.FAILED, common_cleaning.NO_STEP),
                         (clean['state'], clean['reason']))
        self.assertIsNone(configuration.for_agent(self.context, HOST,
                                                  self.revision))
        device_state.release(self.context, self.qat['uuid'], 'admin',
                             'no step: checked by hand')
        push.push(self.context, self.client, HOST)
        self._agent_applies()
        self.assertEqual(['8', '0', '4'],
                         self.kernel.writes('sriov_numvfs', QAT))
        self.assertEqual('applied', self._config(self.qat)['state'])
        # Healthy: the VFs the configuration removed did not vanish.
        self.assertIsNone(self._device('crypto', QAT)['health'])
        tree = self._tree()
        self.assertEqual({vf: {'CUSTOM_QAT': (1, 0)} for vf in vfs[:4]},
                         {vf: tree[vf] for vf in vfs[:4]})
        self.assertEqual([], [vf for vf in vfs[4:] if vf in tree])

    def test_a_gpu_to_a_mig_layout_keeps_other_allocations(self):
        self.assertEqual({'PGPU': (1, 0)}, self._tree()[GPU])
        # An instance on the QAT C62x's first VF, left alone.
        arq, instance = self._bind(fakesys.SRIOV_C62X_VFS[0], 'CUSTOM_QAT')
        before = self._allocations(instance)
        self._configure(self.gpu, {'mode': 'mig', 'mig_layout': LAYOUT})
        self.assertEqual({'PGPU': (1, 1)}, self._tree()[GPU])
        self._agent_applies()
        self.assertEqual('applied', self._config(self.gpu)['state'])
        tree = self._tree()
        self.assertNotIn(GPU, tree)
        self.assertEqual(
            [{'CUSTOM_MIG_1G_10GB': (1, 0)}, {'CUSTOM_MIG_2G_20GB': (1, 0)},
             {'CUSTOM_MIG_3G_40GB': (1, 0)}],
            sorted((inv for name, inv in tree.items()
                    if name.startswith(GPU + '_gi')),
                   key=lambda inv: sorted(inv)))
        self.assertEqual(
            1, len(self.placement.candidates('CUSTOM_MIG_2G_20GB:1')))
        self.assertEqual([], self.placement.candidates('PGPU:1'))
        self.assertEqual(before, self._allocations(instance))

    def test_a_reboot_holds_the_device_until_its_vfs_are_back(self):
        self._eight_vfs()
        self.kernel.reboot()
        self.kernel.settle()
        self.assertEqual(0, pci.by_address(self.pci_host)[QAT].sriov_numvfs)
        # The agent starts again: it asks before its first discovery (an
        # empty revision), whose report holds the QAT.
        agent = self._agent()
        configs, self.revision = configuration.for_agent(
            self.context, HOST, None)
        self.assertTrue(agent.expect(configs))
        agent.update(self.context)
        self.assertEqual(('applying', configuration.REAPPLYING),
                         (self._config(self.qat)['state'],
                          self._config(self.qat)['reason']))
        ours = {self._rp(name) for name in [QAT] + self._qat_vfs()}
        self.assertEqual(set(), ours & set(
            self.placement.candidates('CUSTOM_QAT:1')))
        self.assertEqual(['8'], self.kernel.writes('sriov_numvfs', QAT))
        # Then applies it (the work thread) and reports.
        self.assertEqual('applied', agent.configure_next()[
            self.qat['uuid']]['state'])
        agent.update(self.context)
        self.assertEqual(['8', '8'], self.kernel.writes('sriov_numvfs',
                                                        QAT))
        # Nothing drifted, ever.
        self.assertEqual(('applied', None),
                         (self._config(self.qat)['state'],
                          self._config(self.qat)['reason']))
        tree = self._tree()
        self.assertEqual([], [vf for vf in self._qat_vfs()
                              if tree.get(vf) != {'CUSTOM_QAT': (1, 0)}])

    def test_a_refused_write_fails_with_the_reason_and_stays_reserved(
            self):
        self.kernel.break_attribute(QAT, 'sriov_numvfs')
        self._configure(self.qat, {'num_vfs': 8})
        done = self._agent_applies()
        self.assertEqual('failed', done[self.qat['uuid']]['state'])
        config = self._config(self.qat)
        self.assertEqual('failed', config['state'])
        self.assertIn('sriov_numvfs', config['reason'])
        self.assertEqual({'CUSTOM_QAT': (1, 1)}, self._tree()[QAT])
        self.assertNotIn(self._rp(QAT),
                         self.placement.candidates('CUSTOM_QAT:1'))


class TestDeviceConfigSQLite(_ConfigMixin, base.DbTestCase):
    BACKEND = 'sqlite'
    MODE = sysfs.SYSFS_ROOT


class TestDeviceConfigUdevSQLite(_ConfigMixin, base.DbTestCase):
    BACKEND = 'sqlite'
    MODE = sysfs.UDEV


class TestDeviceConfigMySQL(_ConfigMixin, base.DbTestCase):
    BACKEND = 'mysql'
    MODE = sysfs.SYSFS_ROOT
