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
"""cyborg-all-in-one as a process, driven through REST as a user would.

The process is started as the README starts it (a free port, a temporary
state directory, ``--simulate``), then: its devices are discovered, their
resource providers are in its own Placement under the compute node
provider, a device profile and an ARQ are created and the ARQ bound as
Nova binds it (Placement allocation, PATCH), the recorder got Nova's
event.  SIGTERM stops it (exit 0); started again on the same state
directory it still has all of it; SIGINT stops it too.  Every wait is a
bounded poll.
"""

import json
import os
import signal
import subprocess
import sys

import fixtures
from oslo_utils import uuidutils
from oslotest import base
import requests

from cyborg.tests.fixtures import nova_boot
from cyborg.tests.functional.fixtures import services

HOST = 'aio-node'
SIMULATE = 'fpga=2,qat=1,gpu=1,nic=1,ssd=1,npu=1'
# The fake driver's deployables for SIMULATE, under the compute node.
PROVIDERS = {HOST + suffix for suffix in (
    '_FakeDevice', '_FakeDevice_fpga1', '_FakeDevice_gpu0',
    '_FakeDevice_ssd0', '_FakeDevice_npu0') +
    tuple('_FakeDevice_qat0_vf%d' % i for i in range(4)) +
    tuple('_FakeDevice_nic0_vf%d' % i for i in range(4))}
JSON = {'Content-Type': 'application/json'}
PLACEMENT = {'X-Auth-Token': 'admin',
             'OpenStack-API-Version': 'placement 1.28'}


