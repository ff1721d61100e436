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
"""Hotplug: discovery within a second of a PCI device's arrival or removal.

A pyudev monitor on the kernel's uevent socket (``source='kernel'``:
without udevd, udev's stays silent), filtered on pci.  The callback runs
once shortly after the last event of a burst (a card's functions, VFs).
"""

import time

from oslo_log import log as logging
import pyudev

from cyborg.common import loop

LOG = logging.getLogger(__name__)

# Seconds without a new event before the callback runs.
DEBOUNCE = 0.3
# How long one poll of the uevent socket waits (and a stop for it).
_POLL_TIMEOUT = 0.5
ACTIONS = ('add', 'remove', 'bind', 'unbind', 'change')


class HotplugMonitor:
    """Calls *callback* after a burst of PCI hotplug events (*debounce* s)."""

    def __init__(self, callback, debounce=DEBOUNCE):
        self.callback = callback
        self.debounce = debounce
        self._monitor = None
        # When the burst under way ends (time.monotonic()), or None.
        self._due = None
        self._loop = loop.Loop(self._poll, 'cyborg-hotplug', interval=0)

    def start(self):
        """Open the uevent socket (OSError if not) and start the thread."""
        self._monitor = pyudev.Monitor.from_netlink(pyudev.Context(),
                                                    source='kernel')
        self._monitor.filter_by('pci')
        self._monitor.start()
        self._due = None
        self._loop.start()
        LOG.info('Watching PCI hotplug events')

    def _poll(self):
        """One turn: wait for an event, or for the end of the burst."""
        timeout = _POLL_TIMEOUT
        if self._due is not None:
            timeout = max(0, min(timeout, self._due - time.monotonic()))
        device = self._monitor.poll(timeout=timeout)
        if device is not None and device.action in ACTIONS:
            LOG.info('PCI %(action)s event for %(device)s',
                     {'action': device.action, 'device': device.sys_name})
            self._due = time.monotonic() + self.debounce
        elif self._due is not None and time.monotonic() >= self._due:
            self._due = None
            if not self._loop.stopping:
                self.callback()

    def stop(self):
        """Stop the thread; a burst not ended yet is not acted on."""
        self._loop.stop(timeout=5)
