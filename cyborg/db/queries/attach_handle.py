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
"""Queries of attach_handles: claim, release, resource class copies."""

from oslo_serialization import jsonutils
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg.db import api as db_api
from cyborg.db import models

TABLE = models.AttachHandle.__table__
_COLUMNS = [TABLE.c[name] for name in (
    'id', 'uuid', 'deployable_id', 'in_use', 'attach_type', 'attach_info')]

# A bind tries this many free handles before it concludes that another
# transaction took them all.
_CLAIM_TRIES = 5

# Free: not in use, and not held by a clean of its own (the unit a
# tenant left, cyborg.db.queries.device_state): the claim's UPDATE
# checks both, so a clean marked meanwhile is never given.
FREE = sa.and_(TABLE.c.in_use == sa.false(), TABLE.c.clean_state.is_(None))
_FREE = (sa.select(*_COLUMNS)
         .where(TABLE.c.deployable_id == sa.bindparam('b_deployable'), FREE)
         .order_by(TABLE.c.id).limit(1)
         .with_for_update(skip_locked=True))
_TAKE = (sa.update(TABLE)
         .where(TABLE.c.id == sa.bindparam('b_id'), FREE)
         .values(in_use=True, updated_at=sa.bindparam('b_now')))
_ARQS = models.ExtendedAcceleratorRequest.__table__
# Free a handle, unless an ARQ other than the one letting it go holds it.
_RELEASE = (sa.update(TABLE).where(
    TABLE.c.id == sa.bindparam('b_id'),
    ~sa.exists().where(_ARQS.c.attach_handle_id == sa.bindparam('b_id'),
                       _ARQS.c.uuid != sa.bindparam('b_holder')))
    .values(in_use=False))
_GET = sa.select(*_COLUMNS).where(TABLE.c.id == sa.bindparam('b_id'))

_ATTRIBUTES = models.Attribute.__table__
# The attribute that holds a deployable's resource class.
RC_KEY = 'rc'
# The resource class of the handle's deployable: its first ``rc``
# attribute (the one the push publishes), NULL without one.
RESOURCE_CLASS = (
    sa.select(sa.cast(_ATTRIBUTES.c.value, sa.String(255)))
    .where(_ATTRIBUTES.c.deployable_id == TABLE.c.deployable_id,
           _ATTRIBUTES.c.key == RC_KEY)
    .order_by(_ATTRIBUTES.c.id).limit(1).scalar_subquery())
OFF_CLASS = TABLE.c.resource_class.is_distinct_from(RESOURCE_CLASS)


def _to_dict(row):
    return {'id': row.id, 'uuid': row.uuid,
            'deployable_id': row.deployable_id, 'in_use': row.in_use,
            'attach_type': row.attach_type,
            'attach_info': jsonutils.loads(row.attach_info)}


@db_api.retrying_writer
def claim(context, deployable_id, candidate=None):
    """Take a free handle of a deployable (a dict), or None.

    Read with ``FOR UPDATE SKIP LOCKED``, taken with an UPDATE conditional
    on it still being free; *candidate* (from lock_fpga) is tried first.
    """
    if candidate is not None and not candidate['in_use']:
        taken = db_api.execute(context, _TAKE, {
            'b_id': candidate['id'], 'b_now': timeutils.utcnow()}).rowcount
        if taken == 1:
            return dict(candidate, in_use=True)
    for _ in range(_CLAIM_TRIES):
        row = db_api.execute(context, _FREE,
                             {'b_deployable': deployable_id}).first()
        if row is None:
            return None
        taken = db_api.execute(context, _TAKE, {
            'b_id': row.id, 'b_now': timeutils.utcnow()}).rowcount
        if taken == 1:
            # What the UPDATE wrote, without reading the row again.
            return dict(_to_dict(row), in_use=True)
    return None


@db_api.retrying_writer
def release(context, handle_id, holder):
    """Free a handle unless an ARQ but *holder* references it; if free."""
    return db_api.execute(context, _RELEASE, {
        'b_id': handle_id, 'b_holder': holder}).rowcount == 1


@db_api.context_manager.reader
def get(context, handle_id):
    """One handle as a dict, or None."""
    row = db_api.execute(context, _GET, {'b_id': handle_id}).first()
    return None if row is None else _to_dict(row)


@db_api.retrying_writer
def follow_resource_class(context, deployable_ids=None):
    """Copy deployables' ``rc`` to their handles where it differs; how many.

    Every writer of ``rc`` calls this in its transaction, so the capacity
    view counts handles without joining attributes.
    """
    return context.session.execute(db_api.where_given(
        sa.update(TABLE).where(OFF_CLASS), (TABLE.c.deployable_id,
                                            deployable_ids))
        .values(resource_class=RESOURCE_CLASS)).rowcount