class AllInOneMixin:
    """The process, its state directory and REST helpers (no test).

    :cvar SIMULATE: its ``--simulate``.
    :cvar OPTIONS: more ``{group: {option: value}}`` of its
        ``--config-file``.
    """

    SIMULATE = SIMULATE
    OPTIONS = {}

    def setUp(self):
        super().setUp()
        tmp = self.useFixture(fixtures.TempDir()).path
        self.state = os.path.join(tmp, 'state')
        self.config = os.path.join(tmp, 'extra.conf')
        # --config-file works as for the separate services.
        options = {
            'DEFAULT': {'host': HOST, 'report_interval': 1, 'debug': True},
            'agent': {'hotplug': False}}
        for group, values in self.OPTIONS.items():
            options[group] = dict(options.get(group, {}), **values)
        services.write_config(self.config, options)
        # A host configured for some cloud (oslo.config looks in
        # ~/.cyborg as in /etc/cyborg): the embedded default reads only
        # the files it is given.
        self.home = os.path.join(tmp, 'home')
        os.makedirs(os.path.join(self.home, '.cyborg', 'cyborg.conf.d'))
        for name in ('cyborg.conf', 'cyborg.conf.d/cloud.conf'):
            services.write_config(
                os.path.join(self.home, '.cyborg', name),
                {'DEFAULT': {'host': 'elsewhere'}, 'database': {
                    'connection': 'mysql+pymysql://x:x@127.0.0.1:9/c'}})
        self._use_port(services.free_port())
        self.session = requests.Session()
        self.process = None
        self.starts = 0
        self.output = os.path.join(tmp, 'output.txt')
        self.addCleanup(self._kill)
        self.addOnException(self._print_output)

    # The process -------------------------------------------------------

    def _use_port(self, port):
        self.port = port
        self.base = 'http://127.0.0.1:%d' % self.port
        self.api = self.base + '/v2'
        self.placement = self.base + '/placement'

    def start(self):
        """Start the process and wait until it answers.

        free_port() only says that nothing listened a moment ago: another
        process (a second copy of the suite, say) may take the port before
        this one binds it.  So the process counts as up only once it has
        printed its banner (it prints it after binding), never because
        something answered on the port; and a start refused because the
        port was taken is tried again on another.
        """
        for _attempt in range(3):
            self.starts += 1
            with open(self.output, 'ab') as out:
                self.process = subprocess.Popen(
                    [sys.executable, '-m', 'cyborg.cmd.all_in_one',
                     '--state-dir', self.state, '--port', str(self.port),
                     '--simulate', self.SIMULATE, '--config-file',
                     self.config],
                    stdout=out, stderr=subprocess.STDOUT,
                    start_new_session=True,
                    env=dict(os.environ, HOME=self.home))
            if services.wait_for(self._up, timeout=120,
                                 message='cyborg-all-in-one never answered'
                                 ) == 'up':
                return
            self.starts -= 1
            self._use_port(services.free_port())
        self.fail('cyborg-all-in-one found no free port in three tries')

    def stop(self, sig):
        """Send *sig*; the process must exit 0 without a traceback."""
        self.process.send_signal(sig)
        status = self.process.wait(60)
        self.assertEqual(0, status, self._read_output())
        self.assertNotIn('Traceback', self._read_output())
        self.assertNotIn('Traceback', self._read_log())

    def _up(self):
        """'up' once this start's banner is out and the API answers;
        'port taken' if the process could not listen.
        """
        if self.process.poll() is not None:
            if 'cannot listen on' in self._read_output().split(
                    'Cyborg is running')[-1]:
                return 'port taken'
            self.fail('cyborg-all-in-one exited with %s' %
                      self.process.returncode)
        if self._read_output().count('Cyborg is running') < self.starts:
            return False
        try:
            if self.session.get(self.api, timeout=5).status_code == 200:
                return 'up'
        except requests.ConnectionError:
            pass
        return False

    def _kill(self):
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def _read_output(self):
        with open(self.output, errors='replace') as f:
            return f.read()

    def _read_log(self):
        path = os.path.join(self.state, 'cyborg.log')
        if not os.path.exists(path):
            return ''
        with open(path, errors='replace') as f:
            return f.read()

    def _print_output(self, exc_info):
        print('----- cyborg-all-in-one output -----')
        print(self._read_output())
        print('----- cyborg.log (last 200 lines) -----')
        print('\n'.join(self._read_log().splitlines()[-200:]))

    # REST --------------------------------------------------------------

    def request(self, method, url, expect, **kwargs):
        response = self.session.request(method, url, timeout=30, **kwargs)
        self.assertEqual(expect, response.status_code, response.text)
        return response.json() if response.content else None

    def simulated_devices(self):
        devices = self.request('GET', self.api + '/devices', 200)['devices']
        return {d['uuid']: d['type'] for d in devices
                if d['vendor'] == '0xABCD'}

    def providers(self):
        """{name: uuid} of the compute node and its children, or None
        while any of them is missing.
        """
        rps = self.request('GET', self.placement + '/resource_providers',
                           200, headers=PLACEMENT)['resource_providers']
        names = {rp['name']: rp['uuid'] for rp in rps}
        if HOST not in names or not PROVIDERS <= set(names):
            return None
        return names

    def arq(self, uuid):
        return self.request('GET', self.api + '/accelerator_requests/' +
                            uuid, 200)

    def nova_events(self):
        return self.request(
            'GET', self.base + '/nova/v2.1/os-server-external-events',
            200)['events']

    # Nova's part -------------------------------------------------------

    def bind(self, arq, rp_uuid, instance, rc='FPGA'):
        """Allocate as the scheduler, once Placement offers *rc* there (a
        first start creates the providers, then sets their inventories),
        then bind as nova-compute does.
        """
        services.wait_for(
            lambda: rc in self.request(
                'GET', '%s/resource_providers/%s/inventories' % (
                    self.placement, rp_uuid), 200,
                headers=PLACEMENT)['inventories'],
            timeout=120, message='Placement never offered %s' % rc)
        self.request(
            'PUT', self.placement + '/allocations/' + instance, 204,
            headers=PLACEMENT, json={
                'allocations': {rp_uuid: {'resources': {rc: 1}}},
                'project_id': 'demo', 'user_id': 'demo',
                'consumer_generation': None})
        self.request('PATCH', self.api + '/accelerator_requests', 202,
                     headers=JSON, json=nova_boot.bind_document(
                         [arq], HOST, rp_uuid, instance))


