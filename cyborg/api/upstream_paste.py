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
"""The upstream Cyborg's api-paste.ini (kolla-ansible's): honoured or refused.

Built-in filters are the stack's own; any other is loaded with
paste.deploy and runs right inside the last built-in filter before it.
An order not the built-in stack's, another application or a filter that
will not load stops cyborg-api, naming it.
"""

import configparser
import dataclasses
import os

from oslo_log import log as logging

from cyborg import exception

LOG = logging.getLogger(__name__)

# The middleware of the built-in stack, as the existing Cyborg's file
# names their factories (and oslo.middleware's and keystonemiddleware's
# other spellings, which an operator may have used): {factory: the name
# of its layer in cyborg.api.app.deploy()}.
BUILT_IN = {
    'cyborg.api.app:app_factory': 'api',
    'cyborg.api.middleware.auth_token:AuthTokenMiddleware.factory':
        'authtoken',
    'keystonemiddleware.auth_token:filter_factory': 'authtoken',
    'oslo_middleware.cors:filter_factory': 'cors',
    'egg:oslo.middleware#cors': 'cors',
    'oslo_middleware:Healthcheck.app_factory': 'healthcheck',
    'oslo_middleware.healthcheck:Healthcheck.app_factory': 'healthcheck',
    'egg:oslo.middleware#healthcheck': 'healthcheck',
    'egg:Paste#urlmap': 'urlmap',
}
for _layer, _module, _class in (
        ('request_id', 'request_id', 'RequestId'),
        ('http_proxy_to_wsgi', 'http_proxy_to_wsgi', 'HTTPProxyToWSGI'),
        ('sizelimit', 'sizelimit', 'RequestBodySizeLimiter')):
    BUILT_IN['oslo_middleware:%s.factory' % _class] = _layer
    BUILT_IN['oslo_middleware.%s:%s.factory' % (_module, _class)] = _layer
    BUILT_IN['egg:oslo.middleware#%s' % _module] = _layer
#: The layers of the built-in stack, outermost first, as
#: cyborg.api.app.deploy() builds them: a filter of the file runs right
#: inside one of them.
LAYERS = ('request_id', 'cors', 'http_proxy_to_wsgi', 'healthcheck',
          'authtoken', 'errors', 'sizelimit', 'well_formed', 'empty_ok')
# Options of those sections that the built-in stack says its own way.
_UNDERSTOOD = frozenset(['paste.app_factory', 'paste.filter_factory',
                         'paste.composite_factory', 'use', 'pipeline',
                         'acl_public_routes', 'oslo_config_project',
                         'backends', 'disable_by_file_path'])


@dataclasses.dataclass
class Plan:
    """What becomes of a file (*added*: [(filter, layer inside or None)])."""

    path: str
    added: list
    options: list


def find(conf):
    """The deployment's ``[api] api_paste_config`` path, or None."""
    name = conf.api.api_paste_config
    path = name if os.path.isabs(name) else conf.find_file(name)
    if path and os.path.isfile(path):
        return os.path.abspath(path)
    return None


def _factory(parser, section):
    for key in ('paste.filter_factory', 'paste.app_factory',
                'paste.composite_factory', 'use'):
        if parser.has_option(section, key):
            return parser.get(section, key).strip().removeprefix('call:')
    return None


def _section(parser, name):
    """The section of *name* (a filter, an app or a pipeline), or None."""
    for kind in ('filter', 'app', 'pipeline', 'composite'):
        if parser.has_section('%s:%s' % (kind, name)):
            return '%s:%s' % (kind, name)
    return None


def _refuse(path, reason):
    return exception.ConfigInvalid(reason='%s: %s; cyborg-api does not '
                                          'start' % (path, reason))


def _pipeline(parser, path):
    """The names of the pipeline serving ``/`` (``cyborg-api`` or ``main``)."""
    target = 'main'
    for section in parser.sections():
        if not section.startswith('composite:'):
            continue
        for key, value in parser.items(section):
            if key in ('use', 'paste.composite_factory'):
                continue
            found = _section(parser, value.strip())
            if key.strip() == '/':
                target = value.strip()
            elif found is None or BUILT_IN.get(
                    _factory(parser, found)) != 'healthcheck':
                raise _refuse(path, 'the path %s serves %s, which cyborg-api '
                                    'does not have' % (key, value.strip()))
    section = _section(parser, target)
    if section is None:
        return []
    if section.startswith('pipeline:'):
        return parser.get(section, 'pipeline').split()
    return [target]


def plan(path):
    """A Plan of where each filter not built in runs.

    :raises: ConfigInvalid when the file cannot be honoured.
    """
    parser = configparser.RawConfigParser(strict=False)
    parser.read(path)
    names = _pipeline(parser, path)
    layers = [BUILT_IN.get(_factory(parser, _section(parser, name) or ''))
              for name in names]
    if names and layers[-1] != 'api':
        raise _refuse(path, 'its pipeline ends in %s, not in cyborg-api'
                      % names[-1])
    position = {name: index for index, name in enumerate(LAYERS)}
    position['api'] = len(LAYERS)
    added = []
    for index, (name, layer) in enumerate(zip(names, layers)):
        if layer is not None:
            continue
        before = [lay for lay in layers[:index] if lay in position]
        after = [lay for lay in layers[index + 1:] if lay in position]
        inside = max(before, key=position.get, default=None)
        outer = [lay for lay in after
                 if inside is not None and position[lay] <= position[inside]]
        if outer:
            raise _refuse(path, 'the filter %s comes after %s and before %s '
                                'there; cyborg-api runs %s first' % (
                                    name, inside, outer[0], outer[0]))
        added.append((name, inside))
    options = []
    for name, layer in zip(names, layers):
        section = _section(parser, name)
        if layer is not None and section is not None:
            options.extend('[%s] %s' % (section, key)
                           for key, _value in parser.items(section)
                           if key not in _UNDERSTOOD)
    return Plan(path, added, sorted(options))


def load_filters(file_plan):
    """``{layer (None: outermost): [filter]}`` of *file_plan*, loaded."""
    from paste import deploy  # only where a file adds filters

    loaded = {}
    for name, inside in file_plan.added:
        try:
            middleware = deploy.loadfilter('config:' + file_plan.path,
                                           name=name)
        except Exception as exc:
            raise _refuse(file_plan.path, 'its filter %s cannot be loaded '
                                          '(%s: %s)' % (
                                              name, type(exc).__name__,
                                              exc))
        loaded.setdefault(inside, []).append(middleware)
    return loaded


def describe(file_plan):
    """(a sentence on what happens to the file, whether to look at it)."""
    text = ('%s is read for the filters it adds: cyborg-api builds the '
            'rest of its middleware in code, from cyborg.conf ([cors], '
            '[oslo_middleware], [keystone_authtoken], [healthcheck]).'
            % file_plan.path)
    if file_plan.added:
        text += ' Filters it adds, run where it puts them: %s.' % ', '.join(
            '%s (%s)' % (name, 'outermost' if inside is None
                         else 'right after ' + inside)
            for name, inside in file_plan.added)
    if file_plan.options:
        text += (' Options set there, to set in cyborg.conf instead: %s.'
                 % ', '.join(file_plan.options))
    if not file_plan.added and not file_plan.options:
        text += ' It adds nothing to the built-in stack; remove it.'
    return bool(file_plan.options), text
