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
"""What each driver last found, kept over a restart of the agent in
``$state_path/last-known-hardware.json``: a driver that raises after a
restart still has its devices held, not reported gone.
"""

import os

from cyborg.agent import state_file
from cyborg.objects import hardware as hardware_obj

FILE_NAME = 'last-known-hardware.json'


def _plain(record):
    """A record without what the agent adds (health, applied outcome)."""
    values = record.to_dict()
    values.pop('health', None)
    values.pop('health_reason', None)
    if values.get('configuration'):
        values['configuration'] = {
            k: v for k, v in values['configuration'].items()
            if k != 'applied'}
    return values


def _parsed(saved):
    """(*saved*, the Hardware records it holds by driver name)."""
    return saved, {name: [hardware_obj.Hardware.from_dict(r)
                          for r in records]
                   for name, records in saved.items()}


class LastKnown:
    """Each driver's last found records, kept in *path* (None: not kept)."""

    def __init__(self, path=None):
        self.path = path
        self._saved = None

    @classmethod
    def from_conf(cls, conf):
        return cls(os.path.join(conf.state_path, FILE_NAME))

    def load(self):
        """:returns: ``{driver name: [Hardware]}`` as last saved, or {}."""
        self._saved, found = state_file.read(
            self.path, 'the last known hardware', _parsed,
            (KeyError, TypeError, AttributeError)) or (None, {})
        return found

    def save(self, found):
        """Keep ``{driver name: [Hardware]}`` when it changed."""
        saved = {name: [_plain(r) for r in records]
                 for name, records in found.items()}
        if saved != self._saved and state_file.write(
                self.path, saved, 'the last known hardware', '; a restart '
                'while a driver fails will not know its devices'):
            self._saved = saved
