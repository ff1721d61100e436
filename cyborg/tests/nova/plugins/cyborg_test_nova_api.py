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
"""The real nova-api of the real-Nova suite, served on loopback.

Run with Nova's virtualenv's Python, this folder on ``PYTHONPATH``::

    CYBORG_TEST_NOVA_API_PORT=PORT python cyborg_test_nova_api.py

It serves Nova's own WSGI application (``nova.wsgi.osapi_compute``,
configured by ``OS_NOVA_CONFIG_DIR`` and ``OS_NOVA_CONFIG_FILES``) with a
threading wsgiref server.  Keystone is outside the test, so the
deployment's ``api-paste.ini`` replaces Nova's ``authtoken`` filter with
``identity`` below: a request without identity headers (the test's, and
Cyborg's external events, sent with ``auth_type = none``) acts as an
administrator of one project, as Cyborg's own noauth mode does.  Nova
builds its context from the headers with its own ``keystonecontext``.
"""

import os
import socketserver
import sys
from wsgiref import simple_server

PROJECT = 'cyborg-nova-test'
USER = 'cyborg-nova-test-admin'
TOKEN = 'cyborg-nova-test-token'

_IDENTITY = ('HTTP_X_USER_ID', 'HTTP_X_PROJECT_ID', 'HTTP_X_ROLES')


def filter_factory(global_conf, **local_conf):
    """Paste filter factory of the ``identity`` filter."""
    def identity(app):
        def middleware(env, start_response):
            if not any(name in env for name in _IDENTITY):
                env['HTTP_X_USER_ID'] = USER
                env['HTTP_X_PROJECT_ID'] = PROJECT
                env['HTTP_X_ROLES'] = 'admin,member,reader'
            env.setdefault('HTTP_X_AUTH_TOKEN', TOKEN)
            env.setdefault('HTTP_X_IDENTITY_STATUS', 'Confirmed')
            return app(env, start_response)
        return middleware
    return identity


class _Handler(simple_server.WSGIRequestHandler):

    def log_message(self, format, *args):
        # Nova's request_log filter logs every request already.
        pass


class _Server(socketserver.ThreadingMixIn, simple_server.WSGIServer):
    daemon_threads = True


def main(port):
    # Nova's application parses the command line as its own.
    del sys.argv[1:]
    from nova.wsgi import osapi_compute
    server = simple_server.make_server(
        '127.0.0.1', port, osapi_compute.application,
        server_class=_Server, handler_class=_Handler)
    server.serve_forever()


if __name__ == '__main__':
    main(int(os.environ['CYBORG_TEST_NOVA_API_PORT']))
