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
"""The API reference's request and response samples stay true.

Every sample in doc/api_samples is sent (requests) or compared with what
the API answers (responses), once UUIDs, timestamps, hosts and database
ids are masked.  Run with CYBORG_GENERATE_SAMPLES=1 to rewrite the response
samples from the current API (then read the diff).
"""

import datetime
import os
import re
import time

from oslo_serialization import jsonutils
from oslo_utils import uuidutils

from cyborg import servicegroup
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import service as service_queries
from cyborg.db.queries import usage as usage_queries
from cyborg.tests.fixtures import inventory
from cyborg.tests.functional import api_base
from cyborg.tests.functional.fixtures import operator as operator_fixture
from cyborg.tests.unit.db.queries import test_capacity

SAMPLES = os.path.join(os.path.dirname(__file__), '..', '..', '..', 'doc',
                       'api_samples')
GENERATE = os.environ.get('CYBORG_GENERATE_SAMPLES') == '1'

_UUID = re.compile(r'[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-'
                   r'[0-9a-f]{12}')
_TIME = re.compile(r'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00')
_URL = re.compile(r'https?://[^/"]+')
# Values that depend on the database (integer ids of rows).
_ID_KEYS = ('device_id', 'deployable_id')


def _mask(value, key=None, racy=()):
    """*value* with its ids, uuids, times and URLs masked, and the values
    of the keys *racy* (which depend on when a report lands).
    """
    if key in racy:
        return '<racy>'
    if isinstance(value, dict):
        return {k: _mask(v, k, racy) for k, v in value.items()}
    if isinstance(value, list):
        return [_mask(v, racy=racy) for v in value]
    if key in _ID_KEYS and isinstance(value, int):
        return '<id>'
    if isinstance(value, str):
        value = _UUID.sub('<uuid>', value)
        value = _TIME.sub('<time>', value)
        return _URL.sub('<url>', value)
    return value


def _load(name):
    with open(os.path.join(SAMPLES, name)) as f:
        return jsonutils.loads(f.read())


