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


def _delete(context, uuid):
    row = attribute_queries.get(context, uuid)
    attribute_queries.delete(context, uuid)
    return row


@db_api.retrying_writer
def _write(context, write, *args):
    """``write(context, ...)``'s row and its deployable's host, marked for
    a push in the same transaction (``rc``: to its handles).
    """
    row = write(context, *args)
    if row['key'] == attach_handle_queries.RC_KEY:
        attach_handle_queries.follow_resource_class(
            context, [row['deployable_id']])
    host = deployable_queries.driver_and_host(
        context, row['deployable_id'])['hostname']
    host_queries.mark_needs_sync(context, host)
    return row, host


def _logged_and_pushed(context, placement, message, write, *args):
    row, host = _write(context, write, *args)
    LOG.info(message, row)
    # Committed: push with no transaction open; otherwise (or should it
    # fail) the host stays marked for the periodic task.
    if placement is not None:
        placement_push.push_safely(context, placement, host)
    return row


def create(context, deployable_id, key, value, placement=None):
    """Add a key/value to a deployable (a dict); its provider follows."""
    return _logged_and_pushed(
        context, placement, 'Created attribute %(key)s=%(value)s of '
        'deployable %(deployable_id)s', attribute_queries.create,
        deployable_id, key, value)


def delete(context, uuid, placement=None):
    """Delete an attribute; its provider follows."""
    _logged_and_pushed(context, placement, 'Deleted attribute %(uuid)s '
                       '(%(key)s=%(value)s of deployable %(deployable_id)s)',
                       _delete, uuid)
