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
"""Hostile input that was answered with 500 (issue 19), and loose parsing.

Each case is the request the fuzzing found: a 4xx with the API's error
body, no server error logged, and the database left as it was.
"""

import functools
import logging
import re
import uuid

import fixtures
from oslo_serialization import jsonutils
import pytest

from cyborg.api.controllers import root
from cyborg.db.queries import device_class as device_class_queries
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.functional import api_base

pytestmark = pytest.mark.slow(1)

V24 = {'OpenStack-API-Version': 'accelerator 2.4'}
LATEST = {'OpenStack-API-Version': 'accelerator latest'}
DEEP = '[' * 50000 + ']' * 50000
DEEP_OBJECT = '{"a": ' * 5000 + '1' + '}' * 5000
SURROGATE = 'h\ud800'
# JSON text of SURROGATE: json.dumps escapes it as \ud800.
SURROGATE_JSON = jsonutils.dumps(SURROGATE)
UNKNOWN = '4b3f7a1e-0000-4000-8000-0000000000ff'
# More digits than int() converts (sys.get_int_max_str_digits(): 4300).
HUGE = '9' * 5000
# The most an error body may grow by the value it names.
MAX_ERROR_BODY = 2048


class HostileInputTestCase(api_base.APITestCase):

    def setUp(self):
        super().setUp()
        self.logs = self.useFixture(fixtures.FakeLogger(
            level=logging.INFO, format='%(levelname)s %(message)s'))
        self.inv = inventory.add_device(self.context, 'host-one')
        self.request('POST', '/v2/device_profiles', [{
            'name': 'dp', 'groups': [{'resources:FPGA': '1'}]}],
            status=201)
        self.arq = self.request('POST', '/v2/accelerator_requests',
                                {'device_profile_name': 'dp'},
                                status=201).json['arqs'][0]

    def request(self, method, path, body=None, headers=None, status=None,
                content_type='application/json'):
        if body is not None and not isinstance(body, (str, bytes)):
            body = jsonutils.dumps(body)
        if isinstance(body, str):
            body = body.encode('utf-8', 'surrogatepass')
        headers = dict(headers or {})
        if content_type:
            headers['Content-Type'] = content_type
        resp = self.app.request(path, method=method, headers=headers,
                                body=body or b'', expect_errors=True)
        if status is not None:
            self.assertEqual(status, resp.status_int,
                             '%s %s: %s' % (method, path, resp.text))
        return resp

    def assertClientError(self, resp, status=400, code=None):
        self.assertEqual(status, resp.status_int, resp.text)
        self.assertEqual('application/json', resp.content_type)
        fault = jsonutils.loads(resp.json['error_message'])
        self.assertEqual('Client', fault['faultcode'])
        if code:
            self.assertEqual(code, fault['error_code'])
        self.assertNotIn('Traceback', resp.text)
        self.assertNotIn('Traceback', self.logs.output)
        self.assertNotIn('ERROR ', self.logs.output)
        self.assertNotIn('Unexpected error', self.logs.output)
        return fault

    def _routes(self, which):
        """(method, path) of every route *which* holds, its path
        parameters named: the ARQ and deployable of setUp, else nothing.
        """
        known = {'uuid': UNKNOWN, 'instance_uuid': UNKNOWN,
                 'device_uuid': UNKNOWN}
        found = []
        for route in root.ROUTES:
            if not which(route):
                continue
            path = route.path.replace(
                '/accelerator_requests/{uuid}',
                '/accelerator_requests/' + self.arq['uuid']).replace(
                '/deployables/{uuid}',
                '/deployables/' + self.inv['deployable_uuid'])
            found.append((route.method, re.sub(
                r'\{(\w+)\}', lambda m: known.get(m.group(1), 'nope'),
                path)))
        return sorted(found)

    def _body_routes(self):
        """Every route that takes a body, at the latest microversion."""
        return self._routes(lambda route: route.body is not None)

    def test_the_same_bad_input_everywhere(self):
        # Issue 78: one error code per kind of bad input, on every route
        # that takes it (an empty body started a clean).  A route without
        # a query string ignores one, as the existing Cyborg's did.
        before = self.row_counts()
        bodies = (('', 'application/json', 400, 'malformed_json'),
                  ('{', 'application/json', 400, 'malformed_json'),
                  ('"text"', 'application/json', 400, 'invalid_input'),
                  ('{}', 'text/plain', 415, 'unsupported_media_type'))
        for method, path in self._body_routes():
            for body, content_type, status, code in bodies:
                with self.subTest(method=method, path=path, body=body,
                                  content_type=content_type):
                    self.assertClientError(
                        self.request(method, path, body, LATEST,
                                     content_type=content_type),
                        status, 'cyborg.request.' + code)
        for method, path in self._routes(lambda r: r.query is not None):
            with self.subTest(method=method, path=path, query='colour'):
                self.assertClientError(
                    self.request(method, path + '?colour=red', '{}',
                                 LATEST), 400, 'cyborg.request.invalid_input')
        for method, path in self._routes(lambda r: 'uuid}' in r.path):
            path = path.replace(UNKNOWN, 'not-a-uuid').replace(
                self.arq['uuid'], 'not-a-uuid').replace(
                self.inv['deployable_uuid'], 'not-a-uuid')
            with self.subTest(method=method, path=path):
                self.assertClientError(
                    self.request(method, path, '{}', LATEST), 400,
                    'cyborg.request.invalid_input')
        self.assertEqual(before, self.row_counts())

    # 1. Deeply nested JSON.

    def test_deep_json_every_body_route(self):
        before = self.row_counts()
        for method, path in self._body_routes():
            for body in (DEEP, DEEP_OBJECT):
                for content_type in ('application/json', 'text/plain'):
                    with self.subTest(method=method, path=path,
                                      content_type=content_type):
                        resp = self.request(method, path, body, V24,
                                            content_type=content_type)
                        fault = self.assertClientError(
                            resp, code='cyborg.request.malformed_json')
                        self.assertIn('nested', fault['faultstring'])
        self.assertEqual(before, self.row_counts())

    def test_body_not_utf8(self):
        # pecan decoded it while routing and logged a traceback.
        for method, path in self._body_routes():
            with self.subTest(method=method, path=path):
                resp = self.request(method, path, b'{"name": "\xc9t\xe9"}',
                                    V24)
                fault = self.assertClientError(
                    resp, code='cyborg.request.malformed_json')
                self.assertIn('UTF-8', fault['faultstring'])

    def test_deep_json_before_policy(self):
        # A reader may not create profiles, but the body is refused first
        # (it is never parsed), with the same 400 for everyone.
        resp = self.request('POST', '/v2/device_profiles', DEEP,
                            dict(V24, **{'X-Roles': 'reader',
                                         'X-Project-Id': 'p1'}))
        self.assertClientError(resp, code='cyborg.request.malformed_json')

    def test_nested_json_within_the_limit(self):
        # Depth in strings does not count; a body of the API's own depth
        # goes through.
        resp = self.request('POST', '/v2/device_profiles', [{
            'name': 'brackets', 'description': '[{' * 100,
            'groups': [{'resources:FPGA': '1'}]}], V24, status=201)
        self.assertEqual('[{' * 100, resp.json['description'])

    # 2. Lone UTF-16 surrogates.

    def test_surrogate_in_bodies(self):
        before = self.row_counts()
        arq = self.arq['uuid']
        bind = nova_boot.bind_document([arq], SURROGATE, self.inv['rp_uuid'],
                                       UNKNOWN)[arq]
        svc = dict(V24, **{'X-Service-Roles': 'service',
                           'X-Roles': 'admin,member,reader',
                           'X-Project-Id': 'p1'})
        cases = [
            ('POST', '/v2/device_profiles', [{
                'name': 'x', 'description': SURROGATE,
                'groups': [{'resources:FPGA': '1'}]}]),
            ('POST', '/v2/device_profiles', [{
                'name': 'x', 'groups': [{'accel:' + SURROGATE: '1'}]}]),
            ('POST', '/v2/accelerator_requests',
             {'device_profile_name': SURROGATE}),
            ('PATCH', '/v2/accelerator_requests', {arq: bind}),
            ('POST', '/v2/attributes',
             {'deployable_id': self.inv['deployable_id'],
              'key': SURROGATE, 'value': 'v'}),
            ('POST', '/v2/attributes',
             {'deployable_id': self.inv['deployable_id'],
              'key': 'k', 'value': SURROGATE}),
            ('POST', '/v2/discovery', {'host': SURROGATE}),
        ]
        for method, path, body in cases:
            with self.subTest(method=method, path=path, body=body):
                resp = self.request(method, path, body, svc)
                fault = self.assertClientError(resp)
                self.assertIn('surrogate', fault['faultstring'])
        self.assertEqual(before, self.row_counts())

    def test_surrogate_in_query_and_path(self):
        cases = [
            '/v2/device_profiles?name=h%ED%A0%80',
            '/v2/device_profiles/h%ED%A0%80',
            '/v2/attributes?key=%ED%A0%80',
            '/v2/devices?hostname=%ED%A0%80',
            '/v2/hosts/h%ED%A0%80/hardware',
            '/v2/hardware?host=%ff',
        ]
        for path in cases:
            with self.subTest(path=path):
                self.assertClientError(self.request('GET', path, None,
                                                    V24))

    def test_surrogate_pair_is_text(self):
        # An escaped pair is one character outside the BMP, not an error.
        resp = self.request('POST', '/v2/device_profiles', [{
            'name': 'pair', 'description': '\U0001F600',
            'groups': [{'resources:FPGA': '1'}]}], V24, status=201)
        self.assertEqual('\U0001F600', resp.json['description'])

    # 3. Four-byte UTF-8 (utf8mb4 on MariaDB).

    def test_four_byte_text(self):
        emoji = '\U0001F600\U00010348'
        profile = self.request('POST', '/v2/device_profiles', [{
            'name': 'emoji', 'description': emoji,
            'groups': [{'resources:FPGA': '1', 'accel:' + emoji: emoji}]}],
            V24, status=201).json
        self.assertEqual(emoji, profile['description'])
        self.assertEqual(emoji, profile['groups'][0]['accel:' + emoji])
        attribute = self.request('POST', '/v2/attributes', {
            'deployable_id': self.inv['deployable_id'], 'key': emoji,
            'value': emoji}, V24, status=201).json
        self.assertEqual([emoji, emoji], [attribute['key'],
                                          attribute['value']])
        quoted = '%F0%9F%98%80%F0%90%8D%88'
        found = self.request('GET', '/v2/attributes?key=' + quoted, None,
                             V24, status=200).json['attributes']
        self.assertEqual([attribute['uuid']], [a['uuid'] for a in found])
        for path in ('/v2/device_profiles?name=' + quoted,
                     '/v2/devices?hostname=' + quoted,
                     '/v2/deployables?name=' + quoted,
                     '/v2/hardware?host=' + quoted):
            with self.subTest(path=path):
                resp = self.request('GET', path, None, V24)
                self.assertIn(resp.status_int, (200, 404), resp.text)
        for path in ('/v2/device_profiles/' + quoted,
                     '/v2/hosts/%s/hardware' % quoted):
            with self.subTest(path=path):
                self.assertEqual(404, self.request('GET', path, None,
                                                   V24).status_int)
        self.assertEqual(404, self.request(
            'POST', '/v2/accelerator_requests',
            {'device_profile_name': emoji}, V24).status_int)
        # Names keep their pattern: an emoji is no name.
        self.assertClientError(self.request(
            'POST', '/v2/device_profiles', [{
                'name': emoji, 'groups': [{'resources:FPGA': '1'}]}], V24))

    # 4. Integer bounds.

    def test_integer_bounds(self):
        before = self.row_counts()
        for value in ('1e308', str(2 ** 64), str(2 ** 31), '"9999999999"',
                      '1.5', '-1', '0'):
            body = ('{"deployable_id": %s, "key": "k", "value": "v"}'
                    % value)
            with self.subTest(deployable_id=value):
                self.assertClientError(self.request(
                    'POST', '/v2/attributes', body))
        for path in ('/v2/attributes?deployable_id=9999999999',
                     '/v2/attributes?deployable_id=2147483648'):
            with self.subTest(path=path):
                self.assertClientError(self.request('GET', path))
        self.assertEqual(before, self.row_counts())

    def test_integer_at_the_bound(self):
        resp = self.request('GET',
                            '/v2/attributes?deployable_id=2147483647',
                            status=200)
        self.assertEqual([], resp.json['attributes'])

    # 5. Counts of ARQs.

    def test_profile_over_the_group_cap(self):
        for version in ({}, V24):
            with self.subTest(version=version):
                resp = self.request('POST', '/v2/device_profiles', [{
                    'name': 'many',
                    'groups': [{'resources:FPGA': '20000'}]}], version)
                fault = self.assertClientError(resp)
                self.assertIn('max_arqs_per_group', fault['faultstring'])

    def test_profile_over_the_profile_cap(self):
        self.flags(max_arqs_per_group=10, max_arqs_per_profile=12)
        resp = self.request('POST', '/v2/device_profiles', [{
            'name': 'many', 'groups': [{'resources:FPGA': '10'},
                                       {'resources:GPU': 3}]}], V24)
        fault = self.assertClientError(resp)
        self.assertIn('max_arqs_per_profile', fault['faultstring'])
        self.request('POST', '/v2/device_profiles', [{
            'name': 'enough', 'groups': [{'resources:FPGA': '10'},
                                         {'resources:GPU': 2}]}], V24,
            status=201)
        arqs = self.request('POST', '/v2/accelerator_requests',
                            {'device_profile_name': 'enough'}, V24,
                            status=201).json['arqs']
        self.assertEqual(12, len(arqs))

    def test_arqs_of_a_profile_over_the_cap(self):
        # A profile stored before the cap was lowered creates no ARQ.
        self.request('POST', '/v2/device_profiles', [{
            'name': 'eight', 'groups': [{'resources:FPGA': '8'}]}],
            status=201)
        self.flags(max_arqs_per_group=4)
        before = self.row_counts()
        fault = self.assertClientError(self.request(
            'POST', '/v2/accelerator_requests',
            {'device_profile_name': 'eight'}))
        self.assertIn('max_arqs_per_group', fault['faultstring'])
        self.assertEqual(before, self.row_counts())

    # Numbers JSON does not have (issue 57).

    def test_numbers_json_lacks_every_body_route(self):
        # Python's parser reads NaN and Infinity, and 1e400 as infinity:
        # a device class and a driver's configuration stored them, and
        # every list of them was then not JSON.  A key twice is refused
        # from 2.4 too.
        before = self.row_counts()
        for method, path in self._body_routes():
            for text, code in (
                    ('{"name": NaN}', 'malformed_json'),
                    ('[{"name": Infinity}]', 'malformed_json'),
                    ('{"config": {"fake_driver": {"x": -Infinity}}}',
                     'malformed_json'),
                    ('{"host": 1e400}', 'malformed_json'),
                    ('{"host": "h", "host": "h"}', 'malformed_json')):
                with self.subTest(method=method, path=path, body=text):
                    self.assertClientError(
                        self.request(method, path, text, LATEST),
                        code='cyborg.request.' + code)
        # Below 2.4 no body takes a number such a value could reach.
        for text in ('[{"name": "n", "groups": [{"resources:FPGA": NaN}]}]',
                     '[{"name": "n", "groups": [{"resources:FPGA": 1e400}]}]',
                     '[{"name": NaN, "groups": [{"resources:FPGA": "1"}]}]'):
            with self.subTest(body=text):
                self.assertClientError(self.request(
                    'POST', '/v2/device_profiles', text))
        self.assertEqual(before, self.row_counts())

    def test_a_value_json_cannot_hold_is_served_named(self):
        # Rows stored before the API refused NaN and Infinity.
        device_class_queries.create(
            self.context, str(uuid.uuid4()), 'OLD', [
                {'key': 'memory_mb', 'op': '==', 'value': float('nan')},
                {'key': 'memory_mb', 'op': 'in',
                 'value': [1, float('inf')]}])
        strict = functools.partial(jsonutils.loads,
                                   parse_constant=self.fail)
        for path in ('/v2/device_classes', '/v2/device_classes/OLD'):
            with self.subTest(path=path):
                resp = self.request('GET', path, None, LATEST, status=200)
                found = strict(resp.text)
                selector = found.get('selector') or \
                    found['device_classes'][0]['selector']
                self.assertEqual('NaN', selector[0]['value'])
                self.assertEqual([1, 'Infinity'], selector[1]['value'])

    # Loose parsing.

    def test_name_with_a_trailing_newline(self):
        for version in ({}, V24):
            with self.subTest(version=version):
                self.assertClientError(self.request(
                    'POST', '/v2/device_profiles', [{
                        'name': 'nl\n',
                        'groups': [{'resources:FPGA': '1'}]}], version))
        self.assertClientError(self.request(
            'POST', '/v2/drivers', {'name': 'fake\n'}, V24))

    def test_malformed_microversions(self):
        for value in ('accelerator 2.-0', 'accelerator 2.05',
                      'accelerator 2.4, accelerator 2.0',
                      'accelerator +2.1', 'accelerator 2. 1',
                      'accelerator 02.1'):
            with self.subTest(value=value):
                resp = self.request(
                    'GET', '/v2/device_profiles', None,
                    {'OpenStack-API-Version': value})
                self.assertClientError(resp, 400,
                                       'cyborg.request.invalid_version')
                self.assertEqual('2.0', resp.headers[
                    'OpenStack-API-Minimum-Version'])

    def test_huge_microversion_every_route(self):
        # int() of 5000 digits raised ValueError: a 500 on every route.
        before = self.row_counts()
        for value in ('accelerator 2.' + HUGE, 'accelerator %s.0' % HUGE,
                      '2.' + HUGE):
            # "/" (the version document) is served without a version.
            for method, path in sorted({(r.method, r.path) for r in
                                        root.ROUTES} - {('GET', '/')}):
                path = re.sub(r'\{[^}]+\}', UNKNOWN, path)
                with self.subTest(value=value[:20], method=method,
                                  path=path):
                    resp = self.request(method, path, '{}',
                                        {'OpenStack-API-Version': value})
                    fault = self.assertClientError(
                        resp, 406, 'cyborg.request.version_not_acceptable')
                    self.assertIn('[2.0, ', fault['faultstring'])
                    self.assertLess(len(resp.body), MAX_ERROR_BODY)
        self.assertEqual(before, self.row_counts())

    def test_error_names_a_long_value_cut(self):
        # The whole value came back: a 100 kB body for a 100 kB name.
        long_name = 'n' * 100000
        cases = [
            ('POST', '/v2/device_profiles', [{
                'name': long_name, 'groups': [{'resources:FPGA': '1'}]}],
             V24, 'is too long'),
            ('POST', '/v2/accelerator_requests',
             {'device_profile_name': long_name}, V24, 'not found'),
            ('GET', '/v2/device_profiles', None,
             {'OpenStack-API-Version': 'accelerator 2.4, accelerator ' +
              long_name}, 'more than one version'),
            ('GET', '/v2/device_profiles/' + long_name, None, V24,
             'not found'),
        ]
        for method, path, body, headers, explanation in cases:
            with self.subTest(method=method, path=path[:40]):
                resp = self.request(method, path, body, headers)
                self.assertIn(resp.status_int, (400, 404, 406),
                              resp.text[:300])
                fault = jsonutils.loads(resp.json['error_message'])
                self.assertLess(len(resp.body), MAX_ERROR_BODY)
                self.assertIn('nnnnnnnnnn', fault['faultstring'])
                self.assertIn('characters left out', fault['faultstring'])
                self.assertIn(explanation, fault['faultstring'])
                self.assertNotIn(long_name, self.logs.output)

    def test_two_headers_for_two_services(self):
        resp = self.request(
            'GET', '/v2/device_profiles', None,
            {'OpenStack-API-Version': 'compute 2.1, accelerator 2.3'},
            status=200)
        self.assertEqual('accelerator 2.3',
                         resp.headers['OpenStack-API-Version'])

    def test_marker_of_another_project(self):
        other = self.request('POST', '/v2/accelerator_requests',
                             {'device_profile_name': 'dp'},
                             {'X-Project-Id': 'project-b',
                              'X-Roles': 'member'},
                             status=201).json['arqs'][0]
        caller = dict(V24, **{'X-Project-Id': 'project-a',
                              'X-Roles': 'member'})
        self.request('POST', '/v2/accelerator_requests',
                     {'device_profile_name': 'dp'}, caller, status=201)
        foreign = self.request(
            'GET', '/v2/accelerator_requests?limit=1&marker=' +
            other['uuid'], None, caller)
        unknown = self.request(
            'GET', '/v2/accelerator_requests?limit=1&marker=' + UNKNOWN,
            None, caller)
        self.assertClientError(unknown, code='cyborg.request.marker_not_found')
        self.assertClientError(foreign, code='cyborg.request.marker_not_found')
        self.assertEqual(
            jsonutils.loads(unknown.json['error_message'])['faultstring']
            .replace(UNKNOWN, 'X'),
            jsonutils.loads(foreign.json['error_message'])['faultstring']
            .replace(other['uuid'], 'X'))


class HostileInputMySQLTestCase(HostileInputTestCase):
    BACKEND = 'mysql'