class APISamplesTestCase(api_base.APITestCase):
    """Sends the documented requests, in the documented order."""

    def configure(self):
        # No agent serves here: the sample's bind (its profile programs a
        # bitstream) fails fast instead of holding the test's teardown.
        self.flags(bind_timeout=2)

    def setUp(self):
        super().setUp()
        self.inv = inventory.add_device(self.context, 'compute-1')
        self.headers = {'Content-Type': 'application/json',
                        'X-User-Id': 'a9b5a0b5-0000-4000-8000-000000000001',
                        'X-Project-Id': '4e01a8e0-52b4-42e4-be67-'
                                        '20dd82f0ef77',
                        'X-Roles': 'admin,member,reader'}

    def _request(self, method, path, request=None, response=None,
                 status=200, version=None, racy=()):
        headers = dict(self.headers)
        if version:
            headers['OpenStack-API-Version'] = 'accelerator ' + version
        body = b''
        if request:
            body = jsonutils.dump_as_bytes(_load(request))
        resp = self.app.request(path, method=method, headers=headers,
                                body=body, expect_errors=True)
        self.assertEqual(status, resp.status_int, resp.text)
        if response:
            path = os.path.join(SAMPLES, response)
            if GENERATE:
                with open(path, 'w') as f:
                    f.write(jsonutils.dumps(resp.json, indent=4) + '\n')
            self.assertEqual(_mask(_load(response), racy=racy),
                             _mask(resp.json, racy=racy), response)
        return resp.json if resp.body else None

    def test_samples(self):
        self._request('GET', '/', response='versions/versions-get-resp.json')
        self._request('GET', '/v2', response='versions/v2-get-resp.json')

        dp = self._request(
            'POST', '/v2/device_profiles',
            request='device_profiles/device_profiles-post-req.json',
            response='device_profiles/device_profiles-post-resp.json',
            status=201)
        self._request(
            'GET', '/v2/device_profiles',
            response='device_profiles/device_profiles-list-resp.json')
        self._request(
            'GET', '/v2/device_profiles/' + dp['uuid'],
            response='device_profiles/device_profiles-getone-resp.json')

        arqs = self._request(
            'POST', '/v2/accelerator_requests',
            request='accelerator_requests/arqs-post-req.json',
            response='accelerator_requests/arqs-post-resp.json',
            status=201)['arqs']
        # The bind sample names the ARQ and resource provider it binds.
        bind = _load('accelerator_requests/arqs-patch-bind-req.json')
        self.assertEqual(1, len(bind))
        [(sample_uuid, ops)] = bind.items()
        self.headers['X-Service-Roles'] = 'service'
        resp = self.app.request(
            '/v2/accelerator_requests', method='PATCH',
            headers=self.headers, body=jsonutils.dump_as_bytes(
                {arqs[0]['uuid']: [
                    dict(op, value=self.inv['rp_uuid'])
                    if op['path'] == '/device_rp_uuid' else op
                    for op in ops]}))
        self.assertEqual(202, resp.status_int)
        self._request(
            'GET', '/v2/accelerator_requests',
            response='accelerator_requests/arqs-list-resp.json')
        self._request(
            'GET', '/v2/accelerator_requests/' + arqs[0]['uuid'],
            response='accelerator_requests/arqs-getone-resp.json')
        unbind = _load('accelerator_requests/arqs-patch-unbind-req.json')
        resp = self.app.request(
            '/v2/accelerator_requests', method='PATCH',
            headers=self.headers, body=jsonutils.dump_as_bytes(
                {arqs[0]['uuid']: list(unbind.values())[0]}))
        self.assertEqual(202, resp.status_int)

        self._request('GET', '/v2/devices',
                      response='devices/devices-list-resp.json')
        self._request('GET', '/v2/devices/' + self.inv['device_uuid'],
                      response='devices/devices-getone-resp.json',
                      version='2.3')
        self._request('GET', '/v2/deployables',
                      response='deployables/deployables-list-resp.json')
        self._request('GET', '/v2/deployables/' + self.inv[
            'deployable_uuid'],
            response='deployables/deployables-getone-resp.json')

        attribute = self._request(
            'POST', '/v2/attributes',
            request='attributes/attributes-post-req.json',
            response='attributes/attributes-post-resp.json', status=201)
        self._request(
            'GET', '/v2/attributes?key=colour',
            response='attributes/attributes-list-resp.json')
        self._request(
            'GET', '/v2/attributes/' + attribute['uuid'],
            response='attributes/attributes-getone-resp.json')

        self._request(
            'GET', '/v2/device_profiles/4b3f7a1e-0000-4000-8000-00000000'
            '00ff', response='errors/error-notfound-resp.json', status=404)
        self._request(
            'GET', '/v2/device_profiles?limit=1', version='2.4',
            response='device_profiles/device_profiles-list-page-resp.json')


    def test_capacity_sample(self):
        # compute-1 (its agent up): the setUp's FPGA, one of its 2 handles
        # bound, and a disabled one; compute-2 (no agent): a GPU.  The
        # heartbeat counts for a day, however slow the machine.
        self.flags(service_down_time=86400)
        host_queries.create(self.context, 'compute-1', reporting=True)
        host_queries.record_report(self.context, 'compute-1', 1, 'h', '[]')
        service_queries.heartbeat(self.context, 'compute-1',
                                  servicegroup.AGENT)
        test_capacity._use_handles(self.context, self.inv['deployable_id'],
                                   1)
        inventory.add_device(self.context, 'compute-1', status='maintaining',
                             address='0000:0d:00.0')
        inventory.add_device(self.context, 'compute-2', dev_type='GPU',
                             rc='PGPU', handles=1, driver='nvidia',
                             address='0000:af:00.0')
        self._request('GET', '/v2/capacity', version='2.4',
                      response='capacity/capacity-get-resp.json')

    def test_usage_sample(self):
        # A GPU of class A100 bound for 9 hours and 30 minutes, an FPGA
        # still bound since 20:00, on 2026-11-01.
        project = self.headers['X-Project-Id']
        day = datetime.datetime(2026, 11, 1)
        for hours, ended, values in (
                (8, 17.5, {'resource_class': 'PGPU',
                           'device_classes': ['A100'],
                           'device_profile_name': 'a100'}),
                (20, None, {'resource_class': 'FPGA',
                            'device_profile_name': 'fpga'})):
            arq = uuidutils.generate_uuid()
            usage_queries.open_interval(
                self.context, arq, day + datetime.timedelta(hours=hours),
                dict(values, project_id=project, hostname='compute-1',
                     instance_uuid=INSTANCE, user_id=self.headers[
                         'X-User-Id'], deployable_uuid=self.inv[
                         'deployable_uuid'],
                     device_uuid=self.inv['device_uuid']))
            if ended is not None:
                usage_queries.close(
                    self.context, [arq],
                    day + datetime.timedelta(hours=ended),
                    usage_queries.DELETE)
        self._request('GET', '/v2/usage?start=2026-11-01T00:00:00&'
                      'end=2026-11-02T00:00:00&detail=true', version='2.4',
                      response='usage/usage-get-resp.json')


