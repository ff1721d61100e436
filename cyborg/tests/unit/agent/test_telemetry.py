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
"""Tests of the agent's telemetry: samples read, sent when they changed,
stored by the real conductor (fake transport), the rules' verdicts in the
health of the next report, stale reads, a hung nvidia-smi that holds no
report.
"""

import json
import os
import threading

import fixtures
import prometheus_client
import requests

from cyborg import conf as cyborg_conf
from cyborg import metrics
from cyborg.agent import resource_tracker
from cyborg.agent import telemetry
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import telemetry as telemetry_queries
from cyborg.drivers import fake
from cyborg.drivers.gpu import nvidia
from cyborg.tests import base
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import nvidia_smi
from cyborg.tests.fixtures import sysfs
from cyborg.tests.functional.fixtures import services
from cyborg.tests.unit import test_prometheus

CONF = cyborg_conf.CONF
# The fake driver's devices of fpga=1,gpu=1,qat=1: FPGA, QAT, GPU.
QAT = '0000:0d:00.0'
GPU = '0000:0e:00.0'


class _Counting:
    """The conductor client, keeping each report's telemetry."""

    def __init__(self, real):
        self.real = real
        self.telemetry = []

    def __getattr__(self, name):
        return getattr(self.real, name)

    def report(self, context, **kwargs):
        self.telemetry.append(kwargs.get('telemetry'))
        return self.real.report(context, **kwargs)


class _TrackerMixin:

    def setUp(self):
        super().setUp()
        self.rpc_servers.start_conductor()
        self.api = _Counting(conductor_rpcapi.ConductorAPI())
        self.state = self.useFixture(fixtures.TempDir()).path
        self.flags(state_path=self.state)
        self.faults = os.path.join(self.state, 'fake-faults.json')
        self.flags(group='fake_driver', faults_file=self.faults)

    def _tracker(self, drivers, path=None):
        return resource_tracker.ResourceTracker(
            'n1', drivers, {n: n for n in drivers}, self.api,
            telemetry=telemetry.TelemetryTracker(path))

    def _fault(self, faults):
        with open(self.faults, 'w') as f:
            json.dump(faults, f)

    def _device(self, address):
        [device] = [d for d in device_queries.get_all(self.context)
                    if d['uuid'] == self._uuid(address)]
        return device

    def _uuid(self, address):
        [record] = [r for r in self.tracker.hardware()['hardware']
                    if r['address'] == address]
        return record['uuid']


