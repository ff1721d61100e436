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
"""Tests of what cyborg-api makes of the existing Cyborg's api-paste.ini:
the filters it adds run where it puts them, or cyborg-api refuses to
start.
"""

import os

import fixtures

from cyborg import exception
from cyborg.api import app
from cyborg.api import upstream_paste
from cyborg.tests import base

# Upstream's file, with the health check and the body size limit an
# operator may have added (oslo.middleware's), and a filter in no pipeline.
OURS = """\
[composite:cyborg-api]
use = egg:Paste#urlmap
/ = main
/healthcheck = healthcheck

[pipeline:main]
pipeline = cors http_proxy_to_wsgi request_id sizelimit authtoken api_v2

[app:api_v2]
paste.app_factory = cyborg.api.app:app_factory

[filter:authtoken]
acl_public_routes = /, /v2
paste.filter_factory = cyborg.api.middleware.auth_token:AuthTokenMiddleware.factory

[filter:request_id]
paste.filter_factory = oslo_middleware:RequestId.factory

[filter:cors]
paste.filter_factory =  oslo_middleware.cors:filter_factory
oslo_config_project = cyborg

[filter:http_proxy_to_wsgi]
paste.filter_factory = oslo_middleware.http_proxy_to_wsgi:HTTPProxyToWSGI.factory

[app:healthcheck]
paste.app_factory = oslo_middleware:Healthcheck.app_factory
backends = disable_by_file
disable_by_file_path = /etc/cyborg/healthcheck_disable

[filter:sizelimit]
paste.filter_factory = oslo_middleware:RequestBodySizeLimiter.factory

[filter:unused]
paste.filter_factory = somewhere.else:factory
"""  # noqa: E501

# An operator's own filters (cyborg/tests/fixtures/paste_filter.py).
FILTERS = """
[filter:first]
paste.filter_factory = cyborg.tests.fixtures.paste_filter:filter_factory

[filter:osprofiler]
paste.filter_factory = cyborg.tests.fixtures.paste_filter:filter_factory

[filter:audit]
paste.filter_factory = cyborg.tests.fixtures.paste_filter:filter_factory
"""


class UpstreamPasteTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.folder = self.useFixture(fixtures.TempDir()).path

    def _write(self, text, name='api-paste.ini'):
        path = os.path.join(self.folder, name)
        with open(path, 'w') as f:
            f.write(text)
        return path

    def _refused(self, text):
        path = self._write(text)
        error = self.assertRaises(exception.ConfigInvalid,
                                  upstream_paste.plan, path)
        self.assertIn(path, error.message)
        self.assertIn('cyborg-api does not start', error.message)
        return error.message

    def test_upstream_s_file_is_all_built_in(self):
        path = self._write(OURS)
        file_plan = upstream_paste.plan(path)
        self.assertEqual(([], []), (file_plan.added, file_plan.options))
        needs_look, text = upstream_paste.describe(file_plan)
        self.assertFalse(needs_look)
        self.assertIn('adds nothing to the built-in stack; remove it', text)
        self.assertEqual({}, upstream_paste.load_filters(file_plan))

    def test_other_filters_run_after_the_built_in_one_before_them(self):
        path = self._write(OURS.replace(
            'pipeline = cors http_proxy_to_wsgi request_id sizelimit '
            'authtoken api_v2',
            'pipeline = first cors http_proxy_to_wsgi request_id '
            'osprofiler authtoken audit api_v2').replace(
            'oslo_config_project = cyborg\n', 'oslo_config_project = cyborg\n'
            'allowed_origin = https://dashboard.example.org\n') + FILTERS)
        file_plan = upstream_paste.plan(path)
        # osprofiler: inside cors, the proxy and the request id, outside
        # authentication, where the file has it.
        self.assertEqual([('first', None),
                          ('osprofiler', 'http_proxy_to_wsgi'),
                          ('audit', 'authtoken')], file_plan.added)
        self.assertEqual(['[filter:cors] allowed_origin'],
                         file_plan.options)
        needs_look, text = upstream_paste.describe(file_plan)
        self.assertTrue(needs_look)
        self.assertIn('first (outermost), osprofiler (right after '
                      'http_proxy_to_wsgi), audit (right after authtoken)',
                      text)
        self.assertIn('set in cyborg.conf instead: [filter:cors] '
                      'allowed_origin', text)
        loaded = upstream_paste.load_filters(file_plan)
        self.assertEqual({None: 1, 'http_proxy_to_wsgi': 1, 'authtoken': 1},
                         {key: len(value) for key, value in loaded.items()})

    def test_a_filter_that_cannot_be_loaded_is_named(self):
        path = self._write(OURS.replace('request_id sizelimit',
                                        'request_id missing sizelimit') +
                           '[filter:missing]\npaste.filter_factory = '
                           'no_such_module:factory\n')
        file_plan = upstream_paste.plan(path)
        error = self.assertRaises(exception.ConfigInvalid,
                                  upstream_paste.load_filters, file_plan)
        self.assertIn('its filter missing cannot be loaded', error.message)
        self.assertIn('no_such_module', error.message)

    def test_an_order_the_built_in_stack_has_not_is_refused(self):
        # The built-in stack limits the body size after authentication.
        message = self._refused(OURS.replace(
            'request_id sizelimit authtoken',
            'request_id sizelimit first authtoken') + FILTERS)
        self.assertIn('the filter first comes after sizelimit and before '
                      'authtoken there; cyborg-api runs authtoken first',
                      message)

    def test_another_application_is_refused(self):
        message = self._refused(OURS.replace(' api_v2\n', ' other\n') +
                                '[app:other]\npaste.app_factory = '
                                'somewhere:factory\n')
        self.assertIn('its pipeline ends in other, not in cyborg-api',
                      message)
        message = self._refused(OURS.replace(
            '/healthcheck = healthcheck', '/healthcheck = healthcheck\n'
            '/other = other') + '[app:other]\npaste.app_factory = '
                                'somewhere:factory\n')
        self.assertIn('the path /other serves other', message)

    def test_cyborg_api_refuses_to_start(self):
        path = self._write(OURS.replace('request_id sizelimit',
                                        'request_id missing sizelimit'))
        self.flags(group='api', api_paste_config=path)
        error = self.assertRaises(exception.ConfigInvalid,
                                  app.paste_filters, base.CONF)
        self.assertIn('its filter missing cannot be loaded', error.message)

    def test_find(self):
        conf_path = self._write('', name='cyborg.conf')
        self.flags(config_file=[conf_path])
        self.assertIsNone(upstream_paste.find(base.CONF))
        path = self._write(OURS)
        self.assertEqual(path, upstream_paste.find(base.CONF))
        elsewhere = os.path.join(self.useFixture(fixtures.TempDir()).path,
                                 'pipeline.ini')
        self.flags(group='api', api_paste_config=elsewhere)
        self.assertIsNone(upstream_paste.find(base.CONF))
        with open(elsewhere, 'w') as f:
            f.write(OURS)
        self.assertEqual(elsewhere, upstream_paste.find(base.CONF))
