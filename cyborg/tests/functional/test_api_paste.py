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
"""A real cyborg-api with the api-paste.ini of a deployment of the
existing Cyborg (kolla-ansible's /etc/cyborg/api-paste.ini): a filter the
operator added runs; one that cannot be loaded stops cyborg-api before
it serves, with the filter's name in its output.
"""

import os

import fixtures
import requests

from cyborg.tests.functional import base
from cyborg.tests.functional.fixtures import services
from cyborg.tests.unit.api import test_upstream_paste

# The existing Cyborg's file, an audit filter added after authtoken (and
# sizelimit: it runs inside both).
WITH_AUDIT = test_upstream_paste.OURS.replace(
    'request_id sizelimit authtoken api_v2',
    'request_id sizelimit authtoken audit api_v2') + """
[filter:audit]
paste.filter_factory = %s
header = X-Audit
"""


class APIPasteTestCase(base.ServiceTestCase):

    def _start(self, factory):
        path = os.path.join(self.useFixture(fixtures.TempDir()).path,
                            'api-paste.ini')
        with open(path, 'w') as f:
            f.write(WITH_AUDIT % factory)
        self.port = services.free_port()
        return self.start_service(
            'cyborg-api', self.host('api'),
            DEFAULT={'auth_strategy': 'noauth'},
            api={'host_ip': '127.0.0.1', 'port': self.port,
                 'api_workers': 1, 'api_paste_config': path})

    def _answer(self):
        try:
            return requests.get('http://127.0.0.1:%d/v2' % self.port,
                                timeout=5)
        except requests.ConnectionError:
            return None

    def test_an_added_filter_runs(self):
        api = self._start('cyborg.tests.fixtures.paste_filter:'
                          'filter_factory')
        answer = services.wait_for(self._answer, timeout=60,
                                   message='cyborg-api never answered')
        self.assertEqual(200, answer.status_code)
        self.assertEqual('request_id=True identity=True',
                         answer.headers['X-Audit'])
        self.assertIn('Filters it adds, run where it puts them: audit '
                      '(right after sizelimit)', api.log())

    def test_a_filter_that_cannot_be_loaded_stops_it(self):
        api = self._start('no_such_module:filter_factory')
        self.assertEqual(1, api.process.wait(60))
        self.assertIn('its filter audit cannot be loaded', api.log())
        self.assertIsNone(self._answer())
