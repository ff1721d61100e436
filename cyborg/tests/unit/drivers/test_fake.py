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
"""Tests of the fake driver."""

import json
import os
import time

import fixtures

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.agent import health
from cyborg.drivers import fake
from cyborg.drivers import fake_telemetry
from cyborg.tests import base

CONF = cyborg_conf.CONF


class FakeDriverTestCase(base.TestCase):

    def _discover(self, host='test-host', devices=None):
        if devices is not None:
            self.flags(group='fake_driver', devices=devices)
        return fake.FakeDriver(CONF, host).discover()

    def test_default_is_the_existing_fake_device(self):
        [record] = self._discover()
        self.assertEqual(('fake', '0xABCD', 'FPGA', '0000:0c:00.0'),
                         (record.driver, record.vendor, record.type,
                          record.address))
        self.assertEqual({'cpid_type': 'PCI', 'cpid_info':
                          '{"bus": "0c", "device": "00", "domain": "0000", '
                          '"function": "0"}'}, record.controlpath_values())
        [dep] = record.deployables
        self.assertEqual(('test-host_FakeDevice', 'fake', 16, 'FPGA',
                          ['CUSTOM_FAKE_DEVICE']),
                         (dep.name, dep.driver_name, dep.num_accelerators,
                          dep.resource_class, dep.traits))
        handles = dep.attach_handles
        self.assertEqual(16, len(handles))
        self.assertEqual({'TEST_PCI'}, {h.attach_type for h in handles})
        addresses = ['{domain}:{bus}:{device}.{function}'.format(
            **h.attach_info) for h in handles]
        self.assertEqual('0000:0c:00.1', addresses[0])
        self.assertEqual('0000:0c:02.0', addresses[-1])
        self.assertEqual(16, len(set(addresses)))

    def test_name_is_sanitised(self):
        [record] = self._discover(host='node-1.example.com')
        self.assertEqual('node-1_example_com_FakeDevice',
                         record.deployables[0].name)

    def test_configured_devices(self):
        records = self._discover(devices=['fpga=2', 'qat=1', 'gpu=1'])
        self.assertEqual(['FPGA', 'FPGA', 'QAT', 'GPU'],
                         [r.type for r in records])
        self.assertEqual(['0000:0c:00.0', '0000:0d:00.0', '0000:0e:00.0',
                          '0000:0f:00.0'], [r.address for r in records])
        self.assertEqual('test-host_FakeDevice',
                         records[0].deployables[0].name)
        names = [d.name for r in records for d in r.deployables]
        self.assertEqual(len(names), len(set(names)))
        qat = records[2]
        self.assertEqual(4, len(qat.deployables))
        self.assertEqual({'CUSTOM_QAT'},
                         {d.resource_class for d in qat.deployables})
        self.assertIn('CUSTOM_QAT_SYM', qat.deployables[0].traits)
        self.assertEqual(['asym', 'dc', 'sym'],
                         qat.acc_specs.acc_capability['services'])
        self.assertEqual('PGPU', records[3].deployables[0].resource_class)

    def test_nic_ssd_and_npu(self):
        nic, ssd, npu = self._discover(devices=['nic=1', 'ssd=1', 'npu=1'])
        self.assertEqual((['NIC', 'SSD', 'AICHIP']),
                         [r.type for r in (nic, ssd, npu)])
        self.assertEqual(4, len(nic.deployables))
        vf = nic.deployables[0]
        self.assertEqual(('test-host_FakeDevice_nic0_vf0', 'CUSTOM_NIC'),
                         (vf.name, vf.resource_class))
        self.assertIn('CUSTOM_PHYSNET_PHYSNET1', vf.traits)
        self.assertIn('CUSTOM_VF', vf.traits)
        [handle] = vf.attach_handles
        self.assertEqual(('TEST_PCI', 'physnet1'),
                         (handle.attach_type,
                          handle.attach_info['physical_network']))
        self.assertEqual(['CUSTOM_SSD'],
                         [d.resource_class for d in ssd.deployables])
        self.assertEqual(['CUSTOM_NPU'],
                         [d.resource_class for d in npu.deployables])
        # Earlier types keep their addresses.
        records = self._discover(devices=['fpga=1', 'nic=1'])
        self.assertEqual(['0000:0c:00.0', '0000:0d:00.0'],
                         [r.address for r in records])

    def test_no_devices(self):
        self.assertEqual([], self._discover(devices=[]))

    def test_bad_configuration_fails_at_load(self):
        for value in ('fpga', 'tpu=1', 'fpga=x', 'gpu=\u0662'):
            self.flags(group='fake_driver', devices=[value])
            exc = self.assertRaises(exception.ConfigInvalid,
                                    fake.FakeDriver, CONF, 'h')
            self.assertIn(repr(value), exc.message)

    def test_more_devices_than_buses_fail_at_load(self):
        # A count of 99999999999 was taken, and each discovery tried to
        # make them all: every device of the driver ended driver_error.
        for devices in (['gpu=99999999999'], ['qat=200', 'gpu=45'],
                        ['fpga=' + '9' * 5000]):
            self.flags(group='fake_driver', devices=devices)
            exc = self.assertRaises(exception.ConfigInvalid,
                                    fake.FakeDriver, CONF, 'h')
            self.assertIn('more than the %d devices' % fake.MAX_DEVICES,
                          exc.message)
        self.flags(group='fake_driver', devices=['qat=200', 'gpu=44'])
        self.assertEqual(fake.MAX_DEVICES,
                         len(fake.FakeDriver(CONF, 'h').discover()))


