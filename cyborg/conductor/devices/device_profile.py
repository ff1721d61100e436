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
"""Storing and deleting device profiles."""

from oslo_log import log as logging

from cyborg.db.queries import device_profile as dp_queries
from cyborg.objects import device_profile as dp_obj

LOG = logging.getLogger(__name__)


def create(context, device_profile):
    """Store a device profile (validated by the API).

    :raises: DeviceProfileNameConflict, DeviceProfileUUIDConflict
    :returns: the stored DeviceProfile.
    """
    row = dp_queries.create(
        context, uuid=device_profile.uuid, name=device_profile.name,
        groups=device_profile.groups,
        description=device_profile.description)
    LOG.info('Created device profile %(name)s (%(uuid)s)', row)
    return dp_obj.DeviceProfile.from_row(row)


def delete(context, uuids=(), names=()):
    """Delete device profiles by uuid and/or name, all or nothing."""
    count = dp_queries.delete(context, uuids=uuids, names=names)
    LOG.info('Deleted %(count)d device profile(s): %(which)s',
             {'count': count, 'which': list(uuids) + list(names)})
