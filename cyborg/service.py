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
"""Process start-up and the RPC service every Cyborg daemon runs (on the
oslo.service threading backend).
"""

import functools
import gc
import random
import sys
import threading
import time

from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_service import backend as service_backend
from oslo_service import service

from cyborg import conf as cyborg_conf
from cyborg import context as cyborg_context
from cyborg import objects
from cyborg import rpc
from cyborg import version
from cyborg.common import loop
from cyborg.conf import upstream_options

CONF = cyborg_conf.CONF
LOG = logging.getLogger(__name__)

# The daemons run on the threading backend; a process that asked for
# another one before (none of Cyborg's does) fails here, at start.
service_backend.init_backend(service_backend.BackendType.THREADING)

_DEFAULT_LOG_LEVELS = [
    'amqp=WARN', 'amqplib=WARN', 'kombu=WARN', 'oslo.messaging=INFO',
    'oslo_messaging=INFO', 'sqlalchemy=WARN', 'stevedore=INFO',
    'keystonemiddleware=WARN', 'urllib3.connectionpool=WARN',
    'keystoneauth=WARN', 'iso8601=WARN', 'cotyledon=INFO',
    'oslo_policy=INFO', 'pyudev=WARN',
]


def prepare_service(argv=None, conf=CONF, adjust=None, transport_url=None,
                    own_files_only=False, database=True):
    """Parse the command line and configuration, set up logging, RPC and DB.

    :param adjust: called with the parsed *conf* before any set-up.
    :param own_files_only: never read ``/etc/cyborg`` (the embedded mode
        must not join the host's cloud).
    """
    argv = sys.argv if argv is None else argv
    logging.register_options(conf)
    logging.set_defaults(default_log_levels=(
        logging.get_default_log_levels() + _DEFAULT_LOG_LEVELS))
    rpc.set_defaults(control_exchange='cyborg')
    defaults = ({'default_config_files': [], 'default_config_dirs': []}
                if own_files_only else {})
    conf(argv[1:], project='cyborg', version=version.version_string(),
         **defaults)
    if adjust is not None:
        adjust(conf)
    logging.setup(conf, 'cyborg')
    upstream_options.warn(conf)
    objects.register_all()
    rpc.init(conf, url=transport_url)
    if database:
        _configure_database(conf)


def command_main(command_opt):
    """The main(argv, conf) of a tool with sub-commands (cyborg-dbsync,
    cyborg-manage), logging on stderr; each sub-command's parser sets
    ``func``, called with *conf*.  main() returns the exit status.
    """
    def main(argv=None, conf=CONF):
        argv = sys.argv if argv is None else argv
        conf.register_cli_opt(command_opt)
        logging.register_options(conf)
        rpc.set_defaults(control_exchange='cyborg')
        conf.set_default('use_stderr', True)
        conf(argv[1:], project='cyborg', version=version.version_string())
        logging.setup(conf, 'cyborg')
        _configure_database(conf)
        return conf[command_opt.dest].func(conf) or 0
    return main


def _configure_database(conf):
    # Imported here: SQLAlchemy and oslo.db are a second of CPU at the
    # start of a process that has no database (cyborg-agent).
    from cyborg.db import api as db_api
    db_api.configure(conf)


def add_actions(subparsers, category, text):
    """Add a *category* of such a tool; returns its actions' subparsers."""
    actions = subparsers.add_parser(category, help=text).add_subparsers(
        dest='action')
    actions.required = True
    return actions


