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
"""Base classes of Cyborg's tests."""

from oslotest import base
import sqlalchemy

from cyborg import conf as cyborg_conf
from cyborg import context as cyborg_context
from cyborg.conductor.arq import lifecycle
from cyborg.tests.fixtures import backends
from cyborg.tests.fixtures import clock as clock_fixture
from cyborg.tests.fixtures import conf as conf_fixture
from cyborg.tests.fixtures import database as db_fixture
from cyborg.tests.fixtures import log_format
from cyborg.tests.fixtures import privsep as privsep_fixture
from cyborg.tests.fixtures import rpc as rpc_fixture

CONF = cyborg_conf.CONF


class TestCase(base.BaseTestCase):
    """Every test: CONF reset afterwards, the fake RPC transport, an admin
    context, privileged functions run in process.
    """

    def setUp(self):
        super().setUp()
        self.useFixture(log_format.LogFormatCheck())
        self.conf_fixture = self.useFixture(conf_fixture.ConfFixture(CONF))
        self.useFixture(rpc_fixture.FakeTransport(CONF))
        self.useFixture(privsep_fixture.InProcess())
        self.context = cyborg_context.get_admin_context()
        # RPC servers of the test, stopped together (see Servers).
        self.rpc_servers = rpc_fixture.Servers(self.addCleanup)

    def flags(self, group=None, **kw):
        """Override configuration options for this test."""
        self.conf_fixture.config(group=group, **kw)

    def time_fixture(self, when=None):
        """Freeze oslo_utils.timeutils.utcnow() at *when* (default: now);
        advance it with ``fixture.advance(seconds)``.
        """
        return self.useFixture(clock_fixture.Clock(when))


class DbTestCase(TestCase):
    """A test with a migrated, empty database of backend ``BACKEND``.

    A conductor the test makes lends the ARQs' lifecycle its services
    (lifecycle.serve()) until the test ends.
    """

    BACKEND = 'sqlite'

    def setUp(self):
        super().setUp()
        backends.check(self, self.BACKEND)
        self.db = self.useFixture(db_fixture.Database(self.BACKEND))
        self.addCleanup(lifecycle.serve, lifecycle.Services())

    def transactions(self):
        """A list of a connection per transaction begun from now on."""
        begun = []

        def count(conn):
            begun.append(conn)
        sqlalchemy.event.listen(self.db.engine, 'begin', count)
        self.addCleanup(sqlalchemy.event.remove, self.db.engine, 'begin',
                        count)
        return begun
