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
"""The OpenAPI description against the code, the route table, the
microversion gates and the real responses of the API."""

import os
import re
import uuid

import fixtures
import jsonschema
from oslo_serialization import jsonutils
import pytest
import webob

from cyborg.api import errors
from cyborg.api import openapi
from cyborg.api.controllers import root
from cyborg.tests import base
from cyborg.tests.fixtures import openapi as openapi_fixture
from cyborg.tests.functional import api_base
from cyborg.tests.functional import test_api_bad_input
from cyborg.tests.functional import test_api_hostile_input
from cyborg.tests.functional import test_api_samples

pytestmark = pytest.mark.slow(1)

LATEST = openapi.versions()[-1]
METHODS = ('GET', 'POST', 'PUT', 'PATCH', 'DELETE')


class DocumentTestCase(base.TestCase):

    def test_written_documents(self):
        # What the documentation build writes (sphinxext), only where it
        # changed.
        directory = self.useFixture(fixtures.TempDir()).path
        written = root.OPENAPI.write(directory)
        self.assertEqual(len(openapi.versions()), len(written))
        for version in openapi.versions():
            with open(os.path.join(directory, 'v%s.json' % (version,))) as f:
                self.assertEqual(root.OPENAPI.document(version),
                                 jsonutils.loads(f.read()))
        self.assertEqual([], root.OPENAPI.write(directory))

    def test_schemas_are_valid(self):
        for version in openapi.versions():
            document = root.OPENAPI.document(version)
            self.assertEqual('3.1.0', document['openapi'])
            for path, operations in document['paths'].items():
                for method, operation in operations.items():
                    for param in operation['parameters']:
                        if 'schema' in param:
                            jsonschema.Draft202012Validator.check_schema(
                                param['schema'])
                    body = operation.get('requestBody')
                    if body:
                        jsonschema.Draft202012Validator.check_schema(
                            body['content']['application/json']['schema'])
            for schema in document['components']['schemas'].values():
                jsonschema.Draft202012Validator.check_schema(schema)

    def test_every_error_code_is_described(self):
        codes = {value for name, value in vars(errors).items()
                 if name.isupper() and isinstance(value, str)
                 and value.startswith('cyborg.')}
        described = set()
        for operations in root.OPENAPI.document(LATEST)['paths'].values():
            for operation in operations.values():
                for listed in operation['x-openstack-error-codes'].values():
                    described.update(listed)
        # Codes of no operation: the fallback and the 405 of pecan, and
        # the families' codes of errors no route raises as such (a
        # full conductor pool never answers a call; no route raises a
        # bare Forbidden).
        self.assertEqual({errors.UNDEFINED, errors.METHOD_NOT_ALLOWED,
                          errors.CONDUCTOR_BUSY, errors.FORBIDDEN},
                         codes - described)

    def test_checker_finds_departures(self):
        def response(status, body, version='2.4'):
            resp = webob.Response(status=status,
                                  body=jsonutils.dump_as_bytes(body))
            resp.headers['OpenStack-API-Version'] = 'accelerator ' + version
            return resp

        check = openapi_fixture.check
        self.assertEqual([], check('GET', '/v2/devices', response(
            200, {'devices': []})))
        self.assertNotEqual([], check('GET', '/v2/devices', response(
            200, {'devices': [{'uuid': 1}]})))
        # status is not in a device below 2.3.
        device = dict.fromkeys(
            ['uuid', 'type', 'vendor', 'model', 'std_board_info',
             'vendor_board_info', 'hostname', 'status', 'created_at',
             'updated_at', 'links'])
        self.assertEqual([], check('GET', '/v2/devices', response(
            200, {'devices': [device]}, '2.3')))
        self.assertEqual(1, len(check('GET', '/v2/devices', response(
            200, {'devices': [device]}, '2.2'))))
        self.assertIn('status not described', check(
            'GET', '/v2/devices', response(418, {}))[0])
        self.assertIn('no operation', check(
            'GET', '/v2/services', response(200, {}, '2.3'))[0])
        fault = errors.body(409, 'x', errors.DRIVER_IN_USE)
        resp = response(409, {})
        resp.body = fault
        self.assertIn('is not listed', check(
            'POST', '/v2/device_profiles', resp)[0])

    def test_operations_of_a_version(self):
        for version in openapi.versions():
            paths = root.OPENAPI.document(version)['paths']
            self.assertEqual(version >= (2, 4), '/v2/services' in paths)
            self.assertEqual(str(version), root.OPENAPI.document(
                version)['info']['version'])


class RoutesTestCase(api_base.APITestCase):
    """Each described operation exists at the versions described, and
    nothing else does.
    """

    def _concrete(self, path):
        return re.sub(r'\{[^}]+\}', str(uuid.uuid4()), path)

    def _call(self, method, path, version):
        return self.app.request(
            path, method=method, body=b'{}' if method in (
                'POST', 'PATCH', 'PUT') else b'',
            headers={'Content-Type': 'application/json',
                     'OpenStack-API-Version': 'accelerator %s' % (version,)},
            expect_errors=True)

    def _absent(self, resp):
        if resp.status_int == 405:
            return True
        if resp.status_int != 404:
            return False
        fault = jsonutils.loads(resp.json['error_message'])
        return fault['error_code'] == errors.NOT_FOUND

    def test_the_api_serves_its_description(self):
        for version in openapi.versions():
            resp = self._call('GET', '/v2/openapi.json', version)
            self.assertEqual(root.OPENAPI.document(version), resp.json)

    def test_microversions_of_every_route(self):
        latest = root.OPENAPI.document(LATEST)['paths']
        for version in openapi.versions():
            document = root.OPENAPI.document(version)
            paths = document['paths']
            for path, operations in latest.items():
                concrete = self._concrete(path)
                for method in METHODS:
                    # Or another route takes the path (GET
                    # /v2/devices/enable is GET /v2/devices/{uuid}).
                    described = method.lower() in paths.get(path, {}) or \
                        openapi_fixture.find_operation(
                            document, method, concrete) is not None
                    with self.subTest(version=str(version), path=path,
                                      method=method):
                        resp = self._call(method, concrete, version)
                        self.assertEqual(
                            not described, self._absent(resp),
                            '%s %s at %s: %s' % (method, path, version,
                                                 resp.text))


class _Checked:
    """Every response of the test checked against the description."""

    def wrap(self, wsgi_app):
        self.checker = openapi_fixture.ResponseChecker(wsgi_app)
        self.addCleanup(self._check_responses)
        return self.checker

    def _check_responses(self):
        self.assertGreater(self.checker.checked, 0)
        self.assertEqual([], self.checker.problems)


class SamplesCheckedTestCase(_Checked,
                             test_api_samples.APISamplesTestCase):
    pass


class OperatorSamplesCheckedTestCase(
        _Checked, test_api_samples.OperatorSamplesTestCase):
    pass


class BadInputCheckedTestCase(_Checked,
                              test_api_bad_input.BadInputTestCase):
    pass


class HostileInputCheckedTestCase(
        _Checked, test_api_hostile_input.HostileInputTestCase):
    pass
