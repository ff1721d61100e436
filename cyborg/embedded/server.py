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
"""The embedded mode's HTTP server: a threaded wsgiref server (enough for
one person trying Cyborg) dispatching by longest path prefix.
"""

import signal
import socketserver
import threading
from wsgiref import simple_server

from oslo_log import log as logging

from cyborg.common import loop

LOG = logging.getLogger(__name__)


class Dispatcher:
    """Sends requests on by path prefix (``''``: the rest), moving the
    prefix to ``SCRIPT_NAME`` as a WSGI container does.
    """

    def __init__(self, mounts):
        self.mounts = sorted(mounts.items(), key=lambda m: -len(m[0]))

    def __call__(self, environ, start_response):
        path = environ.get('PATH_INFO', '') or '/'
        for prefix, app in self.mounts:
            if prefix and not (path == prefix or
                               path.startswith(prefix + '/')):
                continue
            environ['SCRIPT_NAME'] = environ.get('SCRIPT_NAME', '') + prefix
            environ['PATH_INFO'] = path[len(prefix):]
            return app(environ, start_response)
        start_response('404 Not Found', [('Content-Type', 'text/plain')])
        return [b'Not found\n']


class _Handler(simple_server.WSGIRequestHandler):

    def log_message(self, format, *args):
        LOG.debug('%s - %s', self.address_string(), format % args)


class _ThreadingServer(socketserver.ThreadingMixIn,
                       simple_server.WSGIServer):
    daemon_threads = True
    allow_reuse_address = True


# Seconds one turn waits for a connection (and a stop for that turn).
POLL = 0.1


class Server:
    """Serves *app* on *host*:*port* in a thread until stop() (OSError
    when the port cannot be bound).
    """

    def __init__(self, app, host, port):
        self._server = simple_server.make_server(
            host, port, app, server_class=_ThreadingServer,
            handler_class=_Handler)
        self._server.timeout = POLL
        self.port = self._server.server_address[1]
        self._loop = loop.Loop(self._server.handle_request,
                               'cyborg-all-in-one-http', interval=0)

    def start(self):
        self._loop.start()

    def stop(self):
        self._loop.stop(10)
        self._server.server_close()


class Signals:
    """SIGINT and SIGTERM, caught from the start: a Ctrl-C while the
    process starts stops it once started, without a traceback.
    """

    def __init__(self):
        self.received = []
        self.done = threading.Event()
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, self._handler)

    def _handler(self, signum, frame):
        self.received.append(signal.Signals(signum).name)
        self.done.set()

    def wait(self):
        """Block until a signal came; returns its name."""
        # Short waits: the handler runs in this thread between them.
        while not self.done.wait(1):
            pass
        return self.received[0]