class RPCService(service.Service):
    """Serves *manager* on *topic* (server name = host) and runs its
    periodic tasks.

    The manager has ``target``, ``periodic_tasks()`` (``[(interval,
    callable)]``) and ``del_host(context)``, and may have
    ``rpc_threads()``, ``endpoints()`` (default: the manager),
    ``init_host(context)``, run before the RPC server starts, and
    ``after_start(context)``, run once it takes messages and before the
    periodic tasks: a service that registers there can be reached by
    whoever finds it registered (a cast to a queue not declared yet is
    lost).

    :param owns_transport: False where services share one (embedded).
    :param start_jitter: see start_delay().
    """

    freeze_on_start = False

    def __init__(self, manager, topic, host=None, owns_transport=True,
                 start_jitter=0):
        super().__init__()
        self.owns_transport = owns_transport
        self.start_jitter = start_jitter
        self._stopping = threading.Event()
        self.manager = manager
        self.topic = topic
        self.host = host or CONF.host

        self.rpcserver = None
        self._context = cyborg_context.get_admin_context()

    def start(self):
        super().start()
        if self._wait_start_jitter():
            return
        init_host = getattr(self.manager, 'init_host', None)
        if init_host is not None:
            init_host(self._context)
        target = messaging.Target(topic=self.topic, server=self.host)
        self.calls = CallCounter()
        endpoints = getattr(self.manager, 'endpoints', None)
        self.rpcserver = rpc.get_server(
            target, [CountingEndpoint(endpoint, self.calls) for endpoint in
                     (endpoints() if endpoints else [self.manager])])
        threads = getattr(self.manager, 'rpc_threads', None)
        self.rpcserver.start(
            override_pool_size=threads() if threads is not None else None)
        after_start = getattr(self.manager, 'after_start', None)
        if after_start is not None:
            after_start(self._context)
        for interval, task in self.manager.periodic_tasks():
            self.tg.add_timer_args(
                interval, self._run_periodic, args=[task],
                initial_delay=first_delay(interval),
                stop_on_exception=False)
        LOG.info('%(topic)s service started on host %(host)s (RPC API '
                 '%(version)s)', {'topic': self.topic, 'host': self.host,
                                  'version': self.manager.target.version})
        if self.freeze_on_start:
            freeze_startup_objects()

    def _wait_start_jitter(self):
        """Wait start_delay(); returns whether stop() was called."""
        delay = start_delay(self.start_jitter)
        if delay:
            LOG.info('%(topic)s service on host %(host)s starts in '
                     '%(delay).1f s (a random part of its start jitter, '
                     '%(jitter)s s)',
                     {'topic': self.topic, 'host': self.host,
                      'delay': delay, 'jitter': self.start_jitter})
        return self._stopping.wait(delay)

    def _stop_rpc(self):
        """Stop taking messages and finish those received, without
        ``rpcserver.wait()``: with RabbitMQ it takes and acknowledges
        messages nothing will handle; left unread, they go back to the
        queue for another conductor.
        """
        self.rpcserver.stop()
        if not self.owns_transport:
            # In-memory transport: nothing is lost, and it outlives us.
            # The listener handed its last messages to the executor
            # before stop() returned: wait() runs them, then lets the
            # executor's threads go, which notice within a second
            # (futurist's poll) while the rest stops, on a thread of its
            # own (the all-in-one's Ctrl-C waited a second per service).
            loop.once(self.rpcserver.wait,
                      '%s-rpc-server-wait' % self.topic)
        # oslo.service's option, registered by its launchers.
        timeout = getattr(CONF, 'graceful_shutdown_timeout', None) or None
        settle = (CallCounter.SETTLE_SECONDS if self.owns_transport else
                  CallCounter.IN_MEMORY_SETTLE_SECONDS)
        if not self.calls.wait_idle(timeout, settle):
            LOG.warning('%(count)d call(s) still running after '
                        'graceful_shutdown_timeout; stopping anyway',
                        {'count': self.calls.running})

    def _run_periodic(self, task):
        # A failing periodic task is logged and tried again at the next
        # interval; it never stops the service.
        try:
            task(self._context)
        except Exception:
            LOG.exception('Periodic task %s failed',
                          getattr(task, '__qualname__', repr(task)))

    def stop_periodic_tasks(self):
        """Stop the periodic tasks now (stop() does too): a process that
        stops several services stops every one's first, and their threads
        end (futurist looks once a second) while the services stop.
        """
        self.tg.stop()

    def stop(self, graceful=True):
        LOG.info('Stopping %(topic)s service on host %(host)s',
                 {'topic': self.topic, 'host': self.host})
        self._stopping.set()
        if self.rpcserver is not None:
            self._stop_rpc()
        super().stop(graceful)  # the periodic tasks' timers
        try:
            self.manager.del_host(self._context)
        except Exception:
            LOG.exception('Error while stopping the %s manager', self.topic)
        if self.owns_transport:
            rpc.cleanup()


def first_delay(interval):
    """A random point of a periodic task's first interval, so that
    services started together do not run in step (as Nova's
    ``periodic_fuzzy_delay``).
    """
    return random.uniform(0, interval)  # noqa: S311 (a phase, no secret)


def start_delay(jitter):
    """A random wait of up to *jitter* seconds before a service starts,
    so that agents powered on together do not register at once.
    """
    return random.uniform(0, jitter) if jitter else 0  # noqa: S311 (spread)


class CallCounter:
    """The number of RPC calls being handled, and a wait for none."""

    # How long no call must start after the last one ended before the
    # server counts as idle: the executor starts a call handed to it just
    # before the stop within this time.
    SETTLE_SECONDS = 0.5
    # The same for the in-memory transport, whose server's wait() runs
    # the calls handed over anyway (RPCService._stop_rpc): an idle worker
    # takes one at once.
    IN_MEMORY_SETTLE_SECONDS = 0.1

    def __init__(self):
        self.running = 0
        self._changed = threading.Condition()

    def __enter__(self):
        with self._changed:
            self.running += 1

    def __exit__(self, *exc):
        with self._changed:
            self.running -= 1
            self._changed.notify_all()

    def wait_idle(self, timeout=None, settle=SETTLE_SECONDS):
        """Wait until no call runs (and none started for *settle*
        seconds); returns False after *timeout* seconds (None: no limit).
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._changed:
            while True:
                left = None if deadline is None else (
                    deadline - time.monotonic())
                if not self._changed.wait_for(lambda: self.running == 0,
                                              timeout=left):
                    return False
                # Wait for a call that starts late; wake at once if one does.
                self._changed.wait(settle)
                if self.running == 0:
                    return True


class CountingEndpoint:
    """*endpoint*, its exposed methods counted in a CallCounter."""

    def __init__(self, endpoint, counter):
        self._endpoint = endpoint
        self._counter = counter

    def __getattr__(self, name):
        attr = getattr(self._endpoint, name)
        if not getattr(attr, 'exposed', False):
            return attr

        @functools.wraps(attr)
        def counted(*args, **kwargs):
            with self._counter:
                return attr(*args, **kwargs)
        # Made once: oslo.messaging's dispatcher looks a method up several
        # times per call, and each wrapper made anew cost about 2 % of the
        # conductor's CPU per ARQ lifecycle.
        self.__dict__[name] = counted
        return counted


def freeze_startup_objects():
    """``gc.freeze`` the ~150,000 objects a started service holds for
    life, which each full collection walked at a request's cost.
    """
    gc.collect()
    gc.freeze()
    LOG.debug('%d objects of the start frozen for the garbage collector',
              gc.get_freeze_count())


def launch(rpc_service):
    """Run *rpc_service* until SIGTERM/SIGINT; returns the exit status."""
    # A process of its own (tests' in-process services do not freeze).
    rpc_service.freeze_on_start = True
    launcher = service.launch(CONF, rpc_service, restart_method='mutate')
    return launcher.wait()
