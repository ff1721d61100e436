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
"""Devices configured at their edges (issue 57), on the fake driver's
QAT, GPU and NIC with the real Placement (fake_host):

* a GPU is never offered whole while a MIG instance carved from it is
  held, nor carved while it is held whole;
* a pending change of one device is not stuck behind another device's
  held provider;
* a configuration is stored merged, as the agent will take it after a
  restart; one the agent fails is ``failed`` with the reason at the
  report after it, its providers kept, reserved;
* a change of a device whose driver fails is refused naming the driver's
  error, and one that meets a failing driver waits for it.
"""

import pytest

from cyborg import exception
from cyborg.common import device_config
from cyborg.conductor.devices import configuration
from cyborg.db.queries import device_config as config_queries
from cyborg.tests.functional.placement import fake_host

pytestmark = pytest.mark.slow(2)

MIG = fake_host.MIG
MIG_RC = 'CUSTOM_MIG_3G_40GB'


class DeviceConfigEdgesTestCase(fake_host.ConfigHostTestCase):

    def setUp(self):
        super().setUp()
        self.host = self.host('n1')

    def _state(self, kind):
        config = self.host.config(kind)
        return config and (config['state'], config['reason'])

    def _inventory(self, name):
        """(total, reserved) of each resource class of a provider."""
        view = self.placement.view(self.host.rp_uuid(name))
        return view and {rc: (inv['total'], inv['reserved'])
                         for rc, inv in view['inventories'].items()}

    def _mig(self):
        self.host.configure('gpu', MIG)
        self.host.cycle()
        self.assertEqual(('applied', None), self._state('gpu'))

    # One GPU given to two servers ------------------------------------------

    def test_a_gpu_is_not_offered_whole_while_a_slice_is_held(self):
        # The sequence of issue 57: a server holds a MIG instance; the
        # driver fails, the configuration is forgotten, the driver
        # recovers loaded anew (the simulator forgets its MIG layout) and
        # the GPU comes back in passthrough.
        self._mig()
        slice0 = self.host.rp_uuid('FakeDevice_gpu0_mig0')
        _arq, first = self.host.boot(MIG_RC, slice0)
        self.flags(group='fake_driver', raise_in=['discover'])
        self.host.cycle()
        self.assertEqual('driver_error', self.host.device('gpu')['health'])
        self.host.forget('gpu')
        self.flags(group='fake_driver', raise_in=[])
        self.host.reload_driver()
        self.host.cycle(2)
        # The whole GPU is there, reserved while the slice is held: no
        # second server gets it.
        self.assertEqual({'PGPU': (1, 1)}, self._inventory('FakeDevice_gpu0'))
        self.assertEqual(set(), self.host.offered('PGPU'))
        _arq, second = self.host.boot(
            'CUSTOM_NIC', self.host.rp_uuid('FakeDevice_nic0_vf0'))
        exc = self.assertRaises(exception.NoAcceleratorCandidate,
                                self.host.attach, second, 'PGPU')
        self.assertIn('dp-pgpu', exc.message)
        self.assertEqual({slice0: {MIG_RC: 1}},
                         {rp: a for rp, a in self.host.allocations(
                             first).items() if rp != self.host.root})
        # The server gone, the slice goes and the GPU is offered whole.
        self.host.delete(first)
        self.host.cycle()
        self.assertIsNone(self._inventory('FakeDevice_gpu0_mig0'))
        self.assertEqual({self.host.rp_uuid('FakeDevice_gpu0')},
                         self.host.offered('PGPU'))

    def test_a_gpu_held_whole_is_not_offered_carved(self):
        # Carved by hand (nvidia-smi, not Cyborg) under a server that has
        # the whole GPU: its MIG instances are reserved until it is gone.
        whole = self.host.rp_uuid('FakeDevice_gpu0')
        _arq, server = self.host.boot('PGPU', whole)
        self.host.driver().configure(fake_host.ADDRESSES['gpu'], MIG)
        self.host.cycle()
        self.assertEqual({MIG_RC: (1, 1)},
                         self._inventory('FakeDevice_gpu0_mig1'))
        self.assertEqual(set(), self.host.offered(MIG_RC))
        self.assertEqual({whole: {'PGPU': 1}}, {
            rp: a for rp, a in self.host.allocations(server).items()
            if rp != self.host.root})
        self.host.delete(server)
        self.host.cycle()
        self.assertEqual(2, len(self.host.offered(MIG_RC)))

    # A change stuck behind an unrelated device ------------------------------

    def test_a_change_is_not_stuck_behind_another_devices_hold(self):
        # A NIC VF stays with its server after the driver stops
        # reporting the NIC: kept, held.  The GPU's and the QAT's changes
        # are applied within a report interval all the same.
        _arq, server = self.host.boot(
            'CUSTOM_NIC', self.host.rp_uuid('FakeDevice_nic0_vf0'))
        self.host.reload_driver(devices=['qat=1', 'gpu=1'])
        self.host.cycle()
        self.assertEqual({'CUSTOM_NIC': (1, 1)},
                         self._inventory('FakeDevice_nic0_vf0'))
        self.host.configure('gpu', MIG)
        self.host.configure('qat', {'num_vfs': 2})
        self.host.cycle()
        self.assertEqual(('applied', None), self._state('gpu'))
        self.assertEqual(('applied', None), self._state('qat'))
        self.assertEqual(2, len(self.host.offered(MIG_RC)))
        self.assertEqual(2, len(self.host.offered('CUSTOM_QAT')))
        self.assertIn(self.host.rp_uuid('FakeDevice_nic0_vf0'),
                      self.host.allocations(server))

    # A change lost across a restart ----------------------------------------

    def test_a_layout_alone_is_stored_with_its_mode(self):
        self._mig()
        config = self.host.configure('gpu', {'mig_layout': '7g.80gb'})
        self.assertEqual({'mode': 'mig', 'mig_layout': '7g.80gb'},
                         config['desired'])
        self.host.cycle()
        self.assertEqual(('applied', None), self._state('gpu'))
        # A restart: the simulator's GPU is back in passthrough; the
        # agent holds it and applies what is stored.
        self.host.start_agent()
        self.assertEqual(('applied', None), self._state('gpu'))
        self.assertIsNone(self._inventory('FakeDevice_gpu0'))
        self.assertEqual(1, len(self.host.offered('CUSTOM_MIG_7G_80GB')))
        # Mode passthrough takes the layout with it.
        config = self.host.configure('gpu', {'mode': 'passthrough'})
        self.assertEqual({'mode': 'passthrough'}, config['desired'])

    def test_a_stored_value_the_agent_refuses_fails_at_its_report(self):
        # A desired state without its mode, as stored before merging: the
        # agent refuses it after a restart, and reports it failed.
        self._mig()
        generation = self.host.config('gpu')['generation']
        config_queries.set_desired(
            self.context, self.host.uuid('gpu'), 'n1',
            {'mig_layout': '7g.80gb'}, device_config.APPLIED, False)
        self.host.start_agent()
        state, reason = self._state('gpu')
        self.assertEqual('failed', state)
        self.assertIn('mig_layout: set in mode mig only, not in mode '
                      'passthrough', reason)
        self.assertEqual(generation + 1, self.host.config('gpu')['generation'])
        self.assertEqual(set(), self.host.offered('PGPU'))

    def test_a_configuration_failing_after_a_reload_keeps_its_providers(
            self):
        self.host.configure('qat', {'num_vfs': 8, 'vf_driver': 'vfio-pci'})
        self.host.cycle()
        vfs = ['FakeDevice_qat0_vf%d' % i for i in range(8)]
        self.assertEqual(8, len(self.host.offered('CUSTOM_QAT')))
        # The driver loaded anew (its VFs back to 4) fails to apply it.
        self.flags(group='fake_driver', raise_in=['configure'])
        self.host.reload_driver()
        state, reason = self._state('qat')
        self.assertEqual('failed', state)
        self.assertIn('RuntimeError: the fake driver fails in configure',
                      reason)
        self.assertEqual([{'CUSTOM_QAT': (1, 1)}] * 8,
                         [self._inventory(vf) for vf in vfs])
        self.host.cycle()
        self.assertEqual([{'CUSTOM_QAT': (1, 1)}] * 8,
                         [self._inventory(vf) for vf in vfs])
        # Healed once the driver works: the 8 VFs are offered again.
        self.flags(group='fake_driver', raise_in=[])
        configuration.heal(self.context, self.host.uuid('qat'))
        self.host.cycle(2)
        self.assertEqual(('applied', None), self._state('qat'))
        self.assertEqual({self.host.rp_uuid(vf) for vf in vfs},
                         self.host.offered('CUSTOM_QAT'))

    # A driver that fails ----------------------------------------------------

    def test_a_change_of_a_device_whose_driver_fails_names_the_driver(self):
        self.flags(group='fake_driver', raise_in=['discover'])
        self.host.cycle()
        exc = self.assertRaises(exception.DeviceDriverFailing,
                                self.host.configure, 'qat', {'num_vfs': 2})
        self.assertEqual(409, exc.code)
        self.assertIn('its driver fake fails (RuntimeError: the fake '
                      'driver fails in discover', exc.message)
        self.assertIsNone(self.host.config('qat'))

    def test_a_change_that_meets_a_failing_driver_waits_for_it(self):
        # Stored while the driver works; the driver fails before the
        # agent takes it: it waits, pending, and is applied once the
        # driver works again, never failed for the driver's fault.
        configuration.configure(self.context, self.host.uuid('qat'),
                                {'num_vfs': 2})
        self.flags(group='fake_driver', raise_in=['discover'])
        self.host.report()
        self.host.cycle(2)
        self.assertEqual(('pending', None), self._state('qat'))
        self.flags(group='fake_driver', raise_in=[])
        self.host.cycle(2)
        self.assertEqual(('applied', None), self._state('qat'))
        # Applied, then the agent restarted with the driver failing: it
        # waits again, and is applied before the device is reported.
        self.flags(group='fake_driver', raise_in=['discover'])
        self.host.start_agent()
        self.host.cycle()
        self.assertEqual(('applied', None), self._state('qat'))
        self.assertEqual(['FakeDevice_qat0_vf0', 'FakeDevice_qat0_vf1'],
                         sorted(n for n in self.host.providers()
                                if n.startswith('FakeDevice_qat0')))
        self.flags(group='fake_driver', raise_in=[])
        self.host.cycle()
        self.assertEqual(('applied', None), self._state('qat'))
        self.assertEqual(2, len(self.host.offered('CUSTOM_QAT')))
