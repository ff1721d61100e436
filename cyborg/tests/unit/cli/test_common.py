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
"""Tests of cyborg.cli.common: arguments and error bodies."""

import json

from oslotest import base
import requests

from cyborg.cli import common


def _response(status, body):
    response = requests.Response()
    response.status_code = status
    response._content = (body if isinstance(body, bytes)
                         else json.dumps(body).encode())
    return response


class APIMessageTestCase(base.BaseTestCase):

    def test_cyborg_error_body(self):
        fault = {'faultcode': 'Client', 'faultstring': 'Driver in use',
                 'debuginfo': None, 'error_code': 'cyborg.driver.in_use'}
        self.assertEqual(
            ('Driver in use', 'cyborg.driver.in_use'),
            common.api_message(_response(
                409, {'error_message': json.dumps(fault)})))

    def test_openstack_errors_list(self):
        body = {'errors': [{'status': 409, 'title': 'Conflict',
                            'detail': 'In use', 'code': 'x.in_use',
                            'request_id': 'req-1'}]}
        self.assertEqual(('In use', 'x.in_use'),
                         common.api_message(_response(409, body)))

    def test_text(self):
        self.assertEqual(('Bad Gateway', None),
                         common.api_message(_response(502,
                                                      b'Bad Gateway\n')))


class ArgumentsTestCase(base.BaseTestCase):

    def test_key_values(self):
        self.assertEqual(
            {'a': 'x', 'n': 3, 'l': [1, 2], 'b': True, 's': 'a=b,c'},
            common.key_values(['a=x', 'n=3', 'l=1', 'l=2', 'b=true',
                               's=a=b,c']))

    def test_key_values_needs_an_equals_sign(self):
        self.assertRaises(common.CommandError, common.key_values, ['a'])

    def test_driver_config(self):
        selector = '{"vendor_id": "1af4"}'
        self.assertEqual(
            {'pci': {'device_spec': [{'vendor_id': '1af4'}]},
             'fake_driver': {'devices': 'fpga=1,qat=1'}},
            common.driver_config(['pci.device_spec=' + selector,
                                  'fake_driver.devices=fpga=1,qat=1']))
        self.assertEqual(
            {'pci': {'device_spec': [{'vendor_id': '1af4'},
                                     {'address': '0000:af:00.0'}]}},
            common.driver_config(['pci.device_spec=' + selector,
                                  'pci.device_spec={"address": '
                                  '"0000:af:00.0"}']))

    def test_driver_config_needs_a_group(self):
        self.assertRaises(common.CommandError, common.driver_config,
                          ['devices=1'])

    def test_driver_config_messages_name_the_same_form_as_the_help(self):
        for value in ('nonsense', 'devices=1', '=1'):
            exc = self.assertRaises(common.CommandError,
                                    common.driver_config, [value])
            self.assertIn('--config takes GROUP.OPTION=VALUE', str(exc))
            self.assertNotIn('KEY=VALUE', str(exc))
