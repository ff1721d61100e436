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
"""Device telemetry on the all-in-one process, as the issue's "Done
when" walks it (``--simulate gpu=2,qat=1,fpga=1,nic=1``, faults injected
through the fake driver's faults file in the state directory):

* the agent's series of a bound GPU carry its instance and project, an
  unbound one's do not; the bound one is busy, the other idle;
* an injected uncorrectable ECC error makes the GPU unhealthy with the
  reason, its ARQ says so to its project, and it comes back once cleared
  (``[device_health] hold_down`` 0);
* a QAT whose link dropped to x8 is reported degraded (telemetry, series,
  health);
* ``GET /v2/devices/{uuid}/telemetry`` and the ARQ's view answer, 404 for
  another project;
* ``cyborg instance-list --idle`` names the idle bound GPU after a
  shortened ``[telemetry] idle_window``;
* a telemetry read that hangs holds no report back.

(The hung nvidia-smi of the gpu driver: cyborg/tests/unit/agent/
test_telemetry.py.)  Every wait is a bounded poll.
"""

import json
import os
import subprocess
import sys

from oslo_utils import uuidutils
from oslotest import base
from prometheus_client import parser
import requests

from cyborg.tests.functional import test_all_in_one
from cyborg.tests.functional.fixtures import services

HOST = test_all_in_one.HOST
JSON = test_all_in_one.JSON
OTHER_PROJECT = {'X-User-Id': 'someone', 'X-Project-Id': 'another-project',
                 'X-Roles': 'member,reader'}
LATEST = {'OpenStack-API-Version': 'accelerator latest'}


