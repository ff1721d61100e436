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
"""In-process API tests driven from Python (webtest).

For what gabbi does not express well: tables of cases, database checks,
authentication middleware.
"""

import oslo_messaging as messaging
import sqlalchemy as sa
import webtest

from cyborg import objects
from cyborg.api import app
from cyborg.conductor import manager as conductor_manager
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.conductor.arq import lifecycle
from cyborg.db import models
from cyborg.tests import base
from cyborg.tests.fixtures import conf as conf_fixture
from cyborg.tests.fixtures import rpc as rpc_fixture


class APITestCase(base.DbTestCase):
    """The whole API pipeline in process.

    With a conductor on the fake transport, on a real database.
    """

    AUTH_STRATEGY = 'noauth'

    def setUp(self):
        super().setUp()
        self.flags(auth_strategy=self.AUTH_STRATEGY)
        objects.register_all()
        conf_fixture.reset_policy()
        self.addCleanup(conf_fixture.reset_policy)
        # The conductor's server stops after what configure_services()
        # started (its cleanup comes first): agents of a fixture that
        # stop with a report under way are still answered, rather than
        # waiting rpc_response_timeout for a conductor already gone.
        conductor_servers = rpc_fixture.Servers(self.addCleanup)
        self.addCleanup(conductor_servers.stop)
        self.configure_services()
        conductor = conductor_manager.ConductorManager(
            'c1', conductor_rpcapi.TOPIC)
        server = conductor_servers.start(
            messaging.Target(topic=conductor_rpcapi.TOPIC, server='c1'),
            [conductor], cleanup=False)
        self.conductor_server = server
        self.conductor = conductor
        # What its init_host lends the ARQs' changes (their events for
        # Nova, the jobs kicked, the holders told), the rest of it (the
        # heartbeat, the metrics server) not served here.
        lifecycle.serve(conductor.lifecycle)
        self.addCleanup(lifecycle.withdraw, conductor.lifecycle)
        # Bind jobs still running end before the database goes.
        self.addCleanup(conductor.del_host, self.context)
        self.configure()
        self.app = webtest.TestApp(self.wrap(app.load_app()))

    def configure_services(self):
        """Set options (and start what they point at) before the
        conductor starts.
        """

    def configure(self):
        """Set options before the application is built."""

    def wrap(self, wsgi_app):
        """The WSGI application the tests call, around the API's."""
        return wsgi_app

    def row_counts(self):
        """{table: number of rows} of every table."""
        with self.db.engine.connect() as conn:
            return {table.name: conn.execute(
                sa.select(sa.func.count()).select_from(table)).scalar()
                for table in models.Base.metadata.sorted_tables}
