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

``deploy()`` builds the whole stack, from the pecan application outwards;
its docstring says the order and why.  cyborg-api, its WSGI script, the
all-in-one process and the tests all call ``load_app()``, so they all run
the same stack.  No paste.deploy file is read (see cyborg.api.upstream_paste
for the file of upstream, the existing OpenStack Cyborg).
"""

from oslo_config import cfg
from oslo_log import log as logging
import oslo_middleware
import pecan

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

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

HEALTHCHECK_PATH = '/healthcheck'


def setup_app():
    """The pecan application and its hooks (the innermost layer).

    Hooks, in the order pecan runs them: ContextHook (the RequestContext
    from the identity headers the authentication layer set), then
    MicroversionHook (negotiates OpenStack-API-Version when the route is
    found, so that a 406 is rendered like any error; sets the version
    headers of every /v2 response), ConductorHook (the conductor's RPC
    client for writes, answering 503 when no conductor is there), and
    last ErrorHook (priority 1000: its on_error runs after the others',
    turning exceptions into the API's error body with the version
    headers, never a traceback).
    """
    return pecan.make_app(
        route.Dispatcher(root.ROUTES).handle,
        hooks=[hooks.ContextHook(), hooks.MicroversionHook(),
               hooks.ConductorHook(), hooks.ErrorHook()],
        # /device_profiles/foo.json must not become a JSON request for foo
        guess_content_type_from_ext=False,
        force_canonical=False,
        debug=False)


class HealthcheckRoute:
    """Sends ``/healthcheck`` to oslo.middleware's health check, every
    other path on to *app*.
    """

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


def deploy(conf):
    """The whole cyborg-api WSGI application.

    The layers, outermost first (a request goes down the list, its
    response comes back up), and why each is where it is:

    1. request_id (oslo.middleware RequestId): first, so that every
       response carries ``x-openstack-request-id``, the errors and the
       answers of every layer below included, and every layer's logs have
       the id.
    2. CORS (oslo.middleware's, ``[cors]``): answers preflight requests,
       which carry no token, before authentication; adds its headers to
       every response, errors included, so that a browser can read a 401.
    3. http_proxy_to_wsgi (oslo.middleware's, ``[oslo_middleware]
       enable_proxy_headers_parsing``): takes scheme, host and path prefix
       from a proxy's ``X-Forwarded-*``/``Forwarded`` headers before
       anything builds a URL (links, version documents).
       2 and 3 come through cyborg.api.middleware.response_hook, which
       spares them a signature lookup at each request.
    4. ``/healthcheck`` (oslo.middleware Healthcheck, ``[healthcheck]``):
       answered here, without a token, so load balancers can probe; every
       other path goes on.  ``/metrics`` (cyborg.api.metrics, with
       ``[metrics] enabled``) is answered here too for the Prometheus
       servers of ``[metrics] allowed_source_ranges``, without a token;
       from any other address it goes on.
    5. authentication (``[DEFAULT] auth_strategy``): keystonemiddleware's
       auth_token (``[keystone_authtoken]``; ``/``, ``/v2`` and
       ``/v2/openapi.json`` are public), or noauth.  Outside the error
       formatting: a 401 keeps keystonemiddleware's own JSON error body,
       as with the existing Cyborg.  It never reads the body.
    6. error bodies (ParsableErrorMiddleware): every 4xx/5xx produced
       below, the request size limit's and pecan's routing errors
       included, gets the API's error body (``error_message`` with an
       ``error_code``).
       ``/metrics`` from other addresses is answered just below it, once
       the token is checked, to the callers the policy
       ``cyborg:metrics:get`` allows (403 for the others); with
       ``[metrics] enabled`` false, it goes on to pecan's 404.
    7. request size limit (oslo.middleware RequestBodySizeLimiter,
       ``[oslo_middleware] max_request_body_size``): 413 before anything
       reads the body.
    8. well-formed input (WellFormedMiddleware): 400 for paths, query
       strings or bodies that would break pecan's parsing (not UTF-8, JSON
       nested too deep), before pecan parses anything.
    9. empty 200 (EmptyOKMiddleware): pecan's 204 for an empty 200 back to
       200, as the existing API answers.
    10. the pecan application and its hooks: context, microversion,
        conductor client, errors (see setup_app()).

    :param conf: the parsed ConfigOpts.
    :returns: the WSGI application.
    """
    app = setup_app()
    exporter = metrics.Exporter(conf)
    for layer in (
            route.EmptyOKMiddleware,                                # 9
            well_formed.WellFormedMiddleware,                       # 8
            lambda app: oslo_middleware.RequestBodySizeLimiter(     # 7
                app, conf),
            lambda app: metrics.MetricsRoute(                       # 6
                app, conf, exporter, trusted=False),
            parsable_error.ParsableErrorMiddleware,                 # 6
            _authentication(conf),                                  # 5
            lambda app: metrics.MetricsRoute(                       # 4
                app, conf, exporter, trusted=True),
            lambda app: HealthcheckRoute(                           # 4
                app, oslo_middleware.Healthcheck(None, conf)),
            lambda app: response_hook.HTTPProxyToWSGI(app, conf),   # 3
            lambda app: response_hook.CORS(app, conf),              # 2
            lambda app: oslo_middleware.RequestId(app, conf)):      # 1
        app = layer(app)
    return app


def set_defaults():
    """Cyborg's defaults for the middleware's options (cyborg.conf)."""
    conf_defaults.set_cors_defaults()
    conf_defaults.set_healthcheck_defaults()
    policy.set_defaults(CONF)


def load_app():
    """The cyborg-api WSGI application (deploy()) for the configuration
    of the process.

    The configuration must have been parsed (and RPC and the database set
    up, see cyborg.service.prepare_service).
    """
    set_defaults()
    upstream_paste.warn_if_present(CONF)
    LOG.info('Building the API middleware stack (auth_strategy %s)',
             CONF.auth_strategy)
    return deploy(CONF)