class FakeDeviceWorkTestCase(base.TestCase):
    """Programming simulated FPGAs, mediated devices of simulated vGPUs."""

    def _driver(self, devices):
        self.flags(group='fake_driver', devices=devices)
        return fake.FakeDriver(CONF, 'node-1')

    def test_program_changes_the_reported_function(self):
        driver = self._driver(['fpga=2'])
        image = self.useFixture(fixtures.TempDir()).join('bitstream.gbs')
        with open(image, 'wb') as f:
            f.write(b'an image')
        result = driver.program('0000:0d:00.0', image)
        self.assertEqual('0000:0d:00.0', result['address'])
        self.assertEqual(32, len(result['function_id']))
        records = driver.discover()
        self.assertEqual(['CUSTOM_FAKE_DEVICE'],
                         records[0].deployables[0].traits)
        self.assertEqual(
            sorted(['CUSTOM_FAKE_DEVICE',
                    'CUSTOM_FPGA_FUNCTION_ID_FAKE_%s'
                    % result['function_id'].upper()]),
            records[1].deployables[0].traits)
        # The result names the traits the next discovery reports.
        self.assertEqual(['CUSTOM_FPGA_FUNCTION_ID_FAKE_%s'
                          % result['function_id'].upper()],
                         result['function_traits'])

    def test_program_fails_for_the_marked_image(self):
        driver = self._driver(['fpga=1'])
        image = self.useFixture(fixtures.TempDir()).join('bitstream.gbs')
        with open(image, 'wb') as f:
            f.write(fake.FAIL_PROGRAM_MARKER + b'anything')
        self.assertRaises(exception.CommandFailed, driver.program,
                          '0000:0c:00.0', image)
        # The device reports what it did before: no function.
        [record] = driver.discover()
        self.assertEqual(['CUSTOM_FAKE_DEVICE'],
                         record.deployables[0].traits)

    def test_program_only_fpgas(self):
        driver = self._driver(['fpga=1', 'gpu=1'])
        for address in ('0000:0d:00.0', '0000:0c:00.1', '0000:20:00.0'):
            self.assertRaises(exception.DriverDeviceNotFound,
                              driver.program, address, '/nonexistent')

    def test_vgpu_handles_and_mdevs(self):
        driver = self._driver(['vgpu=1'])
        [record] = driver.discover()
        [deployable] = record.deployables
        self.assertEqual('VGPU', deployable.resource_class)
        self.assertEqual(4, len(deployable.attach_handles))
        handle = deployable.attach_handles[0].to_dict()
        self.assertEqual('MDEV', handle['attach_type'])
        self.assertEqual(fake.FAKE_VGPU_TYPE,
                         handle['attach_info']['asked_type'])
        self.assertEqual({'mdev_uuid': 'm1'},
                         driver.prepare_attach(handle, 'm1'))
        self.assertIn('m1', driver.mdevs)
        driver.release_attach(handle, 'm1')
        driver.release_attach(handle, 'm1')  # idempotent
        self.assertEqual({}, driver.mdevs)
        pci = {'attach_type': 'TEST_PCI', 'attach_info': {}}
        self.assertEqual({}, driver.prepare_attach(pci, 'x'))


