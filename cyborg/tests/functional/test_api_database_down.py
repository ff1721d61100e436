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
"""The database cannot be reached: 503, never 500 (issue 42).

While a Galera writer fails over behind HAProxy, the connections of
cyborg-api are lost and new ones are refused for a few seconds
(``cyborg/tests/ha``).  A request then is answered 503
``cyborg.database.unavailable``, which a client (Nova) retries, not 500.
Here the whole API runs in process; after its set-up, Cyborg's
enginefacade is pointed (with enginefacade's own ``patch_factory``) at a
MariaDB URL whose port nothing listens on, so each query fails as a lost
node's do, through the real driver.
"""

from oslo_db.sqlalchemy import enginefacade
from oslo_serialization import jsonutils

from cyborg.db import api as db_api
from cyborg.tests.functional import api_base
from cyborg.tests.functional.fixtures import services


class DatabaseDownTestCase(api_base.APITestCase):

    def setUp(self):
        super().setUp()
        self.app.post_json('/v2/device_profiles', [{
            'name': 'dp', 'groups': [{'resources:FPGA': '1'}]}])
        # A port taken from the suite's range and never listened on.
        url = 'mysql+pymysql://root@127.0.0.1:%d/cyborg' % (
            services.free_port())
        down = enginefacade.transaction_context()
        down.configure(**db_api.engine_options(
            {'connection': url, 'max_retries': 0}))
        self.addCleanup(down.dispose_pool)
        self.addCleanup(db_api.context_manager.patch_factory(down))

    def _fault(self, response):
        self.assertEqual(503, response.status_int, response.text)
        return jsonutils.loads(response.json['error_message'])

    def test_reads_are_answered_503(self):
        for path in ('/v2/device_profiles', '/v2/accelerator_requests',
                     '/v2/deployables', '/v2/devices'):
            fault = self._fault(self.app.get(path, expect_errors=True))
            self.assertEqual('cyborg.database.unavailable',
                             fault['error_code'])
            self.assertIn('The database cannot be reached',
                          fault['faultstring'])

    def test_a_write_is_answered_503(self):
        # The conductor (in process here, on the same database) cannot
        # write either.
        response = self.app.post_json(
            '/v2/accelerator_requests', {'device_profile_name': 'dp'},
            expect_errors=True)
        self.assertEqual('cyborg.database.unavailable',
                         self._fault(response)['error_code'])
