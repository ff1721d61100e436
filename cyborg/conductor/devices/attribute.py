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
"""Creating and deleting attributes of deployables.

``rc`` and ``trait*`` show on the provider; others are facts device
classes select on.  The host is marked for a push in the same
transaction and pushed once committed.
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
    """Mark the deployable's host for a push (``rc``: to its handles)."""
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
    # Committed: push with no transaction open; otherwise (or should it
    # fail) the host stays marked for the periodic task.
    if placement is not None:
        placement_push.push_safely(context, placement, host)


def create(context, deployable_id, key, value, placement=None):
    """Add a key/value to a deployable (a dict); its provider follows."""
    row, host = _create(context, deployable_id, key, value)
    LOG.info('Created attribute %(key)s=%(value)s of deployable '
             '%(deployable_id)s', row)
    _push(context, placement, host)
    return row


def delete(context, uuid, placement=None):
    """Delete an attribute; its provider follows."""
    row, host = _delete(context, uuid)
    LOG.info('Deleted attribute %(uuid)s (%(key)s=%(value)s of deployable '
             '%(deployable_id)s)', row)
    _push(context, placement, host)
