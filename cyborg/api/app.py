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
"""The WSGI application of cyborg-api: its middleware stack, in one place.

Everything serving the API calls ``load_app()``, so all run one stack.
"""

from oslo_config import cfg
from oslo_log import log as logging
import oslo_middleware
import pecan
import pecan.middleware.recursive

from cyborg import policy
from cyborg.api import hooks
from cyborg.api import metrics
from cyborg.api import route
from cyborg.api import upstream_paste
from cyborg.api.controllers import root
from cyborg.api.middleware import auth_token
from cyborg.api.middleware import noauth
from cyborg.api.middleware import parsable_error
from cyborg.api.middleware import response_hook
from cyborg.api.middleware import well_formed
from cyborg.conf import defaults as conf_defaults
from cyborg.conf import keystone_authtoken as conf_keystone_authtoken

CONF = cfg.CONF
conf_keystone_authtoken.register_opts(CONF)
LOG = logging.getLogger(__name__)

HEALTHCHECK_PATH = '/healthcheck'


class _Pecan(pecan.Pecan):
    """pecan's application for its one controller, route.Dispatcher.

    pecan's invoke_controller inspects the controller's signature and makes
    a class per request: 5 to 7 % of the API's CPU (performance.rst).  The
    dispatcher takes every argument and answers JSON text, set as pecan
    sets a text.
    """

    def invoke_controller(self, controller, args, kwargs, state):
        result = controller(*args, **kwargs)
        if result:
            state.response.text = result
        content_type = state.request.pecan['content_type']
        if content_type:
            state.response.content_type = content_type


def setup_app():
    """The pecan application and hooks, as ``pecan.make_app`` without extras.

    MicroversionHook negotiates once the route is found, so a 406 renders
    like any error; ErrorHook's on_error runs last (priority 1000).
    """
    app = _Pecan(
        route.Dispatcher(root.ROUTES).handle,
        hooks=[hooks.ContextHook(), hooks.MicroversionHook(),
               hooks.ConductorHook(), hooks.ErrorHook()],
        # /device_profiles/foo.json must not become a JSON request for foo
        guess_content_type_from_ext=False,
        force_canonical=False)
    return pecan.middleware.recursive.RecursiveMiddleware(app)


class HealthcheckRoute:
    """Sends ``/healthcheck`` to oslo.middleware's check, the rest to *app*."""

    def __init__(self, app, healthcheck):
        self.app = app
        self.healthcheck = healthcheck

    def __call__(self, environ, start_response):
        path = environ.get('PATH_INFO', '')
        if path in (HEALTHCHECK_PATH, HEALTHCHECK_PATH + '/'):
            return self.healthcheck(environ, start_response)
        return self.app(environ, start_response)


def _authentication(conf):
    """The identity layer of ``[DEFAULT] auth_strategy``."""
    if conf.auth_strategy == 'noauth':
        return noauth.NoAuthMiddleware
    return auth_token.filter_factory({}, oslo_config_config=conf)


def deploy(conf, added=None):
    """The whole cyborg-api WSGI application.

    The layers, outermost first, and why each is where it is (in more
    words: doc/source/contributor/api.rst):

    1. request_id: on every response and log line.
    2. CORS: preflights carry no token; a browser must read a 401.
    3. proxy headers: before anything builds a URL.
    4. ``/healthcheck``, and ``/metrics`` for trusted sources: no token.
    5. authentication: outside the error bodies, so that a 401 keeps
       keystonemiddleware's own.
    6. error bodies for every 4xx/5xx below; then ``/metrics`` for the
       callers the policy allows.
    7. the request size limit: before anything reads the body.
    8. well-formed input: before pecan parses anything.
    9. empty 200s back from pecan's 204.
    10. pecan and its hooks (setup_app()).

    :param added: ``{a name of upstream_paste.LAYERS, or None: [filter]}``:
        paste filters to run right inside that layer (None: outside them
        all), the first outermost.
    """
    app = setup_app()
    exporter = metrics.Exporter(conf)
    added = added or {}
    stack = (  # innermost first: upstream_paste.LAYERS backwards
        [route.EmptyOKMiddleware],                                  # 9
        [well_formed.WellFormedMiddleware],                         # 8
        [lambda app: oslo_middleware.RequestBodySizeLimiter(        # 7
            app, conf)],
        [lambda app: metrics.MetricsRoute(                          # 6
            app, conf, exporter, trusted=False),
         parsable_error.ParsableErrorMiddleware],
        [_authentication(conf)],                                    # 5
        [lambda app: metrics.MetricsRoute(                          # 4
            app, conf, exporter, trusted=True),
         lambda app: HealthcheckRoute(
             app, oslo_middleware.Healthcheck(None, conf))],
        [lambda app: response_hook.HTTPProxyToWSGI(app, conf)],     # 3
        [lambda app: response_hook.CORS(app, conf)],                # 2
        [lambda app: oslo_middleware.RequestId(app, conf)])         # 1
    for name, wrappers in zip(upstream_paste.LAYERS[::-1] + (None,),
                              stack + ([],)):
        # What api-paste.ini runs right inside the layer, or outermost.
        for layer in reversed(added.get(name, ())):
            app = layer(app)
        for layer in wrappers:
            app = layer(app)
    return app


def set_defaults():
    """Cyborg's defaults for the middleware's options (cyborg.conf)."""
    conf_defaults.set_cors_defaults()
    conf_defaults.set_healthcheck_defaults()
    policy.set_defaults(CONF)


def paste_filters(conf):
    """The filters the deployment's api-paste.ini adds, logged."""
    path = upstream_paste.find(conf)
    if path is None:
        return {}
    file_plan = upstream_paste.plan(path)
    needs_look, text = upstream_paste.describe(file_plan)
    (LOG.warning if needs_look else LOG.info)(text)
    return upstream_paste.load_filters(file_plan)


def load_app():
    """deploy() for the process's parsed configuration (see prepare_service).

    :raises: ConfigInvalid when api-paste.ini cannot be honoured.
    """
    set_defaults()
    added = paste_filters(CONF)
    LOG.info('Building the API middleware stack (auth_strategy %s)',
             CONF.auth_strategy)
    return deploy(CONF, added)
