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
"""Queries of bound_instances: one row per instance with bound requests."""

from oslo_db import exception as db_exc
import sqlalchemy as sa

from cyborg import exception
from cyborg.db import api as db_api
from cyborg.db import models

_TABLE = models.BoundInstance.__table__
_ARQS = models.ExtendedAcceleratorRequest.__table__

_INSERT = sa.insert(_TABLE)
_USED = (sa.select(_ARQS.c.instance_uuid).where(
    _ARQS.c.instance_uuid.in_(sa.bindparam('b_uuids', expanding=True)))
    .distinct())
_DELETE = sa.delete(_TABLE).where(
    _TABLE.c.instance_uuid.in_(sa.bindparam('b_uuids', expanding=True)))


@db_api.retrying_writer
def add(context, instance_uuid, now):
    """Record a bound instance in the bind's transaction (the second fails).

    :raises: InstanceAlreadyBound when another bind already did.
    """
    try:
        db_api.execute(context, _INSERT, {'instance_uuid': instance_uuid,
                                          'created_at': now})
    except db_exc.DBDuplicateEntry:
        raise exception.InstanceAlreadyBound(instance=instance_uuid)


@db_api.retrying_writer
def ensure(context, instance_uuid, now):
    """Record *instance_uuid* unless it is; a racing insert is absorbed."""
    session = context.session
    exists = session.execute(
        sa.select(_TABLE.c.instance_uuid)
        .where(_TABLE.c.instance_uuid == instance_uuid)
        .with_for_update()).scalar_one_or_none()
    if exists is not None:
        return
    try:
        with db_api.savepoint(context):
            session.execute(sa.insert(_TABLE).values(
                instance_uuid=instance_uuid, created_at=now))
    except db_exc.DBDuplicateEntry:
        pass


@db_api.retrying_writer
def remove_unused(context, instance_uuids):
    """Forget the instances among *instance_uuids* with no ARQ any more."""
    instance_uuids = [i for i in set(instance_uuids) if i]
    if not instance_uuids:
        return
    used = set(db_api.execute(context, _USED,
                              {'b_uuids': instance_uuids}).scalars())
    unused = [i for i in instance_uuids if i not in used]
    if unused:
        db_api.execute(context, _DELETE, {'b_uuids': unused})
