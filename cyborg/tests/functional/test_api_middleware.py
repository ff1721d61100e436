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
"""The order of cyborg-api's middleware (cyborg.api.app.deploy), seen from
outside: what each layer answers, and what every answer carries.
"""

import os

import fixtures
from keystonemiddleware import fixture as ksm_fixture
from oslo_serialization import jsonutils
from oslo_utils import uuidutils
import webob
import webtest

from cyborg.api import app
from cyborg.api.middleware import parsable_error
from cyborg.tests.functional import api_base

ORIGIN = 'http://dashboard.example.org'
DP = [{'name': 'dp', 'groups': [{'resources:FPGA': '1'}]}]

# The pipeline of the existing Cyborg's api-paste.ini (17.0.0), as its
# deployments have it in /etc/cyborg.
UPSTREAM_PASTE = """\
[pipeline:main]
pipeline = cors http_proxy_to_wsgi request_id authtoken api_v2

[app:api_v2]
paste.app_factory = cyborg.api.app:app_factory

[filter:cors]
paste.filter_factory = oslo_middleware.cors:filter_factory
oslo_config_project = cyborg

[filter:http_proxy_to_wsgi]
paste.filter_factory = oslo_middleware.http_proxy_to_wsgi:HTTPProxyToWSGI.factory

[filter:request_id]
paste.filter_factory = oslo_middleware:RequestId.factory

[filter:authtoken]
acl_public_routes = /, /v2
paste.filter_factory = cyborg.api.middleware.auth_token:AuthTokenMiddleware.factory
"""  # noqa: E501


def _error(resp):
    """The fault of the API's error body."""
    return jsonutils.loads(resp.json['error_message'])


