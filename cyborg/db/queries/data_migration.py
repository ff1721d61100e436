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
"""Queries of the online data migrations: batches by id after a marker.

Each repair is an UPDATE whose WHERE repeats the condition.
"""

from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import handle_audit

_AH = models.AttachHandle.__table__
_ARQ = models.ExtendedAcceleratorRequest.__table__
_USAGE = models.UsageInterval.__table__

_NO_PROJECT = sa.and_(_ARQ.c.project_id.is_(None),
                      _ARQ.c.instance_uuid.is_not(None))
_FREE_HELD = sa.and_(_AH.c.in_use == sa.false(),
                     sa.exists().where(_ARQ.c.attach_handle_id == _AH.c.id,
                                       _ARQ.c.state.in_(handle_audit.LIVE)))


@db_api.context_manager.reader
def arqs_without_project(context, limit=None, marker=0):
    """ARQs with a server but no project (upstream before 17.0.0), by id."""
    return [dict(row._mapping) for row in context.session.execute(
        sa.select(_ARQ.c.id, _ARQ.c.uuid, _ARQ.c.instance_uuid)
        .where(_NO_PROJECT, _ARQ.c.id > marker).order_by(_ARQ.c.id)
        .limit(limit))]


@db_api.context_manager.reader
def count_arqs_without_project(context):
    return context.session.execute(
        sa.select(sa.func.count()).select_from(_ARQ).where(
            _NO_PROJECT)).scalar()


@db_api.retrying_writer
def set_arq_project(context, arq_id, instance_uuid, project_id):
    """Give an ARQ (and its open interval) its server's project; if so."""
    done = context.session.execute(
        sa.update(_ARQ).where(_ARQ.c.id == arq_id, _NO_PROJECT,
                              _ARQ.c.instance_uuid == instance_uuid)
        .values(project_id=project_id, updated_at=timeutils.utcnow())
    ).rowcount == 1
    if done:
        context.session.execute(
            sa.update(_USAGE).where(
                _USAGE.c.open_arq_uuid == sa.select(_ARQ.c.uuid).where(
                    _ARQ.c.id == arq_id).scalar_subquery(),
                _USAGE.c.project_id.is_(None))
            .values(project_id=project_id))
    return done


@db_api.context_manager.reader
def free_held_handles(context, limit=None, marker=0):
    """The ids of the attach handles marked free that a live ARQ holds."""
    return list(context.session.execute(
        sa.select(_AH.c.id).where(_FREE_HELD, _AH.c.id > marker)
        .order_by(_AH.c.id).limit(limit)).scalars())


@db_api.context_manager.reader
def count_free_held_handles(context):
    return context.session.execute(
        sa.select(sa.func.count()).select_from(_AH).where(
            _FREE_HELD)).scalar()
