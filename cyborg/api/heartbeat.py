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

Like the conductor and the agents, every process serving the API sends a
``hello`` (binary ``cyborg-api``, its ``[DEFAULT] host``) every
``[DEFAULT] report_interval`` seconds, so that ``GET /v2/services`` and
``cyborg-manage service list`` show it up or down.  The API writes nothing
itself: the heartbeat is an RPC call to a conductor, as every write.

The thread is started by the process that serves requests (a gunicorn
worker after its fork, the WSGI entry point on its first request), never
at import, so that no thread crosses a fork.
"""

import os
import threading

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils

from cyborg import context as cyborg_context
from cyborg import version
from cyborg.conductor import rpcapi as conductor_rpcapi

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

BINARY = 'cyborg-api'

_LOCK = threading.Lock()
_STARTED = {}


class Heartbeat:
    """Sends this process's hello every report_interval seconds.

    :param conductor_api: a conductor RPC client (tests pass their own).
    """

    def __init__(self, conductor_api=None):
        self.conductor_api = conductor_api or conductor_rpcapi.ConductorAPI()
        self.started_at = timeutils.utcnow()
        self.registered = False
        self._stop = threading.Event()
        self._thread = None

    def beat(self):
        """One hello; failures are logged, the next beat retries.

        :returns: True when the conductor answered.
        """
        started_at = None if self.registered else self.started_at
        try:
            self.conductor_api.hello(
                cyborg_context.get_admin_context(), host=CONF.host,
                binary=BINARY, version=version.version_string(),
                started_at=started_at and started_at.isoformat(),
                timeout=CONF.report_interval)
        except messaging.MessagingTimeout:
            LOG.warning('No answer from a conductor to the heartbeat of '
                        'cyborg-api on %s; retrying', CONF.host)
            return False
        except Exception:
            LOG.exception('The heartbeat of cyborg-api on %s failed; '
                          'retrying', CONF.host)
            return False
        if not self.registered:
            LOG.info('cyborg-api on %s registered with the conductor',
                     CONF.host)
            self.registered = True
        return True

    def _run(self):
        while not self._stop.is_set():
            self.beat()
            self._stop.wait(CONF.report_interval)

    def start(self):
        self._thread = threading.Thread(target=self._run, daemon=True,
                                        name='cyborg-api-heartbeat')
        self._thread.start()

    def stop(self):
        self._stop.set()
        if self._thread is not None:
            self._thread.join(CONF.report_interval + 1)


def ensure_started():
    """Start this process's heartbeat unless it runs already.

    :returns: the process's Heartbeat.
    """
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
