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
"""Tests of a device's configuration in the API (2.4): the view in GET,
PUT and DELETE /v2/devices/{uuid}/configuration.

The API runs in process on a real database.  The conductor's answers
are those of its RPC client's methods (ConductorAPI.device_configure and
device_config_delete, autospec'd): the conductor's side is tested with
the conductor.
"""

import json
from unittest import mock

from oslo_serialization import jsonutils
from oslo_utils import timeutils
from oslo_utils import uuidutils
import sqlalchemy as sa
import webtest

from cyborg import exception
from cyborg import objects
from cyborg.api import app
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import device_config as config_queries
from cyborg.tests import base
from cyborg.tests.fixtures import conf as conf_fixture
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import statements
from cyborg.tests.functional import api_base

ADMIN = {'X-User-Id': 'admin', 'X-Project-Id': 'admin',
         'X-Roles': 'admin,member,reader'}
MANAGER = dict(ADMIN, **{'X-Roles': 'manager,member,reader'})
V2_3 = {'OpenStack-API-Version': 'accelerator 2.3'}
V2_4 = {'OpenStack-API-Version': 'accelerator 2.4'}

SETTABLE = {'num_vfs': {'type': 'integer', 'minimum': 0, 'maximum': 16},
            'vf_driver': {'type': 'string', 'enum': ['4xxx', 'vfio-pci']}}
ACTUAL = {'num_vfs': 0, 'vf_driver': None}


@db_api.context_manager.writer
def _make_configurable(context, device_uuid, configuration):
    """The device's record as a driver that can configure it reports it
    (cyborg.objects.hardware.Hardware.device_values).
    """
    table = models.Device.__table__
    row = db_api.execute(context, sa.select(table.c.std_board_info).where(
        table.c.uuid == device_uuid)).one()
    std = dict(jsonutils.loads(row.std_board_info),
               configuration=configuration)
    db_api.execute(context, table.update().where(
        table.c.uuid == device_uuid).values(
            std_board_info=jsonutils.dumps(std, sort_keys=True)))


@db_api.context_manager.writer
def _remove_device(context, device):
    """The device gone from the tables (its driver stopped reporting it),
    its configuration left behind.
    """
    deployable, device = device['deployable_id'], device['device_id']
    for column, key in ((models.AttachHandle.deployable_id, deployable),
                        (models.Attribute.deployable_id, deployable),
                        (models.Deployable.id, deployable),
                        (models.ControlpathID.device_id, device),
                        (models.Device.id, device)):
        db_api.execute(context, sa.delete(column.table).where(
            column == key))


@db_api.context_manager.writer
def _set_health(context, device_uuid, health, reason):
    table = models.Device.__table__
    db_api.execute(context, table.update().where(
        table.c.uuid == device_uuid).values(health=health,
                                            health_reason=reason))


def error_code(response):
    return json.loads(response.json['error_message'])['error_code']


class DeviceConfigAPITestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.flags(auth_strategy='noauth')
        objects.register_all()
        conf_fixture.reset_policy()
        self.addCleanup(conf_fixture.reset_policy)
        self.app = webtest.TestApp(app.load_app())
        self.qat = inventory.add_device(self.context, 'host1', 'QAT',
                                        address='0000:3d:00.0')
        self.fpga = inventory.add_device(self.context, 'host1', 'FPGA',
                                         address='0000:0c:00.0')
        self.uuid = self.qat['device_uuid']
        _make_configurable(self.context, self.uuid,
                           {'settable': SETTABLE, 'actual': ACTUAL})

    def _url(self, uuid=None):
        return '/v2/devices/%s/configuration' % (uuid or self.uuid)

    def _conductor(self, name, **kwargs):
        patcher = mock.patch.object(conductor_rpcapi.ConductorAPI, name,
                                    autospec=True, **kwargs)
        mocked = patcher.start()
        self.addCleanup(patcher.stop)
        return mocked

    def _desired(self, desired, state='pending'):
        return config_queries.set_desired(
            self.context, self.uuid, 'host1', desired, state, False)

    # The view -------------------------------------------------------------

    def test_a_device_shows_what_can_be_set(self):
        device = self.app.get('/v2/devices/' + self.uuid,
                              headers=dict(ADMIN, **V2_4)).json
        self.assertEqual(
            {'settable': SETTABLE, 'actual': ACTUAL, 'desired': None,
             'generation': None, 'state': None, 'reason': None,
             'drain': False, 'applied_at': None, 'updated_at': None},
            device['configuration'])

    def test_a_device_shows_its_desired_state(self):
        self._desired({'num_vfs': 4})
        device = self.app.get('/v2/devices/' + self.uuid,
                              headers=dict(ADMIN, **V2_4)).json
        configuration = device['configuration']
        self.assertEqual(
            ({'num_vfs': 4}, 1, 'pending', None, False, None),
            (configuration['desired'], configuration['generation'],
             configuration['state'], configuration['reason'],
             configuration['drain'], configuration['applied_at']))
        self.assertTrue(configuration['updated_at'].endswith('+00:00'))
        self.assertEqual(SETTABLE, configuration['settable'])

    def test_a_report_between_its_reads_never_shows_applied_with_the_old(
            self):
        # A report stores the device's actual state and moves its
        # configuration in one transaction; the GET reads them in two.
        self._desired({'num_vfs': 4})
        applied = dict(ACTUAL, num_vfs=4)
        real_get_many = config_queries.get_many

        def report_then_read(context, uuids):
            _make_configurable(self.context, self.uuid,
                               {'settable': SETTABLE, 'actual': applied})
            config_queries.set_state(self.context, self.uuid, 1, 'applied',
                                     applied=True)
            return real_get_many(context, uuids)

        with mock.patch.object(config_queries, 'get_many', autospec=True,
                               side_effect=report_then_read):
            device = self.app.get('/v2/devices/' + self.uuid,
                                  headers=dict(ADMIN, **V2_4)).json
        self.assertEqual(('applied', applied), (
            device['configuration']['state'],
            device['configuration']['actual']))

    def test_a_device_that_is_not_configurable_shows_null(self):
        device = self.app.get('/v2/devices/' + self.fpga['device_uuid'],
                              headers=dict(ADMIN, **V2_4)).json
        self.assertIn('configuration', device)
        self.assertIsNone(device['configuration'])

    def test_desired_state_without_what_is_settable(self):
        # The driver no longer reports the device as configurable: what
        # was asked is still shown.
        self.uuid = self.fpga['device_uuid']
        self._desired({'num_vfs': 2}, state='failed')
        configuration = self.app.get(
            '/v2/devices/' + self.uuid,
            headers=dict(ADMIN, **V2_4)).json['configuration']
        self.assertEqual((None, None, {'num_vfs': 2}, 'failed'),
                         (configuration['settable'], configuration['actual'],
                          configuration['desired'], configuration['state']))

    def test_unchanged_below_2_4(self):
        self._desired({'num_vfs': 4})
        for path in ('/v2/devices', '/v2/devices/' + self.uuid):
            at_2_3 = self.app.get(path, headers=dict(ADMIN, **V2_3))
            self.assertNotIn(b'"configuration"', at_2_3.body)
            at_2_4 = self.app.get(path, headers=dict(ADMIN, **V2_4))
            self.assertIn(b'"configuration"', at_2_4.body)
            self.assertNotIn(b'"configuration"', self.app.get(
                path, headers=ADMIN).body)

    def test_the_list_reads_configurations_in_one_query(self):
        self._desired({'num_vfs': 4})
        for index in range(3):
            inventory.add_device(self.context, 'host2',
                                 address='0000:%02x:00.0' % (index + 1))
        counter = self.useFixture(statements.StatementCounter(
            self.db.engine))
        with counter.counting():
            at_2_3 = self.app.get('/v2/devices',
                                  headers=dict(ADMIN, **V2_3)).json
        before = counter.count
        with counter.counting():
            devices = self.app.get('/v2/devices',
                                   headers=dict(ADMIN, **V2_4)).json
        # Their configurations, their telemetry samples, and the cleans
        # holding units of theirs (their own last cleans: none here).
        self.assertEqual(before + 3, counter.count, counter.statements)
        self.assertEqual(len(at_2_3['devices']), len(devices['devices']))
        shown = {d['uuid']: d['configuration'] for d in devices['devices']}
        self.assertEqual({'num_vfs': 4}, shown[self.uuid]['desired'])
        self.assertIsNone(shown[self.fpga['device_uuid']])

    # PUT ------------------------------------------------------------------

    def _answer(self, desired, drain=False, state='pending'):
        now = timeutils.utcnow()
        return {'device_uuid': self.uuid, 'hostname': 'host1',
                'desired': desired, 'generation': 3, 'state': state,
                'reason': None, 'drain': drain, 'applied_at': None,
                'created_at': now.isoformat(),
                'updated_at': now.isoformat()}

    def test_put(self):
        configure = self._conductor(
            'device_configure',
            return_value=self._answer({'num_vfs': 4, 'vf_driver': '4xxx'},
                                      drain=True, state='draining'))
        response = self.app.put_json(
            self._url(), {'desired': {'num_vfs': 4, 'vf_driver': '4xxx'},
                          'drain': True},
            headers=dict(ADMIN, **V2_4), status=202)
        configure.assert_called_once_with(
            mock.ANY, mock.ANY, device_uuid=self.uuid,
            desired={'num_vfs': 4, 'vf_driver': '4xxx'}, drain=True)
        body = response.json
        self.assertEqual(
            ({'num_vfs': 4, 'vf_driver': '4xxx'}, 3, 'draining', True,
             SETTABLE, ACTUAL),
            (body['desired'], body['generation'], body['state'],
             body['drain'], body['settable'], body['actual']))
        self.assertTrue(body['updated_at'].endswith('+00:00'))

    def test_put_drain_defaults_to_false(self):
        configure = self._conductor(
            'device_configure', return_value=self._answer({'num_vfs': 1}))
        self.app.put_json(self._url(), {'desired': {'num_vfs': 1}},
                          headers=dict(ADMIN, **V2_4), status=202)
        self.assertFalse(configure.call_args.kwargs['drain'])

    def test_put_bodies_the_schema_refuses(self):
        configure = self._conductor('device_configure')
        for body in ({}, {'desired': {}}, {'desired': []},
                     {'desired': 'num_vfs=4'}, {'desired': {'a': {}}},
                     {'desired': {'num_vfs': 1}, 'drain': 'yes'},
                     {'desired': {'num_vfs': 1}, 'colour': 'red'}, []):
            response = self.app.put_json(
                self._url(), body, headers=dict(ADMIN, **V2_4),
                status=400)
            self.assertEqual('cyborg.request.invalid_input',
                             error_code(response), body)
            fault = json.loads(response.json['error_message'])
            self.assertEqual('Client', fault['faultcode'])
        configure.assert_not_called()

    def test_put_malformed_json(self):
        response = self.app.put(
            self._url(), '{"desired":', headers=dict(
                ADMIN, **dict(V2_4, **{'Content-Type':
                                        'application/json'})),
            status=400)
        self.assertIn('Malformed JSON', json.loads(
            response.json['error_message'])['faultstring'])

    def test_put_maps_the_conductors_errors(self):
        configure = self._conductor('device_configure')
        for exc, status, code in (
                (exception.DeviceNotFound(uuid=self.uuid), 404,
                 'cyborg.device.not_found'),
                (exception.DeviceNotConfigurable(uuid=self.uuid,
                                                 driver='fake'), 400,
                 'cyborg.device.not_configurable'),
                (exception.DeviceConfigInvalid(uuid=self.uuid,
                                               reason='num_vfs: 99'), 400,
                 'cyborg.device.config_invalid'),
                (exception.DeviceConfigInUse(uuid=self.uuid,
                                             instances='i1'), 409,
                 'cyborg.device.config_in_use'),
                (exception.DeviceDriverFailing(uuid=self.uuid,
                                               driver='fake', reason='x'),
                 409, 'cyborg.device.driver_error')):
            configure.side_effect = exc
            response = self.app.put_json(
                self._url(), {'desired': {'num_vfs': 9}},
                headers=dict(ADMIN, **V2_4), status=status)
            self.assertEqual(code, error_code(response))

    def test_put_values_the_device_refuses(self):
        # Judged as the conductor judges them (it judges them again),
        # before any call to it.
        configure = self._conductor('device_configure')
        for desired, reason in (
                ({'num_vfs': 8.0}, "num_vfs: 8.0 is not of type 'integer'"),
                ({'num_vfs': True}, "num_vfs: True is not of type"),
                ({'num_vfs': 99}, 'num_vfs: 99 is greater than the maximum'),
                ({'vf_driver': 'vfio-pci'},
                 'vf_driver: vfio-pci asked with no VF (num_vfs 0)')):
            response = self.app.put_json(
                self._url(), {'desired': desired},
                headers=dict(ADMIN, **V2_4), status=400)
            self.assertEqual('cyborg.device.config_invalid',
                             error_code(response))
            self.assertIn(reason, json.loads(
                response.json['error_message'])['faultstring'])
        response = self.app.put_json(
            self._url(self.fpga['device_uuid']),
            {'desired': {'num_vfs': 2}}, headers=dict(ADMIN, **V2_4),
            status=400)
        self.assertEqual('cyborg.device.not_configurable',
                         error_code(response))
        configure.assert_not_called()

    def test_put_judges_the_desired_state_as_merged(self):
        # What was asked before counts, as the conductor stores it: a VF
        # driver alone on a device asked for 4 VFs is taken, on one asked
        # for none refused, whatever the device has now.
        configure = self._conductor('device_configure')
        configure.return_value = self._desired({'num_vfs': 4})
        self.app.put_json(self._url(), {'desired': {'vf_driver':
                                                    'vfio-pci'}},
                          headers=dict(ADMIN, **V2_4), status=202)
        self.assertEqual({'vf_driver': 'vfio-pci'},
                         configure.call_args.kwargs['desired'])
        self._desired({'num_vfs': 0})
        response = self.app.put_json(
            self._url(), {'desired': {'vf_driver': 'vfio-pci'}},
            headers=dict(ADMIN, **V2_4), status=400)
        self.assertIn('vf_driver: vfio-pci asked with no VF', json.loads(
            response.json['error_message'])['faultstring'])
        self.assertEqual(1, configure.call_count)

    def test_put_on_a_device_whose_driver_fails_names_its_error(self):
        configure = self._conductor('device_configure')
        _set_health(self.context, self.uuid, 'driver_error',
                    'RuntimeError: boom')
        response = self.app.put_json(
            self._url(), {'desired': {'num_vfs': 2}},
            headers=dict(ADMIN, **V2_4), status=409)
        self.assertEqual('cyborg.device.driver_error', error_code(response))
        self.assertIn('its driver fake fails (RuntimeError: boom)',
                      json.loads(response.json['error_message'])[
                          'faultstring'])
        configure.assert_not_called()

    def test_put_unknown_device(self):
        configure = self._conductor('device_configure')
        response = self.app.put_json(
            self._url(uuidutils.generate_uuid()),
            {'desired': {'num_vfs': 1}}, headers=dict(ADMIN, **V2_4),
            status=404)
        self.assertEqual('cyborg.device.not_found', error_code(response))
        response = self.app.put_json(
            self._url('not-a-uuid'), {'desired': {'num_vfs': 1}},
            headers=dict(ADMIN, **V2_4), status=400)
        self.assertEqual('cyborg.request.invalid_input',
                         error_code(response))
        configure.assert_not_called()

    # DELETE ---------------------------------------------------------------

    def test_delete(self):
        delete = self._conductor('device_config_delete', return_value=None)
        response = self.app.delete(self._url(),
                                   headers=dict(ADMIN, **V2_4), status=204)
        self.assertEqual(b'', response.body)
        delete.assert_called_once_with(mock.ANY, mock.ANY,
                                       device_uuid=self.uuid)

    def test_delete_without_a_configuration(self):
        self._conductor('device_config_delete',
                        side_effect=exception.DeviceConfigNotFound(
                            uuid=self.uuid))
        response = self.app.delete(self._url(),
                                   headers=dict(ADMIN, **V2_4), status=404)
        self.assertEqual('cyborg.device.config_not_found',
                         error_code(response))

    def test_delete_unknown_device(self):
        delete = self._conductor('device_config_delete')
        response = self.app.delete(self._url(uuidutils.generate_uuid()),
                                   headers=dict(ADMIN, **V2_4), status=404)
        self.assertEqual('cyborg.device.not_found', error_code(response))
        delete.assert_not_called()

    # Policy and microversion ----------------------------------------------

    def test_administrators_only(self):
        configure = self._conductor('device_configure')
        delete = self._conductor('device_config_delete')
        for roles in ('manager,member,reader', 'member,reader', 'reader',
                      ''):
            headers = dict(ADMIN, **dict(V2_4, **{'X-Roles': roles}))
            response = self.app.put_json(
                self._url(), {'desired': {'num_vfs': 1}}, headers=headers,
                status=403)
            self.assertEqual('cyborg.policy.not_authorized',
                             error_code(response))
            self.assertIn('cyborg:device:configure', response.text)
            response = self.app.delete(self._url(), headers=headers,
                                       status=403)
            self.assertEqual('cyborg.policy.not_authorized',
                             error_code(response))
        configure.assert_not_called()
        delete.assert_not_called()

    def test_policy_before_the_body(self):
        # A caller who may not configure learns nothing of the schema.
        response = self.app.put_json(
            self._url(), {}, headers=dict(MANAGER, **V2_4), status=403)
        self.assertEqual('cyborg.policy.not_authorized',
                         error_code(response))

    def test_unknown_below_2_4(self):
        configure = self._conductor('device_configure')
        delete = self._conductor('device_config_delete')
        for headers in (dict(ADMIN, **V2_3), ADMIN):
            response = self.app.put_json(
                self._url(), {'desired': {'num_vfs': 1}}, headers=headers,
                status=404)
            self.assertIn('It exists from microversion 2.4 on',
                          response.text)
            self.assertEqual('cyborg.request.not_found',
                             error_code(response))
            self.app.delete(self._url(), headers=headers, status=404)
        configure.assert_not_called()
        delete.assert_not_called()

    def test_other_methods_and_paths(self):
        headers = dict(ADMIN, **V2_4)
        self.app.post_json(self._url(), {'desired': {'num_vfs': 1}},
                           headers=headers, status=405)
        # The configuration is shown with its device.
        self.app.get(self._url(), headers=headers, status=405)


