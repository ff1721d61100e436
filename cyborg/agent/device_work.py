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
"""Device work the conductor asks for during binds and unbinds.

Programming an FPGA, creating and removing mediated devices: each call
goes to the driver that reported the device.  They are idempotent, since a
conductor that restarts runs an unfinished job again.
"""

import os

from oslo_log import log as logging

from cyborg.agent import images

LOG = logging.getLogger(__name__)


def program(tracker, driver, address, bitstream_id=None, function_id=None):
    """Program the device at *address* with an image.

    :param tracker: the agent's ResourceTracker.
    :param driver: the name of the driver that reported the device.
    :param address: the PCI address the driver programs.
    :param bitstream_id: image UUID (accel:bitstream_id), or None.
    :param function_id: accel:function_id, or None.
    :raises: DriverNotEnabled, ImageNotFound, UnsupportedOperation,
        DriverDeviceNotFound, CommandFailed.
    :returns: the driver's result, e.g. {"address", "function_id"}; a
        device whose image runs only after a reboot of the host
        (``reboot_required``) is recorded as waiting for it.
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
    """Create what an instance needs of a handle (e.g. a mediated device).

    :param attach_handle: {attach_type, attach_info}.
    :param mdev_uuid: the uuid the mediated device gets (the handle's).
    :raises: DriverNotEnabled, UnsupportedOperation, CommandFailed.
    :returns: extra attach information (e.g. {"mdev_uuid": ...}).
    """
    result = tracker.driver(driver).prepare_attach(attach_handle, mdev_uuid)
    LOG.info('Prepared %(type)s handle %(uuid)s (driver %(driver)s)',
             {'type': attach_handle['attach_type'], 'uuid': mdev_uuid,
              'driver': driver})
    return result or {}


def release_attach(tracker, driver, attach_handle, mdev_uuid):
    """Undo prepare_attach(); nothing to undo is fine.

    :raises: DriverNotEnabled, UnsupportedOperation, CommandFailed.
    """
    tracker.driver(driver).release_attach(attach_handle, mdev_uuid)
    LOG.info('Released %(type)s handle %(uuid)s (driver %(driver)s)',
             {'type': attach_handle['attach_type'], 'uuid': mdev_uuid,
              'driver': driver})
