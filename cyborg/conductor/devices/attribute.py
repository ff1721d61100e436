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
"""Attribute operations of the conductor: create and delete.

The ``rc`` and ``trait*`` attributes of a deployable are what its
resource provider shows (cyborg.conductor.placement.sync.desired): an
operator's trait is a trait of the provider.  Any other attribute is a
fact a device class may select on (cyborg.common.device_class), whose
``CUSTOM_CLASS_*`` trait the provider then shows.  Creating or deleting
an attribute marks the host of the deployable for a push in the same
transaction, and the host is pushed once it has committed
(cyborg.conductor.placement.push), as a report or a device status change
is; the push writes to Placement only what changed.
"""

from oslo_log import log as logging

from cyborg.conductor.placement import push as placement_push
from cyborg.db import api as db_api
from cyborg.db.queries import attach_handle as attach_handle_queries
from cyborg.db.queries import attribute as attribute_queries
from cyborg.db.queries import deployable as deployable_queries
from cyborg.db.queries import host as host_queries

LOG = logging.getLogger(__name__)


def _mark(context, row):
    """Mark the host of the attribute's deployable for a push (inside the
    caller's transaction): the attribute is published, or a fact a
    device class may select on.  A resource class is copied to the
    deployable's handles there too (what the capacity view counts them
    by).

    :returns: the host.
    """
    if row['key'] == attach_handle_queries.RC_KEY:
        attach_handle_queries.follow_resource_class(
            context, [row['deployable_id']])
    host = deployable_queries.driver_and_host(
        context, row['deployable_id'])['hostname']
    host_queries.mark_needs_sync(context, host)
    return host


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def _create(context, deployable_id, key, value):
    row = attribute_queries.create(context, deployable_id, key, value)
    return row, _mark(context, row)


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def _delete(context, uuid):
    row = attribute_queries.get(context, uuid)
    attribute_queries.delete(context, uuid)
    return row, _mark(context, row)


def _push(context, placement, host):
    # Committed: push with no transaction open.  Without a client (or
    # should the push fail) the host stays marked and the periodic task
    # ([placement] sync_interval) pushes it.
    if placement is not None:
        placement_push.push_safely(context, placement, host)


def create(context, deployable_id, key, value, placement=None):
    """Add a key/value to a deployable; its resource provider follows (a
    published one, ``rc`` or ``trait*``, and the traits of the device
    classes that select on it).

    :param placement: the conductor's PlacementClient, or None (the host
        is then pushed by the periodic task).
    :raises: DeployableNotFound
    :returns: the attribute as a dict.
    """
    row, host = _create(context, deployable_id, key, value)
    LOG.info('Created attribute %(key)s=%(value)s of deployable '
             '%(deployable_id)s', row)
    _push(context, placement, host)
    return row


def delete(context, uuid, placement=None):
    """Delete an attribute; its resource provider follows (as for
    create()).

    :param placement: as for create().
    :raises: AttributeNotFound
    """
    row, host = _delete(context, uuid)
    LOG.info('Deleted attribute %(uuid)s (%(key)s=%(value)s of deployable '
             '%(deployable_id)s)', row)
    _push(context, placement, host)
