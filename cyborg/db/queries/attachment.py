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
"""Queries of instance_attachments: one row per attach-instance."""

from oslo_serialization import jsonutils
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg.db import api as db_api
from cyborg.db import models

TABLE = models.InstanceAttachment.__table__

ALLOCATING = 'allocating'
ATTACHED = 'attached'
RELEASING = 'releasing'
FREEING = 'freeing'

# The reboot column.
REBOOT_PENDING = 'pending'
REBOOT_REQUESTED = 'requested'
REBOOT_REFUSED = 'refused'
REBOOT_SKIPPED = 'skipped'

_COLUMNS = ('uuid', 'instance_uuid', 'hostname', 'project_id', 'user_id',
            'state', 'reboot', 'created_at', 'updated_at')


_CHANGED = sa.func.coalesce(TABLE.c.updated_at, TABLE.c.created_at)


def _to_dict(row):
    values = {name: row[name] for name in _COLUMNS}
    values['allocations'] = jsonutils.loads(row['allocations'])
    values['previous'] = (None if row['previous'] is None
                          else jsonutils.loads(row['previous']))
    return values


@db_api.context_manager.writer
def create(context, uuid, instance_uuid, hostname, allocations,
           project_id=None, user_id=None, reboot=None):
    """Record an attach-instance (``allocating``) adding *allocations*."""
    db_api.execute(context, sa.insert(TABLE), {
        'uuid': uuid, 'instance_uuid': instance_uuid,
        'hostname': hostname, 'project_id': project_id,
        'user_id': user_id, 'state': ALLOCATING, 'reboot': reboot,
        'allocations': jsonutils.dumps(allocations),
        'created_at': timeutils.utcnow()})


@db_api.context_manager.reader
def get(context, uuid):
    """:returns: the attachment (a dict), or None."""
    row = db_api.execute(context, sa.select(TABLE).where(
        TABLE.c.uuid == uuid)).mappings().one_or_none()
    return None if row is None else _to_dict(row)


@db_api.context_manager.reader
def get_all(context, instance_uuid=None, states_in=None,
            updated_before=None, reboots_in=None):
    """Attachments (dicts), oldest first, filtered (None: no filter)."""
    query = db_api.where_given(
        sa.select(TABLE).order_by(TABLE.c.id),
        (TABLE.c.instance_uuid, instance_uuid), (TABLE.c.state, states_in),
        (TABLE.c.reboot, reboots_in))
    if updated_before is not None:
        query = query.where(_CHANGED < updated_before)
    return [_to_dict(row) for row in
            db_api.execute(context, query).mappings()]


@db_api.retrying_writer
def update(context, uuid, expected_states=None, expected_reboots=None,
           changed_before=None, **values):
    """Change an attachment; with conditions, a claim (one conductor wins).

    True when the row changed.
    """
    if 'previous' in values and values['previous'] is not None:
        values['previous'] = jsonutils.dumps(values['previous'])
    values['updated_at'] = timeutils.utcnow()
    stmt = db_api.where_given(
        sa.update(TABLE).where(TABLE.c.uuid == uuid).values(**values),
        (TABLE.c.state, expected_states), (TABLE.c.reboot, expected_reboots))
    if changed_before is not None:
        stmt = stmt.where(_CHANGED < changed_before)
    return db_api.execute(context, stmt).rowcount == 1


@db_api.retrying_writer
def delete(context, uuids):
    """Forget attachments."""
    if uuids:
        db_api.execute(context, sa.delete(TABLE).where(
            TABLE.c.uuid.in_(list(uuids))))


_FORGET_INSTANCE = sa.delete(TABLE).where(
    TABLE.c.instance_uuid == sa.bindparam('b_instance'),
    TABLE.c.state == ATTACHED)


@db_api.context_manager.writer
def forget_instance(context, instance_uuid):
    """Forget a deleted server's attached rows (Nova drops the allocations)."""
    db_api.execute(context, _FORGET_INSTANCE, {'b_instance': instance_uuid})
