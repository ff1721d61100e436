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
"""The README's default ports are taken while the suite runs
(fixtures/taken_ports.py, held from cyborg/tests/conftest.py).
"""

import os
import re
import socket

from cyborg.tests import base
from cyborg.tests.fixtures import taken_ports
from cyborg.tests.functional.fixtures import services

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..',
                                    '..', '..'))


def _bindable(port):
    """Whether a server could listen on *port* (as servers do, whatever
    closed connections of the port wait in TIME_WAIT).
    """
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(('127.0.0.1', port))
        except OSError:
            return False
    return True


class TakenPortsTestCase(base.TestCase):

    def test_the_held_ports_are_the_readmes(self):
        with open(os.path.join(ROOT, 'README.rst')) as f:
            match = re.search(r'export API_PORT=(\d+) PLACEMENT_PORT=(\d+) '
                              r'NOVA_PORT=(\d+)', f.read())
        self.assertIsNotNone(match)
        self.assertEqual(taken_ports.PORTS,
                         tuple(int(port) for port in match.groups()))

    def test_while_the_suite_runs_no_test_gets_them(self):
        # Held by the suite's main process, or by whatever had them first.
        self.assertEqual([], [port for port in taken_ports.PORTS
                              if _bindable(port)])

    def test_a_connection_is_closed_at_once(self):
        ports = (services.free_port(), services.free_port())
        holder = taken_ports.Holder(ports)
        self.assertEqual(list(ports), holder.start())
        self.addCleanup(holder.stop)
        for port in ports:
            with socket.create_connection(('127.0.0.1', port),
                                          timeout=30) as conn:
                conn.settimeout(30)
                self.assertEqual(b'', conn.recv(1))
            self.assertFalse(_bindable(port))
        holder.stop()
        self.assertEqual([], holder.held)
        self.assertTrue(all(_bindable(port) for port in ports))

    def test_a_port_held_elsewhere_is_left_to_it(self):
        with socket.socket() as sock:
            sock.bind(('127.0.0.1', services.free_port()))
            sock.listen()
            port = sock.getsockname()[1]
            holder = taken_ports.Holder((port, services.free_port()))
            self.addCleanup(holder.stop)
            self.assertEqual(holder.ports[1:], tuple(holder.start()))
