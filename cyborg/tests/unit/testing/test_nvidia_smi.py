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
"""The stateful nvidia-smi of the gpu driver's tests, through the one
runner (cyborg.drivers.command) and read by the gpu driver's parsers.
"""

import os

from cyborg import exception
from cyborg.drivers import command
from cyborg.drivers.gpu import mig
from cyborg.tests import base
from cyborg.tests.fixtures import nvidia_smi


class StatefulNvidiaSmiTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.smi = self.useFixture(nvidia_smi.StatefulNvidiaSmi())

    def _smi(self, *args):
        return command.run(('nvidia-smi',) + args)

    def _modes(self):
        return mig.parse_modes(self._smi(*mig.QUERY_ARGV[1:]))

    def _instances(self):
        return mig.parse_gpu_instances(self._smi('mig', '-lgi'))

    def test_starts_as_recorded(self):
        with open(os.path.join(nvidia_smi.DATA, 'query-gpu.csv')) as f:
            self.assertEqual(mig.parse_modes(f.read()), self._modes())
        with open(os.path.join(nvidia_smi.DATA, 'mig-lgi.txt')) as f:
            self.assertEqual(mig.parse_gpu_instances(f.read()),
                             self._instances())
        # The other queries answer with the recorded files.
        with open(os.path.join(nvidia_smi.DATA, 'query-facts.csv')) as f:
            self.assertEqual(f.read(), self._smi(
                '--query-gpu=pci.bus_id,memory.total,compute_cap,'
                'driver_version,vbios_version',
                '--format=csv,noheader,nounits'))

    def test_carving(self):
        self.smi.set_gpu(1, mig='Disabled', instances=[])
        self.assertEqual('Disabled', self._modes()[1][1])
        self._smi('-i', '1', '-mig', '1')
        self.assertEqual(('0000:8a:00.0', 'Enabled'), self._modes()[1])
        out = self._smi('mig', '-i', '1', '-cgi', '3g.40gb,2g.20gb,1g.10gb',
                        '-C')
        self.assertIn('Successfully created GPU instance ID  1 on GPU  1 '
                      'using profile MIG 3g.40gb (ID  9)', out)
        self.assertEqual(
            [(1, '3g.40gb', 9, '4:4'), (2, '2g.20gb', 14, '2:2'),
             (3, '1g.10gb', 19, '1:1')],
            [tuple(gi) for gi in self._instances()[1]])
        self.assertEqual([True] * 3,
                         [gi['ci'] for gi in self.smi.gpu(1)['instances']])
        # GPU instances go after their compute instances only.
        exc = self.assertRaises(exception.CommandFailed, self._smi, 'mig',
                                '-i', '1', '-dgi')
        self.assertIn('In use by another client', exc.message)
        self._smi('mig', '-i', '1', '-dci')
        self._smi('mig', '-i', '1', '-dgi')
        self.assertNotIn(1, self._instances())
        for option in ('-dci', '-dgi'):
            exc = self.assertRaises(exception.CommandFailed, self._smi,
                                    'mig', '-i', '1', option)
            self.assertEqual(6, exc.kwargs['exit_code'])
        self._smi('-i', '1', '-mig', '0')
        self.assertEqual(('0000:8a:00.0', 'Disabled'), self._modes()[1])
        self.assertEqual([
            '--query-gpu=index,pci.bus_id,mig.mode.current '
            '--format=csv,noheader', '-i 1 -mig 1'],
            self.smi.calls()[:2])

    def test_over_seven_slices(self):
        # The instances made before the refused one stay.
        exc = self.assertRaises(
            exception.CommandFailed, self._smi, 'mig', '-i', '2', '-cgi',
            '4g.40gb,3g.40gb,1g.10gb', '-C')
        self.assertIn('using profile 1g.10gb: Insufficient Resources',
                      exc.kwargs['stderr'])
        self.assertEqual(['4g.40gb', '3g.40gb'],
                         [gi.profile for gi in self._instances()[2]])

    def test_no_placement_left(self):
        self.smi.set_gpu(2, instances=['4g.40gb'])
        self.assertRaises(exception.CommandFailed, self._smi, 'mig', '-i',
                          '2', '-cgi', '1g.20gb,1g.20gb,1g.20gb', '-C')
        self.assertEqual(['4g.40gb', '1g.20gb', '1g.20gb'],
                         [gi.profile for gi in self._instances()[2]])

    def test_mode_of_a_gpu_without_mig(self):
        exc = self.assertRaises(exception.CommandFailed, self._smi, '-i',
                                '3', '-mig', '1')
        self.assertEqual(3, exc.kwargs['exit_code'])
        self.assertRaises(exception.CommandFailed, self._smi, 'mig', '-i',
                          '3', '-cgi', '1g.10gb', '-C')

    def test_mig_mode_off_with_instances_refused(self):
        self.assertRaises(exception.CommandFailed, self._smi, '-i', '0',
                          '-mig', '0')
        self.assertEqual('Enabled', self._modes()[0][1])

    def test_pending_until_reboot(self):
        self.smi.set_gpu(1, mig='Disabled', instances=[])
        self.smi.hold_mig_mode(1)
        self.assertIn('pending enable state',
                      self._smi('-i', '1', '-mig', '1'))
        self.assertEqual('Disabled', self._modes()[1][1])
        self.smi.reboot()
        self.assertEqual('Enabled', self._modes()[1][1])
        # No GPU instance survives a reboot.
        exc = self.assertRaises(exception.CommandFailed, self._smi, 'mig',
                                '-lgi')
        self.assertEqual(6, exc.kwargs['exit_code'])
        self.assertEqual([], self.smi.gpu(0)['instances'])

    def test_fail_next(self):
        self.smi.fail_next('-cgi', 'Failed to create GPU instances: '
                           'Unknown Error', exit_code=255)
        exc = self.assertRaises(exception.CommandFailed, self._smi, 'mig',
                                '-i', '2', '-cgi', '1g.10gb', '-C')
        self.assertEqual(255, exc.kwargs['exit_code'])
        self.assertIn('Unknown Error', exc.kwargs['stderr'])
        self.assertNotIn(2, self._instances())
        self._smi('mig', '-i', '2', '-cgi', '1g.10gb', '-C')
        self.assertEqual(1, len(self._instances()[2]))
