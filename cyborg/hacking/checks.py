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
"""Cyborg's own style checks, run by flake8 (tox -e pep8).

Codes are C3xx:

* C301: use oslo_utils.timeutils.utcnow(), not datetime's now()/utcnow():
  one clock that tests can freeze.
* C302: no eventlet: Cyborg runs on native threads only.
* C303: no driver lookup through __subclasses__(): drivers are found by
  stevedore entry points.
"""

import re

_DATETIME_NOW = re.compile(r'\bdatetime\.(datetime\.)?(utcnow|now)\(')
_EVENTLET = re.compile(r'^\s*(import|from)\s+eventlet\b')
_SUBCLASSES = re.compile(r'\.__subclasses__\(')


def _is_test(filename):
    return '/tests/' in filename


def no_datetime_now(logical_line, filename):
    """C301: use timeutils.utcnow() instead of datetime's now()."""
    if _is_test(filename) or filename.endswith('hacking/checks.py'):
        return
    match = _DATETIME_NOW.search(logical_line)
    if match:
        yield (match.start(), 'C301: use oslo_utils.timeutils.utcnow() '
                              'instead of datetime now()/utcnow()')


def no_eventlet(logical_line):
    """C302: Cyborg does not use eventlet."""
    if _EVENTLET.match(logical_line):
        yield (0, 'C302: eventlet must not be used; Cyborg runs on native '
                  'threads')


def no_subclasses_lookup(logical_line, filename):
    """C303: find drivers through stevedore, not __subclasses__()."""
    if _is_test(filename):
        return
    match = _SUBCLASSES.search(logical_line)
    if match:
        yield (match.start(), 'C303: load drivers through stevedore entry '
                              'points, not __subclasses__()')
