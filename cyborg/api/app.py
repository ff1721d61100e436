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
"""The WSGI application of cyborg-api and its middleware pipeline.

``load_app()`` builds the paste.deploy pipeline of api-paste.ini (the
order of the middleware, and why, is written there); ``setup_app()`` is
the pecan application at its end.
"""

import os

from oslo_config import cfg
from oslo_log import log as logging
from paste import deploy
import pecan

from cyborg import exception
from cyborg import policy
from cyborg.api import argspec_cache
from cyborg.api import expose
from cyborg.api import hooks
from cyborg.api.controllers import root
from cyborg.api.middleware import parsable_error
from cyborg.api.middleware import well_formed
from cyborg.conf import defaults as conf_defaults

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

DEFAULT_PASTE = os.path.join(os.path.dirname(__file__), 'api-paste.ini')


def setup_app():
    """The pecan application, with the API's own middleware.

    Inside out: the empty-200 fix, the refusal of input that cannot be
    parsed safely (before pecan decodes a body while routing), then the
    error bodies.
    """
    argspec_cache.install()
    app = pecan.make_app(
        root.RootController(),
        hooks=[hooks.ContextHook(), hooks.MicroversionHook(),
               hooks.ConductorHook(), hooks.ErrorHook()],
        # /device_profiles/foo.json must not become a JSON request for foo
        guess_content_type_from_ext=False,
        force_canonical=False,
        debug=False)
    return parsable_error.ParsableErrorMiddleware(
        well_formed.WellFormedMiddleware(
            expose.EmptyOKMiddleware(app)))


def app_factory(global_config, **local_conf):
    """paste.deploy factory of the pecan application."""
    return setup_app()


def pipeline_factory(loader, global_conf, **local_conf):
    """paste.deploy composite: the pipeline of [DEFAULT] auth_strategy."""
    pipeline = local_conf[CONF.auth_strategy].split()
    filters = [loader.get_filter(name) for name in pipeline[:-1]]
    app = loader.get_app(pipeline[-1])
    for filter_ in reversed(filters):
        app = filter_(app)
    return app


def _paste_file():
    name = CONF.api.api_paste_config
    path = name if os.path.isabs(name) else CONF.find_file(name)
    if path and os.path.exists(path):
        return os.path.abspath(path)
    if os.path.isabs(name) or name != 'api-paste.ini':
        raise exception.ConfigInvalid(
            reason='[api] api_paste_config %s not found' % name)
    return DEFAULT_PASTE


def set_defaults():
    """Cyborg's defaults for the middleware's options (cyborg.conf)."""
    conf_defaults.set_cors_defaults()
    policy.set_defaults(CONF)


def load_app():
    """The whole cyborg-api WSGI application, from api-paste.ini.

    The configuration must have been parsed (and RPC and the database set
    up, see cyborg.service.prepare_service).
    """
    set_defaults()
    path = _paste_file()
    LOG.info('Loading the API pipeline %(auth)s from %(path)s',
             {'auth': CONF.auth_strategy, 'path': path})
    return deploy.loadapp('config:' + path, name='cyborg-api')
