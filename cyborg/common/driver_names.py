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
"""Which accelerator drivers exist (entry points of
``cyborg.accelerator.driver``; several names, its own and upstream's, may
load one class), read from the package metadata without importing them.
"""

from importlib import metadata
import os
import sys

from cyborg import exception
from cyborg.common import upstream_driver_names

NAMESPACE = 'cyborg.accelerator.driver'

# (the import path with its directories' modification times, {name:
# value}) of the last read; replaced whole, so that a thread reads one
# read's pair (two threads may both read at a change).
_read = (None, None)


def _path_state():
    state = []
    for entry in sys.path:
        try:
            state.append((entry, os.stat(entry or '.').st_mtime_ns))
        except OSError:
            state.append((entry, None))
    return tuple(state)


def _entry_points():
    """``{name: value}`` of the drivers' entry points.

    Reading them reads every installed distribution's metadata (13 ms);
    they are read again only when a directory of the import path changed,
    as installing, upgrading or removing a distribution changes the
    directory that holds its metadata.
    """
    global _read
    state = _path_state()
    read = _read
    if read[0] != state:
        read = _read = (state, {ep.name: ep.value for ep in
                                metadata.entry_points(group=NAMESPACE)})
    return dict(read[1])


def available():
    return sorted(_entry_points())


def check_known(name, known=None):
    """Refuse a name no entry point serves: DriverNotProvided for one of
    upstream's, else DriverNotFound.
    """
    known = available() if known is None else known
    if name in known:
        return
    if name in upstream_driver_names.DRIVER_NAMES:
        raise exception.DriverNotProvided(
            name=name, drives=upstream_driver_names.DRIVER_NAMES[name],
            known=', '.join(known))
    raise exception.DriverNotFound(name=name, known=', '.join(known))


def own_name(name):
    """The driver's own name for *name* or an alias of it."""
    entry_points = _entry_points()
    check_known(name, sorted(entry_points))
    if name not in upstream_driver_names.DRIVER_NAMES:
        return name
    target = entry_points[name]
    for other, value in sorted(entry_points.items()):
        if value == target and other not in upstream_driver_names.DRIVER_NAMES:
            return other
    return name