class AllInOneTestCase(AllInOneMixin, base.BaseTestCase):

    def test_flow_and_restart(self):
        self.start()
        devices = services.wait_for(
            lambda: (lambda d: d if len(d) == 7 else None)(
                self.simulated_devices()),
            timeout=120, message='simulated devices never discovered')
        self.assertEqual(['AICHIP', 'FPGA', 'FPGA', 'GPU', 'NIC', 'QAT',
                          'SSD'], sorted(devices.values()))
        providers = services.wait_for(
            self.providers, timeout=120,
            message='resource providers never appeared in Placement')

        self.request('POST', self.api + '/device_profiles', 201,
                     headers=JSON, json=[{'name': 'fpga1', 'groups': [
                         {'resources:FPGA': '1',
                          'trait:CUSTOM_FAKE_DEVICE': 'required'}]}])
        [arq] = self.request('POST', self.api + '/accelerator_requests',
                             201, headers=JSON,
                             json={'device_profile_name': 'fpga1'})['arqs']
        instance = uuidutils.generate_uuid()
        rp_uuid = providers[HOST + '_FakeDevice']
        self.bind(arq['uuid'], rp_uuid, instance)
        bound = services.wait_for(
            lambda: (lambda a: a if a['state'] == 'Bound' else None)(
                self.arq(arq['uuid'])),
            timeout=120, message='the ARQ was never bound')
        self.assertEqual('TEST_PCI', bound['attach_handle_type'])
        self.assertEqual(rp_uuid, bound['device_rp_uuid'])
        [event] = services.wait_for(
            self.nova_events, timeout=120,
            message='the recorder never got the event')
        self.assertEqual(
            {'name': 'accelerator-request-bound', 'status': 'completed',
             'tag': arq['uuid'], 'server_uuid': instance},
            {k: event[k] for k in ('name', 'status', 'tag', 'server_uuid')})

        self.stop(signal.SIGTERM)
        self.start()

        self.assertEqual(devices, self.simulated_devices())
        self.assertEqual(providers, self.providers())
        [profile] = self.request('GET', self.api + '/device_profiles?name='
                                 'fpga1', 200)['device_profiles']
        self.assertEqual('fpga1', profile['name'])
        after = self.arq(arq['uuid'])
        self.assertEqual(
            {k: bound[k] for k in ('state', 'instance_uuid',
                                   'attach_handle_uuid', 'device_rp_uuid')},
            {k: after[k] for k in ('state', 'instance_uuid',
                                   'attach_handle_uuid', 'device_rp_uuid')})
        allocations = self.request(
            'GET', self.placement + '/allocations/' + instance, 200,
            headers=PLACEMENT)['allocations']
        self.assertEqual({'FPGA': 1}, allocations[rp_uuid]['resources'])
        self.assertEqual([event], self.nova_events())
        self.program_without_glance()

        self.stop(signal.SIGINT)

    def program_without_glance(self):
        """No Glance: a clear 409 naming the file, then the local file."""
        [fpga] = [d for d in self.request(
            'GET', self.api + '/deployables', 200)['deployables']
            if d['name'] == HOST + '_FakeDevice_fpga1']
        image = uuidutils.generate_uuid()
        url = '%s/deployables/%s/program' % (self.api, fpga['uuid'])
        body = [{'path': '/program', 'op': 'replace',
                 'value': [{'image_uuid': image}]}]
        path = os.path.join(self.state, 'images', image)
        response = self.session.patch(url, json=body, timeout=60)
        self.assertEqual(409, response.status_code, response.text)
        self.assertIn('cyborg.image.no_image_service', response.text)
        self.assertIn('no image service is configured', response.text)
        self.assertIn(path, response.text)
        with open(path, 'wb') as f:
            f.write(b'a bitstream')
        programmed = self.request('PATCH', url, 200, json=body)
        self.assertEqual(image, programmed['bitstream_id'])


