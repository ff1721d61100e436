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
"""Tests of what cyborg-api says about an api-paste.ini of earlier
releases, which it no longer reads.
"""

import os

import fixtures

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


class LegacyPasteTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.folder = self.useFixture(fixtures.TempDir()).path

    def _write(self, text, name='api-paste.ini'):
        path = os.path.join(self.folder, name)
        with open(path, 'w') as f:
            f.write(text)
        return path

    def test_upstream_s_file_is_all_built_in(self):
        path = self._write(OURS)
        self.assertEqual(([], []), upstream_paste.left_out(path))
        needs_look, text = upstream_paste.describe(path)
        self.assertFalse(needs_look)
        self.assertIn('remove it', text)

    def test_other_middleware_and_options_are_named(self):
        path = self._write(
            '[pipeline:main]\n'
            'pipeline = cors osprofiler request_id authtoken api_v2\n'
            '[filter:cors]\n'
            'paste.filter_factory = oslo_middleware.cors:filter_factory\n'
            'oslo_config_project = cyborg\n'
            'allowed_origin = https://dashboard.example.org\n'
            '[filter:osprofiler]\n'
            'paste.filter_factory = osprofiler.web:WsgiMiddleware.factory\n'
            '[filter:request_id]\n'
            'paste.filter_factory = oslo_middleware:RequestId.factory\n'
            '[filter:authtoken]\n'
            'acl_public_routes = /, /v2\n'
            'paste.filter_factory = cyborg.api.middleware.auth_token:'
            'AuthTokenMiddleware.factory\n'
            '[app:api_v2]\n'
            'paste.app_factory = cyborg.api.app:app_factory\n')
        self.assertEqual((['osprofiler'], ['[filter:cors] allowed_origin']),
                         upstream_paste.left_out(path))
        needs_look, text = upstream_paste.describe(path)
        self.assertTrue(needs_look)
        self.assertIn('no longer run: osprofiler', text)
        self.assertIn('set in cyborg.conf instead: [filter:cors] '
                      'allowed_origin', text)

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
