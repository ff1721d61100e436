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
"""cyborg-api's heartbeat: each API process registers with the conductor.

A ``hello`` every ``report_interval``, started in the serving process
(after a gunicorn fork), never at import.  The beats also learn what
cyborg.api.conductor_gate needs to refuse writes with a 503:
``messaging_verdict()`` (did RabbitMQ take the last ``mandatory`` probe
cast; it also decides ``/healthcheck``) and ``conductors_unavailable()``.
"""

import datetime
import os
import threading
import time

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils

from cyborg import context as cyborg_context
from cyborg import rpc
from cyborg import servicegroup
from cyborg import version
from cyborg.common import loop
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.db.queries import service as service_queries

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

BINARY = servicegroup.API
CONDUCTOR = servicegroup.CONDUCTOR

# The topic of the probes: no queue is ever bound for it, so RabbitMQ
# returns every probe (mandatory flag) once it has taken it.
PROBE_TOPIC = 'cyborg-api-probe'

# Seconds between two reads of the services table by the writes that
# wait for a conductor to come up; the writes waiting at the same time
# share each read.
POLL_INTERVAL = 0.2

# The least time without a conductor heartbeat that counts as a stall:
# the heartbeat thread of a busy conductor runs late on a loaded host
# (seen 2 s late with report_interval 1).
STALL_FLOOR = 5.0

_LOCK = threading.Lock()
_STARTED = {}


