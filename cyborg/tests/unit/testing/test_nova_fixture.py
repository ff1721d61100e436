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
"""The recording Nova takes only what a real Nova would have taken."""

import socket

import requests

from cyborg.tests import base
from cyborg.tests.fixtures import nova as nova_fixture

EVENTS = '/os-server-external-events'


class FakeNovaTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.nova = self.useFixture(nova_fixture.FakeNova())

    def test_a_request_cut_off_is_not_taken(self):
        # A conductor killed after the headers of its POST: no body came.
        with socket.create_connection(('127.0.0.1', self.nova.port)) as s:
            s.sendall(b'POST /v2.1%s HTTP/1.1\r\nHost: nova\r\n'
                      b'Content-Type: application/json\r\n'
                      b'Content-Length: 120\r\n\r\n' % EVENTS.encode())
        # A body without events: 400, as Nova answers it.
        self.assertEqual(400, requests.post(self.nova.url + EVENTS,
                                            json={}, timeout=10).status_code)
        event = {'name': 'accelerator-request-bound', 'tag': 'a',
                 'server_uuid': 's', 'status': 'completed'}
        self.assertEqual(200, requests.post(self.nova.url + EVENTS, json={
            'events': [event]}, timeout=10).status_code)
        self.assertEqual([[event]], [r['body']['events']
                                     for r in self.nova.requests])
