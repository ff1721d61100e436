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
"""The devices of this host that wait for a reboot of the host.

Some images run only after a cold reboot (a Xilinx base shell): such a
device reports ``acc_status.reboot_required`` until the kernel's
``boot_id`` changes (a warm reboot changes it too).  The records are kept
in ``$state_path/reboot-required.json`` over restarts.
"""

import os
import threading

from oslo_log import log as logging
from oslo_utils import timeutils

from cyborg.agent import state_file

LOG = logging.getLogger(__name__)

BOOT_ID = '/proc/sys/kernel/random/boot_id'
FILE_NAME = 'reboot-required.json'


def _key(driver, address):
    return '%s %s' % (driver, address)


class PendingReboots:
    """The devices waiting for a reboot, kept in *path* (None: in memory)."""

    def __init__(self, path=None, boot_id_path=BOOT_ID):
        self.path = path
        self.boot_id_path = boot_id_path
        self._lock = threading.Lock()
        self._records = None

    @classmethod
    def from_conf(cls, conf):
        return cls(os.path.join(conf.state_path, FILE_NAME))

    def boot_id(self):
        """This boot's id, or None when the kernel does not say."""
        try:
            with open(self.boot_id_path) as f:
                return f.read().strip() or None
        except OSError:
            return None

    def _load(self):
        if self._records is None:
            self._records = state_file.read(
                self.path, 'the devices waiting for a reboot') or {}
        return self._records

    def _save(self):
        state_file.write(self.path, self._records,
                         'the devices waiting for a reboot',
                         '; they are kept until this agent stops')

    def add(self, driver, address, reason):
        """Record that *driver*'s device *address* waits for a reboot."""
        with self._lock:
            self._load()[_key(driver, address)] = {
                'boot_id': self.boot_id(), 'reason': reason,
                'since': timeutils.utcnow().isoformat()}
            self._save()
        LOG.warning('Device %(address)s (driver %(driver)s) needs a cold '
                    'reboot of the host: %(reason)s',
                    {'address': address, 'driver': driver,
                     'reason': reason})

    def required(self):
        """``(driver, address)`` recorded during this boot."""
        with self._lock:
            records = self._load()
            now = self.boot_id()
            gone = [key for key, record in records.items()
                    if now is not None and record['boot_id'] != now]
            for key in gone:
                LOG.info('Host rebooted: device %s no longer waits for a '
                         'reboot', key)
                del records[key]
            if gone:
                self._save()
            return {tuple(key.split(' ', 1)) for key in records}
