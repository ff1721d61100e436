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
"""Tests of the gpu driver's telemetry: the one nvidia-smi query
(fixtures/data/mig/query-telemetry.csv, the H200's recorded answer to
the ECC fields), the fields an older nvidia-smi refuses, a query that
hangs.
"""

import os

import fixtures

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg.agent import health as agent_health
from cyborg.common import privsep_allowlists
from cyborg.drivers import health
from cyborg.drivers.gpu import nvidia
from cyborg.drivers.gpu import telemetry as gpu_telemetry
from cyborg.privsep import command as privsep_command
from cyborg.tests import base
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import nvidia_smi
from cyborg.tests.fixtures import nvidia_smi_tool
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF

H200_DATA = os.path.join(os.path.dirname(nvidia_smi.DATA), 'h200')
_MIB = 1024 * 1024


def _read(path):
    with open(path) as f:
        return f.read()


class ParseTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.found = gpu_telemetry.parse(_read(os.path.join(
            nvidia_smi.DATA, 'query-telemetry.csv')))

    def test_every_gpu(self):
        self.assertEqual(sorted([fakesys.MIG_A100, fakesys.MIG_H100,
                                 fakesys.MIG_H100_EMPTY, fakesys.MIG_L40]),
                         sorted(self.found))

    def test_a_busy_gpu_without_mig(self):
        self.assertEqual({
            'utilization': 0.97, 'memory_utilization': 0.41,
            'memory_used_bytes': 38211 * _MIB,
            'memory_total_bytes': 46068 * _MIB, 'power_watts': 291.55,
            'power_limit_watts': 300.0, 'temperature_celsius': 71.0,
            # temperature.gpu.tlimit: 17 degrees to go.
            'slowdown_temperature_celsius': 88.0,
            'sm_clock_hertz': 2490e6, 'thermal_slowdown': False},
            self.found[fakesys.MIG_L40])

    def test_a_gpu_in_mig_mode(self):
        h100 = self.found[fakesys.MIG_H100]
        # Utilization reads [N/A] in MIG mode: absent, not 0.
        self.assertNotIn('utilization', h100)
        self.assertNotIn('retired_pages_pending', h100)
        self.assertEqual((3, 0, 17, 0, 2, False, False, 87.0), (
            h100['ecc_corrected_volatile'], h100['ecc_uncorrected_volatile'],
            h100['ecc_corrected_aggregate'],
            h100['ecc_uncorrected_aggregate'],
            h100['remapped_rows_correctable'],
            h100['remapped_rows_pending'], h100['remapped_rows_failure'],
            h100['slowdown_temperature_celsius']))
        # An A100 has no T.Limit: no slowdown temperature.
        self.assertNotIn('slowdown_temperature_celsius',
                         self.found[fakesys.MIG_A100])

    def test_the_recorded_h200_ecc_fields(self):
        # What a real H200 printed for the ECC fields (the health query
        # of then, a subset of this one's fields).
        fields = [f for f in gpu_telemetry.FIELDS if f.query in (
            'pci.bus_id', 'ecc.errors.uncorrected.volatile.total',
            'retired_pages.pending', 'remapped_rows.pending')]
        self.assertEqual(
            {fakesys.H200: {'ecc_uncorrected_volatile': 0,
                            'remapped_rows_pending': False}},
            gpu_telemetry.parse(_read(os.path.join(
                H200_DATA, 'query-health.csv')), fields))

    def test_the_recorded_h100_idle_and_busy(self):
        # A real H100 passed through to a VM, idle, then under a bf16
        # matrix-product loop (data/h100): every field of the query reads,
        # the retired-pages ones are [N/A] (HBM remaps rows instead).
        h100 = os.path.join(os.path.dirname(nvidia_smi.DATA), 'h100')
        common = {
            'memory_total_bytes': 81559 * _MIB, 'power_limit_watts': 700.0,
            'ecc_corrected_volatile': 0, 'ecc_uncorrected_volatile': 0,
            'ecc_corrected_aggregate': 0, 'ecc_uncorrected_aggregate': 0,
            'remapped_rows_correctable': 0, 'remapped_rows_uncorrectable': 0,
            'remapped_rows_pending': False, 'remapped_rows_failure': False,
            'thermal_slowdown': False}
        idle = gpu_telemetry.parse(_read(os.path.join(
            h100, 'query-telemetry-idle.csv')))
        busy = gpu_telemetry.parse(_read(os.path.join(
            h100, 'query-telemetry-busy.csv')))
        self.assertEqual({fakesys.H200: dict(
            common, utilization=0.0, memory_utilization=0.0,
            memory_used_bytes=0, power_watts=70.5, temperature_celsius=35.0,
            slowdown_temperature_celsius=87.0, sm_clock_hertz=345e6)}, idle)
        self.assertEqual({fakesys.H200: dict(
            common, utilization=1.0, memory_utilization=0.34,
            memory_used_bytes=1139 * _MIB, power_watts=698.51,
            temperature_celsius=58.0, slowdown_temperature_celsius=87.0,
            sm_clock_hertz=1410e6)}, busy)
        # With the link sysfs showed (32 GT/s x16 of 32 GT/s x16), the
        # default rules find both healthy: full load is no fault.
        for sample in (idle, busy):
            sample = dict(sample[fakesys.H200], pcie_link_width=16,
                          pcie_link_max_width=16, pcie_link_speed_gts=32.0,
                          pcie_link_max_speed_gts=32.0)
            self.assertEqual(health.OK, agent_health.from_telemetry(
                sample, CONF.device_health))

    def test_not_supported_and_garbage_are_absent(self):
        line = ', '.join(['00000000:3B:00.0', '[Not Supported]', 'abc'] +
                         ['[Unknown Error]'] * 19)
        self.assertEqual({'0000:3b:00.0': {}}, gpu_telemetry.parse(line))
        # A line of another shape says nothing.
        self.assertEqual({}, gpu_telemetry.parse('No devices were found'))

    def test_the_query_is_allowed_and_answered_by_the_doubles(self):
        self.assertTrue(privsep_command.arguments_allowed(
            'nvidia-smi', gpu_telemetry.QUERY_ARGV[1:]))
        without = [f for f in gpu_telemetry.FIELDS
                   if f.query not in gpu_telemetry.OPTIONAL]
        self.assertTrue(privsep_command.arguments_allowed(
            'nvidia-smi', gpu_telemetry.argv(without)[1:]))
        self.assertEqual(
            set(privsep_allowlists.TELEMETRY_FIELDS),
            {f.query for f in gpu_telemetry.FIELDS[1:]})
        self.assertIn(gpu_telemetry.QUERY_ARGV[1:],
                      nvidia_smi_tool.QUERY_FILES)