class AllInOneTelemetryTestCase(test_all_in_one.AllInOneMixin,
                                base.BaseTestCase):

    SIMULATE = 'gpu=2,qat=1,fpga=1,nic=1'

    def setUp(self):
        self.agent_port = services.free_port()
        self.OPTIONS = {
            'DEFAULT': {'periodic_interval': 1},
            'telemetry': {'interval': 1, 'read_timeout': 30,
                          'idle_window': 2},
            'device_health': {'hold_down': 0},
            'metrics': {'agent_port': self.agent_port,
                        'agent_host': '127.0.0.1'}}
        super().setUp()
        self.session.headers.update(LATEST)

    # Helpers -----------------------------------------------------------

    def _fault(self, faults):
        """Write the fake driver's faults file (whole, then renamed)."""
        path = os.path.join(self.state, 'fake-faults.json')
        with open(path + '.new', 'w') as f:
            json.dump(faults, f)
        os.replace(path + '.new', path)

    def _records(self):
        """{device type: [hardware records]} of the host, by address ({}
        before its first report).
        """
        response = self.session.get(
            self.api + '/hosts/%s/hardware' % HOST, timeout=30)
        if response.status_code == 404:
            return {}
        self.assertEqual(200, response.status_code, response.text)
        found = {}
        for record in sorted(response.json()['hardware'],
                             key=lambda r: r['address']):
            found.setdefault(record['type'], []).append(record)
        return found

    def _series(self):
        """{(name, device): [samples]} of the agent's series."""
        text = requests.get('http://127.0.0.1:%d/metrics' % self.agent_port,
                            timeout=30).text
        found = {}
        for family in parser.text_string_to_metric_families(text):
            for sample in family.samples:
                key = (sample.name, sample.labels.get('device'))
                found.setdefault(key, []).append(sample)
        return found

    def _one(self, name, device):
        """The labels and value of one series of *device*, or None."""
        samples = self._series().get((name, device))
        return (samples[0].labels, samples[0].value) if samples else None

    def _health(self, uuid):
        device = self.request('GET', self.api + '/devices/' + uuid, 200)
        return device['health'], device['health_reason']

    def _telemetry(self, uuid):
        return self.request('GET', self.api + '/devices/%s/telemetry'
                            % uuid, 200)

    def _wait(self, predicate, message):
        return services.wait_for(predicate, timeout=120, interval=0.5,
                                 message=message)

    def _cyborg(self, *args):
        """The ``cyborg`` command against the process, its JSON output."""
        result = subprocess.run(
            [os.path.join(os.path.dirname(sys.executable), 'cyborg'),
             '--os-auth-type', 'none', '--os-endpoint', self.api] +
            list(args) + ['-f', 'json'], capture_output=True, text=True,
            timeout=120, env=dict(os.environ, HOME=self.home))
        self.assertEqual(0, result.returncode, result.stderr)
        return json.loads(result.stdout)

    def _bind_gpu(self, record):
        """Bind an ARQ to the GPU of *record*; (ARQ uuid, instance)."""
        [name] = [d['name'] for d in record['deployables']]
        rp_uuid = self._wait(lambda: (lambda rps: rps[0]['uuid'] if rps
                                      else None)(self.request(
            'GET', self.placement + '/resource_providers?name=' + name, 200,
            headers=test_all_in_one.PLACEMENT)['resource_providers']),
            "the GPU's resource provider never appeared")
        self.request('POST', self.api + '/device_profiles', 201,
                     headers=JSON, json=[{'name': 'gpu1', 'groups': [
                         {'resources:PGPU': '1'}]}])
        [arq] = self.request('POST', self.api + '/accelerator_requests',
                             201, headers=JSON,
                             json={'device_profile_name': 'gpu1'})['arqs']
        instance = uuidutils.generate_uuid()
        self.bind(arq['uuid'], rp_uuid, instance, rc='PGPU')
        self._wait(lambda: self.arq(arq['uuid'])['state'] == 'Bound',
                   'the GPU was never bound')
        return arq['uuid'], instance

    # The test ----------------------------------------------------------

    def test_telemetry_from_simulated_devices(self):
        self.start()
        records = self._wait(
            lambda: (lambda r: r if len(r.get('GPU', ())) == 2 else None)(
                self._records()), 'the simulated GPUs were never found')
        bound_gpu, idle_gpu = records['GPU']
        [qat] = records['QAT']
        arq, instance = self._bind_gpu(bound_gpu)
        self._series_of_bound_and_idle(bound_gpu, idle_gpu, instance)
        self._api_views(bound_gpu, arq)
        self._ecc_error(bound_gpu, arq)
        self._degraded_link(qat)
        self._idle(bound_gpu, instance)
        self._hung_read(idle_gpu)
        self.stop(test_all_in_one.signal.SIGTERM)

    def _series_of_bound_and_idle(self, bound, idle, instance):
        # The conductor tells the agent who holds its GPU at its next
        # report; the next scrape has the labels, the next read (the
        # simulator knows it bound then) its work.
        labels, busy = self._wait(
            lambda: (lambda s: s if s and s[0]['instance'] and
                     s[1] >= 0.5 else None)(
                self._one('cyborg_device_utilization_ratio',
                          bound['uuid'])),
            "the bound GPU's series never had its instance")
        self.assertEqual((instance, 'cyborg-standalone', 'PGPU', 'fake',
                          HOST), (labels['instance'], labels['project'],
                                  labels['resource_class'],
                                  labels['driver'], labels['host']))
        self.assertGreaterEqual(busy, 0.5)
        labels, utilization = self._one('cyborg_device_utilization_ratio',
                                        idle['uuid'])
        self.assertEqual(('', ''), (labels.get('instance', ''),
                                    labels.get('project', '')))
        self.assertLess(utilization, 0.05)
        # An idle GPU lowers its link speed: that is no degraded link.
        self.assertEqual(0, self._one('cyborg_device_pcie_link_degraded',
                                      idle['uuid'])[1])

    def _api_views(self, gpu, arq):
        sample = self._wait(
            lambda: (lambda t: t if t['values'].get('busy') else None)(
                self._telemetry(gpu['uuid'])),
            "the bound GPU's telemetry never said busy")
        self.assertEqual((HOST, 'fake'), (sample['hostname'],
                                          sample['driver']))
        self.assertIsNotNone(sample['reported_at'])
        # The ARQ's project sees it; another project's member does not see
        # the ARQ at all.
        mine = self.request('GET', self.api + '/accelerator_requests/%s/'
                            'telemetry' % arq, 200)
        self.assertEqual(gpu['uuid'], mine['device_uuid'])
        response = self.session.get(
            self.api + '/accelerator_requests/%s/telemetry' % arq,
            headers=OTHER_PROJECT, timeout=30)
        self.assertEqual(404, response.status_code, response.text)
        self.assertIn('cyborg.accelerator_request.not_found', response.text)
        response = self.session.get(
            self.api + '/devices/%s/telemetry' % gpu['uuid'],
            headers=OTHER_PROJECT, timeout=30)
        self.assertEqual(403, response.status_code, response.text)

    def _ecc_error(self, gpu, arq):
        self._fault({gpu['address']: {'ecc_uncorrected': 2}})
        self._wait(lambda: self._health(gpu['uuid'])[0] == 'unhealthy',
                   'the GPU never turned unhealthy')
        self.assertEqual(('unhealthy', '2 uncorrectable ECC errors'),
                         self._health(gpu['uuid']))
        # Its tenant sees it on the ARQ; the instance keeps it.
        shown = self.arq(arq)
        self.assertEqual(('unhealthy', 'Bound'), (shown['device_health'],
                                                  shown['state']))
        self._fault({})
        self._wait(lambda: self._health(gpu['uuid'])[0] == 'healthy',
                   'the GPU never came back')

    def _degraded_link(self, qat):
        self._fault({qat['uuid']: {'link_width': 8}})
        self._wait(lambda: self._health(qat['uuid'])[0] == 'unhealthy',
                   'the QAT never turned unhealthy')
        self.assertEqual('PCIe link x8 of x16',
                         self._health(qat['uuid'])[1])
        # The sample is written after the health, in the same report.
        values = self._wait(
            lambda: (lambda v: v if v.get('pcie_link_width') == 8 else
                     None)(self._telemetry(qat['uuid'])['values']),
            "the QAT's sample never showed its link at x8")
        self.assertEqual(16, values['pcie_link_max_width'])
        self.assertEqual(1, self._wait(
            lambda: self._one('cyborg_device_pcie_link_degraded',
                              qat['uuid'])[1] or None,
            'the series never said the link is degraded'))
        self._fault({})

    def _idle(self, gpu, instance):
        # The bound GPU stops computing; after idle_window (2 s) it is an
        # idle accelerator.
        self._fault({gpu['address']: {'utilization': 0}})
        rows = self._wait(
            lambda: self._cyborg('instance-list', '--idle') or None,
            'instance-list --idle never named the server')
        self.assertEqual([instance], [row['uuid'] for row in rows])
        self.assertIn('idle since', rows[0]['accelerators'][0])
        shown = self._cyborg('device-telemetry', gpu['uuid'])
        self.assertEqual((0, False), (shown['utilization'], shown['busy']))
        self._fault({})
        self._wait(lambda: not self._cyborg('instance-list', '--idle'),
                   'the busy GPU stayed idle')

    def _hung_read(self, gpu):
        # The fake driver's read hangs (30 s, [telemetry] read_timeout);
        # its reports go on meanwhile.
        before = self._telemetry(gpu['uuid'])['reported_at']
        self._fault({gpu['address']: {'read_seconds': 30}})
        reports = set()
        self._wait(lambda: reports.add(self._telemetry(gpu['uuid'])[
            'reported_at']) or len(reports - {before}) >= 2,
            'no report while the read hung')
        self._fault({})
