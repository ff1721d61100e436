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
"""Queries of the attach_handles table: claiming and releasing handles.

These run inside the caller's writer transaction (binding and unbinding
are one transaction each), so they are plain functions of the session.
"""

from oslo_serialization import jsonutils
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg.db import models

AH = models.AttachHandle

# A bind tries this many free handles before it concludes that another
# transaction took them all.
_CLAIM_TRIES = 5


def _to_dict(row):
    return {'id': row.id, 'uuid': row.uuid,
            'deployable_id': row.deployable_id, 'in_use': row.in_use,
            'attach_type': row.attach_type,
            'attach_info': jsonutils.loads(row.attach_info)}


def claim(session, deployable_id):
    """Take a free handle of a deployable, or None when none is free.

    The candidate is read with ``FOR UPDATE SKIP LOCKED`` (MariaDB,
    PostgreSQL; SQLite serialises writers anyway) and taken with an
    UPDATE conditional on it still being free: two concurrent binds never
    get the same handle, and the unique
    extended_accelerator_requests.attach_handle_id backs that up.

    :param session: the caller's writer session.
    :param deployable_id: the deployable's database id.
    :returns: the claimed handle as a dict, or None.
    """
    for _ in range(_CLAIM_TRIES):
        row = session.execute(
            sa.select(AH).where(AH.deployable_id == deployable_id,
                                AH.in_use == sa.false())
            .order_by(AH.id).limit(1)
            .with_for_update(skip_locked=True)).scalar_one_or_none()
        if row is None:
            return None
        now = timeutils.utcnow()
        taken = session.execute(
            sa.update(AH).where(AH.id == row.id, AH.in_use == sa.false())
            .values(in_use=True, updated_at=now).execution_options(
                synchronize_session=False)).rowcount
        if taken == 1:
            # What the UPDATE wrote, without reading the row again.
            return dict(_to_dict(row), in_use=True)
    return None


def release(session, handle_id):
    """Make a handle free again (no-op when it already is)."""
    session.execute(sa.update(AH).where(AH.id == handle_id)
                    .values(in_use=False).execution_options(
                        synchronize_session=False))


def get(session, handle_id):
    """One handle as a dict, or None."""
    row = session.get(AH, handle_id)
    return None if row is None else _to_dict(row)
