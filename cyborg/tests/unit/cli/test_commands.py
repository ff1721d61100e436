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
"""The ``cyborg`` commands against the real API, in process.

The API, the conductor, two agents (host-one, host-two), Placement and a
recording Nova run as for the gabbi tests of the operator verbs
(APIFixtureWithAgents); the command's requests reach the API through
wsgi-intercept, so the whole path from argument parsing to the database
and back to the printed output is exercised.
"""

import io
import json
import logging
import os
import time

import fixtures
from oslotest import base
import pytest
from wsgi_intercept import interceptor
import yaml

from cyborg.cli import capacity as capacity_cli
from cyborg.cli import shell
from cyborg.db.queries import driver as driver_queries
from cyborg.tests.fixtures import keystone_limits
from cyborg.tests.functional.fixtures import gabbits

pytestmark = pytest.mark.slow(1)

URL = 'http://cyborg-cli.test:6666'


class _Gabbi(fixtures.Fixture):
    """A gabbi fixture as a fixture, with the API intercepted."""

    def __init__(self, gabbi_fixture):
        super().__init__()
        self.gabbi = gabbi_fixture()

    def _setUp(self):
        self.gabbi.start_fixture()
        self.addCleanup(self.gabbi.stop_fixture)
        intercept = interceptor.RequestsInterceptor(gabbits.setup_app,
                                                    url=URL)
        intercept.__enter__()
        self.addCleanup(intercept.__exit__, None, None, None)


class CommandTestBase(base.BaseTestCase):
    """Runs ``cyborg`` in process against the API of FIXTURE (``env``)."""

    FIXTURE = gabbits.APIFixtureWithAgents

    def setUp(self):
        super().setUp()
        self.env = self.useFixture(_Gabbi(self.FIXTURE)).gabbi
        # cliff adds a console handler to the root logger per run.
        root = logging.getLogger()
        self.addCleanup(setattr, root, 'handlers', list(root.handlers))

    def cyborg(self, *args, expect=0, auth=True):
        """Run the command; returns (stdout, stderr)."""
        out, err = io.StringIO(), io.StringIO()
        argv = (['--os-auth-type', 'none', '--os-endpoint', URL]
                if auth else []) + list(args)
        status = shell.CyborgShell(argv, stdout=out, stderr=err).run(argv)
        self.assertEqual(expect, status, 'stdout: %s\nstderr: %s' % (
            out.getvalue(), err.getvalue()))
        return out.getvalue(), err.getvalue()

    def json(self, *args):
        return json.loads(self.cyborg(*(args + ('-f', 'json')))[0])


