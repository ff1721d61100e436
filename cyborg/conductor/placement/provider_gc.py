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
"""Garbage collection of gone hardware: providers first, then rows.

A gone deployable is kept, its provider reserved, while an ARQ or handle
holds it, Placement refuses the delete, or its device's configuration is
not applied; meanwhile the device's present deployables are reserved too
(hold.RESHAPING).  Rows stay until Placement confirmed the delete.
"""

from oslo_log import log as logging

from cyborg import exception
from cyborg.common import device_config
from cyborg.conductor.placement import sync as placement_sync
from cyborg.db import api as db_api
from cyborg.db.queries import host_inventory
from cyborg.notifications import device as device_notify

LOG = logging.getLogger(__name__)


def collect(context, client, snapshot, gone, reported, outcome):
    """Collect a host's *gone* deployables, no transaction open; those kept."""
    kept = []
    removed = set()
    for deployable in gone:
        if _configuring(snapshot, deployable):
            # Kept as the device was, reserved, until its configuration is
            # applied or forgotten (which push the host again).
            kept.append(deployable)
        elif not _collect_one(context, client, snapshot, deployable,
                              reported, removed, outcome):
            outcome.leftovers = True
            kept.append(deployable)
    return kept if client is not None else []


def _configuring(snapshot, deployable):
    """Whether the device's configuration reserves it (not applied, failed).

    A reloaded driver or failed change may have undone what it made, which
    must not be deleted from Placement for it.
    """
    device = snapshot.devices_by_id().get(deployable['device_id'])
    return (device is not None and
            device.get('config_state') in device_config.RESERVING)


def _collect_one(context, client, snapshot, deployable, reported, removed,
                 outcome):
    """:returns: False when the deployable is kept."""
    name = deployable['name']
    if deployable['id'] in snapshot.held_deployables:
        return False
    uuid = placement_sync.rp_uuid(name)
    if client is None:
        if deployable['rp_state']:
            # Published before: removed once Placement is back.
            return False
    else:
        try:
            client.delete_provider(uuid)
        except exception.ResourceProviderInUse:
            LOG.info('Deployable %s is gone but its resource provider has '
                     'allocations; reserved until they are gone', name)
            return False
        except exception.PlacementUnavailable:
            raise
        except exception.PlacementError as exc:
            LOG.error('Deleting the resource provider of gone deployable '
                      '%(name)s: %(err)s', {'name': name,
                                            'err': exc.message})
            outcome.fail(exc.message)
            return False
    devices_gone = []
    if not _delete_rows(context, snapshot, deployable, reported, removed,
                        devices_gone):
        LOG.info('Deployable %s is held or back since its provider was '
                 'deleted; its provider is made again', name)
        host_inventory.update(context, 'deployables', deployable['id'],
                              {'rp_state': None})
        outcome.leftovers = True
        return True
    outcome.removed += 1
    snapshot.drop(name)
    device_notify.send_each(context, device_notify.DELETE, devices_gone)
    LOG.info('Deployable %(name)s removed, with its resource provider '
             '%(uuid)s', {'name': name, 'uuid': uuid})
    return True


@db_api.retrying_writer
def _delete_rows(context, snapshot, deployable, reported, removed,
                 devices_gone):
    """Delete a gone deployable's rows (and its device after its last one).

    False when something holds it, or it is back.
    """
    if not host_inventory.delete_deployable(context, deployable['id']):
        return False
    removed.add(deployable['id'])
    device_id = deployable['device_id']
    others = [d for d in snapshot.deployables.values()
              if d['device_id'] == device_id and d['id'] not in removed]
    device = snapshot.devices_by_id().get(device_id)
    if not others and device is not None and device['uuid'] not in reported:
        # A deployable added since the snapshot keeps it (the foreign key
        # refuses the delete).
        if host_inventory.delete_device(context, device_id):
            devices_gone.append(device)
    return True
