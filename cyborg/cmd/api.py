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
"""cyborg-api: the REST API in gunicorn, each worker loading the
application after the fork (uWSGI, mod_wsgi: cyborg.wsgi.api).
"""

import multiprocessing
import sys

from gunicorn.app import base as gunicorn_base
from gunicorn.workers import gthread
from oslo_log import log as logging

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg import rpc
from cyborg import service
from cyborg import servicegroup
from cyborg.api import app
from cyborg.api import heartbeat
from cyborg.db import api as db_api

CONF = cyborg_conf.CONF
LOG = logging.getLogger(__name__)


class ThreadWorker(gthread.ThreadWorker):
    """gunicorn's gthread worker, stopping once its idle keep-alive
    connections expire: gunicorn 26 let one (Nova keeps them) hold a stop
    for its whole graceful timeout.
    """

    def wait_for_and_dispatch_events(self, timeout):
        if not self.alive:
            timeout = min(timeout, 0.5)
        return super().wait_for_and_dispatch_events(timeout)


class APIServer(gunicorn_base.BaseApplication):
    """gunicorn, configured from cyborg.conf rather than its command line."""

    def __init__(self, conf):
        self.conf = conf
        super().__init__()

    def init(self, parser, opts, args):
        """Unused: load_config() gives gunicorn its settings."""

    def load_config(self):
        api = self.conf.api
        settings = {
            'bind': '%s:%d' % (api.host_ip, api.port),
            'workers': api.api_workers or multiprocessing.cpu_count(),
            'worker_class': ThreadWorker,
            'threads': api.api_threads,
            'proc_name': servicegroup.API,
            'graceful_timeout': 30,
            'timeout': 120,
            'accesslog': '-' if self.conf.debug else None,
            'errorlog': '-',
            'post_fork': _post_fork,
            'when_ready': _when_ready,
            # One default path for every gunicorn of the user, which two
            # would take from each other; nothing of Cyborg's uses it.
            'control_socket_disable': True,
        }
        for key, value in settings.items():
            self.cfg.set(key, value)

    def load(self):
        # In each worker, after the fork (no preload).
        application = app.load_app()
        service.freeze_startup_objects()
        return application


def _when_ready(server):
    # Once the sockets are bound: port 0 asks for any free one.
    LOG.info('cyborg-api listening on %(where)s, %(auth)s authentication',
             {'where': ', '.join(str(listener)
                                 for listener in server.LISTENERS),
              'auth': CONF.auth_strategy})


def _post_fork(server, worker):
    # Each worker gets its own transport and engine, none of the master's.
    rpc.cleanup()
    rpc.init(CONF)
    db_api.dispose_engine()
    heartbeat.ensure_started()


def main(argv=None):
    service.prepare_service(argv)
    try:
        # Before any worker starts: a file that cannot be honoured stops
        # cyborg-api here, saying why (each worker loads it again).
        app.paste_filters(CONF)
    except exception.ConfigInvalid as exc:
        LOG.critical('%s', exc.message)
        print(exc.message, file=sys.stderr)
        return 1
    APIServer(CONF).run()
    return 0


if __name__ == '__main__':
    sys.exit(main())