class CLITestCase(CommandTestBase):

    def devices(self, host, count):
        """The host's devices, once its agent reported *count* of them
        (an install or update answers before the agent's report: the
        driver verbs flow one way).
        """
        deadline = time.monotonic() + 60
        while True:
            devices = self.json('device-list', '--host', host)
            if len(devices) == count or time.monotonic() > deadline:
                self.assertEqual(count, len(devices), devices)
                return devices
            time.sleep(0.1)

    def test_service_list(self):
        services = self.json('service-list')
        self.assertEqual([('host-one', 'cyborg-agent', 'up'),
                          ('host-two', 'cyborg-agent', 'up')],
                         [(s['host'], s['binary'], s['status'])
                          for s in services])
        self.assertEqual(['host-two'], [s['host'] for s in self.json(
            'service-list', '--host', 'host-two')])
        self.assertEqual([], self.json('service-list', '--status', 'down'))

    def test_capacity(self):
        self.json('install-driver', 'fake', '--host', 'host-one',
                  '--config', 'fake_driver.devices=fpga=1,qat=1')
        self.devices('host-one', 2)
        rows = self.json('capacity')
        hosts = [(r['host'], r['agent'], r['resource_class']) for r in rows]
        self.assertEqual([('host-one', 'up', 'CUSTOM_QAT'),
                          ('host-one', 'up', 'FPGA'),
                          ('(total)', '', 'CUSTOM_QAT'),
                          ('(total)', '', 'FPGA')], hosts)
        for row in rows:
            self.assertGreater(row['total'], 0, row)
            self.assertEqual(row['total'], row['free'], row)
            self.assertEqual(0, row['reserved_because']['agent_down'])
        # The hosts are read a page at a time (here one host per page: a
        # full page, then an empty one), the totals from the pages: the
        # same rows.
        self.useFixture(fixtures.MockPatchObject(capacity_cli, 'PAGE', 1))
        self.assertEqual(rows, self.json('capacity'))
        # The filters reach the API, and what it answers is printed.
        [fpga, total] = self.json('capacity', '--host', 'host-one',
                                  '--resource-class', 'FPGA', '--driver',
                                  'fake')
        self.assertEqual(('host-one', 'FPGA', '(total)'),
                         (fpga['host'], fpga['resource_class'],
                          total['host']))
        self.assertEqual([], self.json('capacity', '--host', 'host-two'))
        out, err = self.cyborg('capacity', '--host', 'host-two')
        self.assertIn('No accelerator matches', err)
        # A table shows the reasons that hold, reason=count.
        device = [d for d in self.devices('host-one', 2)
                  if d['type'] == 'FPGA'][0]
        self.cyborg('device-disable', device['uuid'])
        out, _err = self.cyborg('capacity', '--resource-class', 'FPGA')
        self.assertRegex(out, r'\| host-one +\| up +\| FPGA .*\| '
                              r'disabled=\d+ +\|')
        out, err = self.cyborg('capacity', '--resource-class', 'fpga',
                               expect=1)
        self.assertIn('HTTP 400, cyborg.request.invalid_input', err)
        # A device class: nothing of a class whose trait no provider was
        # published with.
        self.assertEqual([], self.json('capacity', '--device-class',
                                       'no_such_class'))

    def test_driver_lifecycle(self):
        [installed] = self.json('install-driver', 'fake', '--host',
                                'host-one', '--config',
                                'fake_driver.devices=fpga=1,qat=1')
        # The devices its discovery found (the answer counted those of
        # before the agent's report: 0).
        self.assertEqual(('fake', 'host-one', 'READY', 2),
                         (installed['name'], installed['host'],
                          installed['status'], installed['devices']))
        # What the command printed is what the database holds.
        [row] = driver_queries.get_all(self.env.context, host='host-one')
        self.assertEqual(row['uuid'], installed['uuid'])
        self.assertEqual({'fake_driver': {'devices': 'fpga=1,qat=1'}},
                         row['config'])
        devices = self.devices('host-one', 2)
        self.assertEqual(['FPGA', 'QAT'], sorted(d['type'] for d in devices))
        self.assertEqual(['healthy', 'healthy'],
                         [d['health'] for d in devices])
        hardware = self.json('hardware-list', '--host', 'host-one')
        self.assertEqual([('fake', False), ('fake', False)],
                         [(h['driver'], h['reboot_required'])
                          for h in hardware])

        updated = self.json('update-driver', installed['uuid'], '--config',
                            'fake_driver.devices=fpga=1',
                            '--config', 'fake_driver.devices=qat=1',
                            '--config', 'fake_driver.devices=gpu=1')
        self.assertEqual((installed['uuid'], 3),
                         (updated['uuid'], updated['devices']))
        self.devices('host-one', 3)
        [host] = self.json('discover-services', '--host', 'host-one')
        self.assertEqual(('host-one', 'ok', 'done'),
                         (host['host'], host['status'], host['state']))
        self.assertEqual([('fake', 3)], [(d['name'], d['devices'])
                                         for d in host['drivers']])

        out, err = self.cyborg('uninstall-driver', installed['uuid'])
        self.assertIn('uninstalled', err)
        self.assertEqual([], self.json('driver-list'))
        self.devices('host-one', 0)

    def test_a_refused_update_says_why_once(self):
        [installed] = self.json('install-driver', 'fake', '--host',
                                'host-one')
        _out, err = self.cyborg('update-driver', installed['uuid'],
                                '--config', 'fake_driver.nosuch=1',
                                expect=1)
        [said] = [line for line in err.splitlines()
                  if line.endswith('(HTTP 400, cyborg.driver.invalid_config)')]
        self.assertTrue(said.startswith(
            'Refused on host-one: Invalid configuration of driver fake: '
            '[fake_driver] has no option nosuch'), said)
        self.assertEqual(1, said.count('Invalid configuration'), said)

    def test_uninstall_by_name_on_every_host(self):
        out, err = self.cyborg('install-driver', 'fake', '-f', 'json')
        installed = json.loads(out)
        self.assertEqual([('api', 'installed', 1)] * 2,
                         [(d['source'], d['state'], d['devices'])
                          for d in installed])
        self.assertIn('Discovering the devices of fake on host-one, '
                      'host-two...', err)
        out, err = self.cyborg('uninstall-driver', 'fake', '--host',
                               'host-two')
        self.assertEqual(['host-one'],
                         [d['host'] for d in self.json('driver-list')])
        [one] = self.json('driver-list')
        out, err = self.cyborg('uninstall-driver', 'fake')
        self.assertIn('Driver %s uninstalled.' % one['uuid'], err)
        self.assertEqual([], self.json('driver-list'))
        out, err = self.cyborg('uninstall-driver', 'fake', expect=1)
        self.assertIn('No host has driver fake installed', err)

    def test_attach_detach_and_refused_uninstall(self):
        [installed] = self.json('install-driver', 'fake', '--host',
                                'host-one')
        # The agent's report (after the answer) brings the FPGA to
        # Placement.
        self.devices('host-one', 1)
        self.json('device-profile-create', 'one-fpga', '--group',
                  'resources:FPGA=1,trait:CUSTOM_FAKE_DEVICE=required')
        # A server of the stand-in for Nova: active on host-one, its
        # flavor names one-fpga (gabbits.APIFixtureWithAgents).
        instance = os.environ['INSTANCE_UUID']
        [arq] = self.json('attach-instance', instance, '--device-profile',
                          'one-fpga', '--host', 'host-one', '--wait')
        self.assertEqual(('Bound', instance, 'attach'),
                         (arq['state'], arq['instance_uuid'],
                          arq['origin']))
        self.assertEqual([(arq['uuid'], 'healthy')], [
            (a['uuid'], a['device_health']) for a in self.json(
                'arq-list', '--instance', instance)])
        # The health of the device behind the ARQ (2.4), as the API has
        # it; none below 2.4.  arq-show shows every member the API
        # answers with, arq-list all but the detail ones.
        shown = self.json('arq-show', arq['uuid'])
        self.assertEqual(('healthy', None, None, 'attach'), (
            shown['device_health'], shown['device_health_reason'],
            shown['device_health_since'], shown['origin']))
        self.assertNotIn('links', shown)
        [listed] = self.json('--os-accelerator-api-version', '2.3',
                             'arq-list')
        self.assertEqual(set(), {'origin', 'device_health'} & set(listed))
        self.assertIn('attach_handle_info', listed)
        self.assertNotIn('created_at', listed)
        shown = self.json('instance-show', instance)
        self.assertEqual(('host-one', 'one-fpga', []), (
            shown['host'], shown['device_profile'], shown['nova_arqs']))
        self.assertEqual(['%s one-fpga Bound TEST_PCI healthy' % arq['uuid']],
                         shown['attached_arqs'])

        out, err = self.cyborg('uninstall-driver', installed['uuid'],
                               expect=1)
        self.assertIn(instance, err)
        self.assertIn('HTTP 409, cyborg.driver.in_use', err)
        self.assertEqual(1, len(self.json('driver-list')))

        out, err = self.cyborg('detach-instance', instance, expect=1)
        self.assertIn('cyborg.instance.not_detachable', err)
        out, err = self.cyborg('detach-instance', instance, '--reboot')
        self.assertIn('Nova was asked for a hard reboot', err)
        self.assertEqual([instance],
                         self.env.deployment.nova.servers.reboots())
        self.assertEqual([], self.json('arq-list', '--instance', instance))
        self.cyborg('uninstall-driver', installed['uuid'])

    def _attached_on_host_one(self):
        """INSTANCE_UUID with one FPGA attached on host-one."""
        self.json('install-driver', 'fake', '--host', 'host-one')
        self.devices('host-one', 1)
        self.json('device-profile-create', 'one-fpga', '--group',
                  'resources:FPGA=1')
        instance = os.environ['INSTANCE_UUID']
        self.json('attach-instance', instance, '--device-profile',
                  'one-fpga', '--wait')
        return instance

    def test_instance_list(self):
        instance = self._attached_on_host_one()
        [row] = self.json('instance-list', '--driver', 'fake')
        self.assertEqual(
            (instance, 'ACTIVE', 'host-one', 'm1.small', ''),
            (row['uuid'], row['status'], row['host'], row['flavor'],
             row['audit']))
        [accelerator] = row['accelerators']
        self.assertRegex(accelerator,
                         r'^[0-9a-f-]{36} fake one-fpga host-one '
                         r'\(attached\)$')
        self.assertEqual([], self.json('instance-list', '--driver',
                                       'nvidia'))
        self.assertEqual([], self.json('instance-list', '--host',
                                       'host-two'))
        _out, err = self.cyborg('instance-list', '--host', 'host-two')
        self.assertIn('No server holds accelerators of that driver, host '
                      'or device profile.', err)
        self.assertEqual([instance], [r['uuid'] for r in self.json(
            'instance-list', '--device-profile', 'one-fpga')])
        # Nova deleted the server: what the instance audit would heal.
        self.env.deployment.nova.servers.remove(instance)
        out, _err = self.cyborg('instance-list')
        self.assertRegex(out, r'%s \| None +\| None .*\| server gone' %
                         instance)
        out, err = self.cyborg('--os-accelerator-api-version', '2.3',
                               'instance-list', expect=1)
        self.assertIn('microversion 2.4', err)

    def test_detach_with_reboot_of_a_server_nova_forgot(self):
        # Nova deleted the server: detach --reboot asks no reboot, and
        # says so (it said "Nova is asked for a hard reboot").
        instance = self._attached_on_host_one()
        servers = self.env.deployment.nova.servers
        servers.remove(instance)
        out, err = self.cyborg('detach-instance', instance, '--reboot')
        self.assertIn('Nova has no server %s' % instance, err)
        self.assertIn('no hard reboot was asked', err)
        self.assertNotIn('Nova is asked', err)
        self.assertEqual([], servers.reboots())
        self.assertEqual([], self.json('arq-list', '--instance', instance))

    def test_detach_with_reboot_of_an_offloaded_server(self):
        # Shelved offloaded: on no host, nothing holds the devices and Nova
        # refuses a hard reboot; detach --reboot asks none, and says so.
        instance = self._attached_on_host_one()
        servers = self.env.deployment.nova.servers
        servers.add(instance, None, device_profile='fpga',
                    vm_state='shelved_offloaded')
        out, err = self.cyborg('detach-instance', instance, '--reboot')
        self.assertIn('no hard reboot was needed (Nova was asked for '
                      'nothing)', err)
        self.assertNotIn('Nova was asked for a hard reboot', err)
        self.assertNotIn('refused', err)
        self.assertEqual([], servers.reboots())
        self.assertEqual([], self.json('arq-list', '--instance', instance))

    def test_detach_of_a_stopped_server_needs_no_reboot(self):
        self.json('install-driver', 'fake', '--host', 'host-two')
        self.devices('host-two', 1)
        self.json('device-profile-create', 'one-fpga', '--group',
                  'resources:FPGA=1')
        # Stopped on host-two (gabbits.APIFixtureWithAgents).
        instance = os.environ['OTHER_INSTANCE_UUID']
        self.json('attach-instance', instance, '--device-profile',
                  'one-fpga', '--wait')
        out, err = self.cyborg('detach-instance', instance)
        self.assertIn('The server is SHUTOFF: no hard reboot was needed',
                      err)
        self.assertEqual([], self.env.deployment.nova.servers.reboots())

    def test_attach_with_reboot_to_a_stopped_server_asks_nova_nothing(self):
        # Issue 38: attach --reboot asked Nova to hard reboot a SHUTOFF
        # server, which powers it on.  The device reaches the guest when
        # Nova starts it; nothing is asked, and the answer says so.
        self.json('install-driver', 'fake', '--host', 'host-two')
        self.devices('host-two', 1)
        self.json('device-profile-create', 'one-fpga', '--group',
                  'resources:FPGA=1')
        # Stopped on host-two (gabbits.APIFixtureWithAgents).
        instance = os.environ['OTHER_INSTANCE_UUID']
        servers = self.env.deployment.nova.servers
        out, err = self.cyborg('attach-instance', instance,
                               '--device-profile', 'one-fpga', '--reboot',
                               '--wait', '-f', 'json')
        self.assertEqual(['Bound'], [a['state'] for a in json.loads(out)])
        self.assertIn('The server is SHUTOFF: Nova was asked for nothing',
                      err)
        self.assertIn('when Nova starts it', err)
        self.assertEqual([], servers.actions)
        # The attachment waits for no reboot ("<uuid> attached").
        [attachment] = self.json('instance-show', instance)['attachments']
        self.assertTrue(attachment.endswith(' attached'), attachment)
        # Nor at detach: the stopped guest holds nothing.
        out, err = self.cyborg('detach-instance', instance, '--reboot')
        self.assertIn('The server is SHUTOFF: no hard reboot was needed',
                      err)
        self.assertEqual([], servers.actions)
        self.assertEqual('SHUTOFF',
                         servers.show(instance)[1]['server']['status'])

    def test_attach_past_a_limit(self):
        # Nova's unified limits: the project may have no FPGA at all.
        keystone = self.useFixture(keystone_limits.KeystoneLimits(
            registered={'class:FPGA': 0}))
        keystone.configure(self.env.conf)
        self.json('install-driver', 'fake', '--host', 'host-one')
        self.devices('host-one', 1)
        self.json('device-profile-create', 'one-fpga', '--group',
                  'resources:FPGA=1')
        out, err = self.cyborg('attach-instance',
                               os.environ['INSTANCE_UUID'],
                               '--device-profile', 'one-fpga', expect=1)
        self.assertIn('over its limits: class:FPGA: limit 0, in use 0, '
                      'asked 1. (HTTP 403, cyborg.instance.over_limit)', err)
        self.assertEqual([], self.json('arq-list'))

    def test_attach_to_a_plain_flavor(self):
        self.json('install-driver', 'fake', '--host', 'host-one')
        self.json('device-profile-create', 'one-fpga', '--group',
                  'resources:FPGA=1')
        out, err = self.cyborg('attach-instance',
                               os.environ['PLAIN_INSTANCE_UUID'],
                               '--device-profile', 'one-fpga', expect=1)
        self.assertIn('names no device profile', err)
        self.assertEqual([], self.json('arq-list'))

    def test_device_profiles_and_arqs(self):
        self.json('install-driver', 'fake', '--host', 'host-two')
        profile = self.json('device-profile-create', 'p1', '--group',
                            'resources:FPGA=1', '--description', 'one')
        self.assertEqual([{'resources:FPGA': '1'}], profile['groups'])
        # Structures are JSON in a table, themselves in json and yaml.
        out, _err = self.cyborg('device-profile-list', '-c', 'groups')
        self.assertIn('[{"resources:FPGA": "1"}]', out)
        self.assertEqual(profile['uuid'],
                         self.json('device-profile-show', 'p1')['uuid'])
        [arq] = self.json('arq-create', '--device-profile', 'p1')
        self.assertEqual('Initial', arq['state'])
        self.assertEqual(arq['uuid'],
                         self.json('arq-show', arq['uuid'])['uuid'])
        out, err = self.cyborg('device-profile-delete', 'p1', expect=1)
        self.assertIn('cyborg.device_profile.in_use', err)
        self.cyborg('arq-delete', arq['uuid'])
        self.cyborg('device-profile-delete', 'p1')
        self.assertEqual([], self.json('device-profile-list'))

    def test_device_classes(self):
        created = self.json('device-class-create', 'gpu_40g',
                            '--condition', 'type==GPU',
                            '--condition', 'memory_mb >= 40960',
                            '--condition', 'vendor in 10de,1002',
                            '--description', 'big GPUs')
        self.assertEqual(('GPU_40G', 'CUSTOM_CLASS_GPU_40G'),
                         (created['name'], created['trait']))
        self.assertEqual(
            [{'key': 'type', 'op': '==', 'value': 'GPU'},
             {'key': 'memory_mb', 'op': '>=', 'value': 40960},
             {'key': 'vendor', 'op': 'in', 'value': ['10de', 1002]}],
            created['selector'])
        self.json('device-class-create', 'recent', '--selector',
                  '[{"key": "driver_version", "op": ">=", '
                  '"value": "535.104"}]')
        self.assertEqual(['GPU_40G', 'RECENT'],
                         [c['name'] for c in self.json('device-class-list')])
        self.assertEqual(created['uuid'],
                         self.json('device-class-show', 'gpu_40g')['uuid'])
        # The API's 400 names the condition.
        out, err = self.cyborg('device-class-create', 'bad', '--condition',
                               'memory_mb>=lots', expect=1)
        self.assertIn('condition 0 of the selector', err)
        out, err = self.cyborg('device-class-create', 'bad', '--condition',
                               'memory_mb ~ 1', expect=1)
        self.assertIn('--condition takes KEY OP VALUE', err)
        out, err = self.cyborg('device-class-create', 'GPU_40G',
                               '--condition', 'type==GPU', expect=1)
        self.assertIn('cyborg.device_class.name_conflict', err)
        self.cyborg('device-class-delete', 'gpu_40g')
        self.cyborg('device-class-delete', 'recent')
        self.assertEqual([], self.json('device-class-list'))
        out, err = self.cyborg('device-class-show', 'gpu_40g', expect=1)
        self.assertIn('cyborg.device_class.not_found', err)

    def test_cleaning(self):
        created = self.json('device-class-create', 'fpgas', '--condition',
                            'type==FPGA', '--cleaning', 'on')
        self.assertEqual('on', created['cleaning'])
        updated = self.json('device-class-update', 'fpgas', '--cleaning',
                            'load_clean_image, operator:wipe')
        self.assertEqual('load_clean_image,operator:wipe',
                         updated['cleaning'])
        self.assertIsNone(self.json('device-class-update', 'fpgas',
                                    '--cleaning', 'default')['cleaning'])
        out, err = self.cyborg('device-class-update', 'fpgas', expect=1)
        self.assertIn('Give --cleaning or --description', err)
        # The fake FPGA's simulated reset fails.
        faults = os.path.join(self.useFixture(fixtures.TempDir()).path,
                              'faults.json')
        with open(faults, 'w') as f:
            json.dump({'0000:0c:00.0': {'clean_error': 'reads 0xff'}}, f)
        self.json('install-driver', 'fake', '--host', 'host-one',
                  '--config', 'fake_driver.devices=fpga=1',
                  '--config', 'fake_driver.faults_file=' + faults)
        self.devices('host-one', 1)
        [device] = self.json('device-list')
        self.assertEqual('-', device['cleaning'])
        out, err = self.cyborg('device-clean', device['uuid'],
                               '--release-uncleaned', expect=1)
        self.assertIn('cyborg.device.not_held', err)
        # An administrator's clean: the driver's default steps (the
        # device's own policy stays null).
        shown = self.json('device-clean', device['uuid'])
        self.assertIn(shown['cleaning'], ('cleaning', 'clean_failed'))
        self.assertIsNone(shown['clean_steps'])
        deadline = time.monotonic() + 60
        while shown['cleaning'] != 'clean_failed' and \
                time.monotonic() < deadline:
            time.sleep(0.1)
            shown = self.json('device-show', device['uuid'])
        self.assertIn('reads 0xff', shown['clean_reason'])
        [listed] = self.json('hardware-list', '--host', 'host-one')
        self.assertEqual('clean_failed', listed['cleaning'])
        shown = self.json('device-clean', device['uuid'],
                          '--release-uncleaned', '--reason', 'a test')
        self.assertEqual(('-', 'a test', 'cyborg-standalone-admin'),
                         (shown['cleaning'], shown['clean_reason'],
                          shown['clean_released_by']))
        self.assertEqual('-', self.json('device-show',
                                        device['uuid'])['cleaning'])
        [clean] = self.json('device-cleanings', device['uuid'])
        self.assertEqual(('device', 'released', 'a test'),
                         (clean['unit'], clean['state'], clean['reason']))
        out, err = self.cyborg('device-clean', device['uuid'], '--abort',
                               expect=1)
        self.assertIn('cyborg.device.not_cleaning', err)
        out, err = self.cyborg('device-clean', device['uuid'], '--reason',
                               'x', expect=1)
        self.assertIn('--reason goes with --release-uncleaned or --abort',
                      err)

    def test_structures_as_structures(self):
        self.json('install-driver', 'fake', '--host', 'host-one',
                  '--config', 'fake_driver.devices=fpga=1')
        self.devices('host-one', 1)
        [device] = self.json('device-list')
        shown = self.json('device-show', device['uuid'])
        self.assertIsInstance(shown['std_board_info'], dict)
        out, _err = self.cyborg('device-show', device['uuid'], '-f', 'yaml')
        self.assertEqual(shown['std_board_info'],
                         yaml.safe_load(out)['std_board_info'])
        [host] = self.json('discover-services', '--host', 'host-one')
        for key in ('added', 'changed', 'removed', 'drivers'):
            self.assertIsInstance(host[key], list, key)
        self.assertEqual(['fake'], [d['name'] for d in host['drivers']])
        out, _err = self.cyborg('discover-services', '--host', 'host-one',
                                '-f', 'yaml')
        self.assertEqual('fake', yaml.safe_load(out)[0]['drivers'][0]['name'])
        # A table keeps the short text.
        out, _err = self.cyborg('discover-services', '--host', 'host-one')
        self.assertIn('fake (1 devices)', out)

    def test_one_timestamp_format(self):
        created = self.json('device-profile-create', 'stamped', '--group',
                            'resources:FPGA=1')
        shown = self.json('device-profile-show', 'stamped')
        for stamp in (created['created_at'], shown['created_at']):
            self.assertRegex(
                stamp, r'^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$')
        self.assertEqual(created['created_at'], shown['created_at'])

    def test_attributes(self):
        self.json('install-driver', 'fake', '--host', 'host-one',
                  '--config', 'fake_driver.devices=fpga=1')
        self.devices('host-one', 1)
        existing = self.json('attribute-list')
        self.assertTrue(existing)
        deployable_id = existing[0]['deployable_id']
        [deployable] = self.json('deployable-list')
        # By the UUID the deployable shows (issue 64), or its id.
        created = self.json('attribute-create', deployable['uuid'],
                            'colour', 'blue')
        by_id = self.json('attribute-create', str(deployable_id), 'size',
                          '1')
        self.assertEqual(deployable_id, by_id['deployable_id'])
        self.cyborg('attribute-delete', by_id['uuid'])
        self.assertEqual((deployable_id, 'colour', 'blue'),
                         (created['deployable_id'], created['key'],
                          created['value']))
        self.assertEqual(created, self.json('attribute-show',
                                            created['uuid']))
        self.assertEqual([created['uuid']], [a['uuid'] for a in self.json(
            'attribute-list', '--key', 'colour',
            '--deployable-id', str(deployable_id))])
        # The UUID attribute-create takes (issue 78).
        self.assertEqual([created['uuid']], [a['uuid'] for a in self.json(
            'attribute-list', '--key', 'colour',
            '--deployable', deployable['uuid'])])
        out, err = self.cyborg('attribute-create', 'one', 'k', 'v',
                               expect=1)
        self.assertIn('one is not a deployable UUID or id', err)
        out, err = self.cyborg('attribute-delete', created['uuid'])
        self.assertIn('Deleted %s.' % created['uuid'], err)
        self.assertEqual([], self.json('attribute-list', '--key', 'colour'))
        out, err = self.cyborg('attribute-show', created['uuid'], expect=1)
        self.assertIn('HTTP 404, cyborg.attribute.not_found', err)

    def test_device_enable_disable(self):
        self.json('install-driver', 'fake', '--host', 'host-one')
        self.devices('host-one', 1)
        [device] = self.json('device-list')
        self.assertEqual('maintaining', self.json(
            'device-disable', device['uuid'])['status'])
        self.assertEqual('enabled', self.json(
            'device-enable', device['uuid'])['status'])
        [deployable] = self.json('deployable-list')
        self.assertEqual(deployable['uuid'], self.json(
            'deployable-show', deployable['uuid'])['uuid'])

    def test_device_disable_enable_by_selector(self):
        self.json('install-driver', 'fake', '--host', 'host-one',
                  '--config', 'fake_driver.devices=fpga=1,qat=1')
        self.json('install-driver', 'fake', '--host', 'host-two')
        self.devices('host-one', 2)
        self.devices('host-two', 1)
        fpgas = sorted(d['uuid'] for d in self.json('device-list',
                                                    '--type', 'FPGA'))
        # A dry run by default: it lists, nothing changes.
        dry = self.json('device-disable', '--type', 'FPGA')
        self.assertEqual((False, 2), (dry['apply'], dry['count']))
        self.assertEqual(fpgas, sorted(d['uuid'] for d in dry['devices']))
        self.assertIn('Dry run', dry['result'])
        self.assertEqual({'enabled'}, {d['status'] for d in
                                       self.json('device-list')})
        out, _ = self.cyborg('device-disable', '--type', 'FPGA')
        self.assertIn('--yes', out)
        # --yes: the FPGAs of both hosts, and only them.
        done = self.json('device-disable', '--type', 'FPGA', '--yes')
        self.assertEqual((True, 2), (done['apply'], done['count']))
        self.assertEqual(
            {('FPGA', 'maintaining'), ('QAT', 'enabled')},
            {(d['type'], d['status']) for d in self.json('device-list')})
        # One host, with the product id of its FPGA.
        [fpga] = self.json('device-list', '--host', 'host-one',
                           '--type', 'FPGA')
        done = self.json('device-enable', '--host', 'host-one',
                         '--product-id', fpga['model'], '--apply')
        self.assertEqual([fpga['uuid']],
                         [d['uuid'] for d in done['devices']])
        self.assertEqual(['maintaining'], [
            d['status'] for d in self.json('device-list', '--host',
                                           'host-two')])

    def test_device_disable_refuses_an_empty_selector(self):
        out, err = self.cyborg('device-disable', '--yes', expect=1)
        self.assertIn('an empty selector would select every device', err)
        out, err = self.cyborg(
            'device-enable', '4b3f7a1e-0000-4000-8000-0000000000ff',
            '--host', 'h', expect=1)
        self.assertIn('a DEVICE or a selector, not both', err)

    def test_program_and_wait(self):
        cache = self.useFixture(fixtures.TempDir()).path
        image = '5d5b1c4e-8a4e-4e55-a3b6-2f0b8c1e9d01'
        with open(os.path.join(cache, image), 'wb') as f:
            f.write(b'bitstream')
        self.env.conf.config(group='agent', image_cache_dir=cache)
        self.json('install-driver', 'fake', '--host', 'host-one')
        self.devices('host-one', 1)
        [deployable] = self.json('deployable-list')
        out, err = self.cyborg('deployable-program', deployable['uuid'],
                               '--image', image, '--wait', '-f', 'json')
        self.assertEqual(image, json.loads(out)['bitstream_id'])
        self.assertIn('Programming %s' % deployable['uuid'], err)
        self.assertEqual(image, self.json(
            'deployable-show', deployable['uuid'])['bitstream_id'])
        out, err = self.cyborg('deployable-program', deployable['uuid'],
                               '--image', 'not-a-uuid', expect=1)
        self.assertIn('not-a-uuid is not the UUID of an image', err)

    def test_clouds_yaml(self):
        path = os.path.join(self.useFixture(fixtures.TempDir()).path,
                            'clouds.yaml')
        with open(path, 'w') as f:
            f.write('clouds:\n  local:\n    auth_type: none\n'
                    '    auth:\n      endpoint: %s\n' % URL)
        self.useFixture(fixtures.EnvironmentVariable(
            'OS_CLIENT_CONFIG_FILE', path))
        out, _err = self.cyborg('--os-cloud', 'local', 'service-list',
                                '-f', 'value', '-c', 'host', auth=False)
        self.assertEqual('host-one\nhost-two\n', out)
        # The command line wins over the cloud's endpoint.
        out, err = self.cyborg('--os-cloud', 'local', '--os-endpoint',
                               'http://elsewhere.test:1', 'service-list',
                               auth=False, expect=1)
        self.assertIn('elsewhere.test', err)

    def test_errors(self):
        out, err = self.cyborg('driver-show',
                               '44a0ba6e-3d35-4ac2-9c31-d6a4e0c5c0d3',
                               expect=1)
        self.assertIn('HTTP 404, cyborg.driver.not_found', err)
        out, err = self.cyborg('install-driver', 'no-such-driver', expect=1)
        self.assertIn('cyborg.driver.unknown', err)
        out, err = self.cyborg('install-driver', 'fake', '--config',
                               'devices=1', expect=1)
        self.assertIn('GROUP.OPTION=VALUE', err)
        out, err = self.cyborg('--os-accelerator-api-version', '2.3',
                               'service-list', expect=1)
        self.assertIn('microversion 2.4', err)

    def test_output_formats(self):
        out, _err = self.cyborg('service-list', '-f', 'value', '-c', 'host')
        self.assertEqual('host-one\nhost-two\n', out)
        out, _err = self.cyborg('service-list', '-f', 'csv', '-c', 'host')
        self.assertEqual('"host"\n"host-one"\n"host-two"\n',
                         out.replace('\r', ''))
        out, _err = self.cyborg('service-list', '-f', 'yaml', '-c', 'host')
        self.assertIn('- host: host-one', out)
        out, _err = self.cyborg('service-list')
        self.assertIn('| host-one', out)

    def test_debug_shows_the_http_exchange(self):
        out, err = self.cyborg('--debug', 'service-list', '-f', 'value')
        self.assertIn('GET %s/v2/services' % URL, err)
        self.assertIn('accelerator 2.4', err)
        self.assertIn('RESP BODY', err)