class FakeTelemetryTestCase(_TrackerMixin, base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.flags(group='fake_driver', devices=['fpga=1', 'qat=1',
                                                 'gpu=1'])
        self.tracker = self._tracker({'fake': fake.FakeDriver(CONF, 'n1')},
                                     os.path.join(self.state, 'verdicts'))
        self.tracker.update(self.context)

    def test_samples_are_stored_once_then_when_they_change(self):
        self.assertFalse(self.tracker.read_telemetry())
        self.tracker.update(self.context)
        self.assertEqual(3, len(self.api.telemetry[-1]))
        stored = telemetry_queries.get(self.context, self._uuid(GPU))
        # An idle GPU: under 2 %, its link slowed down.
        self.assertLess(stored['values']['utilization'], 0.05)
        self.assertFalse(stored['values']['busy'])
        self.assertEqual(2.5, stored['values']['pcie_link_speed_gts'])
        self.assertIsNotNone(stored['idle_since'])
        self.assertIsNone(stored['stale_reason'])
        # The QAT has no utilization: never idle.
        qat = telemetry_queries.get(self.context, self._uuid(QAT))
        self.assertNotIn('busy', qat['values'])
        self.assertIsNone(qat['idle_since'])
        # Nothing changed meaningfully: the next report carries none.
        self.tracker.read_telemetry()
        self.tracker.update(self.context)
        self.assertEqual({}, self.api.telemetry[-1])
        # A link that drops to x8 is a change.
        self._fault({QAT: {'link_width': 8}})
        self.tracker.read_telemetry()
        self.tracker.update(self.context)
        self.assertEqual([self._uuid(QAT)], list(self.api.telemetry[-1]))
        self.assertEqual(8, telemetry_queries.get(
            self.context, self._uuid(QAT))['values']['pcie_link_width'])

    def test_a_changed_sample_is_reported_at_once(self):
        # Issue 64: the stored sample waited for the periodic report: a
        # busy GPU stayed idle for up to [DEFAULT] periodic_interval.
        self.tracker.read_telemetry()
        self.tracker.report_telemetry(self.context)
        self.assertEqual(3, len(self.api.telemetry[-1]))
        reports = len(self.api.telemetry)
        self.tracker.read_telemetry()
        self.tracker.report_telemetry(self.context)
        self.assertEqual(reports, len(self.api.telemetry))  # none changed
        self._fault({GPU: {'utilization': 0.77}})
        self.tracker.read_telemetry()
        self.tracker.report_telemetry(self.context)
        stored = telemetry_queries.get(self.context, self._uuid(GPU))
        self.assertEqual((0.77, True, None), (
            stored['values']['utilization'], stored['values']['busy'],
            stored['idle_since']))

    def test_a_bad_fault_value_is_ignored_for_its_field_only(self):
        # Issue 64: one value beyond a double made every device stale,
        # and a temperature of 1e400 set a slowdown the sample lacked.
        with open(self.faults, 'w') as f:
            f.write('{"%s": {"ecc_uncorrected": 1e400, "temperature": '
                    '"hot", "aer_fatal": NaN, "utilization": 0.3}, '
                    '"%s": {"temperature": 1e400}}' % (GPU, QAT))
        with self.assertLogs('cyborg.drivers.fake_telemetry',
                             'WARNING') as logs:
            self.assertFalse(self.tracker.read_telemetry())
        self.assertEqual(4, len(logs.output))
        self.assertIn(GPU, logs.output[0])
        self.tracker.update(self.context)
        gpu = telemetry_queries.get(self.context, self._uuid(GPU))
        self.assertEqual((None, 0.3, False, 0), (
            gpu['stale_reason'], gpu['values']['utilization'],
            gpu['values']['thermal_slowdown'],
            gpu['values']['ecc_uncorrected_volatile']))
        for record in self.tracker.hardware()['hardware']:
            self.assertIsNone(telemetry_queries.get(
                self.context, record['uuid'])['stale_reason'])
        self.assertIsNone(self._device(GPU)['health'])

    def test_a_negative_fault_value_is_ignored_for_its_field_only(self):
        # Issue 78: read_seconds -1 of one device made every device
        # stale, naming neither; other negative values went unsaid.
        self._fault({GPU: {'read_seconds': -1, 'temperature': -5,
                           'utilization': 0.3},
                     QAT: {'link_width': -8}})
        with self.assertLogs('cyborg.drivers.fake_telemetry',
                             'WARNING') as logs:
            self.assertFalse(self.tracker.read_telemetry())
        self.assertEqual(
            [(QAT, 'link_width'), (GPU, 'read_seconds'),
             (GPU, 'temperature')],
            sorted((device, name) for device in (GPU, QAT)
                   for name in ('read_seconds', 'temperature', 'link_width')
                   for line in logs.output
                   if ' %s of %s ' % (name, device) in line))
        self.tracker.update(self.context)
        gpu = telemetry_queries.get(self.context, self._uuid(GPU))
        self.assertEqual((None, 0.3), (gpu['stale_reason'],
                                       gpu['values']['utilization']))
        self.assertGreater(gpu['values']['temperature_celsius'], 0)
        qat = telemetry_queries.get(self.context, self._uuid(QAT))
        self.assertEqual(16, qat['values']['pcie_link_width'])

    def test_a_degraded_link_and_ecc_errors_make_devices_unhealthy(self):
        self._fault({QAT: {'link_width': 8},
                     self._uuid(GPU): {'ecc_uncorrected': 2}})
        self.assertTrue(self.tracker.read_telemetry())
        self.tracker.update(self.context)
        self.assertEqual(('unhealthy', 'PCIe link x8 of x16'), (
            self._device(QAT)['health'], self._device(QAT)['health_reason']))
        self.assertEqual('2 uncorrectable ECC errors',
                         self._device(GPU)['health_reason'])
        # The verdicts are kept for a restarted agent.
        again = telemetry.TelemetryTracker(
            os.path.join(self.state, 'verdicts'))
        self.assertEqual({self._uuid(QAT), self._uuid(GPU)},
                         set(again.verdicts()))
        # Cleared: healthy again (recovering, for the hold-down).
        self._fault({})
        self.assertTrue(self.tracker.read_telemetry())
        self.tracker.update(self.context)
        self.assertEqual('recovering', self._device(GPU)['health'])

    def test_a_failed_read_is_stale_and_changes_no_health(self):
        self._fault({GPU: {'ecc_uncorrected': 1}})
        self.tracker.read_telemetry()
        self.tracker.update(self.context)
        self._fault({GPU: {'read_error': 'nvidia-smi crashed'}})
        self.assertFalse(self.tracker.read_telemetry())
        summary = self.tracker.update(self.context)
        self.assertEqual('unchanged', summary['report'])
        self.assertEqual('unhealthy', self._device(GPU)['health'])
        stored = telemetry_queries.get(self.context, self._uuid(GPU))
        self.assertEqual('RuntimeError: nvidia-smi crashed',
                         stored['stale_reason'])
        # The last values are kept.
        self.assertEqual(1, stored['values']['ecc_uncorrected_volatile'])

    def test_bound_devices_are_busy_and_labelled(self):
        self.tracker.read_telemetry()
        self.tracker.update(self.context)
        gpu = self._uuid(GPU)
        # As the conductor answers for a bound GPU.
        self.tracker.telemetry.acknowledged({}, {'unknown': [], 'bindings': {
            gpu: [{'instance': 'i-1', 'project': 'p-1'}]}})
        self.tracker.read_telemetry()
        series = {s.labels['device']: s
                  for s in self.tracker.telemetry_series()}
        self.assertEqual(('i-1', 'p-1'), (series[gpu].labels['instance'],
                                          series[gpu].labels['project']))
        self.assertGreater(series[gpu].sample['utilization'], 0.5)
        self.assertTrue(series[gpu].sample['busy'])
        qat = series[self._uuid(QAT)]
        self.assertEqual(('', ''), (qat.labels['instance'],
                                    qat.labels['project']))
        self.assertEqual({'up': 1, 'failing': 0, 'pcie_link_degraded': 0},
                         {k: qat.state[k] for k in
                          ('up', 'failing', 'pcie_link_degraded')})
        self.assertEqual('n1_FakeDevice_qat0_vf0,n1_FakeDevice_qat0_vf1,'
                         'n1_FakeDevice_qat0_vf2,n1_FakeDevice_qat0_vf3',
                         qat.labels['deployable'])

    def test_samples_of_devices_gone_are_forgotten(self):
        self.tracker.read_telemetry()
        self.flags(group='fake_driver', devices=['fpga=1'])
        self.tracker.drivers['fake'] = fake.FakeDriver(CONF, 'n1')
        self.tracker.update(self.context)
        self.tracker.read_telemetry()
        self.assertEqual(1, len(self.tracker.telemetry_series()))


class _HungNvidiaSmiTests(_TrackerMixin, sysfs.FakeHostMixin):
    """A hung nvidia-smi holds no report (the issue's "Done when")."""

    BUILDER = staticmethod(fakesys.mig_host)

    def setUp(self):
        super().setUp()
        self.smi = self.useFixture(nvidia_smi.FakeNvidiaSmi())
        self.tracker = self._tracker({'gpu': nvidia.NvidiaGpuDriver(
            CONF, 'n1', pci_host=self.pci_host)})
        self.tracker.update(self.context)

    def _telemetry_calls(self):
        return [c for c in self.smi.calls() if 'utilization.gpu' in c]

    def test_reports_go_while_nvidia_smi_hangs(self):
        self.flags(group='telemetry', read_timeout=3600)
        self.smi.hang_telemetry(3600)
        reading = threading.Event()
        done = threading.Event()

        def read():
            reading.set()
            self.tracker.read_telemetry()
            done.set()

        self.addCleanup(self.smi.hang_telemetry, None)
        thread = threading.Thread(target=read, daemon=True)
        thread.start()
        reading.wait(60)
        # The read runs nvidia-smi, which hangs (a bounded poll).
        for _ in range(600):
            if self._telemetry_calls():
                break
            done.wait(0.1)
        self.assertEqual(1, len(self._telemetry_calls()))
        reports = len(self.api.telemetry)
        for _ in range(3):
            self.assertIn(self.tracker.update(self.context)['report'],
                          ('stored', 'unchanged'))
        # Three reports while the read still hangs.
        self.assertEqual(reports + 3, len(self.api.telemetry))
        self.assertFalse(done.is_set())
        self.smi.hang_telemetry(None)
        thread.join(60)
        self.assertTrue(done.is_set())
        self.tracker.update(self.context)
        self.assertEqual(4, len(self.api.telemetry[-1]))

    def test_a_read_that_times_out_is_stale(self):
        self.tracker.read_telemetry()
        self.tracker.update(self.context)
        self.flags(group='telemetry', read_timeout=1)
        self.smi.hang_telemetry(3600)
        self.addCleanup(self.smi.hang_telemetry, None)
        self.assertFalse(self.tracker.read_telemetry())
        self.tracker.update(self.context)
        stale = {uuid: payload['stale'] for uuid, payload
                 in self.api.telemetry[-1].items()}
        self.assertEqual(4, len(stale))
        self.assertEqual({'CommandTimeout'}, {
            reason.split(':')[0] for reason in stale.values()})
        uuid = next(iter(stale))
        self.assertIn('CommandTimeout', telemetry_queries.get(
            self.context, uuid)['stale_reason'])


class HungNvidiaSmiSysfsRootTestCase(_HungNvidiaSmiTests, base.DbTestCase):
    MODE = sysfs.SYSFS_ROOT


class ExporterTestCase(_TrackerMixin, base.DbTestCase):
    """The agent's Prometheus series: the last samples, no read."""

    def setUp(self):
        super().setUp()
        self.flags(group='fake_driver', devices=['qat=1', 'gpu=2'])
        self.driver = fake.FakeDriver(CONF, 'n1')
        self.tracker = self._tracker({'fake': self.driver})
        self.tracker.update(self.context)
        self.tracker.read_telemetry()

    def _scrape(self):
        registry = prometheus_client.CollectorRegistry()
        registry.register(metrics.DeviceCollector(
            self.tracker.telemetry_series))
        return {(s.name, tuple(sorted(s.labels.items()))): s.value
                for family in registry.collect() for s in family.samples}

    def test_a_scrape_takes_the_last_read(self):
        reads = []
        real = self.driver.read_telemetry
        self.driver.read_telemetry = lambda *a, **k: reads.append(1) or \
            real(*a, **k)
        found = self._scrape()
        self.assertEqual([], reads)
        gpu = self._uuid(GPU)
        labels = (('deployable', 'n1_FakeDevice_gpu1'), ('device', gpu),
                  ('driver', 'fake'), ('host', 'n1'), ('instance', ''),
                  ('project', ''), ('resource_class', 'PGPU'))
        self.assertLess(found[('cyborg_device_utilization_ratio', labels)],
                        0.05)
        self.assertEqual(80 * 1024 ** 3, found[
            ('cyborg_device_memory_total_bytes', labels)])
        self.assertEqual(0, found[('cyborg_device_ecc_errors_total', tuple(
            sorted(labels + (('kind', 'uncorrected'),
                             ('scope', 'volatile')))))])
        self.assertEqual(16e9, found[(
            'cyborg_device_pcie_link_speed_transfers_per_second',
            tuple(sorted(labels + (('bound', 'max'),))))])
        self.assertEqual(1, found[('cyborg_device_telemetry_up', labels)])
        names = {name for name, _labels in found}
        self.assertEqual(set(), names - test_prometheus.exported_names())

    def test_stale_values_are_left_out(self):
        self._fault({GPU: {'read_error': 'gone'}})
        self.tracker.read_telemetry()
        found = self._scrape()
        gpu = self._uuid(GPU)
        self.assertEqual([0.0], [v for (name, labels), v in found.items()
                                 if name == 'cyborg_device_telemetry_up' and
                                 ('device', gpu) in labels])
        self.assertEqual([], [name for name, labels in found
                              if ('device', gpu) in labels and
                              name == 'cyborg_device_utilization_ratio'])

    def test_served_on_its_port(self):
        self.flags(group='metrics', agent_port=0)
        self.assertIsNone(metrics.serve_agent(
            CONF, self.tracker.telemetry_series))
        self.flags(group='metrics', agent_port=services.free_port())
        server = metrics.serve_agent(CONF, self.tracker.telemetry_series)
        self.addCleanup(server.server_close)
        self.addCleanup(server.shutdown)
        text = requests.get('http://127.0.0.1:%d/metrics' % (
            server.server_port), timeout=30).text
        self.assertIn('cyborg_device_utilization_ratio{', text)
        self.assertIn('cyborg_device_pcie_aer_errors_total{', text)
