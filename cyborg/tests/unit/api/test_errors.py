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
"""Tests of the API's error bodies."""

from oslo_serialization import jsonutils

from cyborg import exception
from cyborg.api import errors
from cyborg.tests import base


class ErrorsTestCase(base.TestCase):

    def _fault(self, body):
        outer = jsonutils.loads(body)
        self.assertEqual(['error_message'], list(outer))
        # The existing Cyborg's clients expect a JSON string in there.
        self.assertIsInstance(outer['error_message'], str)
        return jsonutils.loads(outer['error_message'])

    def test_client_error_body(self):
        fault = self._fault(errors.body(404, 'gone', errors.NOT_FOUND))
        self.assertEqual({'faultcode': 'Client', 'faultstring': 'gone',
                          'debuginfo': None,
                          'error_code': 'cyborg.request.not_found'}, fault)

    def test_long_message_is_cut_in_the_middle(self):
        message = "Invalid name: '%s' is too long" % ('n' * 100000)
        text = self._fault(errors.body(400, message))['faultstring']
        self.assertLess(len(text), errors.MAX_MESSAGE + 50)
        # What was wrong and why stay; the value loses its middle.
        self.assertTrue(text.startswith("Invalid name: 'nnnn"), text[:40])
        self.assertTrue(text.endswith("nnnn' is too long"), text[-40:])
        head, tail = text.split('... (', 1)[0], text.split(') ...', 1)[1]
        self.assertIn('(%d characters left out)'
                      % (len(message) - len(head) - len(tail)), text)
        # A message of at most MAX_MESSAGE characters is kept whole.
        whole = 'x' * errors.MAX_MESSAGE
        self.assertEqual(whole, self._fault(
            errors.body(400, whole))['faultstring'])

    def test_server_error_body(self):
        fault = self._fault(errors.body(500, 'oops'))
        self.assertEqual('Server', fault['faultcode'])
        self.assertEqual(errors.SERVER_ERROR, fault['error_code'])

    def test_default_code_by_status(self):
        self.assertEqual(errors.METHOD_NOT_ALLOWED,
                         self._fault(errors.body(405, 'x'))['error_code'])
        self.assertEqual(errors.UNDEFINED,
                         self._fault(errors.body(418, 'x'))['error_code'])

    def test_code_of_exceptions(self):
        self.assertEqual(errors.DEVICE_PROFILE_IN_USE, errors.code_of(
            exception.DeviceProfileInUse(name='x', count=1)))
        # A subclass without its own code gets its family's.
        self.assertEqual(errors.INVALID_INPUT, errors.code_of(
            exception.InvalidServiceBinary(binary='x', allowed='y')))
        # The families' codes: no Cyborg exception goes out undefined.
        self.assertEqual(errors.SERVER_ERROR,
                         errors.code_of(exception.CyborgException()))
        self.assertEqual(errors.CONDUCTOR_BUSY, errors.code_of(
            exception.NoFreeConductorWorker(size=1, state='full')))
        self.assertEqual(errors.SERVICE_UNAVAILABLE, errors.code_of(
            exception.CommandTimeout(command='x', timeout=1)))
        self.assertEqual(errors.CONFLICT, errors.code_of(
            exception.ServerRebootRefused.__new__(
                exception.ServerRebootRefused)))
        # Placement failing (or unreachable), or not configured.
        self.assertEqual(errors.PLACEMENT_UNAVAILABLE, errors.code_of(
            exception.PlacementUnavailable(method='GET', path='/',
                                           reason='x')))
        self.assertEqual(errors.PLACEMENT_NOT_CONFIGURED, errors.code_of(
            exception.PlacementNotConfigured()))

    def test_codes_are_unique(self):
        codes = [value for name, value in vars(errors).items()
                 if name.isupper() and isinstance(value, str)]
        self.assertEqual(len(codes), len(set(codes)))
        for code in codes:
            self.assertRegex(code, r'^cyborg\.[a-z_]+(\.[a-z_]+)?$')

    def test_response(self):
        resp = errors.response(409, 'conflict', headers={'X-A': 'b'})
        self.assertEqual(409, resp.status_int)
        self.assertEqual('application/json', resp.content_type)
        self.assertEqual('b', resp.headers['X-A'])