class _Stack(api_base.APITestCase):

    # The middleware's options, in a configuration file as an operator
    # sets them (their groups exist once the middleware is made).
    CONFIG = """\
[DEFAULT]
auth_strategy = %(auth)s

[cors]
allowed_origin = %(origin)s

[oslo_middleware]
max_request_body_size = 1024
enable_proxy_headers_parsing = true
"""

    def configure(self):
        self.folder = self.useFixture(fixtures.TempDir()).path
        self.write_config(self.CONFIG)

    def write_config(self, text):
        path = os.path.join(self.folder, 'cyborg.conf')
        with open(path, 'w') as f:
            f.write(text % {'auth': self.AUTH_STRATEGY, 'origin': ORIGIN})
        # As cyborg-api parses its command line (the fixture resets CONF).
        self.conf_fixture.conf(['--config-file', path], project='cyborg',
                               default_config_files=[])

    def _call(self, method, path, body=None, headers=None, status=None):
        return self.app.request(path, method=method,
                                headers=dict(headers or {}),
                                body=body or b'', expect_errors=True)

    def assertRequestId(self, resp):
        self.assertTrue(resp.headers.get('x-openstack-request-id', '')
                        .startswith('req-'), resp)

    def _preflight(self):
        return self._call('OPTIONS', '/v2/device_profiles', headers={
            'Origin': ORIGIN, 'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'X-Auth-Token,Content-Type'})


class NoAuthStackTestCase(_Stack):

    def test_every_answer_carries_a_request_id(self):
        json = {'Content-Type': 'application/json'}
        answers = [
            (200, self._call('GET', '/')),
            (200, self._call('GET', '/healthcheck')),
            (200, self._preflight()),
            (404, self._call('GET', '/v2/no_such_thing')),
            (400, self._call('POST', '/v2/device_profiles', headers=json,
                             body=b'[' * 40 + b']' * 40)),
            (413, self._call('POST', '/v2/device_profiles', headers=json,
                             body=b' ' * 2048)),
            (201, self._call('POST', '/v2/device_profiles', headers=json,
                             body=jsonutils.dump_as_bytes(DP))),
        ]
        for status, resp in answers:
            self.assertEqual(status, resp.status_int, resp)
            self.assertRequestId(resp)

    def test_preflight_is_answered(self):
        resp = self._preflight()
        self.assertEqual(200, resp.status_int)
        self.assertEqual(ORIGIN, resp.headers['Access-Control-Allow-Origin'])
        self.assertIn('POST', resp.headers['Access-Control-Allow-Methods'])
        # A preflight never reaches the application.
        self.assertEqual(b'', resp.body)

    def test_cors_headers_on_errors(self):
        resp = self._call('GET', '/v2/no_such_thing',
                          headers={'Origin': ORIGIN})
        self.assertEqual(404, resp.status_int)
        self.assertEqual(ORIGIN, resp.headers['Access-Control-Allow-Origin'])
        self.assertIn('X-OpenStack-Request-ID',
                      resp.headers['Access-Control-Expose-Headers'])

    def test_oversized_body_has_the_api_error_body(self):
        resp = self._call('POST', '/v2/device_profiles',
                          headers={'Content-Type': 'application/json'},
                          body=b' ' * 2048)
        self.assertEqual(413, resp.status_int)
        self.assertEqual('application/json', resp.content_type)
        self.assertEqual('cyborg.request.body_too_large',
                         _error(resp)['error_code'])
        # oslo.middleware's own message has an unfilled "%s".
        self.assertEqual(parsable_error.BODY_TOO_LARGE,
                         _error(resp)['faultstring'])

    def test_oversized_chunked_body_is_refused(self):
        # Without Content-Length, the limit is found while the body is
        # read: still a 413 with the API's error body, never a 500.
        request = webob.Request.blank(
            '/v2/device_profiles', method='POST',
            headers={'Content-Type': 'application/json',
                     'Transfer-Encoding': 'chunked'},
            body=jsonutils.dump_as_bytes(DP * 40))
        del request.environ['CONTENT_LENGTH']
        # What a WSGI server sets for a chunked body (PEP 3333 extension).
        request.environ['wsgi.input_terminated'] = True
        resp = request.get_response(self.app.app)
        self.assertEqual(413, resp.status_int, resp.body)
        self.assertEqual('cyborg.request.body_too_large',
                         jsonutils.loads(resp.json['error_message'])[
                             'error_code'])
        self.assertRequestId(resp)

    def test_proxy_headers_make_the_links(self):
        resp = self._call('GET', '/', headers={
            'X-Forwarded-Proto': 'https',
            'X-Forwarded-Host': 'cloud.example.org',
            'X-Forwarded-Prefix': '/accelerator'})
        self.assertEqual('https://cloud.example.org/accelerator/v2',
                         resp.json['versions'][0]['links'][0]['href'])

    def test_healthcheck_takes_the_node_out_by_file(self):
        path = os.path.join(self.folder, 'disable')
        self.write_config(self.CONFIG + '[healthcheck]\n'
                          'disable_by_file_path = %s\n' % path)
        self.app = webtest.TestApp(app.load_app())
        self.assertEqual(200, self._call('GET', '/healthcheck').status_int)
        open(path, 'w').close()
        resp = self._call('GET', '/healthcheck')
        self.assertEqual(503, resp.status_int)
        self.assertRequestId(resp)


class KeystoneStackTestCase(_Stack):

    AUTH_STRATEGY = 'keystone'

    def setUp(self):
        self.tokens = self.useFixture(ksm_fixture.AuthTokenFixture())
        super().setUp()

    CONFIG = _Stack.CONFIG + """
[keystone_authtoken]
www_authenticate_uri = http://keystone.test/identity
"""

    def test_401_keeps_keystonemiddleware_body(self):
        # As with the existing Cyborg: auth_token answers, with its own
        # JSON error body; the request id and CORS headers are there.
        resp = self._call('GET', '/v2/device_profiles',
                          headers={'Origin': ORIGIN})
        self.assertEqual(401, resp.status_int)
        self.assertEqual(401, resp.json['error']['code'])
        self.assertIn('WWW-Authenticate', resp.headers)
        self.assertRequestId(resp)
        self.assertEqual(ORIGIN, resp.headers['Access-Control-Allow-Origin'])

    def test_preflight_and_healthcheck_need_no_token(self):
        self.assertEqual(200, self._preflight().status_int)
        resp = self._call('GET', '/healthcheck')
        self.assertEqual(200, resp.status_int)
        self.assertRequestId(resp)

    def test_token_is_checked_before_the_body_size(self):
        resp = self._call('POST', '/v2/device_profiles',
                          headers={'Content-Type': 'application/json'},
                          body=b' ' * 2048)
        self.assertEqual(401, resp.status_int)
        token = uuidutils.generate_uuid(dashed=False)
        self.tokens.add_token_data(token_id=token, user_id='u',
                                   project_id='p', role_list=['admin'])
        resp = self._call('POST', '/v2/device_profiles',
                          headers={'Content-Type': 'application/json',
                                   'X-Auth-Token': token},
                          body=b' ' * 2048)
        self.assertEqual(413, resp.status_int)


class UpstreamPasteFileTestCase(_Stack):
    """A deployment of the existing Cyborg keeps its api-paste.ini."""

    def configure(self):
        super().configure()
        # Next to cyborg.conf, where [api] api_paste_config finds it.
        with open(os.path.join(self.folder, 'api-paste.ini'), 'w') as f:
            f.write(UPSTREAM_PASTE)

    def test_the_api_starts_and_answers(self):
        self.assertEqual(200, self._call('GET', '/').status_int)
        resp = self._call('POST', '/v2/device_profiles',
                          headers={'Content-Type': 'application/json'},
                          body=jsonutils.dump_as_bytes(DP))
        self.assertEqual(201, resp.status_int)
        self.assertRequestId(resp)
        self.assertEqual(200, self._preflight().status_int)


class OperatorPasteFiltersTestCase(_Stack):
    """Filters an operator added to that file run where the file puts
    them: one before every other, and one after authtoken (as
    keystonemiddleware's audit is placed).
    """

    FILTERS = """
[filter:first]
paste.filter_factory = cyborg.tests.fixtures.paste_filter:filter_factory
header = X-First

[filter:audit]
paste.filter_factory = cyborg.tests.fixtures.paste_filter:filter_factory
header = X-Audit
"""

    def configure(self):
        super().configure()
        text = UPSTREAM_PASTE.replace(
            'pipeline = cors http_proxy_to_wsgi request_id authtoken api_v2',
            'pipeline = first cors http_proxy_to_wsgi request_id authtoken '
            'audit api_v2')
        with open(os.path.join(self.folder, 'api-paste.ini'), 'w') as f:
            f.write(text + self.FILTERS)

    def test_each_runs_where_the_file_puts_it(self):
        resp = self._call('POST', '/v2/device_profiles',
                          headers={'Content-Type': 'application/json'},
                          body=jsonutils.dump_as_bytes(DP))
        self.assertEqual(201, resp.status_int)
        self.assertEqual('request_id=False identity=False',
                         resp.headers['X-First'])
        self.assertEqual('request_id=True identity=True',
                         resp.headers['X-Audit'])
        self.assertRequestId(resp)
        # Outside authentication, a health check meets the first only.
        resp = self._call('GET', '/healthcheck')
        self.assertEqual(200, resp.status_int)
        self.assertIn('X-First', resp.headers)
        self.assertNotIn('X-Audit', resp.headers)
