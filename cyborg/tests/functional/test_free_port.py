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
"""free_port(): the ports the functional tests give their servers."""

import os
import socket
import time

import fixtures
import testtools

from cyborg.tests.functional.fixtures import services


class FreePortTestCase(testtools.TestCase):

    def setUp(self):
        super().setUp()
        self.leases = self.useFixture(fixtures.TempDir()).path
        self.useFixture(fixtures.MockPatchObject(
            services, 'LEASES', self.leases))

    def _ephemeral(self):
        with open('/proc/sys/net/ipv4/ip_local_port_range') as f:
            low, high = (int(n) for n in f.read().split())
        return range(low, high + 1)

    def test_ports_are_outside_the_ephemeral_range(self):
        ephemeral = self._ephemeral()
        for _ in range(50):
            self.assertNotIn(services.free_port(), ephemeral)

    def test_a_port_is_handed_out_once_while_leased(self):
        self.useFixture(fixtures.MockPatchObject(
            services, 'PORTS', range(21000, 21004)))
        ports = [services.free_port() for _ in range(4)]
        self.assertEqual(list(range(21000, 21004)), sorted(ports))
        self.assertRaises(AssertionError, services.free_port)

    def test_a_stale_lease_is_taken_over(self):
        self.useFixture(fixtures.MockPatchObject(
            services, 'PORTS', range(21010, 21011)))
        self.assertEqual(21010, services.free_port())
        path = os.path.join(self.leases, '21010')
        old = time.time() - services.LEASE_SECONDS - 60
        os.utime(path, (old, old))
        self.assertEqual(21010, services.free_port())
        # Taken over means leased again, from now.
        self.assertRaises(AssertionError, services.free_port)
        self.assertEqual(['21010'], os.listdir(self.leases))

    def test_a_port_something_listens_on_is_skipped(self):
        with socket.socket() as sock:
            sock.bind(('127.0.0.1', 0))
            busy = sock.getsockname()[1]
            sock.listen()
            self.useFixture(fixtures.MockPatchObject(
                services, 'PORTS', range(busy, busy + 1)))
            self.assertRaises(AssertionError, services.free_port)
