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
"""Work a handler asks to run once its response has been sent.

A WSGI server calls the response iterable's ``close()`` after it has
written the whole response (PEP 3333); the middleware runs the callbacks
there.  Binding uses it to let the conductor tell Nova of a bind only after
Nova has the answer to its PATCH.
"""

from oslo_log import log as logging
import pecan

LOG = logging.getLogger(__name__)

_KEY = 'cyborg.after_response'


def call_later(func, *args):
    """Run ``func(*args)`` after the current response has been sent."""
    pecan.request.environ.setdefault(_KEY, []).append((func, args))


class _ClosingIterable:
    def __init__(self, iterable, environ):
        self._iterable = iterable
        self._environ = environ

    def __iter__(self):
        return iter(self._iterable)

    def close(self):
        try:
            close = getattr(self._iterable, 'close', None)
            if close is not None:
                close()
        finally:
            for func, args in self._environ.pop(_KEY, []):
                try:
                    func(*args)
                except Exception:
                    LOG.exception('Work after the response failed')


class AfterResponseMiddleware:
    """Runs the callbacks of call_later() when the response is closed."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        return _ClosingIterable(self.app(environ, start_response), environ)
