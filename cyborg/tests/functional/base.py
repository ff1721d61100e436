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
"""Base class of functional tests that run Cyborg services as processes."""

from oslo_utils import uuidutils

from cyborg.tests import base
from cyborg.tests.fixtures import backends
from cyborg.tests.functional.fixtures import services


class ServiceTestCase(base.DbTestCase):
    """Services as real processes, over RabbitMQ, on a real database.

    The test process and the services share the database of backend
    ``BACKEND`` (MariaDB by default); RPC goes through RabbitMQ.  Host
    names carry a random suffix, so that messages left in RabbitMQ by
    another run can never be mistaken for this test's.
    """

    BACKEND = 'mysql'

    def setUp(self):
        super().setUp()
        backends.check(self, 'rabbit')
        self.suffix = uuidutils.generate_uuid()[:8]
        self.processes = []
        self.addOnException(self._print_logs)

    def host(self, name):
        """A host name unique to this test."""
        return '%s-%s' % (name, self.suffix)

    def service_config(self, host, **groups):
        """The configuration of one service: shared settings, its host and
        *groups* ({group: {option: value}}) on top.
        """
        config = {
            'DEFAULT': {
                'host': host,
                'transport_url': backends.rabbit_url(),
                'report_interval': 1,
                'service_down_time': 4,
                'debug': True,
                'rpc_response_timeout': 10,
            },
            'database': {'connection': self.db.url},
            # Agents register and report at once: a test does not start
            # a rack (tests of the jitter set their own).
            'agent': {'start_jitter': 0},
        }
        for group, options in groups.items():
            config.setdefault(group, {}).update(options)
        return config

    def start_service(self, binary, host, env=None, config_files=(),
                      **groups):
        """Start *binary* for *host*; stopped at the end of the test.

        :param env: environment variables added to the process's.
        :param config_files: configuration files read first (the test's
            own settings win).
        """
        process = self.useFixture(services.ServiceProcess(
            binary, self.service_config(host, **groups), env=env,
            config_files=config_files))
        self.processes.append(process)
        # Cleanups run last in first out: the last one registered stops
        # every service of the test together, before each process's own
        # cleanup finds it stopped.
        self.addCleanup(services.stop_all, self.processes)
        return process

    def _print_logs(self, exc_info):
        for process in self.processes:
            process.print_log()
