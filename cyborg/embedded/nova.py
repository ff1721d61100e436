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
"""A recorder standing in for Nova's external events API.

Without Nova, the conductor of the embedded mode still has somewhere to
send ``accelerator-request-bound`` events: ``POST
/os-server-external-events`` is answered as Nova does (200, each event with
``code`` 200), and each event is appended, as one JSON line with the time
it arrived, to a file in the state directory.  ``GET
/os-server-external-events`` lists what was recorded (Nova has no such
call; it is for people trying the flow).
"""

import json
import threading

from oslo_log import log as logging
from oslo_utils import timeutils
import webob
import webob.dec

LOG = logging.getLogger(__name__)

PATH = '/os-server-external-events'


class NovaRecorder:
    """WSGI application recording external events in *events_file*."""

    def __init__(self, events_file):
        self.events_file = events_file
        self._lock = threading.Lock()

    def events(self):
        """Every event recorded so far (this run and earlier ones).

        :returns: a list of event dicts, each with ``received_at``.
        """
        with self._lock:
            try:
                with open(self.events_file) as f:
                    return [json.loads(line) for line in f if line.strip()]
            except FileNotFoundError:
                return []

    def record(self, events):
        """Append *events* to the file; returns them as Nova answers."""
        now = timeutils.utcnow().isoformat()
        with self._lock:
            with open(self.events_file, 'a') as f:
                for event in events:
                    f.write(json.dumps(dict(event, received_at=now),
                                       sort_keys=True) + '\n')
        for event in events:
            LOG.info('Nova (recorder) received %(name)s for server '
                     '%(server)s, tag %(tag)s, status %(status)s',
                     {'name': event.get('name'),
                      'server': event.get('server_uuid'),
                      'tag': event.get('tag'),
                      'status': event.get('status')})
        return [dict(event, code=200) for event in events]

    @webob.dec.wsgify
    def __call__(self, request):
        if request.path_info.rstrip('/') != PATH:
            return webob.Response(status=404, json_body={
                'itemNotFound': {'code': 404,
                                 'message': 'The recorder of the embedded '
                                            'mode only knows ' + PATH}})
        if request.method == 'GET':
            return webob.Response(json_body={'events': self.events()})
        if request.method != 'POST':
            return webob.Response(status=405, headers={'Allow': 'GET, POST'})
        try:
            events = request.json_body['events']
            if not isinstance(events, list):
                raise TypeError(events)
        except (ValueError, KeyError, TypeError):
            return webob.Response(status=400, json_body={
                'badRequest': {'code': 400,
                               'message': 'The body must be {"events": '
                                          '[...]}'}})
        return webob.Response(json_body={'events': self.record(events)})