class DeviceConfigThroughTheConductorTestCase(api_base.APITestCase):
    """The same requests to a conductor on the fake transport: what the
    API sends is what the conductor takes, and its refusals keep their
    codes on the way back.
    """

    def setUp(self):
        super().setUp()
        self.qat = inventory.add_device(self.context, 'host1', 'QAT',
                                        address='0000:3d:00.0')
        self.uuid = self.qat['device_uuid']
        _make_configurable(self.context, self.uuid,
                           {'settable': SETTABLE, 'actual': ACTUAL})
        self.url = '/v2/devices/%s/configuration' % self.uuid
        self.headers = dict(ADMIN, **V2_4)

    def test_set_show_forget(self):
        answer = self.app.put_json(
            self.url, {'desired': {'num_vfs': 4, 'vf_driver': 'vfio-pci'}},
            headers=self.headers, status=202).json
        self.assertEqual(
            ({'num_vfs': 4, 'vf_driver': 'vfio-pci'}, 1, 'pending', False,
             SETTABLE, ACTUAL),
            (answer['desired'], answer['generation'], answer['state'],
             answer['drain'], answer['settable'], answer['actual']))
        shown = self.app.get('/v2/devices/' + self.uuid,
                             headers=self.headers).json['configuration']
        self.assertEqual((answer['desired'], 1),
                         (shown['desired'], shown['generation']))
        self.app.delete(self.url, headers=self.headers, status=204)
        shown = self.app.get('/v2/devices/' + self.uuid,
                             headers=self.headers).json['configuration']
        self.assertEqual((None, None, SETTABLE),
                         (shown['desired'], shown['state'],
                          shown['settable']))
        response = self.app.delete(self.url, headers=self.headers,
                                   status=404)
        self.assertEqual('cyborg.device.config_not_found',
                         error_code(response))

    def test_forget_a_gone_device(self):
        # Its device gone (held, then released), the configuration is
        # still forgotten; then it is an unknown device.
        self.app.put_json(self.url, {'desired': {'num_vfs': 4}},
                          headers=self.headers, status=202)
        _remove_device(self.context, self.qat)
        self.app.get('/v2/devices/' + self.uuid, headers=self.headers,
                     status=404)
        self.app.delete(self.url, headers=self.headers, status=204)
        self.assertIsNone(config_queries.get(self.context, self.uuid))
        response = self.app.delete(self.url, headers=self.headers,
                                   status=404)
        self.assertEqual('cyborg.device.not_found', error_code(response))

    def test_the_conductors_refusals(self):
        response = self.app.put_json(
            self.url, {'desired': {'num_vfs': 99}}, headers=self.headers,
            status=400)
        self.assertEqual('cyborg.device.config_invalid',
                         error_code(response))
        self.assertIn('num_vfs', response.text)
        fpga = inventory.add_device(self.context, 'host1', 'FPGA',
                                    address='0000:0c:00.0')
        response = self.app.put_json(
            '/v2/devices/%s/configuration' % fpga['device_uuid'],
            {'desired': {'num_vfs': 1}}, headers=self.headers, status=400)
        self.assertEqual('cyborg.device.not_configurable',
                         error_code(response))
        inventory.add_bound_arqs(self.context, self.qat,
                                 [uuidutils.generate_uuid()])
        response = self.app.put_json(
            self.url, {'desired': {'num_vfs': 2}}, headers=self.headers,
            status=409)
        self.assertEqual('cyborg.device.config_in_use',
                         error_code(response))
        answer = self.app.put_json(
            self.url, {'desired': {'num_vfs': 2}, 'drain': True},
            headers=self.headers, status=202).json
        self.assertEqual(('draining', True),
                         (answer['state'], answer['drain']))