class Heartbeat:
    """Sends this process's hello every report_interval seconds.

    *probe*: cast a probe first (default: where the transport hands it back,
    cyborg.rpc.returns_unroutable).
    """

    def __init__(self, conductor_api=None, probe=None):
        retry = rpc.retries_within(CONF, CONF.api.messaging_wait_timeout)
        self.conductor_api = conductor_api or conductor_rpcapi.ConductorAPI(
            retry=retry, mandatory=True)
        self.probes = rpc.returns_unroutable() if probe is None else probe
        self._probe_client = rpc.get_client(
            messaging.Target(topic=PROBE_TOPIC), retry=retry, mandatory=True)
        self.started_at = timeutils.utcnow()
        self.registered = False
        self._loop = loop.Loop(self.beat, 'cyborg-api-heartbeat',
                               interval=lambda: CONF.report_interval)
        # None: not known yet.
        self.reachable = None
        self.reason = None
        # Whether the last hello found a queue of the conductors' topic.
        self.routable = None
        # Whether a conductor was up at the last read of the services
        # table, and when that read was (monotonic).
        self.conductors_up = None
        self._read_at = None
        self._read_lock = threading.Lock()
        # The newest conductor heartbeat at the last read, and when the
        # first hello unanswered since the last answer was sent (UTC).
        self.newest_conductor_beat = None
        self.unanswered_since = None
        self._first_verdict = threading.Event()
        self._beat_started = None

    def messaging_verdict(self, wait=0.0):
        """(reachable, reason) of the messaging backend; None while connecting.

        *wait*: seconds for the first probe (``messaging_wait_timeout``
        at most).
        """
        if self.reachable is None and self._beat_started is not None:
            limit = CONF.api.messaging_wait_timeout
            elapsed = time.monotonic() - self._beat_started
            self._first_verdict.wait(max(0.0, min(wait, limit - elapsed)))
            if self.reachable is None and (
                    time.monotonic() - self._beat_started >= limit):
                # The probe waits for nothing but a connection.
                return False, ('no connection to it for %d seconds'
                               % int(limit))
        return self.reachable, self.reason

    def _check_conductors(self):
        # Read before the hello, which may wait for the backend.
        self._read_at = time.monotonic()
        try:
            services = service_queries.get_all(
                cyborg_context.get_admin_context(), binary=CONDUCTOR)
        except Exception:
            LOG.exception('Cannot read the conductors of the services '
                          'table')
            self.conductors_up = None
            self.newest_conductor_beat = None
            return
        self.conductors_up = any(servicegroup.service_is_up(s)
                                 for s in services)
        self.newest_conductor_beat = max(
            (s['last_seen_up'] for s in services if s['last_seen_up']),
            default=None)

    def conductors_stalled(self, now=None):
        """Whether the conductors up stopped working.

        No answer to hellos for two ``report_interval`` and no conductor
        heartbeat for as long (STALL_FLOOR at least; a busy conductor writes it
        from a thread of its own).
        """
        since = self.unanswered_since
        newest = self.newest_conductor_beat
        if since is None or newest is None:
            return False
        now = now or timeutils.utcnow()
        interval = 2 * CONF.report_interval
        return (now - since >= datetime.timedelta(seconds=interval) and
                now - newest >= datetime.timedelta(
                    seconds=max(interval, STALL_FLOOR)))

    def _read_conductors(self, max_age):
        # One read at a time; a read younger than max_age serves every
        # write that waits.
        with self._read_lock:
            if (self._read_at is None or
                    time.monotonic() - self._read_at >= max_age):
                self._check_conductors()

    def conductors_unavailable(self, wait=0.0):
        """Why no conductor can serve a write now, or None.

        A refusal is confirmed by a fresh read; while none is up, the table is
        read every POLL_INTERVAL for up to *wait* seconds.
        """
        if self.conductors_up is not False and not self.conductors_stalled():
            return None
        deadline = time.monotonic() + wait
        self._read_conductors(max_age=0)
        while self.conductors_up is False and time.monotonic() < deadline:
            time.sleep(min(POLL_INTERVAL, deadline - time.monotonic()))
            self._read_conductors(max_age=POLL_INTERVAL)
        if self.conductors_up is False:
            return ('none has sent a heartbeat in the last %d seconds'
                    % CONF.service_down_time)
        if self.conductors_stalled():
            return ('none has answered since %s nor sent a heartbeat '
                    'since %s' % (
                        self.unanswered_since.isoformat(timespec='seconds'),
                        self.newest_conductor_beat.isoformat(
                            timespec='seconds')))
        return None

    def _verdict(self, reachable, reason=None):
        self.reachable, self.reason = reachable, reason
        self._first_verdict.set()

    def _probe(self):
        """Cast a probe RabbitMQ returns once taken; whether it was.

        None on a transport that would keep it (in-memory): the hello decides.
        """
        if not self.probes:
            return True
        try:
            self._probe_client.cast(cyborg_context.get_admin_context(),
                                    'probe')
        except messaging.MessageUndeliverable:
            pass  # Taken and returned, as always.
        except messaging.MessageDeliveryFailure as exc:
            self._verdict(False, str(exc))
            LOG.warning('cyborg-api on %(host)s cannot reach the messaging '
                        'backend (%(error)s); retrying',
                        {'host': CONF.host, 'error': exc})
            return False
        self._verdict(True)
        return True

    def _reached(self, routable):
        """The backend works, and no hello waits for an answer."""
        self._verdict(True)
        self.routable = routable
        self.unanswered_since = None

    def beat(self):
        """One hello (failures logged); True when the conductor answered."""
        started_at = None if self.registered else self.started_at
        with self._read_lock:
            self._check_conductors()
        if self._beat_started is None:
            self._beat_started = time.monotonic()
        if not self._probe():
            return False
        sent_at = timeutils.utcnow()
        try:
            self.conductor_api.hello(
                cyborg_context.get_admin_context(), host=CONF.host,
                binary=BINARY, version=version.version_string(),
                started_at=started_at and started_at.isoformat(),
                timeout=CONF.report_interval)
        except messaging.MessagingTimeout:
            # Delivered, not answered: the backend works.
            self._verdict(True)
            self.routable = True
            if self.unanswered_since is None:
                self.unanswered_since = sent_at
            LOG.warning('No answer from a conductor to the heartbeat of '
                        'cyborg-api on %s; retrying', CONF.host)
            return False
        except messaging.MessageDeliveryFailure as exc:
            self._verdict(False, str(exc))
            self.routable = None
            LOG.warning('The heartbeat of cyborg-api on %(host)s could '
                        'not reach the messaging backend (%(error)s); '
                        'retrying', {'host': CONF.host, 'error': exc})
            return False
        except messaging.MessageUndeliverable:
            # Returned: no conductor has consumed from the topic since
            # RabbitMQ started.  Nothing was delivered, nor unanswered.
            self._reached(routable=False)
            LOG.info('No conductor consumes from the messaging backend '
                     'yet (no queue for the topic %(topic)s); the heartbeat '
                     'of cyborg-api on %(host)s is retried',
                     {'topic': CONDUCTOR, 'host': CONF.host})
            return False
        except Exception:
            # A conductor answered (with an error).
            self._reached(routable=True)
            LOG.exception('The heartbeat of cyborg-api on %s failed; '
                          'retrying', CONF.host)
            return False
        self._reached(routable=True)
        if not self.registered:
            LOG.info('cyborg-api on %s registered with the conductor',
                     CONF.host)
            self.registered = True
        return True

    def start(self):
        self._beat_started = time.monotonic()
        self._loop.start()

    def stop(self):
        self._loop.stop(CONF.report_interval + 1)


def current():
    """This process's Heartbeat, or None (in-process tests, embedded)."""
    return _STARTED.get(os.getpid())


def ensure_started():
    """Start this process's Heartbeat unless it runs; return it."""
    pid = os.getpid()
    heartbeat = _STARTED.get(pid)
    if heartbeat is not None:
        return heartbeat
    with _LOCK:
        heartbeat = _STARTED.get(pid)
        if heartbeat is None:
            heartbeat = _STARTED[pid] = Heartbeat()
            heartbeat.start()
        return heartbeat
