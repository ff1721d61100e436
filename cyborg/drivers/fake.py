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
"""The fake driver: simulated devices, no hardware touched.

With no configuration it reports exactly what the existing Cyborg's fake
driver reports, because deployments and the upstream tempest scenarios
rely on it: one FPGA of vendor ``0xABCD`` at ``0000:0c:00.0``, one
deployable ``<host>_FakeDevice`` (driver_name ``fake``) with 16 ``FPGA``
accelerators, the trait ``CUSTOM_FAKE_DEVICE`` and 16 ``TEST_PCI``
attach handles ``0000:0c:00.1`` ... ``0000:0c:02.0``.

``[fake_driver] devices`` adds simulated FPGAs, QATs and GPUs (tests, the
embedded mode's ``--simulate``).
"""

from cyborg import exception
from cyborg.drivers import base
from cyborg.objects import fields
from cyborg.objects import hardware

FAKE_TRAIT = 'CUSTOM_FAKE_DEVICE'
FAKE_VENDOR = '0xABCD'
FIRST_BUS = 0x0c

TYPES = ('fpga', 'qat', 'gpu')
_FPGA_ACCELERATORS = 16
_QAT_VFS = 4
_QAT_SERVICES = ('asym', 'dc', 'sym')


def parse_devices(values):
    """{type: count} from ``[fake_driver] devices`` (``type=count``).

    :raises: ConfigInvalid naming the bad value.
    """
    counts = dict.fromkeys(TYPES, 0)
    for value in values:
        kind, sep, count = value.partition('=')
        kind = kind.strip().lower()
        if (not sep or kind not in counts or not count.strip().isdigit()):
            raise exception.ConfigInvalid(
                reason='[fake_driver] devices: %r is not <type>=<count> '
                       'with type one of %s' % (value, ', '.join(TYPES)))
        counts[kind] += int(count)
    return counts


def _address(bus, index):
    """The address of function *index* (0 = the control path) on *bus*."""
    return '0000:%02x:%02x.%x' % (bus, index // 8, index % 8)


class FakeDriver(base.AcceleratorDriver):
    """Simulated devices (see the module docstring).

    :raises: ConfigInvalid when ``[fake_driver] devices`` is malformed.
    """

    name = 'fake'
    device_types = (fields.DeviceType.FPGA, fields.DeviceType.QAT,
                    fields.DeviceType.GPU)

    def __init__(self, conf, host, pci_host=None):
        super().__init__(conf, host, pci_host=pci_host)
        self.counts = parse_devices(conf.fake_driver.devices)

    def discover(self):
        records = []
        bus = FIRST_BUS
        for kind in TYPES:
            for n in range(self.counts[kind]):
                records.append(getattr(self, '_' + kind)(bus, n))
                bus += 1
        return records

    def _handles(self, bus, count, start=1):
        return [base.pci_attach_handle(_address(bus, i),
                                       attach_type=fields.AttachType.TEST_PCI)
                for i in range(start, start + count)]

    def _record(self, bus, device_type, product, deployables,
                capability=None):
        address = _address(bus, 0)
        return hardware.Hardware(
            uuid=hardware.device_uuid(self.host, self.name, address),
            driver=self.name, address=address, vendor=FAKE_VENDOR,
            product=product, type=device_type,
            acc_specs=hardware.AccSpecs(
                remote=False,
                num=sum(d.num_accelerators for d in deployables),
                device_type=device_type, acc_capability=capability or {}),
            acc_status=hardware.AccStatus(state=hardware.STATE_READY),
            deployables=deployables,
            std_board_info={'device_id': '0xabcd', 'class': 'Fake class'},
            vendor_board_info={'simulated': 'true'})

    def _fpga(self, bus, n):
        # The first one is the existing fake driver's device, name included.
        suffix = 'FakeDevice' if n == 0 else 'FakeDevice_fpga%d' % n
        deployable = self.deployable(
            suffix, 'FPGA', [FAKE_TRAIT],
            self._handles(bus, _FPGA_ACCELERATORS))
        return self._record(bus, fields.DeviceType.FPGA, '0xabcd',
                            [deployable])

    def _qat(self, bus, n):
        traits = [FAKE_TRAIT, 'CUSTOM_QAT'] + [
            'CUSTOM_QAT_%s' % s.upper() for s in _QAT_SERVICES]
        deployables = [
            self.deployable('FakeDevice_qat%d_vf%d' % (n, i), 'CUSTOM_QAT',
                            traits, [handle])
            for i, handle in enumerate(self._handles(bus, _QAT_VFS))]
        return self._record(bus, fields.DeviceType.QAT, '0x0b40',
                            deployables,
                            {'services': list(_QAT_SERVICES)})

    def _gpu(self, bus, n):
        deployable = self.deployable(
            'FakeDevice_gpu%d' % n, 'PGPU', [FAKE_TRAIT, base.OWNER_CYBORG],
            self._handles(bus, 1, start=0))
        return self._record(bus, fields.DeviceType.GPU, '0x0302',
                            [deployable])
