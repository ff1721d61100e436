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
"""Refuses requests that cannot be parsed safely, before anything parses:
a JSON body nested too deep (pecan decodes it while routing, before any
policy check), a path, query string or body that is not UTF-8.
"""

import re
import urllib.parse

from oslo_log import log as logging
import webob

from cyborg import exception
from cyborg.api import errors
from cyborg.api import microversion
from cyborg.i18n import _

# The deepest body the API takes is 4 levels (ARQ patches); 32 leaves room
# and stays far below the recursion limit of any JSON decoder.
MAX_JSON_DEPTH = 32

LOG = logging.getLogger(__name__)

# A JSON string (skipped: brackets inside do not count) or a bracket.
_TOKEN = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)
_OPEN = frozenset(b'[{')


def json_depth_exceeds(body, limit=MAX_JSON_DEPTH):
    """Whether the brackets of *body* (bytes, JSON or not) nest deeper
    than *limit*; strings are skipped.
    """
    if body.count(b'[') + body.count(b'{') <= limit:
        return False
    depth = 0
    for match in _TOKEN.finditer(body):
        token = match.group()
        if len(token) != 1:
            continue
        if token[0] in _OPEN:
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def _utf8(raw):
    """Whether *raw* (bytes) is UTF-8 (which excludes surrogates)."""
    try:
        raw.decode('utf-8')
    except UnicodeDecodeError:
        return False
    return True


def _path_is_text(path_info):
    # PATH_INFO holds the decoded path's bytes as latin-1 (PEP 3333).
    if path_info.isascii():
        return True
    try:
        return _utf8(path_info.encode('latin-1'))
    except UnicodeEncodeError:
        return False


def _query_is_text(query):
    if query.isascii() and '%' not in query:
        return True
    try:
        raw = query.encode('latin-1')
    except UnicodeEncodeError:
        return False
    return _utf8(urllib.parse.unquote_to_bytes(raw.replace(b'+', b' ')))


class WellFormedMiddleware:
    """400 for over-deep bodies and paths or queries that are not text."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        error = self._check(environ)
        if error is None:
            return self.app(environ, start_response)
        return self._refuse(environ, error)(environ, start_response)

    def _check(self, environ):
        if not _path_is_text(environ.get('PATH_INFO', '')):
            return exception.Invalid(
                _('The path is not UTF-8 text once decoded (or holds a '
                  'surrogate).'))
        if not _query_is_text(environ.get('QUERY_STRING', '')):
            return exception.Invalid(
                _('The query string is not UTF-8 text once decoded (or '
                  'holds a surrogate).'))
        if environ.get('CONTENT_LENGTH') in (None, '', '0') and \
                'chunked' not in environ.get('HTTP_TRANSFER_ENCODING', ''):
            return None
        body = webob.Request(environ).body
        if not body.isascii() and not _utf8(body):
            return exception.MalformedJSON(
                reason=_('the body is not UTF-8 text'))
        if json_depth_exceeds(body):
            return exception.MalformedJSON(
                reason=_('the body is nested more than %d levels deep') %
                MAX_JSON_DEPTH)
        return None

    def _refuse(self, environ, error):
        LOG.info('%(method)s %(path)s: %(status)s %(error)s',
                 {'method': environ.get('REQUEST_METHOD'),
                  'path': environ.get('PATH_INFO', '').encode(
                      'latin-1', 'replace').decode('ascii', 'replace'),
                  'status': error.code, 'error': error.message})
        headers = {}
        if environ.get('PATH_INFO', '/').strip('/'):
            try:
                version = microversion.negotiate(
                    webob.Request(environ).headers)
            except exception.CyborgException:
                version = microversion.MIN_VERSION
            headers = microversion.response_headers(version)
        return errors.response(error.code, error.message,
                               errors.code_of(error), headers)