_REFUSING = '''#!/bin/sh
echo "$*" >> %(log)s
case "$*" in
*temperature.gpu.tlimit*)
    echo 'Field "temperature.gpu.tlimit" is not a valid field to query.' >&2
    exit 2 ;;
*clocks_event_reasons*)
    echo 'Invalid combination of input arguments.' >&2
    exit 2 ;;
esac
echo "00000000:4B:00.0, 12, 3"
'''


class RefusedFieldsTestCase(base.TestCase):
    """An nvidia-smi too old for some fields refuses the whole query."""

    def setUp(self):
        super().setUp()
        tmp = self.useFixture(fixtures.TempDir()).path
        self.log = os.path.join(tmp, 'calls')
        tool = os.path.join(tmp, 'nvidia-smi')
        with open(tool, 'w') as f:
            f.write(_REFUSING % {'log': self.log})
        os.chmod(tool, 0o700)
        self.useFixture(fixtures.EnvironmentVariable(
            'PATH', tmp + os.pathsep + os.environ['PATH']))

    def _calls(self):
        return _read(self.log).splitlines()

    def test_the_refused_fields_are_dropped_once(self):
        query = gpu_telemetry.TelemetryQuery()
        # The one named first; then the rest of OPTIONAL, which it names
        # not; then rows of as many fields as asked.
        self.assertRaises(exception.CommandFailed, query.read, 10)
        self.assertNotIn('temperature.gpu.tlimit',
                         [f.query for f in query.fields])
        query.fields = gpu_telemetry.FIELDS[:3]
        self.assertEqual({fakesys.MIG_A100: {'utilization': 0.12,
                                             'memory_utilization': 0.03}},
                         query.read(10))
        calls = len(self._calls())
        query.read(10)
        self.assertEqual(calls + 1, len(self._calls()))

    def test_unnamed_refusal_drops_the_optional_fields(self):
        query = gpu_telemetry.TelemetryQuery()
        query.fields = tuple(f for f in gpu_telemetry.FIELDS
                             if f.query != 'temperature.gpu.tlimit')
        # Refused without a name: every optional field goes, and the
        # query is run again at once (its rows of three fields are not
        # of this query).
        calls = len(self._calls()) if os.path.exists(self.log) else 0
        self.assertEqual({}, query.read(10))
        self.assertEqual(calls + 2, len(self._calls()))
        self.assertEqual([], [f.query for f in query.fields
                              if f.query in gpu_telemetry.OPTIONAL])

    def test_without_nvidia_smi(self):
        self.useFixture(fixtures.EnvironmentVariable('PATH', '/nonexistent'))
        self.assertEqual({}, gpu_telemetry.TelemetryQuery().read(10))


class _DriverTelemetryTests(sysfs.FakeHostMixin):

    BUILDER = staticmethod(fakesys.mig_host)

    def setUp(self):
        super().setUp()
        self.smi = self.useFixture(nvidia_smi.FakeNvidiaSmi())
        self.driver = nvidia.NvidiaGpuDriver(CONF, 'test-host',
                                             pci_host=self.pci_host)

    def test_one_query_for_every_gpu(self):
        records = self.driver.discover()
        before = len(self.smi.calls())
        found = self.driver.read_telemetry(records)
        self.assertEqual(sorted(r.address for r in records), sorted(found))
        self.assertEqual(1, len(self.smi.calls()) - before)
        self.assertEqual(0.97, found[fakesys.MIG_L40]['utilization'])

    def test_a_hung_query_is_stopped(self):
        records = self.driver.discover()
        self.flags(group='telemetry', read_timeout=1)
        self.smi.hang_telemetry(30)
        self.assertRaises(exception.CommandTimeout,
                          self.driver.read_telemetry, records)
        self.smi.hang_telemetry(None)
        self.assertIn(fakesys.MIG_L40, self.driver.read_telemetry(records))


class DriverTelemetrySysfsRootTestCase(_DriverTelemetryTests, base.TestCase):
    MODE = sysfs.SYSFS_ROOT
