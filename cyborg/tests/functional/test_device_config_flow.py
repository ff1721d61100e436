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
"""A device's configuration as desired state, through the REST API, with
the API, a conductor and an agent as real processes over RabbitMQ and
the real Placement (issue 40).

The agent runs the fake driver's configurable QAT and GPU (its devices
live in the agent's memory, so restarting the agent is a host's reboot:
the VFs are back to the default).  It walks what an operator does:

* a QAT from 4 VFs to 8 bound to vfio-pci: 8 allocatable providers in
  Placement, and an instance binds one;
* changing it while bound: 409 naming the instance; with drain it waits,
  reserved, and applies once the ARQ is deleted;
* the GPU to a MIG layout: the layout's profiles are its inventories, the
  passthrough provider is gone, and an allocation on the QAT is intact;
* a layout over the GPU's slices and a float for a VF count: 400 naming
  the reason, nothing stored, no device or provider lost;
* the agent restarted: the QAT is held (applying) until its VFs are put
  back (no drift is ever recorded);
* the agent restarted with a driver that raises: its devices stay, held
  (driver_error), until it works again.
"""

import json
import uuid as uuid_lib

import pytest
import requests

from cyborg.tests.fixtures import nova_boot
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.functional import base
from cyborg.tests.functional.fixtures import services

pytestmark = pytest.mark.slow(2)

ADMIN = {'X-User-Id': 'admin', 'X-Project-Id': 'admin-project',
         'X-Roles': 'admin,member,reader',
         'OpenStack-API-Version': 'accelerator 2.4'}
# Nova: a user's token with its own service token.
NOVA = dict(ADMIN, **{'OpenStack-API-Version': 'accelerator 2.0',
                      'X-Service-Roles': 'service'})
HUNG = 90
LAYOUT = '3g.40gb,2g.20gb,1g.10gb'


