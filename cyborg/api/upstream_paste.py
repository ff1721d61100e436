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
"""The api-paste.ini of upstream Cyborg, no longer read: its pipeline is
built in (cyborg.api.app.deploy).  What is not (an operator's own filters,
options set in the file) is said at start and by ``cyborg-status upgrade
check``.
"""

import configparser
import os

from oslo_log import log as logging

LOG = logging.getLogger(__name__)

# The factories of the middleware the built-in stack has, as upstream's
# file names them (and oslo.middleware's and keystonemiddleware's other
# spellings, which an operator may have used).
BUILT_IN = frozenset([
    'cyborg.api.app:app_factory',
    'cyborg.api.middleware.auth_token:AuthTokenMiddleware.factory',
    'keystonemiddleware.auth_token:filter_factory',
    'oslo_middleware:RequestId.factory',
    'oslo_middleware.request_id:RequestId.factory',
    'oslo_middleware.cors:filter_factory',
    'oslo_middleware:HTTPProxyToWSGI.factory',
    'oslo_middleware.http_proxy_to_wsgi:HTTPProxyToWSGI.factory',
    'oslo_middleware:RequestBodySizeLimiter.factory',
    'oslo_middleware.sizelimit:RequestBodySizeLimiter.factory',
    'oslo_middleware:Healthcheck.app_factory',
    'oslo_middleware.healthcheck:Healthcheck.app_factory',
    'egg:Paste#urlmap',
    'egg:oslo.middleware#request_id',
    'egg:oslo.middleware#cors',
    'egg:oslo.middleware#http_proxy_to_wsgi',
    'egg:oslo.middleware#sizelimit',
    'egg:oslo.middleware#healthcheck',
])
# Options of those sections that the built-in stack says its own way.
_UNDERSTOOD = frozenset(['paste.app_factory', 'paste.filter_factory',
                         'paste.composite_factory', 'use', 'pipeline',
                         'acl_public_routes', 'oslo_config_project',
                         'backends', 'disable_by_file_path'])


def find(conf):
    """The api-paste.ini of the deployment (``[api] api_paste_config``,
    absolute or next to the configuration files), or None.
    """
    name = conf.api.api_paste_config
    path = name if os.path.isabs(name) else conf.find_file(name)
    if path and os.path.isfile(path):
        return os.path.abspath(path)
    return None


def _factory(parser, section):
    for key in ('paste.filter_factory', 'paste.app_factory',
                'paste.composite_factory', 'use'):
        if parser.has_option(section, key):
            value = parser.get(section, key).strip()
            return value[len('call:'):] if value.startswith(
                'call:') else value
    return None


def _used_names(parser):
    """The names the file's pipelines and composites refer to."""
    names = set()
    for section in parser.sections():
        if section.startswith(('pipeline:', 'composite:')):
            for key, value in parser.items(section):
                if key != 'use':
                    names.update(value.split())
    return names


def left_out(path):
    """What of the file at *path* the built-in stack does not take over:
    (the names of the pipelines' sections whose middleware is not built
    in, ``['[section] option']`` to set in cyborg.conf instead).
    """
    parser = configparser.RawConfigParser(strict=False)
    parser.read(path)
    used = _used_names(parser)
    foreign, options = [], []
    for section in parser.sections():
        kind, _sep, name = section.partition(':')
        if kind not in ('filter', 'app') or name not in used:
            continue
        if _factory(parser, section) not in BUILT_IN:
            foreign.append(name)
            continue
        options.extend('[%s] %s' % (section, key)
                       for key, _value in parser.items(section)
                       if key not in _UNDERSTOOD)
    return sorted(foreign), sorted(options)


def describe(path):
    """(whether the operator should look at it, a sentence saying what
    happens to the file at *path*).
    """
    foreign, options = left_out(path)
    text = ('%s is no longer read: cyborg-api builds its middleware in '
            'code, from cyborg.conf ([cors], [oslo_middleware], '
            '[keystone_authtoken], [healthcheck]).' % path)
    if foreign:
        text += (' Middleware of its pipeline that is no longer run: %s.'
                 % ', '.join(foreign))
    if options:
        text += (' Options set there, to set in cyborg.conf instead: %s.'
                 % ', '.join(options))
    if not foreign and not options:
        text += ' Everything in it is part of the built-in stack; remove it.'
    return bool(foreign or options), text


def warn_if_present(conf):
    """Log what happens to the deployment's api-paste.ini, if any."""
    path = find(conf)
    if path is None:
        return
    needs_look, text = describe(path)
    (LOG.warning if needs_look else LOG.info)(text)
