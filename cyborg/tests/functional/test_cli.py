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
"""The ``cyborg`` command against Cyborg's real processes.

cyborg-api (noauth), cyborg-conductor and two cyborg-agents run as
processes over RabbitMQ and MariaDB, with the real Placement on loopback
and a recording stand-in for Nova's external events API.  Each agent sees
a fake sysfs tree as /sys (umockdev): node1's has the accelerators of
cyborg.tests.fixtures.fakesys, node2's is empty.  The test runs the
installed ``cyborg`` executable as an operator would: it installs the
generic driver on node1 with a selector, looks at its devices and the
services, updates it, runs discovery, attaches and detaches an instance's
accelerator, and uninstalls the driver, refused while bound, then forced.
"""

import json
import os
import subprocess
import sys

import fixtures
from oslo_utils import uuidutils
import pytest
import requests

from cyborg.tests.fixtures import backends
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import nova as nova_fixture
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.functional import base
from cyborg.tests.functional.fixtures import services

pytestmark = pytest.mark.slow(3)

VIRTIO_RNG = '{"vendor_id": "1af4", "product_id": "1044"}'
T4 = '{"address": "%s"}' % fakesys.T4


class CLITestCase(base.ServiceTestCase):

    def setUp(self):
        super().setUp()
        backends.check(self, 'umockdev')
        self.executable = os.path.join(os.path.dirname(sys.executable),
                                       'cyborg')
        if not os.path.exists(self.executable):
            self.skipTest('the cyborg console script is not installed')
        self.nova = self.useFixture(nova_fixture.FakeNova())
        self.node1, self.node2 = self.host('node1'), self.host('node2')
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            http=True, compute_nodes=[self.node1, self.node2]))
        self.port = services.free_port()
        self.url = 'http://127.0.0.1:%d' % self.port
        self._start()

    def _start(self):
        self.start_service(
            'cyborg-conductor', self.host('cond'),
            # Its devices go from one instance to the next uncleaned:
            # the recorded virtio-rng offers no reset (a clean with no
            # step holds the device, test_cleaning_states).
            conductor={'work_poll_interval': 0.5,
                       'clean_devices_by_default': False},
            placement=dict(self.placement.cyborg_options(),
                           sync_interval=1),
            nova={'auth_type': 'none', 'endpoint_override': self.nova.url,
                  'events_retry_max_interval': 2})
        trees = {self.node1: fakesys.accelerator_host,
                 self.node2: fakesys.FakeSysfs}
        for node, make_tree in trees.items():
            root = self.useFixture(fixtures.TempDir()).path
            make_tree(root)
            self.start_service(
                'cyborg-agent', node, env={'UMOCKDEV_DIR': root},
                agent={'enabled_drivers': '', 'hotplug': False})
        self.start_service(
            'cyborg-api', self.host('api'),
            DEFAULT={'auth_strategy': 'noauth'},
            api={'host_ip': '127.0.0.1', 'port': self.port,
                 'api_workers': 1, 'api_threads': 4})
        services.wait_for(self._agents_up, timeout=90,
                          message='the API never listed both agents up')

    def service_config(self, host, **groups):
        config = super().service_config(host, **groups)
        # Nothing here tests liveness: on a loaded machine a conductor's
        # late heartbeat made a command of the workflow a 503.
        config['DEFAULT']['service_down_time'] = 30
        return config

    def _agents_up(self):
        # Polled over HTTP: a cyborg process per poll cost more CPU than
        # the whole workflow (the workflow runs service-list itself).
        try:
            response = requests.get(
                self.url + '/v2/services?binary=cyborg-agent&status=up',
                headers={'OpenStack-API-Version': 'accelerator 2.4'},
                timeout=10)
        except requests.ConnectionError:
            return False
        return (response.status_code == 200 and
                len(response.json()['services']) == 2)

    def run_cli(self, *args, check=True):
        result = subprocess.run(
            [self.executable, '--os-auth-type', 'none', '--os-endpoint',
             self.url] + list(args),
            capture_output=True, text=True, timeout=120)
        if check:
            self.assertEqual(0, result.returncode, 'stdout: %s\nstderr: %s'
                             % (result.stdout, result.stderr))
        return result

    def cli_json(self, *args):
        return json.loads(self.run_cli(*(args + ('-f', 'json'))).stdout)

    def _wait_devices(self, host, count):
        """The devices of *host* once its agent reported *count*."""
        def devices():
            found = self.cli_json('device-list', '--host', host)
            return (found,) if len(found) == count else None
        return services.wait_for(
            devices, timeout=60,
            message='%s never had %d devices' % (host, count))[0]

    def test_operator_workflow(self):
        # Install the generic driver on node1 with a selector.
        [driver] = self.cli_json(
            'install-driver', 'generic', '--host', self.node1,
            '--config', 'pci.device_spec=' + VIRTIO_RNG)
        # The devices the discovery that install-driver ran found.
        self.assertEqual(('generic', self.node1, 'READY', 'api', 1),
                         (driver['name'], driver['host'], driver['status'],
                          driver['source'], driver['devices']))
        [device] = self._wait_devices(self.node1, 1)
        self.assertEqual(('GENERIC', '0x1af4', self.node1),
                         (device['type'], device['vendor'],
                          device['hostname']))
        self.assertEqual([], self.cli_json('device-list', '--host',
                                           self.node2))
        [hardware] = self.cli_json('hardware-list', '--host', self.node1)
        self.assertEqual(fakesys.VIRTIO_RNG, hardware['address'])
        services_up = self.cli_json('service-list', '--status', 'up')
        self.assertEqual(
            {'cyborg-api', 'cyborg-conductor', 'cyborg-agent'},
            {s['binary'] for s in services_up})
        self.assertEqual([driver['uuid']], [d['uuid'] for d in self.cli_json(
            'driver-list', '--host', self.node1)])

        # Update: a second selector, the T4 GPU.
        updated = self.cli_json(
            'update-driver', driver['uuid'],
            '--config', 'pci.device_spec=' + VIRTIO_RNG,
            '--config', 'pci.device_spec=' + T4)
        self.assertEqual((driver['uuid'], 2),
                         (updated['uuid'], updated['devices']))
        self._wait_devices(self.node1, 2)

        # Discovery everywhere: nothing changed since the update.
        result = self.run_cli('discover-services', '-f', 'json')
        self.assertIn('Asking 2 host(s) to discover', result.stderr)
        hosts = {h['host']: h for h in json.loads(result.stdout)}
        self.assertEqual({self.node1, self.node2}, set(hosts))
        self.assertEqual('ok', hosts[self.node1]['status'])
        self.assertEqual([('generic', 2)], [
            (d['name'], d['devices']) for d in hosts[self.node1]['drivers']])

        # Attach and detach an instance's accelerator.
        self.run_cli('device-profile-create', 'rng', '--group',
                     'resources:CUSTOM_PCI=1,'
                     'trait:CUSTOM_PCI_VENDOR_1AF4=required')
        vm1 = uuidutils.generate_uuid()
        # Nova knows it, stopped (detach needs no reboot), of a flavor
        # naming the profile.
        self.nova.servers.add(vm1, self.node1, device_profile='rng',
                              vm_state='stopped')
        [arq] = self.cli_json('attach-instance', vm1, '--device-profile',
                              'rng', '--host', self.node1, '--wait')
        self.assertEqual(('Bound', vm1, 'PCI'),
                         (arq['state'], arq['instance_uuid'],
                          arq['attach_handle_type']))
        event = self.nova.wait_for_tags([arq['uuid']])[arq['uuid']]
        self.assertEqual(('completed', vm1),
                         (event['status'], event['server_uuid']))
        self.run_cli('detach-instance', vm1)
        self.assertEqual([], self.cli_json('arq-list', '--instance', vm1))

        # Uninstall is refused while a device is bound, then forced.
        vm2 = uuidutils.generate_uuid()
        self.nova.servers.add(vm2, self.node1, device_profile='rng')
        [arq] = self.cli_json('attach-instance', vm2, '--device-profile',
                              'rng', '--reboot', '--wait')
        self.assertEqual([vm2], self.nova.servers.reboots())
        refused = self.run_cli('uninstall-driver', driver['uuid'],
                               check=False)
        self.assertEqual(1, refused.returncode)
        self.assertIn(vm2, refused.stderr)
        self.assertIn('HTTP 409, cyborg.driver.in_use', refused.stderr)
        self.assertEqual(1, len(self.cli_json('driver-list')))
        self.run_cli('uninstall-driver', driver['uuid'], '--force')
        self.assertEqual([], self.cli_json('driver-list'))
        self._wait_devices(self.node1, 0)
        self.assertEqual([], self.cli_json('arq-list', '--instance', vm2))
        self.assertEqual('Unbound',
                         self.cli_json('arq-show', arq['uuid'])['state'])
