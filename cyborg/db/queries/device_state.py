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
"""A device's state that holds it out of service, read under its row
lock.

Whatever decides from a device's state whether one of its units may be
given to a tenant, or whether it must be cleaned, locks the device's row
first (lock()): a bind (cyborg.conductor.arq.bind) before it claims a
handle, an unbind or a delete before it lets handles go.  So a bind and
the end of another tenant's binding on the same device never decide
from states the other has changed meanwhile (READ COMMITTED on
PostgreSQL, REPEATABLE READ on MySQL: a locking read sees the last
commit either way).
"""

import sqlalchemy as sa

from cyborg.db import api as db_api
from cyborg.db import models

_DEV = models.Device.__table__
_DEP = models.Deployable.__table__

_COLUMNS = (_DEV.c.id, _DEV.c.status, _DEV.c.health, _DEV.c.clean_state)
_LOCK = (sa.select(*_COLUMNS)
         .where(_DEV.c.id.in_(sa.bindparam('b_ids', expanding=True)))
         .order_by(_DEV.c.id).with_for_update())
# The rows of the subquery are not locked (on every backend, a locking
# read locks the rows of its own FROM only).
_LOCK_OF_DEPLOYABLES = (
    sa.select(*_COLUMNS)
    .where(_DEV.c.id.in_(sa.select(_DEP.c.device_id).where(
        _DEP.c.id.in_(sa.bindparam('b_deps', expanding=True)))))
    .order_by(_DEV.c.id).with_for_update())


def _locked(context, statement, name, ids):
    ids = sorted({i for i in ids if i is not None})
    if not ids:
        return {}
    return {row.id: dict(row._mapping) for row in
            db_api.execute(context, statement, {name: ids})}


@db_api.context_manager.writer
def lock(context, device_ids):
    """Lock the rows of *device_ids* (in id order, as every locker does,
    so that two never wait on each other) until the caller's transaction
    ends; one statement.

    :returns: ``{device id: {id, status, health, clean_state}}`` as last
        committed (those gone are missing).
    """
    return _locked(context, _LOCK, 'b_ids', device_ids)


@db_api.context_manager.writer
def lock_of_deployables(context, deployable_ids):
    """lock() of the devices of *deployable_ids*, in one statement."""
    return _locked(context, _LOCK_OF_DEPLOYABLES, 'b_deps', deployable_ids)