INSTANCE = '3a5b8c2e-7f61-4d0a-9c1e-6b2f4e8d1a07'


class OperatorSamplesTestCase(api_base.APITestCase):
    """The samples of microversion 2.4, against two real agents."""


    def configure_services(self):
        self.deployment = self.useFixture(
            operator_fixture.OperatorDeployment(self.conf_fixture))

    def setUp(self):
        super().setUp()
        self.deployment.start_agents(self.context)
        self.headers = {'Content-Type': 'application/json',
                        'X-User-Id': 'a9b5a0b5-0000-4000-8000-000000000001',
                        'X-Project-Id': '4e01a8e0-52b4-42e4-be67-'
                                        '20dd82f0ef77',
                        'X-Roles': 'admin,member,reader',
                        'OpenStack-API-Version': 'accelerator 2.4'}
        # The server of the samples, as the stand-in for Nova shows it:
        # stopped, so that it detaches without a reboot.
        self.deployment.nova.servers.add(
            INSTANCE, 'host-one', name='vm-1', flavor_name='fpga.small',
            project_id=self.headers['X-Project-Id'],
            device_profile='one-fpga', vm_state='stopped')

    _request = APISamplesTestCase._request

    def _wait_devices(self, uuid, count, timeout=60):
        """Wait until the agent reported *count* devices of a driver."""
        deadline = time.monotonic() + timeout
        while True:
            devices = self.app.get('/v2/drivers/' + uuid,
                                   headers=self.headers).json['devices']
            if devices == count:
                return
            if time.monotonic() > deadline:
                self.fail('driver %s has %s devices, not %s' % (
                    uuid, devices, count))
            time.sleep(0.05)

    def test_samples(self):
        self._request('GET', '/v2/services',
                      response='services/services-list-resp.json')
        self._request('GET', '/v2/hosts',
                      response='hardware/hosts-list-resp.json')

        # The answers come once the agent reported the discovery that
        # followed the change: with the devices it found.
        driver = self._request(
            'POST', '/v2/drivers',
            request='drivers/drivers-post-req.json',
            response='drivers/drivers-post-resp.json',
            status=201)['drivers'][0]
        self._request('GET', '/v2/drivers',
                      response='drivers/drivers-list-resp.json')
        self._request('GET', '/v2/drivers/' + driver['uuid'],
                      response='drivers/drivers-getone-resp.json')
        self._request('PATCH', '/v2/drivers/' + driver['uuid'],
                      request='drivers/drivers-patch-req.json',
                      response='drivers/drivers-patch-resp.json')
        self._request('GET', '/v2/hosts/host-one/hardware',
                      response='hardware/host-hardware-resp.json')
        self._request('GET', '/v2/hardware?host=host-one',
                      response='hardware/hardware-list-resp.json')
        self._request('POST', '/v2/discovery',
                      request='discovery/discovery-post-req.json',
                      response='discovery/discovery-post-resp.json')

        resp = self.app.post_json(
            '/v2/device_profiles',
            [{'name': 'one-fpga',
              'groups': [{'resources:FPGA': '1',
                          'trait:CUSTOM_FAKE_DEVICE': 'required'}]}],
            headers=self.headers)
        self.assertEqual(201, resp.status_int)
        path = '/v2/instances/%s/accelerators' % INSTANCE
        self._request(
            'POST', path,
            request='instances/instances-accelerators-post-req.json',
            response='instances/instances-accelerators-post-resp.json',
            status=202)
        self._request(
            'GET', path,
            response='instances/instances-accelerators-list-resp.json')
        self._request('DELETE', '/v2/drivers/' + driver['uuid'],
                      response='errors/error-driver-in-use-resp.json',
                      status=409)
        self._request('DELETE', path, status=204)

        # Attach with a reboot, the server view, detach; the server runs
        # (a stopped one would get the accelerators at its start, with no
        # reboot asked).
        self.deployment.nova.servers.set_state(INSTANCE, 'active')
        self._request(
            'POST', path,
            request='instances/instances-accelerators-post-reboot-req.json',
            response='instances/instances-accelerators-post-reboot-resp.json',
            status=202)
        self._request(
            'GET', '/v2/instances/' + INSTANCE,
            response='instances/instances-getone-resp.json')
        # The servers that hold accelerators.
        self._request(
            'GET', '/v2/instances?driver=fake',
            response='instances/instances-list-resp.json')
        self._request('DELETE', path + '?reboot=true',
                      status=204)
        self._request('DELETE', '/v2/drivers/' + driver['uuid'],
                      status=204)
