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
"""The cyborg-api WSGI application: ``cyborg.wsgi.api:application``.

For uWSGI or mod_wsgi.  The configuration files are
/etc/cyborg/cyborg.conf (the usual search path) unless
``OS_CYBORG_CONFIG_FILES`` lists others (separated by ";"), optionally
relative to ``OS_CYBORG_CONFIG_DIR``.
"""

import os
import threading

from cyborg import service
from cyborg import servicegroup
from cyborg.api import app
from cyborg.api import heartbeat

_LOCK = threading.Lock()
_APPLICATION = None


def _config_files():
    files = os.environ.get('OS_CYBORG_CONFIG_FILES')
    if not files:
        return None
    directory = os.environ.get('OS_CYBORG_CONFIG_DIR', '/etc/cyborg')
    return [os.path.join(directory, name.strip())
            for name in files.split(';') if name.strip()]


def init_application():
    """Parse the configuration and build the application (once)."""
    global _APPLICATION
    with _LOCK:
        if _APPLICATION is None:
            files = _config_files()
            argv = [servicegroup.API]
            for path in files or []:
                argv += ['--config-file', path]
            service.prepare_service(argv)
            _APPLICATION = app.load_app()
    # Once per process (uWSGI may load the application before it forks).
    heartbeat.ensure_started()
    return _APPLICATION


def application(environ, start_response):
    """WSGI callable; loads the application on the first request."""
    return init_application()(environ, start_response)
