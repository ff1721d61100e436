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
"""pecan hooks: request context, microversion, conductor client, errors."""

from oslo_config import cfg
from oslo_db import exception as db_exc
from oslo_log import log as logging
from pecan import hooks
import webob.exc

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg.api import conductor_gate
from cyborg.api import errors
from cyborg.api import microversion
from cyborg.i18n import _

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

# The database errors a retry later may not meet (a failover, a deadlock
# that outlived oslo.db's retries): 503.
TEMPORARY_DB_ERRORS = (db_exc.DBConnectionError, db_exc.DBDeadlock)


class ContextHook(hooks.PecanHook):
    """Builds the RequestContext from the identity headers."""

    def before(self, state):
        context = cyborg_context.RequestContext.from_environ(
            state.request.environ)
        context.is_admin = 'admin' in [role.lower()
                                       for role in context.roles]
        state.request.context = context


class ConductorHook(hooks.PecanHook):
    """Gives handlers the conductor's RPC client (conductor_gate's)."""

    def __init__(self):
        super().__init__()
        self._api = None

    def before(self, state):
        if self._api is None:
            self._api = conductor_gate.GatedConductorAPI()
        state.request.conductor_api = self._api


def _is_versioned(request):
    # The version document at "/" is the only response without
    # microversion headers.
    return request.path_info.strip('/') != ''


class MicroversionHook(hooks.PecanHook):
    """Negotiates /v2 microversions and sets the headers (errors included)."""

    def on_route(self, state):
        request = state.request
        request.version = microversion.MIN_VERSION
        if not _is_versioned(request):
            return
        # A NotAcceptable raised here gets the min/max headers from
        # ErrorHook, the version staying at the minimum.
        request.version = microversion.negotiate(request.headers)

    def after(self, state):
        if _is_versioned(state.request):
            state.response.headers.update(
                microversion.response_headers(state.request.version))


class ErrorHook(hooks.PecanHook):
    """Turns exceptions into the API's error responses.

    Cyborg exceptions carry their status (``code``, or the ``api_status`` a
    handler set for an older microversion); anything else is a 500 with
    its traceback in the log, never in the answer.
    """

    priority = 1000  # after the other hooks' on_error

    def on_error(self, state, e):
        request = state.request
        if isinstance(e, TEMPORARY_DB_ERRORS):
            # This process's or the conductor's (rpc.ALLOWED_EXMODS).
            LOG.warning('%(method)s %(path)s: database error: %(error)s',
                        {'method': request.method,
                         'path': errors.shorten(request.path),
                         'error': errors.shorten(str(e))})
            e = exception.DatabaseUnavailable(
                reason=('deadlock' if isinstance(e, db_exc.DBDeadlock)
                        else 'connection lost or refused'))
        headers = {}
        if _is_versioned(request):
            headers = microversion.response_headers(
                getattr(request, 'version', microversion.MIN_VERSION))
        if isinstance(e, exception.CyborgException):
            status = getattr(e, 'api_status', None) or e.code
            # Cut as in the answer: the message may quote a huge value.
            details = {'method': request.method,
                       'path': errors.shorten(request.path),
                       'status': status, 'error': errors.shorten(e.message)}
            if status >= 500:
                LOG.error('%(method)s %(path)s: %(error)s', details)
            else:
                LOG.info('%(method)s %(path)s: %(status)s %(error)s',
                         details)
            return errors.response(status, e.message, errors.code_of(e),
                                   headers)
        if isinstance(e, webob.exc.HTTPException):
            # pecan's routing (404, 405): the error middleware rewrites
            # the body; keep its status and Allow header.
            for name, value in headers.items():
                e.headers[name] = value
            return None
        LOG.error('Unexpected error in %(method)s %(path)s',
                  {'method': request.method, 'path': request.path},
                  exc_info=(type(e), e, e.__traceback__))
        return errors.response(
            500, _('The server could not complete the request; see its '
                   'logs (request %s).') % request.environ.get(
                       'openstack.request_id', ''),
            errors.SERVER_ERROR, headers)
