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
"""Device operations of the conductor: enable and disable."""

from oslo_log import log as logging

from cyborg.db.queries import device as device_queries

LOG = logging.getLogger(__name__)


def set_status(context, uuid, status):
    """Enable (``enabled``) or disable (``maintaining``) a device.

    :raises: DeviceNotFound
    :returns: the device as a dict.
    """
    device = device_queries.set_status(context, uuid, status)
    LOG.info('Device %(uuid)s on %(hostname)s is now %(status)s', device)
    return device
