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
"""Service registration under concurrency, on every database backend."""

import threading

from cyborg import context as cyborg_context
from cyborg.db.queries import service as service_queries
from cyborg.tests import base


class _HeartbeatRaceMixin:

    def test_concurrent_first_heartbeats_make_one_row(self):
        # Several processes (here threads, each with its own connection)
        # register the same service at once: exactly one row, no error.
        errors = []
        barrier = threading.Barrier(8)

        def register():
            try:
                barrier.wait()
                service_queries.heartbeat(
                    cyborg_context.get_admin_context(), 'h1',
                    'cyborg-agent', version='1.0')
            except Exception as exc:
                errors.append(exc)

        threads = [threading.Thread(target=register) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        self.assertEqual([], errors)
        rows = service_queries.get_all(self.context)
        self.assertEqual([('h1', 'cyborg-agent')],
                         [(r['host'], r['binary']) for r in rows])


class TestHeartbeatRaceSQLite(_HeartbeatRaceMixin, base.DbTestCase):
    BACKEND = 'sqlite'


class TestHeartbeatRaceMySQL(_HeartbeatRaceMixin, base.DbTestCase):
    BACKEND = 'mysql'


class TestHeartbeatRacePostgreSQL(_HeartbeatRaceMixin, base.DbTestCase):
    BACKEND = 'postgresql'
