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
"""A JSON file of the agent's state, written whole (temporary, renamed).
A file that cannot be read or written is logged: the agent goes on
without it.
"""

import json
import os

from oslo_log import log as logging

LOG = logging.getLogger(__name__)


def read(path, what, parse=None, errors=()):
    """*parse(value)* of the file's value (default: the value); None
    without *path* or a file, or when it cannot be read or parsed
    (OSError, ValueError, *errors*).
    """
    if path is None:
        return None
    try:
        with open(path) as f:
            value = json.load(f)
        return parse(value) if parse else value
    except FileNotFoundError:
        return None
    except (OSError, ValueError) + tuple(errors) as exc:
        LOG.warning('Cannot read %(what)s from %(path)s (%(error)s); '
                    'starting without', {'what': what, 'path': path,
                                         'error': exc})
        return None


def write(path, value, what, then=''):
    """Write *value* to *path* (None: nothing), whole; whether it was
    written (else logged, with *then*: what follows).
    """
    if path is None:
        return False
    tmp = path + '.tmp'
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(tmp, 'w') as f:
            json.dump(value, f, sort_keys=True)
        os.replace(tmp, path)
    except OSError as exc:
        LOG.warning('Cannot write %(what)s to %(path)s (%(error)s)%(then)s',
                    {'what': what, 'path': path, 'error': exc,
                     'then': then})
        return False
    return True
