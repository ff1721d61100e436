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
"""Device work the conductor asks for during binds and unbinds, handed to
the driver that reported the device (cleans: cyborg.agent.cleaning).
"""

import os

from oslo_log import log as logging

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
