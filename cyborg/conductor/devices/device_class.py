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
"""Device class operations of the conductor: create and delete.

Which deployables a class matches is computed where every provider's
traits are: cyborg.conductor.placement.sync.desired() matches the stored
classes (cyborg.common.device_class) against each deployable at each
push.  So the trait ``CUSTOM_CLASS_<NAME>`` follows the devices as they
come, go and change with no more work than the push a report already
makes.  Creating or deleting a class changes what every host's providers
must show: it marks every host with devices for a push in the same
transaction; the conductor answers and then pushes them from its work
pool, with no transaction open (as a selector's status change does:
cyborg.conductor.devices.device), so that the answer does not wait for
every host's push.
"""

from oslo_log import log as logging
from oslo_utils import uuidutils

from cyborg.common import device_class
from cyborg.db import api as db_api
from cyborg.db.queries import device_class as device_class_queries
from cyborg.db.queries import host as host_queries

LOG = logging.getLogger(__name__)


def _mark_all(context):
    hosts = device_class_queries.hosts_with_devices(context)
    host_queries.mark_hosts_need_sync(context, hosts)
    return hosts


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def _create(context, name, selector, description):
    row = device_class_queries.create(
        context, uuidutils.generate_uuid(), name, selector,
        description=description)
    return row, _mark_all(context)


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def _delete(context, name):
    row = device_class_queries.delete(context, name)
    return row, _mark_all(context)


def create(context, name, selector, description=None):
    """Store a device class and mark for a push every host it may
    concern.

    :param name: its name (any case: it is stored upper case).
    :param selector: its list of conditions.
    :raises: DeviceClassInvalid, DeviceClassExists
    :returns: (the class as a dict, ``trait`` added; the hosts to push,
        with no transaction open: placement.push.push_hosts()).
    """
    name = device_class.normalize_name(name)
    device_class.check(selector)
    row, hosts = _create(context, name, selector, description)
    LOG.info('Created device class %(name)s (%(uuid)s): %(selector)s',
             row)
    return dict(row, trait=device_class.trait(row['name'])), hosts


def delete(context, name):
    """Delete a device class and mark for a push every host it may
    concern (its trait leaves every provider).

    :raises: DeviceClassNotFound
    :returns: the hosts to push (placement.push.push_hosts()).
    """
    row, hosts = _delete(context, name.upper())
    LOG.info('Deleted device class %(name)s (%(uuid)s)', row)
    return hosts