class AllInOneCleaningTestCase(AllInOneMixin, base.BaseTestCase):
    """A GPU whose class cleans it, through the real processes: the
    conductor hands the clean to the agent over RabbitMQ once the device
    is reserved in Placement, the agent's outcome comes back, and a
    failed clean holds the device until device-clean retries it (issue
    65).
    """

    SIMULATE = 'fpga=1,gpu=1'
    LATEST = {'OpenStack-API-Version': 'accelerator 2.4'}

    def _faults(self, **fault):
        with open(os.path.join(self.state, 'fake-faults.json'), 'w') as f:
            json.dump({'0000:0d:00.0': fault}, f)

    def _gpu(self):
        [gpu] = [d for d in self.request(
            'GET', self.api + '/devices', 200,
            headers=self.LATEST)['devices'] if d['type'] == 'GPU']
        return gpu

    def _reserved(self, rp_uuid):
        return self.request(
            'GET', '%s/resource_providers/%s/inventories' % (
                self.placement, rp_uuid), 200,
            headers=PLACEMENT)['inventories']['PGPU']['reserved']

    def _tenant(self, rp_uuid):
        """A server with the GPU, then deleted (its ARQs first)."""
        [arq] = self.request('POST', self.api + '/accelerator_requests',
                             201, headers=JSON,
                             json={'device_profile_name': 'gpu1'})['arqs']
        instance = uuidutils.generate_uuid()
        self.bind(arq['uuid'], rp_uuid, instance, rc='PGPU')
        services.wait_for(
            lambda: self.arq(arq['uuid'])['state'] == 'Bound',
            timeout=120, message='the ARQ was never bound')
        self.request('DELETE', self.api + '/accelerator_requests?instance='
                     + instance, 204)
        self.request('DELETE', self.placement + '/allocations/' + instance,
                     204, headers=PLACEMENT)

    def _cleaning(self, state):
        return services.wait_for(
            lambda: (lambda g: g if g['cleaning']['state'] == state
                     else None)(self._gpu()),
            timeout=120, message='the GPU never %s' % state)

    def test_a_gpu_cleaned_between_two_tenants(self):
        self.start()
        os.makedirs(self.state, exist_ok=True)
        self._faults(clean_seconds=5)
        rp_uuid = services.wait_for(
            lambda: {rp['name']: rp['uuid'] for rp in self.request(
                'GET', self.placement + '/resource_providers', 200,
                headers=PLACEMENT)['resource_providers']}.get(
                    HOST + '_FakeDevice_gpu0'),
            timeout=120, message='the GPU never reached Placement')
        self.request('POST', self.api + '/device_classes', 201,
                     headers=dict(JSON, **self.LATEST), json={
                         'name': 'gpus', 'cleaning': 'on', 'selector': [
                             {'key': 'type', 'op': '==', 'value': 'GPU'}]})
        self.request('POST', self.api + '/device_profiles', 201,
                     headers=JSON, json=[{'name': 'gpu1', 'groups': [
                         {'resources:PGPU': '1'}]}])
        # The class's policy reaches the device at its host's push.
        services.wait_for(lambda: self._gpu()['cleaning']['steps'] == [],
                          timeout=120, message='the GPU never cleaned')

        self._tenant(rp_uuid)
        gpu = self._cleaning('cleaning')
        services.wait_for(lambda: self._reserved(rp_uuid) == 1,
                          timeout=60, message='the GPU never reserved')
        gpu = self._cleaning(None)
        self.assertIsNone(gpu['cleaning']['reason'])
        services.wait_for(lambda: self._reserved(rp_uuid) == 0,
                          timeout=60, message='the GPU never offered')

        # A clean that fails holds it, with the driver's reason, until
        # device-clean retries it.
        self._faults(clean_error='verification read 0xff')
        self._tenant(rp_uuid)
        gpu = self._cleaning('clean_failed')
        self.assertIn('verification read 0xff', gpu['cleaning']['reason'])
        self.assertEqual(1, self._reserved(rp_uuid))
        self._faults()
        self.request('POST', '%s/devices/%s/clean' % (self.api, gpu['uuid']),
                     202, headers=dict(JSON, **self.LATEST), json={})
        self._cleaning(None)
        services.wait_for(lambda: self._reserved(rp_uuid) == 0,
                          timeout=60, message='the GPU never offered')
        self.stop(signal.SIGTERM)
