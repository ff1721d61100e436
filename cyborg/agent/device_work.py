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
"""Device work the conductor asks for during binds and unbinds, and the
cleans between two tenants, handed to the driver that reported the device.
"""

import os
import threading

from oslo_log import log as logging

from cyborg import exception
from cyborg.agent import images

LOG = logging.getLogger(__name__)


def program(tracker, driver, address, bitstream_id=None, function_id=None):
    """Program the device at *address* (see AgentAPI.program); one whose
    image runs only after a reboot is recorded as waiting for it.
    """
    drv = tracker.driver(driver)
    path = images.fetch(bitstream_id=bitstream_id, function_id=function_id)
    LOG.info('Programming %(address)s (driver %(driver)s) with %(path)s',
             {'address': address, 'driver': driver, 'path': path})
    result = drv.program(address, path)
    LOG.info('Programmed %(address)s: %(result)s',
             {'address': address, 'result': result})
    if result.get('reboot_required'):
        tracker.reboot_pending(driver, result['address'],
                               'programmed with %s' % os.path.basename(path))
    return result


def prepare_attach(tracker, driver, attach_handle, mdev_uuid):
    """See AgentAPI.prepare_attach."""
    result = tracker.driver(driver).prepare_attach(attach_handle, mdev_uuid)
    LOG.info('Prepared %(type)s handle %(uuid)s (driver %(driver)s)',
             {'type': attach_handle['attach_type'], 'uuid': mdev_uuid,
              'driver': driver})
    return result or {}


def release_attach(tracker, driver, attach_handle, mdev_uuid):
    """See AgentAPI.release_attach."""
    tracker.driver(driver).release_attach(attach_handle, mdev_uuid)
    LOG.info('Released %(type)s handle %(uuid)s (driver %(driver)s)',
             {'type': attach_handle['attach_type'], 'uuid': mdev_uuid,
              'driver': driver})


class Cleans:
    """The cleans handed to this agent, by device: the stamp of the last
    one and its outcome once it ran.
    """

    def __init__(self):
        self._lock = threading.Lock()
        self._by_device = {}

    def take(self, device_uuid, started_at):
        """:returns: None: run it; False: a clean of the device runs
        (this one or another: ignored, the conductor hands it again);
        else the outcome of this one, which ran, to report again.
        """
        with self._lock:
            stamp, outcome = self._by_device.get(device_uuid, (None, {}))
            if outcome is None:
                return False
            if stamp == started_at:
                return outcome
            self._by_device[device_uuid] = (started_at, None)
            return None

    def done(self, device_uuid, started_at, outcome):
        with self._lock:
            self._by_device[device_uuid] = (started_at, outcome)


def clean(tracker, device_uuid, steps, timeout):
    """Clean a device through its driver (see AgentAPI.clean).

    :returns: ``{"steps": [{step, detail}]}``, or ``{"error": reason}``.
    """
    record = tracker.record(device_uuid)
    if record is None:
        return {'error': 'the device is not on host %s' % tracker.host}
    try:
        drv = tracker.driver(record.driver)
        if not steps:
            steps = [step.name for step in drv.clean_steps(record)
                     if step.default]
        LOG.info('Cleaning device %(uuid)s (%(driver)s %(address)s): '
                 '%(steps)s', {'uuid': device_uuid, 'driver': record.driver,
                               'address': record.address, 'steps': steps})
        done = drv.clean(record.address, steps, timeout)
    except exception.CyborgException as exc:
        LOG.error('Device %(uuid)s: clean failed: %(error)s',
                  {'uuid': device_uuid, 'error': exc.message})
        return {'error': exc.message}
    except Exception as exc:
        LOG.exception('Device %s: clean failed', device_uuid)
        return {'error': '%s: %s' % (type(exc).__name__, exc)}
    LOG.info('Device %(uuid)s: clean: %(done)s',
             {'uuid': device_uuid, 'done': done})
    return {'steps': done}
