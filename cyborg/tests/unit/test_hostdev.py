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
"""Tests of the <hostdev> helper, on ARQs bound by the conductor."""

from oslo_utils import uuidutils

from cyborg import hostdev
from cyborg import states
from cyborg.conductor.arq import jobs
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import nova_boot


class HostdevTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.pci = inventory.add_device(
            self.context, 'node-1', address='0000:3b:00.0', handles=1,
            handle_type='PCI', rc='PGPU', traits=())
        self.vgpu = inventory.add_device(
            self.context, 'node-1', address='0000:af:00.0', handles=1,
            handle_type='MDEV', rc='VGPU', traits=())
        self.fake = inventory.add_device(
            self.context, 'node-1', address='0000:0c:00.0', handles=1)

    def _bound(self, device, rc):
        name = uuidutils.generate_uuid()
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name=name, description=None,
            groups=[{'resources:%s' % rc: '1'}]))
        [arq], _ = nova_boot.NovaBoot(context=self.context).boot(
            name, 'node-1', device['rp_uuid'], instance='i-' + name)
        for job in inventory.bind_jobs(self.context):
            jobs.bind_done(self.context, job, {})
        return arq_queries.get(self.context, arq)

    def test_pci(self):
        arq = self._bound(self.pci, 'PGPU')
        self.assertEqual(
            '<hostdev mode="subsystem" type="pci" managed="yes">\n'
            '  <source>\n'
            '    <address domain="0x0000" bus="0x3b" slot="0x00" '
            'function="0x1" />\n'
            '  </source>\n'
            '</hostdev>', hostdev.to_string(hostdev.hostdev(arq)))

    def test_mdev(self):
        arq = self._bound(self.vgpu, 'VGPU')
        self.assertEqual(arq['attach_handle_uuid'],
                         arq['attach_handle_info']['mdev_uuid'])
        self.assertEqual(
            '<hostdev mode="subsystem" type="mdev" model="vfio-pci">\n'
            '  <source>\n'
            '    <address uuid="%s" />\n'
            '  </source>\n'
            '</hostdev>' % arq['attach_handle_uuid'],
            hostdev.to_string(hostdev.hostdev(arq)))

    def test_test_pci_gives_nothing(self):
        self.assertIsNone(hostdev.hostdev(self._bound(self.fake, 'FPGA')))

    def test_unbound_arq(self):
        arq = self._bound(self.pci, 'PGPU')
        arq_release.unbind(self.context, [arq['uuid']])
        arq = arq_queries.get(self.context, arq['uuid'])
        self.assertEqual(states.UNBOUND, arq['state'])
        self.assertRaises(hostdev.NotAttachable, hostdev.hostdev, arq)

    def test_bad_attach_info(self):
        arq = self._bound(self.pci, 'PGPU')
        arq['attach_handle_info'] = dict(arq['attach_handle_info'],
                                         bus='3b"/><evil')
        self.assertRaises(hostdev.NotAttachable, hostdev.hostdev, arq)

    def test_nova_takes_pci_only_all_or_nothing(self):
        pci = self._bound(self.pci, 'PGPU')
        vgpu = self._bound(self.vgpu, 'VGPU')
        elements, reason = hostdev.guest_hostdevs([pci])
        self.assertEqual((1, None), (len(elements), reason))
        elements, reason = hostdev.guest_hostdevs([pci, vgpu])
        self.assertEqual([], elements)
        self.assertIn('MDEV', reason)
        elements, reason = hostdev.guest_hostdevs([pci, vgpu],
                                                  with_mdev=True)
        self.assertEqual(['pci', 'mdev'], [e.get('type') for e in elements])
        self.assertIsNone(reason)