class _DeviceConfigFlow:

    def setUp(self):
        super().setUp()
        self.node = self.host('n1')
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            http=True, compute_nodes=[self.node]))
        port = services.free_port()
        self.url = 'http://127.0.0.1:%d/v2' % port
        self.start_service(
            'cyborg-conductor', self.host('cond'),
            conductor={'work_poll_interval': 1},
            placement=dict(self.placement.cyborg_options()))
        self.agent = self._start_agent()
        self.start_service(
            'cyborg-api', self.host('api'),
            DEFAULT={'auth_strategy': 'noauth', 'rpc_response_timeout': 60},
            api={'host_ip': '127.0.0.1', 'port': port})
        self.devices = services.wait_for(
            self._reported, timeout=90,
            message='the API never showed the agent\'s QAT and GPU')

    def _start_agent(self):
        return self.start_service(
            'cyborg-agent', self.node,
            DEFAULT={'report_interval': 2, 'periodic_interval': 30},
            agent={'enabled_drivers': 'fake', 'hotplug': False},
            fake_driver={'devices': 'qat=1,gpu=1'})

    def request(self, method, path, headers=ADMIN, **kwargs):
        return requests.request(method, self.url + path, timeout=HUNG,
                                headers=headers, **kwargs)

    def _reported(self):
        try:
            response = self.request('GET', '/devices')
        except requests.ConnectionError:
            return None
        if response.status_code != 200:
            return None
        devices = {d['type']: d for d in response.json()['devices']
                   if d['hostname'] == self.node}
        return devices if {'QAT', 'GPU'} <= set(devices) else None

    def _configure(self, device, desired, drain=None, expect=202):
        body = {'desired': desired}
        if drain is not None:
            body['drain'] = drain
        response = self.request(
            'PUT', '/devices/%s/configuration' % device['uuid'], json=body)
        self.assertEqual(expect, response.status_code, response.text)
        return response.json()

    def _config(self, device):
        response = self.request('GET', '/devices/%s' % device['uuid'])
        self.assertEqual(200, response.status_code, response.text)
        return response.json()['configuration']

    def _wait_state(self, device, state, generation):
        def reached():
            config = self._config(device)
            if (config['generation'] == generation and
                    config['state'] == state):
                return config
            return None
        return services.wait_for(
            reached, timeout=90, message='device %s never %s at %d: %s' % (
                device['type'], state, generation, self._config(device)))

    def _providers(self, prefix):
        """{name: (resource class, total, reserved)} of the node's
        providers whose name starts with *prefix*.
        """
        return {name: next((rc, inv['total'], inv['reserved'])
                           for rc, inv in rp['inventories'].items())
                for name, rp in self.placement.tree(self.node).items()
                if name.startswith(prefix) and rp and rp['inventories']}

    def _wait_providers(self, prefix, check, what):
        return services.wait_for(
            lambda: (lambda rps: rps if check(rps) else None)(
                self._providers(prefix)),
            timeout=60, message='%s: %s' % (what, self._providers(prefix)))

    def _qat_prefix(self):
        return '%s_FakeDevice_qat0' % self.node

    def _bind(self, rp_name):
        """An ARQ of a new instance, bound to the provider *rp_name* as
        Nova binds it.
        """
        response = self.request('POST', '/device_profiles', headers=NOVA,
                                json=[{'name': 'qat', 'groups': [
                                    {'resources:CUSTOM_QAT': '1'}]}])
        self.assertIn(response.status_code, (201, 409), response.text)
        response = self.request('POST', '/accelerator_requests',
                                headers=NOVA,
                                json={'device_profile_name': 'qat'})
        self.assertEqual(201, response.status_code, response.text)
        arq = response.json()['arqs'][0]['uuid']
        instance = str(uuid_lib.uuid4())
        rp_uuid = self.placement.tree(self.node)[rp_name]['uuid']
        response = self.request(
            'PATCH', '/accelerator_requests', headers=NOVA,
            json=nova_boot.bind_document([arq], self.node, rp_uuid,
                                         instance))
        self.assertEqual(202, response.status_code, response.text)
        services.wait_for(
            lambda: self.request('GET', '/accelerator_requests/' + arq,
                                 headers=NOVA).json()['state'] == 'Bound',
            timeout=60, message='ARQ %s never bound' % arq)
        return arq, instance

    def test_configure_drain_mig_refusal_and_reboot(self):
        qat, gpu = self.devices['QAT'], self.devices['GPU']
        settable = self._config(qat)['settable']
        self.assertEqual({'num_vfs', 'vf_driver'}, set(settable))
        self.assertEqual(4, self._config(qat)['actual']['num_vfs'])
        self.assertIsNone(self._config(qat)['state'])

        # 4 -> 8 VFs bound to vfio-pci.
        config = self._configure(qat, {'num_vfs': 8,
                                       'vf_driver': 'vfio-pci'})
        self.assertIn(config['state'], ('pending', 'applying', 'applied'))
        config = self._wait_state(qat, 'applied', 1)
        self.assertEqual({'num_vfs': 8, 'vf_driver': 'vfio-pci'},
                         config['actual'])
        rps = self._wait_providers(
            self._qat_prefix(),
            lambda rps: sorted(rps.values()) == [('CUSTOM_QAT', 1, 0)] * 8,
            'never 8 allocatable QAT VFs')
        arq, instance = self._bind(sorted(rps)[0])

        # A change under the instance: refused, naming it.
        response = self.request(
            'PUT', '/devices/%s/configuration' % qat['uuid'],
            json={'desired': {'num_vfs': 2}})
        self.assertEqual(409, response.status_code, response.text)
        self.assertIn(instance, response.text)
        self.assertEqual(1, self._config(qat)['generation'])

        # With drain: it waits, reserved, and applies once the ARQ goes.
        config = self._configure(qat, {'num_vfs': 2}, drain=True)
        self.assertEqual(('draining', 2), (config['state'],
                                           config['generation']))
        self._wait_providers(
            self._qat_prefix(),
            lambda rps: sorted(rps.values()) == [('CUSTOM_QAT', 1, 1)] * 8,
            'the draining QAT never reserved')
        # An allocation on a QAT VF (as Nova's of another instance), which
        # the GPU's change below must leave alone.
        response = self.request('DELETE',
                                '/accelerator_requests?arqs=' + arq,
                                headers=NOVA)
        self.assertEqual(204, response.status_code, response.text)
        self._wait_state(qat, 'applied', 2)
        rps = self._wait_providers(
            self._qat_prefix(),
            lambda rps: sorted(rps.values()) == [('CUSTOM_QAT', 1, 0)] * 2,
            'never 2 allocatable QAT VFs')
        consumer = self.placement.allocate(
            self.placement.tree(self.node)[sorted(rps)[0]]['uuid'],
            {'CUSTOM_QAT': 1})

        # The GPU to a MIG layout: its profiles, the PGPU gone.
        gpu_prefix = '%s_FakeDevice_gpu0' % self.node
        self.assertEqual([('PGPU', 1, 0)],
                         list(self._providers(gpu_prefix).values()))
        self._configure(gpu, {'mode': 'mig', 'mig_layout': LAYOUT})
        self._wait_state(gpu, 'applied', 1)
        self._wait_providers(
            gpu_prefix, lambda rps: sorted(rps.values()) == [
                ('CUSTOM_MIG_1G_10GB', 1, 0), ('CUSTOM_MIG_2G_20GB', 1, 0),
                ('CUSTOM_MIG_3G_40GB', 1, 0)],
            'the MIG profiles never replaced the PGPU')
        response = self.placement.adapter.get(
            '/allocations/%s' % consumer, microversion='1.28')
        self.assertEqual([{'CUSTOM_QAT': 1}], [
            a['resources'] for a in response.json()['allocations'].values()])

        # A layout over the GPU's slices, a float for an integer:
        # refused naming the reason, nothing stored, nothing lost.
        for device, desired, reason in (
                (gpu, {'mode': 'mig', 'mig_layout': '7g.80gb,1g.10gb'},
                 'takes 8 compute slices, the GPU has 7'),
                (qat, {'num_vfs': 8.0}, "8.0 is not of type 'integer'")):
            error = json.loads(self._configure(
                device, desired, expect=400)['error_message'])
            self.assertEqual('cyborg.device.config_invalid',
                             error['error_code'])
            self.assertIn(reason, error['faultstring'])
        self.assertEqual((1, 'applied'), (self._config(gpu)['generation'],
                                          self._config(gpu)['state']))
        self.assertEqual(2, self._config(qat)['generation'])
        self.assertEqual(3, len(self._providers(gpu_prefix)))
        self.assertEqual(2, len(self._providers(self._qat_prefix())))

        # A reboot: the agent's devices are back to 4 VFs and
        # passthrough; it holds the QAT until its 2 VFs are back.
        applied = 'Device %s: configuration 2 applied' % qat['uuid']
        before = self.agent.log().count(applied)
        self.agent.stop()
        self.agent.start()
        services.wait_for(
            lambda: self.agent.log().count(applied) > before,
            timeout=60, message='the restarted agent never applied the '
            'QAT\'s configuration')
        services.wait_for(
            lambda: self._config(qat)['actual']['num_vfs'] == 2 and
            len(self._providers(self._qat_prefix())) == 2,
            timeout=60, message='the QAT never reported its 2 VFs again')
        self.assertEqual('applied', self._config(qat)['state'])
        # Held from the first report: the reboot's 4 VFs never drifted.
        for process in self.processes:
            self.assertNotIn('drifted', process.log())


    def test_a_failing_driver_keeps_its_devices_over_a_restart(self):
        # The agent restarted with a driver that raises in discovery
        # ([fake_driver] raise_in): the devices it last found stay, in
        # Cyborg and in Placement, reserved as driver_error with the
        # exception, and are offered again once the driver works.
        with open(self.agent.conf_path) as f:
            config = f.read()
        self.agent.stop()
        with open(self.agent.conf_path, 'a') as f:
            f.write('\n[fake_driver]\nraise_in = discover\n')
        self.agent.start()

        def held():
            devices = self._reported() or {}
            if {d['health'] for d in devices.values()} == {'driver_error'}:
                return devices
            return None
        devices = services.wait_for(held, timeout=90,
                                    message='the devices never held')
        self.assertIn('fails in discover', devices['QAT']['health_reason'])
        self._wait_providers(
            self._qat_prefix(),
            lambda rps: sorted(rps.values()) == [('CUSTOM_QAT', 1, 1)] * 4,
            'the QAT VFs never reserved')
        capacity = self.request('GET', '/capacity?host=' + self.node).json()
        self.assertEqual({'CUSTOM_QAT': (0, 4), 'PGPU': (0, 1)}, {
            e['resource_class']: (e['free'],
                                  e['reserved_because']['driver_error'])
            for e in capacity['hosts'][0]['resource_classes']})

        self.agent.stop()
        with open(self.agent.conf_path, 'w') as f:
            f.write(config)
        self.agent.start()
        services.wait_for(
            lambda: {d['health'] for d in
                     (self._reported() or {}).values()} == {'healthy'},
            timeout=90, message='the devices never returned')
        self._wait_providers(
            self._qat_prefix(),
            lambda rps: sorted(rps.values()) == [('CUSTOM_QAT', 1, 0)] * 4,
            'the QAT VFs never offered again')


class DeviceConfigFlowMySQLTestCase(_DeviceConfigFlow, base.ServiceTestCase):
    BACKEND = 'mysql'
