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

A report that no longer shows a deployable only marks it
(``deployables.removed_at``, cyborg.conductor.inventory.device_diff).
Each push of its host (cyborg.conductor.placement.push) then collects
it, with no transaction open:

1. while an accelerator request or a handle in use holds it, it is kept:
   its provider stays, with its whole inventory reserved;
2. otherwise its resource provider is deleted from Placement; while
   Placement refuses because the provider has allocations, it is kept the
   same way;
3. once Placement confirmed (or the provider never existed), its rows are
   deleted in a short transaction that checks again that nothing holds
   them and that no report brought it back; its device goes with its last
   deployable unless the last report still shows the device.

The rows are the record of what must be deleted: they stay until
Placement confirmed, so a conductor that dies in between finds them again
and Placement answers 404 the second time.  Should the rows turn out to
be held or back after all, the provider is forgotten (``rp_state``
cleared) and made again by the next push.

Without Placement (not configured), only hardware that was never
published is collected.
"""

from oslo_log import log as logging

from cyborg import exception
from cyborg.conductor.placement import sync as placement_sync
from cyborg.db import api as db_api
from cyborg.db.queries import host_inventory
from cyborg.notifications import device as device_notify

LOG = logging.getLogger(__name__)


def collect(context, client, snapshot, gone, reported, outcome):
    """Collect a host's gone deployables.

    Must be called with no transaction open.

    :param context: request context.
    :param client: a PlacementClient, or None.
    :param snapshot: the host's Snapshot (host_inventory.load).
    :param gone: the rows of its deployables marked gone.
    :param reported: the uuids of the devices of its last report.
    :param outcome: the push's placement_sync.Outcome (``removed`` and
        ``leftovers`` are updated).
    :raises: PlacementUnavailable
    :returns: the rows of the deployables kept (their providers must be
        published, reserved).
    """
    kept = []
    removed = set()
    for deployable in gone:
        if not _collect_one(context, client, snapshot, deployable,
                            reported, removed, outcome):
            outcome.leftovers = True
            if client is not None:
                kept.append(deployable)
    return kept


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
    device_notify.send_each(context, device_notify.DELETE, devices_gone)
    LOG.info('Deployable %(name)s removed, with its resource provider '
             '%(uuid)s', {'name': name, 'uuid': uuid})
    return True


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def _delete_rows(context, snapshot, deployable, reported, removed,
                 devices_gone):
    """Delete a gone deployable's rows, and its device after its last one
    (unless reported: then appended to *devices_gone*).

    :returns: False when something holds it, or it is back.
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
