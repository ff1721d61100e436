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
"""Hotplug: UMockdev.Testbed uevents reach the agent's monitor, which
runs discovery and reports.
"""

import threading
import time

from cyborg import conf as cyborg_conf
from cyborg.agent import monitor
from cyborg.agent import resource_tracker
from cyborg.drivers import generic
from cyborg.tests import base
from cyborg.tests.fixtures import backends
from cyborg.tests.functional.fixtures import services

CONF = cyborg_conf.CONF

QAT_PATH = '/sys/devices/pci0000:00/0000:00:10.0'
QAT = ('P: /devices/pci0000:00/0000:00:10.0\n'
       'E: SUBSYSTEM=pci\n'
       'E: PCI_SLOT_NAME=0000:00:10.0\n'
       'A: vendor=0x8086\\n\n'
       'A: device=0x4940\\n\n'
       'A: class=0x0b4000\\n\n'
       'L: driver=../../../bus/pci/drivers/4xxx\n')


class _Conductor:
    """Records the addresses of every full report."""

    def __init__(self):
        self.reports = []
        self.lock = threading.Lock()

    def report(self, context, **kwargs):
        if kwargs['hardware'] is not None:
            with self.lock:
                self.reports.append(
                    [r.address for r in kwargs['hardware']])
        return {'status': 'stored', 'generation': 1,
                'inventory_hash': kwargs['inventory_hash']}

    def last(self):
        with self.lock:
            return self.reports[-1] if self.reports else None


class HotplugTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        backends.check(self, 'umockdev-testbed')
        import gi
        gi.require_version('UMockdev', '1.0')
        from gi.repository import UMockdev
        # The testbed sets UMOCKDEV_DIR for the process (C environment)
        # until it is deleted.
        self.testbed = UMockdev.Testbed.new()
        self.addCleanup(self._drop_testbed)
        self.conductor = _Conductor()
        drivers = {'generic': generic.GenericDriver(CONF, 'n1')}
        self.tracker = resource_tracker.ResourceTracker(
            'n1', drivers, {'generic': 'generic'}, self.conductor)
        self.monitor = monitor.HotplugMonitor(
            lambda: self.tracker.update(self.context, reason='hotplug'))
        self.monitor.start()
        self.addCleanup(self.monitor.stop)

    def _drop_testbed(self):
        del self.testbed

    def _wait_report(self, expected):
        return services.wait_for(
            lambda: self.conductor.last() == expected, timeout=30,
            message='a report of %s after the uevent' % expected)

    def test_add_and_remove_reach_the_monitor(self):
        self.testbed.add_from_string(QAT)
        self.testbed.uevent(QAT_PATH, 'add')
        self._wait_report(['0000:00:10.0'])
        self.testbed.uevent(QAT_PATH, 'remove')
        self.testbed.remove_device(QAT_PATH)
        self._wait_report([])
        self.assertEqual(2, self.tracker.hardware()['generation'])

    def test_a_burst_makes_one_callback_on_the_monitor_thread(self):
        # No timer thread per burst: the monitor's own loop runs the
        # callback once the burst is over.
        calls = []
        burst = monitor.HotplugMonitor(
            lambda: calls.append(threading.current_thread().name),
            debounce=1.0)
        burst.start()
        self.addCleanup(burst.stop)
        self.testbed.add_from_string(QAT)
        for action in ('add', 'bind', 'change', 'change', 'change'):
            self.testbed.uevent(QAT_PATH, action)
        services.wait_for(lambda: calls, timeout=30,
                          message='the callback after the burst')
        # A second callback would come one debounce after the first.
        time.sleep(2 * burst.debounce)
        self.assertEqual(['cyborg-hotplug'], calls)