class FakeDriverRaisesTestCase(base.TestCase):
    """``[fake_driver] raise_in``: the driver raises where it is told,
    read at each call (a test makes it fail, then recover).
    """

    def test_each_operation_raises_when_named(self):
        self.flags(group='fake_driver', devices=['qat=1'])
        driver = fake.FakeDriver(CONF, 'h')
        [record] = driver.discover()
        calls = {'discover': driver.discover,
                 'configure': lambda: driver.configure(record.address,
                                                       {'num_vfs': 2}),
                 'check_health': lambda: driver.check_health([record])}
        for operation, call in calls.items():
            self.flags(group='fake_driver', raise_in=[operation])
            error = self.assertRaises(RuntimeError, call)
            self.assertIn('fails in %s' % operation, str(error))
            for other, other_call in calls.items():
                if other != operation:
                    other_call()
        self.flags(group='fake_driver', raise_in=[])
        self.assertEqual(1, len(driver.discover()))

    def test_an_unknown_operation_is_refused(self):
        self.assertRaises(ValueError, self.flags, group='fake_driver',
                          raise_in=['program'])


class FakeTelemetryTestCase(base.TestCase):
    """The simulated devices' telemetry and the faults file."""

    def setUp(self):
        super().setUp()
        self.flags(group='fake_driver',
                   devices=['fpga=1', 'qat=1', 'gpu=2', 'nic=1'])
        self.faults = os.path.join(self.useFixture(fixtures.TempDir()).path,
                                   'faults.json')
        self.flags(group='fake_driver', faults_file=self.faults)
        self.driver = fake.FakeDriver(CONF, 'h')
        self.records = {r.address: r for r in self.driver.discover()}

    def _fault(self, faults):
        with open(self.faults, 'w') as f:
            json.dump(faults, f)

    def _read(self, bound=()):
        return self.driver.read_telemetry(list(self.records.values()),
                                          bound=bound)

    def test_a_bound_gpu_is_busy_an_idle_one_not(self):
        gpus = [a for a, r in self.records.items() if r.type == 'GPU']
        found = self._read(bound={self.records[gpus[0]].uuid})
        busy, idle = found[gpus[0]], found[gpus[1]]
        self.assertGreaterEqual(busy['utilization'], 0.55)
        self.assertLess(idle['utilization'], 0.05)
        self.assertGreater(busy['power_watts'], idle['power_watts'])
        self.assertGreater(busy['memory_used_bytes'],
                           idle['memory_used_bytes'])
        self.assertEqual((16.0, 2.5), (busy['pcie_link_speed_gts'],
                                       idle['pcie_link_speed_gts']))
        self.assertEqual(0, busy['ecc_uncorrected_volatile'])
        # The values move with time.
        later = fake_telemetry.sample('gpu', self.records[gpus[0]], True,
                                      time.time() + 100, {})
        self.assertNotEqual(busy['utilization'], later['utilization'])

    def test_devices_without_utilization(self):
        found = self._read()
        for address in ('0000:0c:00.0', '0000:0d:00.0', '0000:10:00.0'):
            self.assertNotIn('utilization', found[address])
            self.assertEqual(16, found[address]['pcie_link_width'])
        self.assertEqual(90.0, found['0000:0c:00.0'][
            'slowdown_temperature_celsius'])

    def test_faults(self):
        gpu = self.records['0000:0e:00.0']
        self._fault({'0000:0d:00.0': {'link_width': 8, 'aer_fatal': 1},
                     gpu.uuid: {'ecc_uncorrected': 2, 'temperature': 90,
                                'xid': 79, 'utilization': 0.5}})
        found = self._read()
        self.assertEqual(8, found['0000:0d:00.0']['pcie_link_width'])
        self.assertEqual(1, found['0000:0d:00.0']['aer_fatal'])
        self.assertEqual((2, 2, 90.0, True, 0.5), (
            found[gpu.address]['ecc_uncorrected_volatile'],
            found[gpu.address]['ecc_uncorrected_aggregate'],
            found[gpu.address]['temperature_celsius'],
            found[gpu.address]['thermal_slowdown'],
            found[gpu.address]['utilization']))
        self.assertEqual(
            {'0000:0d:00.0': 'unhealthy', gpu.address: 'unhealthy'},
            {a: h.status for a, h in self.driver.check_health(
                list(self.records.values())).items()})
        self.assertEqual('GPU XID 79 (simulated)', self.driver.check_health(
            [gpu])[gpu.address].reason)
        # A non-critical XID says nothing.
        self._fault({gpu.address: {'xid': 13}})
        self.assertEqual({}, self.driver.check_health([gpu]))
        self._fault({})
        self.assertEqual(0, self._read()[gpu.address][
            'ecc_uncorrected_volatile'])

    def test_simulated_nvme_and_its_wear(self):
        self.flags(group='fake_driver', devices=['nvme=2'])
        driver = fake.FakeDriver(CONF, 'h')
        records = driver.discover()
        self.assertEqual(['NVME', 'NVME'], [r.type for r in records])
        [dep] = records[0].deployables
        self.assertEqual(('h_FakeDevice_nvme0', 'CUSTOM_NVME'),
                         (dep.name, dep.resource_class))
        self.assertEqual('nvme1', records[1].acc_specs.acc_capability[
            'controller'])
        self._fault({records[1].address: {'wear': 1.1, 'media_errors': 3}})
        found = driver.read_telemetry(records)
        self.assertEqual((0.02, 0), (found[records[0].address]['wear_ratio'],
                                     found[records[0].address][
                                         'media_errors']))
        worn = found[records[1].address]
        self.assertEqual((1.1, 3), (worn['wear_ratio'],
                                    worn['media_errors']))
        self.assertEqual('110% of its rated endurance used; 3 media errors',
                         health.from_telemetry(worn,
                                               CONF.device_health).reason)

    def test_read_faults(self):
        self._fault({'0000:0e:00.0': {'read_error': 'it broke'}})
        self.assertRaisesRegex(RuntimeError, 'it broke', self._read)
        self.flags(group='telemetry', read_timeout=1)
        self._fault({'0000:0e:00.0': {'read_seconds': 5}})
        self.assertRaises(exception.CommandTimeout, self._read)

    def test_configure_error(self):
        # By address or uuid, for as long as the key is in the file.
        qat = [r for r in self.records.values() if r.type == 'QAT'][0]
        for key in (qat.address, qat.uuid):
            self._fault({key: {'configure_error': 'it broke'}})
            for _try in range(2):
                self.assertRaisesRegex(
                    exception.CommandFailed, 'it broke',
                    self.driver.configure, qat.address, {'num_vfs': 2})
        self._fault({})
        self.driver.configure(qat.address, {'num_vfs': 2})
        self.assertEqual(2, self.driver.configured[qat.address]['num_vfs'])

    def test_bad_faults_file(self):
        with open(self.faults, 'w') as f:
            f.write('[not an object')
        self.assertIn('0000:0e:00.0', self._read())
        self._fault(['a', 'list'])
        self.assertIn('0000:0e:00.0', self._read())
