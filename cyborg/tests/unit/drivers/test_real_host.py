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
"""The generic driver against this machine's real /sys/bus/pci.

The development and CI machines are virtual machines with virtio PCI
functions (vendor 0x1af4); pyudev's view is checked against the plain
sysfs files.  On a machine without virtio devices these tests skip.
"""

import os

from cyborg import conf as cyborg_conf
from cyborg.drivers import generic
from cyborg.tests import base
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF

VIRTIO = '1af4'
VIRTIO_RNG = '1044'


def _addresses(records):
    return sorted('{domain}:{bus}:{device}.{function}'.format(
        **h.attach_info) for r in records for d in r.deployables
        for h in d.attach_handles)


class RealHostTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        # The real /sys, even under umockdev-wrapper.
        self.assertNotIn('UMOCKDEV_DIR', os.environ)
        self.virtio = [d for d in sysfs.SysfsRoot('/').pci_devices()
                       if d.vendor_id == VIRTIO]
        if not self.virtio:
            self.skipTest('no virtio PCI device on this machine')

    def _discover(self, spec):
        self.flags(group='pci', device_spec=[spec])
        return generic.GenericDriver(CONF, 'real-host').discover()

    def test_virtio_selector(self):
        records = self._discover('{"vendor_id": "%s"}' % VIRTIO)
        self.assertEqual(sorted(d.address for d in self.virtio),
                         _addresses(records))
        by_address = {d.address: d for d in self.virtio}
        for record in records:
            dev = by_address[record.address]
            self.assertEqual(('0x1af4', '0x' + dev.product_id),
                             (record.vendor, record.product))
            self.assertEqual(dev.driver, record.std_board_info.get(
                'kernel_driver'))
            self.assertIn('CUSTOM_PCI_PRODUCT_ID_%s' %
                          dev.product_id.upper(),
                          record.deployables[0].traits)

    def test_virtio_rng(self):
        rng = [d for d in self.virtio if d.product_id == VIRTIO_RNG]
        if not rng:
            self.skipTest('no virtio-rng device on this machine')
        [record] = self._discover('{"vendor_id": "1af4", "product_id": '
                                  '"1044"}')
        self.assertEqual(rng[0].address, record.address)
        self.assertEqual('ready' if rng[0].driver else 'unbound',
                         record.acc_status.state)
        self.assertEqual('real-host_' + rng[0].address,
                         record.deployables[0].name)

    def test_default_selectors_leave_virtio_alone(self):
        records = generic.GenericDriver(CONF, 'real-host').discover()
        self.assertFalse(set(d.address for d in self.virtio) &
                         set(_addresses(records)))
