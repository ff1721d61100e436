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
"""Queries of a device's clean between two tenants (devices.clean_*).

A device whose policy cleans it (clean_steps not NULL) becomes
``cleaning`` in the transaction that ends its last binding (mark(): one
UPDATE); it is held out of scheduling (cyborg.db.queries.hold) until its
clean succeeds, or ``clean_failed`` until an operator retries or releases
it.
"""

import sqlalchemy as sa

from cyborg import states
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import hold

_DEV = models.Device.__table__
_DEP = models.Deployable.__table__
_ARQ = models.ExtendedAcceleratorRequest.__table__

# The ARQ states that hold a device's deployable.
_HOLDING = (states.BIND_STARTED, states.BOUND)
_OTHER = _DEP.alias('other')
_MARK = (
    sa.update(_DEV)
    .where(_DEV.c.id.in_(
        sa.select(_DEP.c.device_id)
        .where(_DEP.c.id.in_(sa.bindparam('b_deps', expanding=True)))),
        _DEV.c.clean_steps.is_not(None), _DEV.c.clean_state.is_(None),
        ~sa.exists().where(_ARQ.c.deployable_id == _OTHER.c.id,
                           _OTHER.c.device_id == _DEV.c.id,
                           _ARQ.c.state.in_(_HOLDING)))
    .values(clean_state=hold.CLEANING, clean_started_at=None,
            clean_reason=None))


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def mark(context, deployable_ids):
    """The devices of *deployable_ids* that are cleaned and no ARQ holds
    any more become ``cleaning``, in the caller's transaction (one UPDATE;
    none without deployables).

    :returns: how many did.
    """
    ids = sorted({i for i in deployable_ids if i is not None})
    if not ids:
        return 0
    return db_api.execute(context, _MARK, {'b_deps': ids}).rowcount
